// The first owner: at start, when no active owner exists, the person OWNER_EMAIL is made (or
// made an active owner again) with OWNER_PASSWORD, or the password the server made and keeps
// in the data folder. After that the database is the truth: OWNER_PASSWORD changes nothing
// while an owner exists, and a lost password is reset from the command line
// (`npm run staff -- reset-password EMAIL`).
import { auditDetail } from "../../funnel/audit";
import { config } from "../config.server";
import { countActiveOwners, findStaffMemberByEmail, insertStaffMember, setStaffPassword, changeStaffMemberKeepingAnOwner } from "../db/stores/staff-members.server";
import { log } from "../log.server";
import { announceOwnerPassword, ownerPassword } from "../owner/owner-password.server";
import { audit, serverStart } from "./audit.server";
import { hashPassword } from "./passwords.server";

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

/** At start: the first owner when needed, and where their password is. */
export async function announceFirstOwner(): Promise<void> {
  if (await ensureFirstOwner()) {
    announceOwnerPassword();
  } else {
    log.info({ console: "/owner" }, "console: the staff sign in with their own email and password");
  }
}
