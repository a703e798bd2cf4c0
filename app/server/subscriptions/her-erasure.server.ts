// "Delete my data" from her link: the money first, then her details erased everywhere we hold
// them, in one transaction with what it tells others.
//
// Money first, as when the medical team ends a plan (disqualify.server.ts): under the same claim
// a renewal's worker takes, a hold not captured is released at the gateway, once (its release
// key), and the erasure is written in the release's own transaction; a gateway that does not
// answer leaves everything as it was, and she tries again. A running plan ends at once, whatever
// the 72-hour rule would say: deleting is not a cancel with notice, and no renewal follows.
//
// Then, in that same transaction, each store erases what it holds of her (each only its own
// tables): her subscription marked erased (once: a second press erases nothing more) and her
// link retired, her flow's answers and emails, her name, email and phone, her addresses, her
// order's copy of them, her messages in the outbox and the mail store, the embedded provider's
// copy, the tracking email in her browsers' sessions. The provider is told by its own order
// event, with the reference only. No email goes to her: we no longer hold her address.
//
// What stays: the payments, refunds and disputes, the order's amounts, reference and card brand
// and last four (financial records the law makes us keep), her medications and plan, and her
// consent to the renewal (a legal record without contact details). The team's decisions stay
// (approved or declined, disqualified, a refund's reason), but not the words it typed about her
// (a decision's message, a disqualification's note, a refund's note, a cancel's note): free text
// can hold anything she said, and the audit log never held it.
import type { PreAuthOrderBody } from "../../funnel/pre-auth-order";
import type { SubscriptionState } from "../../funnel/subscription-life";
import type { Queryable } from "../db/client.server";
import { deleteAddressesOfFlow } from "../db/stores/addresses.server";
import { eraseFunnelRecordOf, findFunnelRecord } from "../db/stores/funnel-records.server";
import { eraseOrderCustomer, findOrderById } from "../db/stores/orders.server";
import { enqueueOutboxMessage, eraseOutboxMessagesOf } from "../db/stores/outbox.server";
import { erasePersonalDetailsOf, loadPreCheckoutDraft } from "../db/stores/personal-details.server";
import { eraseStoredEmailsOf } from "../db/stores/stored-emails.server";
import { vacuumAfterHerErasure } from "../db/vacuum.server";
import {
  erasePaymentNotes,
  findSubscription,
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
  /** Erased now. */
  | { status: "erased" }
  /** Erased before (a second press, or a press that waited for the first): nothing more done. */
  | { status: "erased_already" }
  /** A payment is moving right now (or the gateway did not answer a release): nothing erased. */
  | { status: "busy" };

/** A second press waits this long for the first to finish before saying the order is busy. */
const firstPressWaitMs = 5_000;

/**
 * The subscription to ourselves, or the reason not: erased meanwhile by a press before this
 * one (waited for a few seconds, as a double press arrives while the first works), or busy (a
 * worker moving its money holds it longer).
 */
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
  const addresses = await herEmailAddresses(subscription);
  let erased = false;
  const erase = async (tx: Queryable, timelineLine: boolean, stateAfter: SubscriptionState) => {
    erased = await eraseInTransaction(tx, subscription, at, addresses, { timelineLine, stateAfter });
  };
  const ended = { dueAt: null, nextBillingAt: null, cancelledAt: subscription.cancelledAt ?? at, reminderDueAt: null };
  switch (subscription.state) {
    case "on_hold":
    case "hold_expired": {
      // The hold let go as a cancel before review would (its line and the provider's event);
      // the email that cancel writes is dropped with her other emails in the same transaction.
      const released = await releaseHold(gateway, subscription, "cancelled_released", at, ended, (tx) => erase(tx, true, "cancelled"));
      if (released === undefined || "unanswered" in released) return { status: "busy" };
      break;
    }
    case "payment_needed":
    case "active":
    case "past_due":
    case "ending": {
      // One line on the timeline: the plan ended by the erasure itself, nothing more billed.
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
      // Declined, cancelled, lapsed or disqualified: no money moves, only her details go.
      await withOutbox((tx) => erase(tx, true, subscription.state));
  }
  // Committed: what it erased leaves the tables' files too (not awaited: her answer goes now).
  if (erased) void vacuumAfterHerErasure();
  return { status: erased ? "erased" : "erased_already" };
}

/** Every address of hers we may have mailed: the order's, the details', the flow's. */
async function herEmailAddresses(subscription: SubscriptionRow): Promise<string[]> {
  const [order, details, record] = await Promise.all([
    findOrderById(subscription.orderId),
    loadPreCheckoutDraft(subscription.responderUuid),
    findFunnelRecord(subscription.responderUuid),
  ]);
  const customer = (order?.body as Partial<PreAuthOrderBody> | undefined)?.customer;
  return [customer?.email, details.email, record?.emailAddress, record?.trackingParams.email_address].filter(
    (address): address is string => typeof address === "string" && address !== "",
  );
}

/**
 * Her details erased, in the caller's transaction, once: nothing when the subscription was
 * erased already. `timelineLine`: the erasure writes its own line (no transition wrote one);
 * `stateAfter`: the state the provider's event names.
 */
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
  // Her messages first, so the erasure's own event (written above or by the transition) is
  // among those kept for the provider, and the emails the mail store kept go with theirs.
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
