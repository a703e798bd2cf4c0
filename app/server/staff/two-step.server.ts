// Two-step sign-in: a time-based code from an authenticator app (TOTP, RFC 6238: six digits,
// thirty seconds, SHA-1, as every authenticator app reads it) through otplib, and ten
// one-time recovery codes for a lost phone. The secret is kept sealed (AES-256-GCM under a
// key derived from the session secret): a copy of the database alone does not give the codes.
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { config, isLocalAddress } from "../config.server";
import { setPendingTotpSecret, type StaffMemberRow } from "../db/stores/staff-members.server";
import { keyedHash } from "../secrets/signed-link.server";

/** The name an authenticator app shows beside the code. */
export const authenticatorIssuer = "Menopause Care console";

/** Whether every person must use two-step sign-in: on a public address always, or when STAFF_TWO_STEP=required. */
export function twoStepRequired(settings = config()): boolean {
  return settings.STAFF_TWO_STEP === "required" || !isLocalAddress(settings.PUBLIC_URL);
}

function sealKey(): Buffer {
  return Buffer.from(keyedHash("staff-totp-seal"), "base64url").subarray(0, 32);
}

/** A secret sealed for the database: iv.tag.ciphertext, base64url. */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The secret a sealed value holds; undefined when it was sealed under another key or is damaged. */
export function openSecret(sealed: string): string | undefined {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** A new authenticator secret (160 bits, base32), sealed. */
export function newSealedSecret(): string {
  return sealSecret(generateSecret());
}

/** What enrolment shows: the QR code as SVG (drawn here, no script) and the secret as text, grouped by four. */
export async function enrolmentOf(sealed: string, email: string): Promise<{ svg: string; secretText: string } | undefined> {
  const secret = openSecret(sealed);
  if (!secret) return undefined;
  const uri = generateURI({ issuer: authenticatorIssuer, label: email, secret });
  const svg = await QRCode.toString(uri, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return { svg, secretText: secret.match(/.{1,4}/g)!.join(" ") };
}

/**
 * The secret offered to `staff` until a code from it is accepted, with its QR code: the one
 * offered before while it still opens (two tabs show the same), else a new one (none yet, or
 * sealed under a session secret since replaced).
 */
export async function offeredEnrolment(staff: StaffMemberRow): Promise<{ svg: string; secretText: string } | undefined> {
  const offered = staff.pendingTotpSecret ? await enrolmentOf(staff.pendingTotpSecret, staff.email) : undefined;
  if (offered) return offered;
  const sealed = newSealedSecret();
  await setPendingTotpSecret(staff.id, sealed);
  return enrolmentOf(sealed, staff.email);
}

export const codePattern = /^\d{6}$/;

/** A code as typed: spaces and dashes dropped (apps show "123 456"). */
export function typedCode(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/**
 * The time step a code proves, when it is right for `sealed` at `now` (the step before and
 * after are accepted too: a phone's clock drifts) and later than `afterStep` (a code is never
 * taken twice); undefined otherwise.
 */
export async function codeStep(
  sealed: string,
  code: string,
  afterStep: number | null,
  now: Date = new Date(),
): Promise<number | undefined> {
  const secret = openSecret(sealed);
  if (!secret || !codePattern.test(code)) return undefined;
  // A last step ahead of this clock (a clock set back, instances whose clocks differ) takes
  // no code until the clock catches up: otplib throws on it, so it is answered here.
  const nowStep = Math.floor(now.getTime() / 30_000);
  if (afterStep !== null && afterStep > nowStep) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

/** Recovery codes: ten, each two groups of five from an alphabet without look-alikes. */
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
export const recoveryCodeCount = 10;
export const recoveryCodePattern = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;

export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join("");
  return Array.from({ length: recoveryCodeCount }, () => `${group()}-${group()}`);
}

/** How a recovery code is kept and looked up: keyed, dashes and case ignored. */
export function recoveryCodeHash(code: string): string {
  return keyedHash(`staff-recovery:${code.toLowerCase().replace(/[\s-]/g, "")}`);
}
