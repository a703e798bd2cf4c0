// Between the password and the code: a person whose password was right but who still owes an
// authenticator's code carries a short-lived signed cookie naming them (and the stamp of
// their password), and nothing else. It opens no page but the code page; ten minutes, then
// the password again.
import { cookieAttributes, cookieOnFirstUse } from "../http/cookies.server";
import { findStaffMember, type StaffMemberRow } from "../db/stores/staff-members.server";
import { consoleSecret } from "../console/console-session.server";
import { staffStamp } from "./staff-session.server";

export const pendingSeconds = 10 * 60;

interface PendingValue {
  id: string;
  stamp: string;
  until: number;
}

const pendingCookie = cookieOnFirstUse("__owner_pending", () =>
  cookieAttributes({ path: "/owner", maxAge: pendingSeconds, secret: consoleSecret("owner-pending") }),
);

/** The Set-Cookie that says `staff` gave the right password at `now`. */
export function pendingTwoStepCookie(staff: StaffMemberRow, now: Date = new Date()): Promise<string> {
  const value: PendingValue = { id: staff.id, stamp: staffStamp(staff), until: now.getTime() + pendingSeconds * 1000 };
  return pendingCookie().serialize(value);
}

/** The person half signed in, when the cookie is ours, unexpired, and their password unchanged. */
export async function pendingPerson(request: Request, now: Date = new Date()): Promise<StaffMemberRow | undefined> {
  const value = (await pendingCookie().parse(request.headers.get("Cookie"))) as Partial<PendingValue> | null;
  if (!value || typeof value.id !== "string" || typeof value.stamp !== "string" || typeof value.until !== "number") return undefined;
  if (value.until <= now.getTime() || !/^[0-9a-f-]{36}$/.test(value.id)) return undefined;
  const staff = await findStaffMember(value.id);
  if (!staff || staff.status !== "active" || staffStamp(staff) !== value.stamp) return undefined;
  return staff;
}

/** The Set-Cookie that forgets the half sign-in. */
export function clearPendingCookie(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}
