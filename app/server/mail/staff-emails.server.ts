// Delivering a setup email (the outbox's "staff-email" messages): only while its link is still
// open (one used, replaced or expired before the email went out is not sent), the link opened
// from its seal, the words from app/funnel/staff-setup.ts, then the mailer. The embedded mail
// store gets the email without its link: the console lists that store to support too, and a
// setup link is the key to an account (an owner's, perhaps). The owner who made it was shown it.
import { renderSetupEmail, type StaffEmailPayload } from "../../funnel/staff-setup";
import { findOpenSetupLink } from "../db/stores/staff-members.server";
import { log } from "../log.server";
import { openSecret } from "../staff/two-step.server";
import { mailer, type Mailer } from "./mailer.server";

export async function deliverStaffEmail(
  payload: StaffEmailPayload,
  idempotencyKey: string,
  send: Mailer = mailer(),
  now: Date = new Date(),
): Promise<void> {
  if (!(await findOpenSetupLink(payload.token_hash, now))) {
    // Trying again would not open it.
    log.info({ email: "setup-link" }, "setup email not sent: its link was used, replaced or has expired");
    return;
  }
  const link = openSecret(payload.sealed_link);
  if (!link) {
    log.warn({ email: "setup-link" }, "setup email not sent: its link was sealed under another session secret");
    return;
  }
  const rendered = renderSetupEmail(payload, send.kind === "smtp" ? link : null);
  await send.send({ idempotencyKey, kind: "staff_setup_link", orderReference: null, to: payload.to, ...rendered });
}
