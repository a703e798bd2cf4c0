// A person of the console changes their own password: the current one first (tried at most
// ten times a quarter hour, counted per person: rateLimits.ownPasswordCheck), then the new one,
// twice, by the rules every new password meets (app/funnel/staff.ts). Done, their other
// sign-ins end and this one stays; it is audited, never with the password; and when they are
// the first owner, the generated password's file is deleted.
import { auditDetail } from "../../funnel/audit";
import { waitInMinutes } from "../../funnel/rate-limits";
import { passwordProblem } from "../../funnel/staff";
import { config, type Settings } from "../config.server";
import { database } from "../db/client.server";
import { replaceOwnPassword, type StaffMemberRow } from "../db/stores/staff-members.server";
import { countStaffHit, rateLimits } from "../http/rate-limits.server";
import { actorOf, audit } from "./audit.server";
import { forgetGeneratedPasswordOf } from "./first-owner.server";
import { hashPassword, passwordVerifies } from "./passwords.server";
import { refusedPasswords } from "./refused-passwords.server";
import { keepOnlyThisSession, type StaffSession } from "./staff-session.server";

export const ownPasswordMessages = {
  currentMissing: "Enter your current password.",
  currentWrong: "Your current password is not right.",
  confirmMissing: "Enter the new password again.",
  confirmDifferent: "The two new passwords are not the same. Enter the same new password twice.",
  same: "Your new password is your current one. Choose another.",
  changedMeanwhile: "Your password was changed or reset meanwhile, so nothing was done. Please sign in again.",
} as const;

/** Over the limit of current-password checks: above the form. */
export function tooManyPasswordChecksMessage(retryAfterSeconds: number): string {
  return `Too many tries of your current password. Please wait ${waitInMinutes(retryAfterSeconds)} and try again.`;
}

export interface OwnPasswordForm {
  current: string;
  password: string;
  confirm: string;
}

export type OwnPasswordOutcome =
  | { status: "changed"; staff: StaffMemberRow; otherSessionsEnded: number }
  /** Each field's problem, all at once. */
  | { status: "invalid"; current?: string; password?: string; confirm?: string }
  | { status: "too many"; retryAfterSeconds: number }
  /** Reset or changed elsewhere since this page was opened. */
  | { status: "changed meanwhile" };

/** Changes the password of the person signed in on `session`, as `typed` (`settings`: where the first owner's generated password is). */
export async function changeOwnPassword(
  request: Request,
  session: StaffSession,
  typed: OwnPasswordForm,
  settings: Settings = config(),
): Promise<OwnPasswordOutcome> {
  const { staff } = session;
  const problems: { current?: string; password?: string; confirm?: string } = {};
  // The new password's rules first: they need no secret, and are counted nowhere.
  problems.password = passwordProblem(typed.password, staff.email, refusedPasswords());
  if (typed.confirm === "") problems.confirm = ownPasswordMessages.confirmMissing;
  else if (!problems.password && typed.confirm !== typed.password) problems.confirm = ownPasswordMessages.confirmDifferent;
  if (typed.current === "") {
    problems.current = ownPasswordMessages.currentMissing;
  } else {
    // Every check of the current password counts, right or wrong: the bound is exact however
    // many posts arrive at once, and so is the hashing work they cost.
    const wait = await countStaffHit(rateLimits.ownPasswordCheck, staff.id);
    if (wait > 0) return { status: "too many", retryAfterSeconds: wait };
    if (!(await passwordVerifies(typed.current, staff.passwordHash))) problems.current = ownPasswordMessages.currentWrong;
    else if (!problems.password && typed.password === typed.current) problems.password = ownPasswordMessages.same;
  }
  if (problems.current || problems.password || problems.confirm) return { status: "invalid", ...problems };

  const passwordHash = await hashPassword(typed.password);
  const changed = await (
    await database()
  ).transaction(async (tx) => {
    const row = await replaceOwnPassword(staff.id, staff.passwordHash!, passwordHash, tx);
    if (row) await audit(request, actorOf(staff), "password-changed", { detail: auditDetail`Their other sign-ins ended` }, tx);
    return row;
  });
  if (!changed) return { status: "changed meanwhile" };
  const otherSessionsEnded = await keepOnlyThisSession(session, changed);
  forgetGeneratedPasswordOf(changed.email, settings);
  return { status: "changed", staff: changed, otherSessionsEnded };
}
