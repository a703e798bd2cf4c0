// A person's sign-in to the console: a console session (owner/console-session.server.ts) whose
// account is their staff id, and whose cookie carries a stamp of their password hash, so a
// new password (set up again, reset from the command line) signs out every earlier cookie.
// Every request reads the person afresh: a role changed applies at once, and a person
// disabled is signed out at their next click. Every console loader and action starts at
// `requireStaff` with the permission it needs (app/funnel/staff.ts).
import { redirect } from "@remix-run/node";
import { homeOf, may, type Permission } from "../../funnel/staff";
import { deleteConsoleSessionsOf } from "../db/stores/console-sessions.server";
import { findStaffMember, type StaffMemberRow } from "../db/stores/staff-members.server";
import { refusePage } from "../http/page-refusal.server";
import {
  carriesConsoleCookie,
  closeConsoleSession,
  keepOnlyThisConsoleSession,
  openConsoleSession,
  passwordStamp,
  readConsoleSession,
  type ConsoleSession,
} from "../console/console-session.server";

export { redirectWithNotice, takeNotice, type ConsoleNotice } from "../console/console-session.server";

/** A sign-in that holds, with the person as they are now. */
export interface StaffSession extends ConsoleSession {
  staff: StaffMemberRow;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The stamp a person's cookie must carry: their password hash as it is now, through a keyed hash. */
export function staffStamp(staff: Pick<StaffMemberRow, "id" | "passwordHash">): string {
  return passwordStamp(staff.id, staff.passwordHash ?? "");
}

/** The person, when active with a password; undefined otherwise. */
async function signedInPerson(account: string): Promise<StaffMemberRow | undefined> {
  if (!uuidPattern.test(account)) return undefined;
  const staff = await findStaffMember(account);
  return staff?.status === "active" && staff.passwordHash ? staff : undefined;
}

/**
 * Each request's read, kept for that request alone: the console's layout and its page both
 * ask for the sign-in of one document request, and one read (the session's row, the person)
 * answers both.
 */
const readsOfRequest = new WeakMap<Request, Promise<StaffSession | undefined>>();

/** The sign-in this request carries, when it still holds (`now`: the tests' clock, read afresh). */
export function readStaffSession(request: Request, now?: Date): Promise<StaffSession | undefined> {
  if (now) return readSession(request, now);
  let read = readsOfRequest.get(request);
  if (!read) {
    read = readSession(request, new Date());
    readsOfRequest.set(request, read);
  }
  return read;
}

async function readSession(request: Request, now: Date): Promise<StaffSession | undefined> {
  let person: StaffMemberRow | undefined;
  const session = await readConsoleSession(
    request,
    async (account) => {
      person = await signedInPerson(account);
      return person ? staffStamp(person) : undefined;
    },
    now,
  );
  return session && person ? { ...session, staff: person } : undefined;
}

/** The Set-Cookie of a new sign-in of `staff`. */
export function openStaffSession(staff: StaffMemberRow, now: Date = new Date()): Promise<string> {
  return openConsoleSession(staff.id, staffStamp(staff), now);
}

/** Ends the sign-in this request carries; the Set-Cookie that drops its cookie. */
export function signOutCookie(request: Request): Promise<string> {
  return closeConsoleSession(request);
}

/** Ends every sign-in of a person, wherever they are signed in. How many there were. */
export function endSessionsOf(staffId: string): Promise<number> {
  return deleteConsoleSessionsOf(staffId);
}

/**
 * After the person of `session` chose a new password (`staff`, as it is now): their other
 * sign-ins end, this one stays (its cookie is stamped anew, sent by redirectWithNotice). How
 * many others ended.
 */
export function keepOnlyThisSession(session: StaffSession, staff: StaffMemberRow): Promise<number> {
  return keepOnlyThisConsoleSession(session, staffStamp(staff));
}

export const refusedMessages = {
  signedOut: "You are not signed in to the owner's console, so nothing was done. Please sign in and try again.",
  role: "Your role does not open this page. Nothing was done.",
} as const;

/**
 * Every console loader and action starts here. Not signed in: a page is sent to the sign-in
 * page; a post is refused (it cannot have come from a signed-in page, and replaying it after
 * the sign-in could move money). Signed in without `permission`: 403, with a way to their
 * own first page.
 */
export async function requireStaff(request: Request, permission?: Permission, now?: Date): Promise<StaffSession> {
  const session = await readStaffSession(request, now);
  if (!session) {
    if (request.method === "GET" || request.method === "HEAD") {
      throw redirect("/owner", {
        status: 303,
        headers: carriesConsoleCookie(request) ? { "Set-Cookie": await signOutCookie(request) } : undefined,
      });
    }
    refusePage(403, refusedMessages.signedOut, "/owner");
  }
  if (permission && !may(session.staff.role, permission)) {
    refusePage(403, refusedMessages.role, homeOf(session.staff.role), undefined, "Back to your pages");
  }
  return session;
}
