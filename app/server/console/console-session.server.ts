// The console's session: whoever signs in (the owner today, named staff later) gets a random
// id in a cookie of its own (__owner, signed with a secret derived from the session secret,
// valid only under /owner), and the sign-in itself is a row on the server (console_sessions),
// found by a hash of that id. Signing out deletes the row, so a copy of the cookie is worth
// nothing afterwards; a row left alone for half an hour, or twelve hours old, has ended
// (app/funnel/console-sessions.ts). The cookie also carries a stamp of the password used:
// the row has no column for it, and a password changed since then signs that cookie out.
// A visitor's session cookie is another name under another secret, so no visitor is ever
// taken for the console's user, and this cookie never travels with a funnel page.
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

/** What a page says after a POST and its redirect: shown once, then gone. */
export interface ConsoleNotice {
  tone: "success" | "info";
  text: string;
}

interface ConsoleCookieData {
  /** The sign-in's id: 32 random bytes, base64url. Only its hash is kept on the server. */
  id: string;
  /** A stamp of the password it was signed in with. */
  stamp: string;
}

interface ConsoleFlashData {
  notice: ConsoleNotice;
}

type ConsoleCookie = Session<ConsoleCookieData, ConsoleFlashData>;

/** A sign-in that holds: who signed in, and the cookie its notices travel in. */
export interface ConsoleSession {
  account: string;
  cookie: ConsoleCookie;
}

/**
 * The stamp of an account's password as it is now (`passwordStamp`), or undefined when the
 * account may not sign in at all.
 */
export type CurrentStamp = (account: string) => string | undefined | Promise<string | undefined>;

/** A key of its own for `label`, derived from the session secret. */
export function consoleSecret(label: string): string {
  return keyedHash(label);
}

/** A stamp of a password: changes when it does, and tells nothing of it without the session secret. */
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

/** The row's key: a 256-bit random id needs no secret to hash, only a hash to keep it out of the table. */
function hashOfId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

function readCookie(request: Request): Promise<ConsoleCookie> {
  return cookieStore().getSession(request.headers.get("Cookie"));
}

/** The id the cookie carries, when it carries one of the shape we make. */
function idOf(cookie: ConsoleCookie): string | undefined {
  const id = cookie.get("id");
  return typeof id === "string" && idPattern.test(id) ? id : undefined;
}

/**
 * Begins a sign-in of `account` with a password whose stamp is `stamp`; the Set-Cookie that
 * carries it. Ended sign-ins are forgotten first: rows are only made here, so the table stays
 * the size of the sign-ins still running.
 */
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

/**
 * The sign-in this request carries, when it still holds: its row is there, has not ended, and
 * its account's password is still the one it was signed in with. One that has ended is
 * deleted. A use is written down at most once a minute.
 */
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

/**
 * After a new password of the session's own account: every other sign-in of that account
 * ends, and this one carries the new password's stamp (sent with the session's next commit,
 * redirectWithNotice), so it stays signed in. How many others ended.
 */
export async function keepOnlyThisConsoleSession(session: ConsoleSession, stamp: string): Promise<number> {
  const id = idOf(session.cookie);
  if (!id) return 0;
  session.cookie.set("stamp", stamp);
  return deleteOtherConsoleSessionsOf(session.account, hashOfId(id));
}

/** Whether the request carries a console cookie at all (valid or not). */
export function carriesConsoleCookie(request: Request): boolean {
  return /(?:^|;\s*)__owner=/.test(request.headers.get("Cookie") ?? "");
}

/** Ends the sign-in this request carries, if any, on the server; the Set-Cookie that drops the cookie. */
export async function closeConsoleSession(request: Request): Promise<string> {
  const cookie = await readCookie(request);
  const id = idOf(cookie);
  if (id) await deleteConsoleSession(hashOfId(id));
  return cookieStore().destroySession(cookie);
}

/** A redirect that shows `notice` on the page it leads to. */
export async function redirectWithNotice(session: ConsoleSession, url: string, notice: ConsoleNotice): Promise<Response> {
  session.cookie.flash("notice", notice);
  return redirect(url, { status: 303, headers: { "Set-Cookie": await cookieStore().commitSession(session.cookie) } });
}

/** The notice left for this page, if any, and the headers that forget it once read. */
export async function takeNotice(session: ConsoleSession): Promise<{ notice: ConsoleNotice | null; headers: HeadersInit }> {
  const notice = session.cookie.get("notice");
  if (!notice) return { notice: null, headers: {} };
  return { notice, headers: { "Set-Cookie": await cookieStore().commitSession(session.cookie) } };
}
