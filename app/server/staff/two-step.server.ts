// Two-step sign-in: TOTP (RFC 6238, six digits, 30 s, SHA-1, as every app reads it) and ten
// recovery codes. The secret is sealed (AES-256-GCM under a key derived from the session secret):
// a copy of the database alone gives no codes.
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { config, isLocalAddress } from "../config.server";
import { setPendingTotpSecret, type StaffMemberRow } from "../db/stores/staff-members.server";
import { keyedHash } from "../secrets/signed-link.server";

/** Shown beside the code. */
export const authenticatorIssuer = "Menopause Care console";

/** On a public address always, or with STAFF_TWO_STEP=required. */
export function twoStepRequired(settings = config()): boolean {
  return settings.STAFF_TWO_STEP === "required" || !isLocalAddress(settings.PUBLIC_URL);
}

function sealKey(): Buffer {
  return Buffer.from(keyedHash("staff-totp-seal"), "base64url").subarray(0, 32);
}

/** iv.tag.ciphertext, base64url. */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** Undefined when sealed under another key or damaged. */
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

/** 160 bits, base32, sealed. */
export function newSealedSecret(): string {
  return sealSecret(generateSecret());
}

/** The QR code as SVG (no script) and the secret grouped by four. */
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

/** Apps show "123 456". */
export function typedCode(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The steps before and after are accepted (a phone's clock drifts), only later than `afterStep` (never taken twice). */
export async function codeStep(
  sealed: string,
  code: string,
  afterStep: number | null,
  now: Date = new Date(),
): Promise<number | undefined> {
  const secret = openSecret(sealed);
  if (!secret || !codePattern.test(code)) return undefined;
  // A last step ahead of this clock (set back, or instances' clocks differ) takes no code until it catches up; otplib would throw.
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

/** Two groups of five, without look-alikes. */
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
export const recoveryCodeCount = 10;
export const recoveryCodePattern = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;

export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join("");
  return Array.from({ length: recoveryCodeCount }, () => `${group()}-${group()}`);
}

/** Keyed; dashes and case ignored. */
export function recoveryCodeHash(code: string): string {
  return keyedHash(`staff-recovery:${code.toLowerCase().replace(/[\s-]/g, "")}`);
}
