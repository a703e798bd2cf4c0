// The console's sign-in tries. Each is counted before it is checked by one conditional statement
// (stores/sign-in-tries.server.ts) and given back when right, so only failures count and no burst
// is checked more often than the limit allows.
// - Passwords: strangers' failures at an account, all addresses together, at most twenty an hour.
//   So that cap never locks the real person out, a browser that completed a sign-in (password and
//   code; a password alone buys nothing) carries a signed device cookie and is counted alone.
// - Codes: ten failures an account in fifteen minutes, whatever the browser; only someone who
//   knows the password gets there.
import { randomBytes } from "node:crypto";
import { countUnknownSignIn, giveBackTry, takeTry, type TakenTry, type TryLimit } from "../db/stores/sign-in-tries.server";
import { cookieAttributes, cookieOnFirstUse } from "../http/cookies.server";
import { countHit, rateLimits } from "../http/rate-limits.server";
import { keyedHash } from "../secrets/signed-link.server";
import { consoleSecret } from "./console-session.server";

const minute = 60_000;

export const signInLimits = {
  account: { bucket: "password-account", limit: 20, windowMs: 60 * minute },
  /** Her typos, never strangers'. */
  device: { bucket: "password-device", limit: 10, windowMs: 15 * minute },
  code: { bucket: "code-account", limit: 10, windowMs: 15 * minute },
} as const satisfies Record<string, TryLimit>;

/** The longest window. */
export const signInTriesKeptMs = Math.max(...Object.values(signInLimits).map((limit) => limit.windowMs));

/** After its last sign-in. */
export const deviceCookieSeconds = 365 * 24 * 60 * 60;

interface DeviceCookieValue {
  id: string;
  account: string;
}

const deviceCookie = cookieOnFirstUse("__owner_device", () =>
  cookieAttributes({ path: "/owner", maxAge: deviceCookieSeconds, secret: consoleSecret("owner-device") }),
);

const idPattern = /^[A-Za-z0-9_-]{22}$/;

export interface SignInAttempt {
  account: string;
  /** Undefined for a stranger's. */
  deviceId: string | undefined;
}

/** Keyed, so no account name or device id is kept in clear. */
function keyOf(kind: "account" | "device" | "code", value: string): string {
  return `${kind}:${keyedHash(`console-sign-in:${kind}:${value}`)}`;
}

/** The device cookie counts only when signed and for that account. */
export async function signInAttempt(request: Request, account: string): Promise<SignInAttempt> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  const device = value as Partial<DeviceCookieValue> | null;
  const known =
    device !== null &&
    typeof device === "object" &&
    typeof device.id === "string" &&
    idPattern.test(device.id) &&
    device.account === account;
  return { account, deviceId: known ? device.id : undefined };
}

/** `taken` is given back when right. */
export type SignInTry = { taken: TakenTry; wait: 0 } | { taken: undefined; wait: number };

function answerOf(answer: Awaited<ReturnType<typeof takeTry>>): SignInTry {
  return answer.taken ? { taken: answer.taken, wait: 0 } : { taken: undefined, wait: answer.retryAfterSeconds };
}

/** A known browser's counted for it alone; a stranger's against its address (or the shared bucket), then the account's. */
export async function takePasswordTry(request: Request, attempt: SignInAttempt, now: Date = new Date()): Promise<SignInTry> {
  if (attempt.deviceId) return answerOf(await takeTry(signInLimits.device, keyOf("device", attempt.deviceId), now));
  const addressWait = await countHit(request, undefined, rateLimits.consoleSignIn);
  if (addressWait > 0) return { taken: undefined, wait: addressWait };
  return answerOf(await takeTry(signInLimits.account, keyOf("account", attempt.account), now));
}

export async function takeCodeTry(staffId: string, now: Date = new Date()): Promise<SignInTry> {
  return answerOf(await takeTry(signInLimits.code, keyOf("code", staffId), now));
}

/** Right, or checked nothing (a field missing): it no longer counts. */
export function forgetTry(taken: TakenTry): Promise<void> {
  return giveBackTry(taken);
}

/** Counted by the hour, never audited. */
export function countUnknownEmail(now: Date = new Date()): Promise<void> {
  return countUnknownSignIn(now);
}

/** Its id as it was for this account, else a new one; a year from now either way. */
export function knownDeviceCookie(attempt: SignInAttempt): Promise<string> {
  const value: DeviceCookieValue = { id: attempt.deviceId ?? randomBytes(16).toString("base64url"), account: attempt.account };
  return deviceCookie().serialize(value);
}
