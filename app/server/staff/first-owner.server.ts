// The first owner: at start, when no active owner exists, the person OWNER_EMAIL is made (or
// made an active owner again) with OWNER_PASSWORD, or the password the server made and keeps
// in the data folder. After that the database is the truth: OWNER_PASSWORD changes nothing
// while an owner exists, and a lost password is reset from the command line
// (`npm run staff -- reset-password EMAIL`).
import { auditDetail } from "../../funnel/audit";
import { config, type Settings } from "../config.server";
import {
  countActiveOwners,
  findStaffMemberByEmail,
  insertStaffMember,
  setStaffPassword,
  changeStaffMemberKeepingAnOwner,
} from "../db/stores/staff-members.server";
import { log } from "../log.server";
import { announceOwnerPassword, forgetOwnerPasswordFile, ownerPassword, ownerPasswordInFile } from "../console/owner-password.server";
import { audit, serverStart } from "./audit.server";
import { hashPassword, passwordVerifies } from "./passwords.server";

/** Makes the first owner when there is no active owner; true when it did. */
export async function ensureFirstOwner(): Promise<boolean> {
  if ((await countActiveOwners()) > 0) return false;
  const email = config().OWNER_EMAIL;
  const passwordHash = await hashPassword(ownerPassword());
  const existing = await findStaffMemberByEmail(email);
  if (existing) {
    await setStaffPassword(existing.id, { passwordHash, status: "active", forgetTwoStep: false });
    await changeStaffMemberKeepingAnOwner(existing.id, { role: "owner", status: "active" });
  } else if (!(await insertStaffMember({ name: "Owner", email, role: "owner", status: "active", passwordHash }))) {
    // Another instance made them at the same moment.
    return false;
  }
  await audit(null, serverStart, existing ? "password-reset" : "person-added", { detail: auditDetail`First owner, from OWNER_EMAIL` });
  return true;
}

/**
 * After `email` chose a password of their own: when they are the first owner, the generated
 * password's file goes (it no longer opens anything). Whether it did.
 */
export function forgetGeneratedPasswordOf(email: string, settings: Settings = config()): boolean {
  if (email !== settings.OWNER_EMAIL) return false;
  const forgotten = forgetOwnerPasswordFile(settings);
  if (forgotten) log.info("console: the first owner chose their own password; the generated password file is deleted");
  return forgotten;
}

/**
 * At start, with an owner already there: the generated password's file, when the first owner's
 * password is no longer the one in it (changed, or reset to a setup link), is deleted.
 */
export async function forgetReplacedOwnerPassword(settings: Settings = config()): Promise<boolean> {
  const inFile = ownerPasswordInFile(settings);
  if (inFile === undefined) return false;
  const owner = await findStaffMemberByEmail(settings.OWNER_EMAIL);
  if (!owner || (await passwordVerifies(inFile, owner.passwordHash))) return false;
  return forgetGeneratedPasswordOf(settings.OWNER_EMAIL, settings);
}

/** At start: the first owner when needed, and where their password is. */
export async function announceFirstOwner(): Promise<void> {
  if (await ensureFirstOwner()) {
    announceOwnerPassword();
  } else {
    await forgetReplacedOwnerPassword();
    log.info({ console: "/owner" }, "console: the staff sign in with their own email and password");
  }
}
