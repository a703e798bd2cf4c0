// The console's sign-in: its forms and its messages, and what follows a right password (the
// code page, or the person's first page). How often it may be tried:
// app/server/console/sign-in-throttle.server.ts.
import { redirect, type TypedResponse } from "@remix-run/node";
import { z } from "zod";
import type { AuditDetail } from "../../funnel/audit";
import { waitInMinutes } from "../../funnel/rate-limits";
import { homeOf, normalStaffEmail } from "../../funnel/staff";
import type { StaffMemberRow } from "../../server/db/stores/staff-members.server";
import { recordStaffSignIn } from "../../server/db/stores/staff-members.server";
import { knownDeviceCookie, signInAttempt } from "../../server/console/sign-in-throttle.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { openStaffSession } from "../../server/staff/staff-session.server";
import { clearPendingCookie, pendingTwoStepCookie } from "../../server/staff/two-step-pending.server";
import { twoStepRequired } from "../../server/staff/two-step.server";

export const signInMessages = {
  emailMissing: "Enter your email address.",
  passwordMissing: "Enter your password.",
  wrong: "The email address or password is not right.",
} as const;

/** Over a sign-in limit: above the form. */
export function tooManySignInsMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Please wait ${waitInMinutes(retryAfterSeconds)} and try again.`;
}

export const signInSchema = z.object({
  email: z.string({ error: signInMessages.emailMissing }).trim().min(1, signInMessages.emailMissing).max(254, signInMessages.wrong),
  // No trimming: a password is what was typed. Longer than any password we accept.
  password: z.string({ error: signInMessages.passwordMissing }).min(1, signInMessages.passwordMissing).max(1024, signInMessages.wrong),
});

/** The account a sign-in tries, as the throttle counts it: the email as typed, bounded, lower case. */
export function accountOf(formData: FormData): string {
  const typed = formData.get("email");
  return typeof typed === "string" ? normalStaffEmail(typed.slice(0, 254)) : "";
}

/**
 * After a right password: the code page when the person has an authenticator or must enrol
 * one, otherwise signed in. The browser becomes a known one for the throttle only once signed
 * in (signInHeaders): a right password alone does not make it one.
 */
export async function afterPassword(request: Request, staff: StaffMemberRow): Promise<Response> {
  const headers = new Headers();
  if (staff.totpSecret || twoStepRequired()) {
    headers.append("Set-Cookie", await pendingTwoStepCookie(staff));
    return redirect("/owner/two-step", { status: 303, headers });
  }
  return signedIn(request, staff, headers);
}

/**
 * Signed in: the session opened, the half sign-in forgotten, the browser known to the throttle
 * from now on, the sign-in recorded and audited; the headers that carry it (appended to `headers`).
 */
export async function signInHeaders(
  request: Request,
  staff: StaffMemberRow,
  headers: Headers = new Headers(),
  detail?: AuditDetail,
): Promise<Headers> {
  const now = new Date();
  headers.append("Set-Cookie", await openStaffSession(staff, now));
  headers.append("Set-Cookie", await clearPendingCookie());
  headers.append("Set-Cookie", await knownDeviceCookie(await signInAttempt(request, normalStaffEmail(staff.email))));
  await recordStaffSignIn(staff.id, now);
  await audit(request, actorOf(staff), "signed-in", { detail });
  return headers;
}

/** Signed in, and on to their first page. */
export async function signedIn(
  request: Request,
  staff: StaffMemberRow,
  headers: Headers = new Headers(),
  detail?: AuditDetail,
): Promise<TypedResponse<never>> {
  return redirect(homeOf(staff.role), { status: 303, headers: await signInHeaders(request, staff, headers, detail) });
}
