// The console's session: a random id in its own cookie (__owner, its own derived secret, only
// under /owner), the sign-in a server row found by the id's hash. Signing out deletes the row,
// so a copied cookie is then worthless; idle half an hour or twelve hours old, it has ended
// (app/funnel/console-sessions.ts). The cookie carries a stamp of the password used, so a
// password changed since signs it out. A visitor's cookie has another name and secret: no
// visitor is ever taken for the console's user.
import { createHash, randomBytes } from "node:crypto";
import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { consoleSessionCutoffs, consoleSessionEnded, consoleSessionLimits, consoleSessionNeedsTouch } from "../../funnel/console-sessions";
import {
  createConsoleSession,
  deleteConsoleSession,
  deleteExpiredConsoleSessions,
  deleteOtherConsoleSessionsOf,
  findConsoleSession,
  touchConsoleSession,
} from "../db/stores/console-sessions.server";
import { cookieAttributes } from "../http/cookies.server";
import { keyedHash } from "../secrets/signed-link.server";

/** Shown once after a POST's redirect. */
export interface ConsoleNotice {
  tone: "success" | "info";
  text: string;
}

interface ConsoleCookieData {
  /** 32 random bytes, base64url; only its hash is kept. */
  id: string;
  stamp: string;
}

interface ConsoleFlashData {
  notice: ConsoleNotice;
}

type ConsoleCookie = Session<ConsoleCookieData, ConsoleFlashData>;

export interface ConsoleSession {
  account: string;
  cookie: ConsoleCookie;
}

/** Undefined when the account may not sign in at all. */
export type CurrentStamp = (account: string) => string | undefined | Promise<string | undefined>;

/** Derived from the session secret. */
export function consoleSecret(label: string): string {
  return keyedHash(label);
}

/** Tells nothing of the password without the session secret. */
export function passwordStamp(account: string, password: string): string {
  return consoleSecret(`${account}-password:${password}`).slice(0, 22);
}

let storage: ReturnType<typeof createCookieSessionStorage<ConsoleCookieData, ConsoleFlashData>> | undefined;

function cookieStore() {
  storage ??= createCookieSessionStorage<ConsoleCookieData, ConsoleFlashData>({
    cookie: {
      name: "__owner",
      // The browser may forget it sooner; the server's row decides (idle and absolute limits).
      ...cookieAttributes({ path: "/owner", maxAge: consoleSessionLimits.absoluteMs / 1000, secret: consoleSecret("owner") }),
    },
  });
  return storage;
}

const idPattern = /^[A-Za-z0-9_-]{43}$/;

/** A 256-bit random id needs no secret to hash; the hash only keeps it out of the table. */
function hashOfId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

function readCookie(request: Request): Promise<ConsoleCookie> {
  return cookieStore().getSession(request.headers.get("Cookie"));
}

function idOf(cookie: ConsoleCookie): string | undefined {
  const id = cookie.get("id");
  return typeof id === "string" && idPattern.test(id) ? id : undefined;
}

/** Ended sign-ins are forgotten first (rows are only made here), so the table stays the size of those running. */
export async function openConsoleSession(account: string, stamp: string, now: Date = new Date()): Promise<string> {
  const { idleBefore, begunBefore } = consoleSessionCutoffs(now);
  await deleteExpiredConsoleSessions(idleBefore, begunBefore);
  const id = randomBytes(32).toString("base64url");
  await createConsoleSession(hashOfId(id), account, now);
  const cookie = await cookieStore().getSession();
  cookie.set("id", id);
  cookie.set("stamp", stamp);
  return cookieStore().commitSession(cookie);
}

/** Its row there, not ended, the password unchanged; one ended is deleted. A use is written at most once a minute. */
export async function readConsoleSession(
  request: Request,
  currentStamp: CurrentStamp,
  now: Date = new Date(),
): Promise<ConsoleSession | undefined> {
  const cookie = await readCookie(request);
  const id = idOf(cookie);
  const stamp = cookie.get("stamp");
  if (!id || typeof stamp !== "string") return undefined;
  const idHash = hashOfId(id);
  const row = await findConsoleSession(idHash);
  if (!row) return undefined;
  if (consoleSessionEnded(row, now) || (await currentStamp(row.account)) !== stamp) {
    await deleteConsoleSession(idHash);
    return undefined;
  }
  if (consoleSessionNeedsTouch(row, now)) {
    await touchConsoleSession(idHash, now, new Date(now.getTime() - consoleSessionLimits.touchAfterMs));
  }
  return { account: row.account, cookie };
}

/** After her own new password: her other sign-ins end, this one takes the new stamp and stays. How many ended. */
export async function keepOnlyThisConsoleSession(session: ConsoleSession, stamp: string): Promise<number> {
  const id = idOf(session.cookie);
  if (!id) return 0;
  session.cookie.set("stamp", stamp);
  return deleteOtherConsoleSessionsOf(session.account, hashOfId(id));
}

/** Valid or not. */
export function carriesConsoleCookie(request: Request): boolean {
  return /(?:^|;\s*)__owner=/.test(request.headers.get("Cookie") ?? "");
}

/** The Set-Cookie that drops the cookie. */
export async function closeConsoleSession(request: Request): Promise<string> {
  const cookie = await readCookie(request);
  const id = idOf(cookie);
  if (id) await deleteConsoleSession(hashOfId(id));
  return cookieStore().destroySession(cookie);
}

export async function redirectWithNotice(session: ConsoleSession, url: string, notice: ConsoleNotice): Promise<Response> {
  session.cookie.flash("notice", notice);
  return redirect(url, { status: 303, headers: { "Set-Cookie": await cookieStore().commitSession(session.cookie) } });
}

/** With the headers that forget it once read. */
export async function takeNotice(session: ConsoleSession): Promise<{ notice: ConsoleNotice | null; headers: HeadersInit }> {
  const notice = session.cookie.get("notice");
  if (!notice) return { notice: null, headers: {} };
  return { notice, headers: { "Set-Cookie": await cookieStore().commitSession(session.cookie) } };
}
