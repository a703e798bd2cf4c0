// The console's people, managed by owners (and the command line). Each change is audited; an
// email goes to the outbox in the same transaction. No one learns another's password: each
// sets their own through a one-time link, of which only a hash is kept.
import { createHash, randomBytes } from "node:crypto";
import { auditDetail, labelOf, staffNameOf } from "../../funnel/audit";
import { normalStaffEmail, passwordProblem, staffRoleLabels, type StaffRole } from "../../funnel/staff";
import { setupLinkHours, setupTokenPattern } from "../../funnel/staff-setup";
import { publicUrl } from "../config.server";
import { database, type Transaction } from "../db/client.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import {
  activateWithPassword,
  changeStaffMemberKeepingAnOwner,
  confirmTotp,
  createSetupLink,
  findOpenSetupLink,
  findStaffMember,
  findStaffMemberByEmail,
  forgetStaffSignIn,
  insertStaffMember,
  replaceRecoveryCodes,
  setStaffPassword,
  useSetupLink,
  type StaffMemberRow,
} from "../db/stores/staff-members.server";
import { withOutbox } from "../outbox/with-outbox.server";
import { actorOf, audit, type Actor } from "./audit.server";
import { forgetGeneratedPasswordOf } from "./first-owner.server";
import { hashPassword } from "./passwords.server";
import { refusedPasswords } from "./refused-passwords.server";
import { endSessionsOf } from "./staff-session.server";
import { codeStep, newRecoveryCodes, offeredEnrolment, recoveryCodeHash, sealSecret, typedCode } from "./two-step.server";

const setupLinkMs = setupLinkHours * 60 * 60 * 1000;

/** A 256-bit random token needs no secret to hash; the hash only keeps it out of the table. */
export function setupTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The public address: it is emailed. */
export function setupUrlOf(token: string): string {
  return `${publicUrl()}/owner/setup/${token}`;
}

/** Replaces any earlier one, its email in the outbox, in the caller's transaction. The address, shown once. */
async function issueSetupLink(
  tx: Transaction,
  staff: StaffMemberRow,
  actor: Actor,
  reason: "added" | "new-link",
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = setupTokenHash(token);
  await createSetupLink(staff.id, tokenHash, new Date(now.getTime() + setupLinkMs), tx);
  const setupUrl = setupUrlOf(token);
  await enqueueOutboxMessage(tx, {
    kind: "staff-email",
    payload: {
      to: staff.email,
      name: staff.name,
      role: staff.role,
      sent_by: actor.id ? actor.name : null,
      reason,
      sealed_link: sealSecret(setupUrl),
      token_hash: tokenHash,
    },
  });
  return setupUrl;
}

export interface NewPerson {
  name: string;
  email: string;
  role: StaffRole;
}

export type AddPersonOutcome = { status: "added"; staff: StaffMemberRow; setupUrl: string } | { status: "email taken" };

/** Row, setup link, email and audit row together or not at all. */
export async function addPerson(
  request: Request | null,
  actor: Actor,
  person: NewPerson,
  now: Date = new Date(),
): Promise<AddPersonOutcome> {
  return withOutbox(async (tx): Promise<AddPersonOutcome> => {
    const staff = await insertStaffMember(
      { name: person.name, email: normalStaffEmail(person.email), role: person.role, status: "invited" },
      tx,
    );
    if (!staff) return { status: "email taken" };
    const setupUrl = await issueSetupLink(tx, staff, actor, "added", now);
    await audit(
      request,
      actor,
      "person-added",
      { detail: auditDetail`${staffNameOf(staff)}, ${labelOf(staffRoleLabels, staff.role)}` },
      tx,
    );
    return { status: "added", staff, setupUrl };
  });
}

/**
 * Password and authenticator forgotten, a new setup link made, sessions ended. The status is
 * kept (an active owner still counts), except that `reactivate` (the command line) is the way
 * back for someone disabled.
 */
async function resetSignIn(
  request: Request | null,
  actor: Actor,
  staffId: string,
  reactivate: boolean,
  now: Date,
): Promise<{ name: string; setupUrl: string } | undefined> {
  const done = await withOutbox(async (tx) => {
    // Locks the row and reads its status as it is now.
    const staff = await forgetStaffSignIn(staffId, tx);
    if (!staff) return undefined;
    const reactivated = reactivate && staff.status === "disabled";
    if (reactivated) await setStaffPassword(staffId, { passwordHash: null, status: "active", forgetTwoStep: true }, tx);
    const setupUrl = await issueSetupLink(tx, staff, actor, "new-link", now);
    await audit(
      request,
      actor,
      "password-reset",
      {
        detail: reactivated
          ? auditDetail`New setup link for ${staffNameOf(staff)}, active again`
          : auditDetail`New setup link for ${staffNameOf(staff)}`,
      },
      tx,
    );
    return { name: staff.name, setupUrl };
  });
  if (done) await endSessionsOf(staffId);
  return done;
}

export type NewSetupLinkOutcome =
  { status: "made"; name: string; setupUrl: string } | { status: "disabled"; name: string } | { status: "unknown" };

/** Not for a disabled person: disabled for good unless reset on the server. */
export async function newSetupLink(
  request: Request | null,
  actor: Actor,
  staffId: string,
  now: Date = new Date(),
): Promise<NewSetupLinkOutcome> {
  const staff = await findStaffMember(staffId);
  if (!staff) return { status: "unknown" };
  if (staff.status === "disabled") return { status: "disabled", name: staff.name };
  const reset = await resetSignIn(request, actor, staffId, false, now);
  return reset ? { status: "made", ...reset } : { status: "unknown" };
}

/** `npm run staff -- reset-password EMAIL`: the way back in for a lost password or phone, or a disabled person. */
export async function resetStaffPassword(
  email: string,
  actor: Actor,
  request: Request | null,
): Promise<{ status: "reset"; name: string; setupUrl: string } | { status: "unknown" }> {
  const staff = await findStaffMemberByEmail(normalStaffEmail(email));
  if (!staff) return { status: "unknown" };
  const reset = await resetSignIn(request, actor, staff.id, true, new Date());
  return reset ? { status: "reset", ...reset } : { status: "unknown" };
}

export type ChangeOutcome<Done> = Done | { status: "last owner"; name: string } | { status: "unknown" };

/** Unless that leaves no active owner. */
export async function changeRole(
  request: Request | null,
  actor: Actor,
  staffId: string,
  role: StaffRole,
): Promise<
  ChangeOutcome<
    { status: "changed"; name: string; from: StaffRole; to: StaffRole } | { status: "unchanged"; name: string; role: StaffRole }
  >
> {
  const staff = await findStaffMember(staffId);
  if (!staff) return { status: "unknown" };
  if (staff.role === role) return { status: "unchanged", name: staff.name, role };
  const changed = await changeStaffMemberKeepingAnOwner(staffId, { role });
  if (!changed) return { status: "last owner", name: staff.name };
  await audit(request, actor, "role-changed", {
    detail: auditDetail`${staffNameOf(staff)}: ${labelOf(staffRoleLabels, staff.role)} to ${labelOf(staffRoleLabels, role)}`,
  });
  return { status: "changed", name: staff.name, from: staff.role, to: role };
}

/** Unless that leaves no active owner. Their sessions end, and the setup page refuses a disabled person. */
export async function disablePerson(
  request: Request | null,
  actor: Actor,
  staffId: string,
): Promise<ChangeOutcome<{ status: "disabled"; name: string; sessionsEnded: number } | { status: "already disabled"; name: string }>> {
  const staff = await findStaffMember(staffId);
  if (!staff) return { status: "unknown" };
  if (staff.status === "disabled") return { status: "already disabled", name: staff.name };
  const changed = await changeStaffMemberKeepingAnOwner(staffId, { status: "disabled" });
  if (!changed) return { status: "last owner", name: staff.name };
  const sessionsEnded = await endSessionsOf(staffId);
  await audit(request, actor, "person-disabled", { detail: auditDetail`${staffNameOf(staff)}` });
  return { status: "disabled", name: staff.name, sessionsEnded };
}

export async function endSessions(
  request: Request | null,
  actor: Actor,
  staffId: string,
): Promise<{ status: "ended"; name: string; count: number } | { status: "unknown" }> {
  const staff = await findStaffMember(staffId);
  if (!staff) return { status: "unknown" };
  const count = await endSessionsOf(staffId);
  await audit(request, actor, "sessions-ended", {
    detail: count === 1 ? auditDetail`${staffNameOf(staff)}: 1 session ended` : auditDetail`${staffNameOf(staff)}: ${count} sessions ended`,
  });
  return { status: "ended", name: staff.name, count };
}

/** Unless disabled since it was made. */
async function personOfLink(token: string, now: Date): Promise<StaffMemberRow | undefined> {
  if (!setupTokenPattern.test(token)) return undefined;
  const staffId = await findOpenSetupLink(setupTokenHash(token), now);
  const staff = staffId ? await findStaffMember(staffId) : undefined;
  return staff && staff.status !== "disabled" ? staff : undefined;
}

export interface SetupPage {
  name: string;
  role: StaffRole;
  email: string;
  qrSvg: string;
  secretText: string;
}

/**
 * The secret offered before while it still opens, so two tabs show the same. Undefined when
 * the link is unknown, used, expired, or its person disabled.
 */
export async function setupPage(token: string, now: Date = new Date()): Promise<SetupPage | undefined> {
  const staff = await personOfLink(token, now);
  if (!staff) return undefined;
  const enrolment = await offeredEnrolment(staff);
  if (!enrolment) return undefined;
  return { name: staff.name, role: staff.role, email: staff.email, qrSvg: enrolment.svg, secretText: enrolment.secretText };
}

export type SetupOutcome =
  | { status: "done"; staff: StaffMemberRow; recoveryCodes: string[] }
  | { status: "closed" }
  /** Every field at once: the password's rule broken, the code missing or wrong. */
  | { status: "invalid"; password?: string; code?: "missing" | "wrong" };

/** Undoes the setup's transaction: the link was used meanwhile, or the person disabled. */
class SetupClosed extends Error {}

/** The link is used once however many presses arrive together: only the one that uses it writes. Earlier sessions end. */
export async function completeSetup(
  request: Request | null,
  token: string,
  typed: { password: string; code: string },
  now: Date = new Date(),
): Promise<SetupOutcome> {
  const staff = await personOfLink(token, now);
  if (!staff) return { status: "closed" };
  const problem = passwordProblem(typed.password, staff.email, refusedPasswords());
  const code = typedCode(typed.code);
  const sealed = staff.pendingTotpSecret;
  const step = sealed && code !== "" ? await codeStep(sealed, code, null, now) : undefined;
  if (problem || !sealed || step === undefined) {
    return { status: "invalid", password: problem, code: code === "" ? "missing" : step === undefined ? "wrong" : undefined };
  }
  const passwordHash = await hashPassword(typed.password);
  const recoveryCodes = newRecoveryCodes();
  try {
    await (
      await database()
    ).transaction(async (tx) => {
      const linkOf = await useSetupLink(setupTokenHash(token), now, tx);
      if (linkOf !== staff.id || !(await activateWithPassword(staff.id, passwordHash, tx))) throw new SetupClosed();
      await confirmTotp(staff.id, sealed, step, tx);
      await replaceRecoveryCodes(staff.id, recoveryCodes.map(recoveryCodeHash), tx);
      await audit(request, actorOf(staff), "setup-completed", {}, tx);
      await audit(request, actorOf(staff), "two-step-enrolled", {}, tx);
    });
  } catch (error) {
    if (error instanceof SetupClosed) return { status: "closed" };
    throw error;
  }
  await endSessionsOf(staff.id);
  forgetGeneratedPasswordOf(staff.email);
  return { status: "done", staff: { ...staff, status: "active", passwordHash }, recoveryCodes };
}
