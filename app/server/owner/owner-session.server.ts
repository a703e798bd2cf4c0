// The owner's session: a console session (console-session.server.ts) whose account is
// "owner", signed in with the owner's password. Changing OWNER_PASSWORD signs everyone out:
// the stamp in their cookie is no longer the password's.
import { redirect } from "@remix-run/node";
import { consoleSessionLimits } from "../../funnel/console-sessions";
import { refusePage } from "../http/page-refusal.server";
import {
  carriesConsoleCookie,
  closeConsoleSession,
  openConsoleSession,
  passwordStamp,
  readConsoleSession,
  type ConsoleNotice,
  type ConsoleSession,
} from "./console-session.server";
import { ownerPassword } from "./owner-password.server";

export { redirectWithNotice, takeNotice } from "./console-session.server";

export type OwnerNotice = ConsoleNotice;
export type OwnerSession = ConsoleSession;

/** The account a sign-in with the owner's password is. */
export const ownerAccount = "owner";

/** A sign-in lasts at most this long, however busy (and ends sooner when left alone). */
export const ownerSessionSeconds = consoleSessionLimits.absoluteMs / 1000;

function currentStamp(account: string): string | undefined {
  return account === ownerAccount ? passwordStamp(ownerAccount, ownerPassword()) : undefined;
}

/** The owner's session when this request carries one that still holds. */
export async function readOwnerSession(request: Request): Promise<OwnerSession | undefined> {
  const session = await readConsoleSession(request, currentStamp);
  return session?.account === ownerAccount ? session : undefined;
}

/** The Set-Cookie of a new sign-in. */
export function signInCookie(): Promise<string> {
  return openConsoleSession(ownerAccount, passwordStamp(ownerAccount, ownerPassword()));
}

/** Ends the sign-in on the server; the Set-Cookie that drops its cookie. */
export function signOutCookie(request: Request): Promise<string> {
  return closeConsoleSession(request);
}

/**
 * Every owner loader and action starts here. Not signed in: a page is sent to the sign-in
 * page; a post is refused (it cannot have come from a signed-in page, and replaying it after
 * the sign-in could move money).
 */
export async function requireOwner(request: Request): Promise<OwnerSession> {
  const session = await readOwnerSession(request);
  if (session) return session;
  if (request.method === "GET" || request.method === "HEAD") {
    throw redirect("/owner", { status: 303, headers: carriesConsoleCookie(request) ? { "Set-Cookie": await signOutCookie(request) } : undefined });
  }
  refusePage(403, "You are not signed in to the owner's console, so nothing was done. Please sign in and try again.", "/owner");
}
