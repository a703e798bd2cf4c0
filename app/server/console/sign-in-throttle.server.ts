// How often the console's sign-in may be tried. Every try is counted before it is checked, by
// one conditional statement that refuses past the limit (stores/sign-in-tries.server.ts), and
// given back when it was right: so only failures stay counted, and no burst of tries sent at
// once is checked more often than the limit allows.
// - Passwords: failed tries at an account from browsers it does not know, from every address
//   together, at most twenty an hour. That cap must not lock the real person out, so a browser
//   that has finished signing in (password and code) carries a device cookie (signed, a year,
//   bound to the account), and its tries are counted for that browser alone, against a limit
//   of its own: strangers' failures never slow it. The cookie is given only after the whole
//   sign-in: a right password alone buys nothing.
// - Authentication codes: failed codes of an account, whatever the browser or address, at most
//   ten in any fifteen minutes. Only someone who knows the password reaches the code.
import { randomBytes } from "node:crypto";
import { countUnknownSignIn, giveBackTry, takeTry, type TakenTry, type TryLimit } from "../db/stores/sign-in-tries.server";
import { cookieAttributes, cookieOnFirstUse } from "../http/cookies.server";
import { countHit, rateLimits } from "../http/rate-limits.server";
import { keyedHash } from "../secrets/signed-link.server";
import { consoleSecret } from "./console-session.server";

const minute = 60_000;

export const signInLimits = {
  /** Wrong passwords at one account from browsers it does not know, from every address together. */
  account: { bucket: "password-account", limit: 20, windowMs: 60 * minute },
  /** Wrong passwords from one known browser: her typos, never strangers'. */
  device: { bucket: "password-device", limit: 10, windowMs: 15 * minute },
  /** Wrong authentication or recovery codes of one account, from any browser. */
  code: { bucket: "code-account", limit: 10, windowMs: 15 * minute },
} as const satisfies Record<string, TryLimit>;

/** How long kept tries can still count: the longest window. */
export const signInTriesKeptMs = Math.max(...Object.values(signInLimits).map((limit) => limit.windowMs));

/** A known browser is remembered this long after its last sign-in. */
export const deviceCookieSeconds = 365 * 24 * 60 * 60;

interface DeviceCookieValue {
  id: string;
  account: string;
}

const deviceCookie = cookieOnFirstUse("__owner_device", () =>
  cookieAttributes({ path: "/owner", maxAge: deviceCookieSeconds, secret: consoleSecret("owner-device") }),
);

const idPattern = /^[A-Za-z0-9_-]{22}$/;

/** Who is trying to sign in: the account, and the browser when it has signed in to that account before. */
export interface SignInAttempt {
  account: string;
  /** The known browser's id; undefined for a stranger's. */
  deviceId: string | undefined;
}

/** A counter key for a value: keyed, so no account name or device id is kept in clear. */
function keyOf(kind: "account" | "device" | "code", value: string): string {
  return `${kind}:${keyedHash(`console-sign-in:${kind}:${value}`)}`;
}

/** The attempt this request makes at `account`: its device cookie counts only when signed and for that account. */
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

/** A try that may be checked (`taken`, to give back when right), or the seconds to wait first. */
export type SignInTry = { taken: TakenTry; wait: 0 } | { taken: undefined; wait: number };

function answerOf(answer: Awaited<ReturnType<typeof takeTry>>): SignInTry {
  return answer.taken ? { taken: answer.taken, wait: 0 } : { taken: undefined, wait: answer.retryAfterSeconds };
}

/**
 * A password try: a known browser's counted for it alone; a stranger's counted against its
 * address (every try; where addresses cannot be told apart, in the one shared bucket:
 * rateLimitKeys), then taken from the account's.
 */
export async function takePasswordTry(request: Request, attempt: SignInAttempt, now: Date = new Date()): Promise<SignInTry> {
  if (attempt.deviceId) return answerOf(await takeTry(signInLimits.device, keyOf("device", attempt.deviceId), now));
  const addressWait = await countHit(request, undefined, rateLimits.consoleSignIn);
  if (addressWait > 0) return { taken: undefined, wait: addressWait };
  return answerOf(await takeTry(signInLimits.account, keyOf("account", attempt.account), now));
}

/** A code try of the staff member `staffId`, from whichever browser. */
export async function takeCodeTry(staffId: string, now: Date = new Date()): Promise<SignInTry> {
  return answerOf(await takeTry(signInLimits.code, keyOf("code", staffId), now));
}

/** The try was right, or checked nothing (a form with a field missing): it no longer counts. */
export function forgetTry(taken: TakenTry): Promise<void> {
  return giveBackTry(taken);
}

/** A failed sign-in for an email that is no account: counted by the hour, never audited. */
export function countUnknownEmail(now: Date = new Date()): Promise<void> {
  return countUnknownSignIn(now);
}

/**
 * The Set-Cookie that makes (or keeps) this browser a known one once it has signed in: its id
 * as it was when it had one for this account, else a new one; a year from now either way.
 */
export function knownDeviceCookie(attempt: SignInAttempt): Promise<string> {
  const value: DeviceCookieValue = { id: attempt.deviceId ?? randomBytes(16).toString("base64url"), account: attempt.account };
  return deviceCookie().serialize(value);
}
