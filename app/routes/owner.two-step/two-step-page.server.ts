// The code page's server side: whose code it asks for (a person half signed in, or one signed
// in who enrols by choice), what it shows (the code form, or enrolment with its QR code), and
// what a code does: signs in, enrols with ten recovery codes shown once, or is refused and
// counted as a failed sign-in.
import { z } from "zod";
import { database } from "../../server/db/client.server";
import {
  confirmTotp,
  countRecoveryCodes,
  replaceRecoveryCodes,
  takeRecoveryCode,
  takeTotpStep,
  type StaffMemberRow,
} from "../../server/db/stores/staff-members.server";
import { auditDetail, type AuditDetail } from "../../funnel/audit";
import { actorOf, audit } from "../../server/staff/audit.server";
import { readStaffSession } from "../../server/staff/staff-session.server";
import { pendingPerson } from "../../server/staff/two-step-pending.server";
import {
  codePattern,
  codeStep,
  offeredEnrolment,
  newRecoveryCodes,
  recoveryCodeHash,
  recoveryCodePattern,
  typedCode,
} from "../../server/staff/two-step.server";

export const codeMessages = {
  missing: "Enter the 6-digit code from your authenticator app.",
  wrong: "The code is not right. Enter the code your authenticator app shows now, or one of your recovery codes.",
  wrongEnrol: "The code is not right. Enter the 6-digit code your authenticator app shows now for this account.",
  timedOut: "Your sign-in timed out, so nothing was done. Please sign in again.",
} as const;

export const codeSchema = z.object({
  code: z.string({ error: codeMessages.missing }).trim().min(1, codeMessages.missing).max(40, codeMessages.wrong),
});

/** Whose code this page asks for: signed in already (enrolling by choice), or half signed in. */
export async function codeAsker(request: Request): Promise<{ staff: StaffMemberRow; signedIn: boolean } | undefined> {
  const session = await readStaffSession(request);
  if (session) return { staff: session.staff, signedIn: true };
  const staff = await pendingPerson(request);
  return staff ? { staff, signedIn: false } : undefined;
}

export type CodePage =
  { mode: "code"; recoveryCodesLeft: number } | { mode: "enrol"; qrSvg: string; secretText: string; email: string; signedIn: boolean };

/** The code form, or enrolment: a secret offered (kept until a code from it is accepted) and its QR code. */
export async function codePage(staff: StaffMemberRow, signedIn: boolean): Promise<CodePage | undefined> {
  if (staff.totpSecret) return { mode: "code", recoveryCodesLeft: await countRecoveryCodes(staff.id) };
  const enrolment = await offeredEnrolment(staff);
  if (!enrolment) return undefined;
  return { mode: "enrol", qrSvg: enrolment.svg, secretText: enrolment.secretText, email: staff.email, signedIn };
}

export type CodeOutcome =
  { status: "signed-in"; detail?: AuditDetail } | { status: "enrolled"; recoveryCodes: string[] } | { status: "wrong"; message: string };

/** What a typed code does for `staff`. */
export async function tryCode(request: Request, staff: StaffMemberRow, typed: string): Promise<CodeOutcome> {
  const code = typedCode(typed);
  if (!staff.totpSecret) {
    const step = staff.pendingTotpSecret && codePattern.test(code) ? await codeStep(staff.pendingTotpSecret, code, null) : undefined;
    if (step === undefined) return { status: "wrong", message: codeMessages.wrongEnrol };
    const recoveryCodes = newRecoveryCodes();
    await (
      await database()
    ).transaction(async (tx) => {
      await confirmTotp(staff.id, staff.pendingTotpSecret!, step, tx);
      await replaceRecoveryCodes(staff.id, recoveryCodes.map(recoveryCodeHash), tx);
      await audit(request, actorOf(staff), "two-step-enrolled", {}, tx);
    });
    return { status: "enrolled", recoveryCodes };
  }
  if (codePattern.test(code)) {
    const step = await codeStep(staff.totpSecret, code, staff.totpLastStep);
    if (step !== undefined && (await takeTotpStep(staff.id, step))) return { status: "signed-in" };
    return { status: "wrong", message: codeMessages.wrong };
  }
  if (recoveryCodePattern.test(code.toLowerCase()) && (await takeRecoveryCode(staff.id, recoveryCodeHash(code)))) {
    await audit(request, actorOf(staff), "recovery-code-used");
    return { status: "signed-in", detail: auditDetail`With a recovery code` };
  }
  return { status: "wrong", message: codeMessages.wrong };
}
