// A person's console sign-in: a console session whose account is their staff id, its cookie
// stamped with their password hash, so a new password signs out every earlier cookie. The person
// is read afresh each request: a role change applies at once, a disabled person is out at the next
// click.
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

export interface StaffSession extends ConsoleSession {
  staff: StaffMemberRow;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Through a keyed hash. */
export function staffStamp(staff: Pick<StaffMemberRow, "id" | "passwordHash">): string {
  return passwordStamp(staff.id, staff.passwordHash ?? "");
}

/** Undefined unless active with a password. */
async function signedInPerson(account: string): Promise<StaffMemberRow | undefined> {
  if (!uuidPattern.test(account)) return undefined;
  const staff = await findStaffMember(account);
  return staff?.status === "active" && staff.passwordHash ? staff : undefined;
}

/** The layout and the page both ask for one document request's sign-in: one read answers both. */
const readsOfRequest = new WeakMap<Request, Promise<StaffSession | undefined>>();

/** `now`: the tests' clock. */
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

export function openStaffSession(staff: StaffMemberRow, now: Date = new Date()): Promise<string> {
  return openConsoleSession(staff.id, staffStamp(staff), now);
}

/** The Set-Cookie that drops its cookie. */
export function signOutCookie(request: Request): Promise<string> {
  return closeConsoleSession(request);
}

/** How many there were. */
export function endSessionsOf(staffId: string): Promise<number> {
  return deleteConsoleSessionsOf(staffId);
}

/** Their other sign-ins end, this one is stamped anew and stays. How many ended. */
export function keepOnlyThisSession(session: StaffSession, staff: StaffMemberRow): Promise<number> {
  return keepOnlyThisConsoleSession(session, staffStamp(staff));
}

export const refusedMessages = {
  signedOut: "You are not signed in to the owner's console, so nothing was done. Please sign in and try again.",
  role: "Your role does not open this page. Nothing was done.",
} as const;

/**
 * Not signed in: a page goes to the sign-in page, a post is refused (replaying it after sign-in
 * could move money). Without `permission`: 403, with a way to their own first page.
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
