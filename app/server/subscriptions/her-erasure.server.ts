// "Delete my data" from her link. Money first, as for disqualification: under the renewal
// worker's claim a hold not captured is released once (its key) and the erasure written in the
// release's transaction; a gateway that does not answer leaves everything, and she tries again.
// A running plan ends at once: deleting is not a cancel with notice.
//
// In that transaction each store erases its own tables of her (once: a second press erases
// nothing more), her link retired; the provider gets an order event with the reference only;
// no email, as we no longer hold her address.
//
// What stays: payments, refunds, disputes, the order's amounts, reference and card brand and
// last four (records the law makes us keep), medications, plan, her renewal consent (no contact
// details), and the team's decisions, but not words typed about her: free text can hold anything
// she said, and the audit log never held it.
import type { PreAuthOrderBody } from "../../funnel/pre-auth-order";
import type { SubscriptionState } from "../../funnel/subscription-life";
import type { Queryable } from "../db/client.server";
import { deleteAddressesOfFlow } from "../db/stores/addresses.server";
import { eraseFunnelRecordOf, findFunnelRecord } from "../db/stores/funnel-records.server";
import { eraseOrderCustomer, findOrder } from "../db/stores/orders.server";
import { enqueueOutboxMessage, eraseOutboxMessagesOf } from "../db/stores/outbox.server";
import { erasePersonalDetailsOf, loadPreCheckoutDraft } from "../db/stores/personal-details.server";
import { eraseStoredEmailsOf } from "../db/stores/stored-emails.server";
import { vacuumAfterHerErasure } from "../db/vacuum.server";
import {
  erasePaymentNotes,
  findSubscription,
  findSubscriptionByResponder,
  markErased,
  noteOnTimeline,
  releaseClaim,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import { withOutbox } from "../outbox/with-outbox.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { forgetEmbeddedReceipts } from "../provider/embedded.server";
import { forgetTrackingEmailOf } from "../visitor/session.server";
import { claimForChange } from "./claim-for-change.server";
import { lifecycleNow } from "./clock.server";
import { orderEventMessage } from "./order-events.server";
import { releaseHold } from "./review.server";
import { applyTransition } from "./transitions.server";

export type ErasureOutcome =
  | { status: "erased" }
  /** A second press, or one that waited for the first: nothing more done. */
  | { status: "erased_already" }
  /** A payment is moving (or the release got no answer): nothing erased. */
  | { status: "busy" };

const firstPressWaitMs = 5_000;

/** A double press waits a few seconds for the first; a worker moving its money holds it longer: busy. */
async function claimForErasure(subscriptionId: string): Promise<SubscriptionRow | "erased_already" | "busy"> {
  let erasedMeanwhile = false;
  const claimed = await claimForChange(subscriptionId, firstPressWaitMs, async () => {
    const current = await findSubscription(subscriptionId);
    erasedMeanwhile = !current || current.erasedAt !== null;
    return erasedMeanwhile;
  });
  if (!claimed) return erasedMeanwhile ? "erased_already" : "busy";
  if (claimed.erasedAt === null) return claimed;
  await releaseClaim(subscriptionId);
  return "erased_already";
}

export async function eraseHerData(gateway: PaymentGateway, subscription: SubscriptionRow): Promise<ErasureOutcome> {
  if (subscription.erasedAt !== null) return { status: "erased_already" };
  const claimed = await claimForErasure(subscription.id);
  if (claimed === "erased_already" || claimed === "busy") return { status: claimed };
  try {
    return await eraseClaimed(gateway, claimed);
  } finally {
    await releaseClaim(subscription.id);
  }
}

async function eraseClaimed(gateway: PaymentGateway, subscription: SubscriptionRow): Promise<ErasureOutcome> {
  const at = await lifecycleNow();
  const addresses = await flowEmailAddresses(subscription.responderUuid);
  let erased = false;
  const erase = async (tx: Queryable, timelineLine: boolean, stateAfter: SubscriptionState) => {
    erased = await eraseInTransaction(tx, subscription, at, addresses, { timelineLine, stateAfter });
  };
  const ended = { dueAt: null, nextBillingAt: null, cancelledAt: subscription.cancelledAt ?? at, reminderDueAt: null };
  switch (subscription.state) {
    case "on_hold":
    case "hold_expired": {
      // Released as a cancel before review would be; the email that cancel writes goes with her others.
      const released = await releaseHold(gateway, subscription, "cancelled_released", at, ended, (tx) => erase(tx, true, "cancelled"));
      if (released === undefined || "unanswered" in released) return { status: "busy" };
      break;
    }
    case "payment_needed":
    case "active":
    case "past_due":
    case "ending": {
      const moved = await applyTransition(subscription, {
        event: "personal_data_erased",
        at,
        changes: ended,
        messages: [orderEventMessage(subscription, "personal_data_erased", at)],
        alsoRecord: (tx) => erase(tx, false, "cancelled"),
      });
      if (moved === undefined) return { status: "busy" };
      break;
    }
    default:
      // Already ended: no money moves, only her details go.
      await withOutbox((tx) => erase(tx, true, subscription.state));
  }
  // Not awaited: her answer goes now.
  if (erased) void vacuumAfterHerErasure();
  return { status: erased ? "erased" : "erased_already" };
}

/** In the caller's transaction, once. `timelineLine`: no transition wrote one; `stateAfter`: for the provider's event. */
async function eraseInTransaction(
  tx: Queryable,
  subscription: SubscriptionRow,
  at: Date,
  addresses: readonly string[],
  options: { timelineLine: boolean; stateAfter: SubscriptionState },
): Promise<boolean> {
  if (!(await markErased(tx, subscription.id, at))) return false;
  await erasePaymentNotes(tx, subscription.id);
  const her = { responderUuid: subscription.responderUuid, reference: subscription.reference };
  if (options.timelineLine) {
    await noteOnTimeline(tx, subscription.id, "personal_data_erased", at, {});
    await enqueueOutboxMessage(tx, orderEventMessage({ ...subscription, state: options.stateAfter }, "personal_data_erased", at));
  }
  // Her messages first, so the erasure's own event stays among those kept for the provider.
  const emailKeys = await eraseOutboxMessagesOf(tx, her);
  await eraseStoredEmailsOf(tx, { reference: subscription.reference, addresses, keys: emailKeys });
  await eraseFunnelRecordOf(tx, subscription.responderUuid);
  await erasePersonalDetailsOf(tx, subscription.responderUuid);
  await deleteAddressesOfFlow(tx, subscription.responderUuid);
  await eraseOrderCustomer(tx, subscription.orderId);
  await forgetEmbeddedReceipts(tx, [subscription.responderUuid]);
  await forgetTrackingEmailOf(tx, subscription.responderUuid, addresses);
  return true;
}

/**
 * Her data of one flow erased, asked for by email (app/server/health-data/): a flow with a
 * subscription as "Delete my data" erases it; one with none (her answers, her details, an order
 * never authorized) has no money to move, and each store erases its own copy in one transaction.
 */
export async function eraseHerFlow(gateway: PaymentGateway, responderUuid: string): Promise<ErasureOutcome> {
  const subscription = await findSubscriptionByResponder(responderUuid);
  if (subscription) return eraseHerData(gateway, subscription);
  const order = await findOrder(responderUuid);
  const addresses = await flowEmailAddresses(responderUuid);
  await withOutbox(async (tx) => {
    const emailKeys = await eraseOutboxMessagesOf(tx, { responderUuid, reference: null });
    await eraseStoredEmailsOf(tx, { reference: null, addresses, keys: emailKeys });
    await eraseFunnelRecordOf(tx, responderUuid);
    await erasePersonalDetailsOf(tx, responderUuid);
    await deleteAddressesOfFlow(tx, responderUuid);
    if (order) await eraseOrderCustomer(tx, order.id);
    await forgetEmbeddedReceipts(tx, [responderUuid]);
    await forgetTrackingEmailOf(tx, responderUuid, addresses);
  });
  void vacuumAfterHerErasure();
  return { status: "erased" };
}

/** Every address of hers a flow holds: its order's, its details', its answers'. */
export async function flowEmailAddresses(responderUuid: string): Promise<string[]> {
  const [order, details, record] = await Promise.all([
    findOrder(responderUuid),
    loadPreCheckoutDraft(responderUuid),
    findFunnelRecord(responderUuid),
  ]);
  const customer = (order?.body as Partial<PreAuthOrderBody> | undefined)?.customer;
  return [customer?.email, details.email, record?.emailAddress, record?.trackingParams.email_address].filter(
    (address): address is string => typeof address === "string" && address !== "",
  );
}
