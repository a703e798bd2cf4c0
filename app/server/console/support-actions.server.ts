// What support does for her from her order's page, each written with its audit row: her
// private link sent again, and her subscription cancelled on her behalf under the same rules
// and with the same emails as her own cancel online.
import { cancelReasonDetail, type CancelReason } from "../../funnel/cancel-for-her";
import type { HerCancelReason } from "../../funnel/cancel-reasons";
import { emailPayload } from "../../funnel/email-messages";
import type { StaffMemberRow } from "../db/stores/staff-members.server";
import type { SubscriptionRow } from "../db/stores/subscriptions.server";
import { hitRateLimit, type RateLimit } from "../http/rate-limits.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { actorOf, audit } from "../staff/audit.server";
import { cancelSubscription, type CancelOutcome } from "../subscriptions/cancel.server";
import { lifecycleNow } from "../subscriptions/clock.server";
import { replaceLink } from "../subscriptions/transitions.server";

/** Her link sent again by the console: each press emails her, so three an hour for one order, whoever presses. */
export const linkSentAgainLimit = { bucket: "link-sent-again", limit: 3, windowMs: 60 * 60_000 } as const satisfies RateLimit;

/**
 * A new generation of her link, emailed to her (older links stop opening), and its audit row,
 * in one transaction; or, over the order's limit, nothing and the seconds to wait.
 */
export async function sendLinkAgain(
  request: Request,
  staff: StaffMemberRow,
  subscription: SubscriptionRow,
): Promise<{ status: "sent" } | { status: "too many"; retryAfterSeconds: number }> {
  const limited = await hitRateLimit(linkSentAgainLimit, `order:${subscription.id}`);
  if (!limited.allowed) return { status: "too many", retryAfterSeconds: limited.retryAfterSeconds };
  const at = await lifecycleNow();
  await replaceLink(subscription.id, { kind: "email", payload: emailPayload(subscription.reference, "your_link", at) }, (tx) =>
    audit(request, actorOf(staff), "link-sent-again", { orderReference: subscription.reference }, tx),
  );
  return { status: "sent" };
}

/**
 * Her cancel, pressed by support. Only the press that cancelled writes the audit row (with
 * the reason's label): a second press, or twenty at once, finds it busy or closed and writes
 * none. Their note is kept with the cancel, on her subscription, where her erasure clears it.
 * The row follows the cancel's own transaction rather than joining it: the cancel may move
 * money at the gateway first, and its transitions are its own.
 */
export async function cancelForHer(
  request: Request,
  staff: StaffMemberRow,
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  reason: { reason: CancelReason; note?: string; herReason?: HerCancelReason },
): Promise<CancelOutcome> {
  const outcome = await cancelSubscription(gateway, subscription, { reason: reason.herReason ?? null, note: null }, reason.note || null);
  if (outcome.status === "cancelled" || outcome.status === "ending") {
    await audit(request, actorOf(staff), "cancelled-for-her", {
      orderReference: subscription.reference,
      detail: cancelReasonDetail(reason.reason),
    });
  }
  return outcome;
}
