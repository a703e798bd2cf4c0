// The owner's session: a cookie of its own (__owner), signed with a secret of its own derived
// from the session secret, valid only under /owner. A visitor's session cookie is another
// name under another secret, so no visitor is ever taken for the owner, and the owner's
// cookie never travels with a funnel page. It carries no id to look up: only when she signed
// in and a stamp of the password she used, so that changing OWNER_PASSWORD signs everyone out.
import { createHmac } from "node:crypto";
import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { cookiesAreSecure } from "../config.server";
import { refusePage } from "../http/page-refusal.server";
import { sessionSecret } from "../session-secret.server";
import { ownerPassword } from "./owner-password.server";

/** What a page says after a POST and its redirect: shown once, then gone. */
export interface OwnerNotice {
  tone: "success" | "info";
  text: string;
}

interface OwnerSessionData {
  signedInAt: number;
  passwordStamp: string;
}

interface OwnerFlashData {
  notice: OwnerNotice;
}

export type OwnerSession = Session<OwnerSessionData, OwnerFlashData>;

/** A sign-in lasts this long, whatever the browser does with the cookie. */
export const ownerSessionSeconds = 12 * 60 * 60;

function derived(label: string): string {
  return createHmac("sha256", sessionSecret()).update(label).digest("base64url");
}

let storage: ReturnType<typeof createCookieSessionStorage<OwnerSessionData, OwnerFlashData>> | undefined;

function ownerSessionStore() {
  storage ??= createCookieSessionStorage<OwnerSessionData, OwnerFlashData>({
    cookie: {
      name: "__owner",
      httpOnly: true,
      sameSite: "lax",
      secure: cookiesAreSecure(),
      path: "/owner",
      maxAge: ownerSessionSeconds,
      secrets: [derived("owner")],
    },
  });
  return storage;
}

function passwordStamp(): string {
  return derived(`owner-password:${ownerPassword()}`).slice(0, 22);
}

function isSignedIn(session: OwnerSession, now = Date.now()): boolean {
  const signedInAt = session.get("signedInAt");
  return (
    typeof signedInAt === "number" &&
    signedInAt <= now &&
    now - signedInAt < ownerSessionSeconds * 1000 &&
    session.get("passwordStamp") === passwordStamp()
  );
}

/** The owner's session when this request carries a valid one. */
export async function readOwnerSession(request: Request): Promise<OwnerSession | undefined> {
  const session = await ownerSessionStore().getSession(request.headers.get("Cookie"));
  return isSignedIn(session) ? session : undefined;
}

/** The Set-Cookie of a new sign-in. */
export async function signInCookie(): Promise<string> {
  const session = await ownerSessionStore().getSession();
  session.set("signedInAt", Date.now());
  session.set("passwordStamp", passwordStamp());
  return ownerSessionStore().commitSession(session);
}

/** The Set-Cookie that ends the sign-in. */
export async function signOutCookie(request: Request): Promise<string> {
  const session = await ownerSessionStore().getSession(request.headers.get("Cookie"));
  return ownerSessionStore().destroySession(session);
}

/** The Set-Cookie that keeps what changed in the session (a notice set or read). */
export function commitOwnerSession(session: OwnerSession): Promise<string> {
  return ownerSessionStore().commitSession(session);
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
    const stale = /(?:^|;\s*)__owner=/.test(request.headers.get("Cookie") ?? "");
    throw redirect("/owner", { status: 303, headers: stale ? { "Set-Cookie": await signOutCookie(request) } : undefined });
  }
  refusePage(403, "You are not signed in to the owner's console, so nothing was done. Please sign in and try again.", "/owner");
}

/** A redirect that shows `notice` on the page it leads to. */
export async function redirectWithNotice(session: OwnerSession, url: string, notice: OwnerNotice): Promise<Response> {
  session.flash("notice", notice);
  return redirect(url, { status: 303, headers: { "Set-Cookie": await commitOwnerSession(session) } });
}

/** The notice left for this page, if any, and the headers that forget it once read. */
export async function takeNotice(session: OwnerSession): Promise<{ notice: OwnerNotice | null; headers: HeadersInit }> {
  const notice = session.get("notice");
  if (!notice) return { notice: null, headers: {} };
  return { notice, headers: { "Set-Cookie": await commitOwnerSession(session) } };
}
