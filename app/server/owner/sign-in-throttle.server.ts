// How often the console's sign-in may be tried. Guessing a password is slowed whatever address
// it comes from: failed sign-ins of an account from browsers it does not know are capped per
// hour, together. That cap must not lock the real owner out, so a browser that has signed in
// before carries a device cookie (signed, a year, bound to the account), and its tries are
// counted for that browser alone, against a limit of its own: strangers' failures never slow
// it, and a stolen device cookie is worth one browser's few guesses, no more.
import { randomBytes } from "node:crypto";
import { cookieAttributes, cookieOnFirstUse } from "../http/cookies.server";
import { countHit, hitRateLimit, peekRateLimit, rateLimits, type RateLimit } from "../http/rate-limits.server";
import { keyedHash } from "../secrets/signed-link.server";
import { consoleSecret } from "./console-session.server";

export const signInLimits = {
  /**
   * Failed sign-ins of one account from browsers it does not know, from every address
   * together: twenty an hour. A right password from such a browser is refused too once it
   * holds (it resets nothing), so guessing never gets more than twenty tries an hour.
   */
  account: { bucket: "console-sign-in-account", limit: 20, windowMs: 60 * 60_000 },
  /** Failed sign-ins of one known browser: her typos, never strangers'. */
  device: { bucket: "console-sign-in-device", limit: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;

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
function keyOf(kind: "account" | "device", value: string): string {
  return `${kind}:${keyedHash(`console-sign-in:${kind}:${value}`)}`;
}

/** The attempt this request makes at `account`: its device cookie counts only when signed and for that account. */
export async function signInAttempt(request: Request, account: string): Promise<SignInAttempt> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  const device = value as Partial<DeviceCookieValue> | null;
  const known =
    device !== null && typeof device === "object" && typeof device.id === "string" && idPattern.test(device.id) && device.account === account;
  return { account, deviceId: known ? device.id : undefined };
}

/**
 * Seconds to wait before this try may be checked (0: go on). A known browser waits only on its
 * own failures. A stranger's try is counted against its address (every try; where addresses
 * cannot be told apart, in the one shared bucket: rateLimitKeys), then waits while the
 * account's failures are over their cap.
 */
export async function signInWait(request: Request, attempt: SignInAttempt, now: Date = new Date()): Promise<number> {
  if (attempt.deviceId) {
    return (await peekRateLimit(signInLimits.device, keyOf("device", attempt.deviceId), now)).retryAfterSeconds;
  }
  const addressWait = await countHit(request, undefined, rateLimits.ownerSignIn);
  if (addressWait > 0) return addressWait;
  return (await peekRateLimit(signInLimits.account, keyOf("account", attempt.account), now)).retryAfterSeconds;
}

/** Counts a wrong password: against the known browser alone, or against the account. */
export async function countFailedSignIn(attempt: SignInAttempt, now: Date = new Date()): Promise<void> {
  if (attempt.deviceId) await hitRateLimit(signInLimits.device, keyOf("device", attempt.deviceId), now);
  else await hitRateLimit(signInLimits.account, keyOf("account", attempt.account), now);
}

/**
 * The Set-Cookie that makes (or keeps) this browser a known one after a right password: its
 * id as it was when it had one for this account, else a new one; a year from now either way.
 */
export function knownDeviceCookie(attempt: SignInAttempt): Promise<string> {
  const value: DeviceCookieValue = { id: attempt.deviceId ?? randomBytes(16).toString("base64url"), account: attempt.account };
  return deviceCookie().serialize(value);
}
