// What support does for her from her order's page, each written with its audit row: her
// private link sent again, and her subscription cancelled on her behalf under the same rules
// and with the same emails as her own cancel online.
import { cancelReasonDetail, type CancelReason } from "../../funnel/cancel-for-her";
import { emailPayload } from "../../funnel/email-messages";
import type { StaffMemberRow } from "../db/stores/staff-members.server";
import type { SubscriptionRow } from "../db/stores/subscriptions.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { actorOf, audit } from "../staff/audit.server";
import { cancelSubscription, type CancelOutcome } from "../subscriptions/cancel.server";
import { lifecycleNow } from "../subscriptions/clock.server";
import { replaceLink } from "../subscriptions/transitions.server";

/** A new generation of her link, emailed to her (older links stop opening), and its audit row, in one transaction. */
export async function sendLinkAgain(request: Request, staff: StaffMemberRow, subscription: SubscriptionRow): Promise<void> {
  const at = await lifecycleNow();
  await replaceLink(subscription.id, { kind: "email", payload: emailPayload(subscription.reference, "your_link", at) }, (tx) =>
    audit(request, actorOf(staff), "link-sent-again", { orderReference: subscription.reference }, tx),
  );
}

/**
 * Her cancel, pressed by support. Only the press that cancelled writes the audit row (with
 * the reason): a second press, or twenty at once, finds it busy or closed and writes none.
 * The row follows the cancel's own transaction rather than joining it: the cancel may move
 * money at the gateway first, and its transitions are its own.
 */
export async function cancelForHer(
  request: Request,
  staff: StaffMemberRow,
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  reason: { reason: CancelReason; note?: string },
): Promise<CancelOutcome> {
  const outcome = await cancelSubscription(gateway, subscription);
  if (outcome.status === "cancelled" || outcome.status === "ending") {
    await audit(request, actorOf(staff), "cancelled-for-her", { orderReference: subscription.reference, detail: cancelReasonDetail(reason.reason, reason.note) });
  }
  return outcome;
}
