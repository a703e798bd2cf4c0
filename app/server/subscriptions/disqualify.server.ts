// Medically disqualified (spec section 9: the one case charged money comes back). The state moves
// first, so no renewal follows whatever the 72-hour rule says; then a hold not captured is released
// or the last charge refunded in full. One email, the provider's event and the audit row go in the
// transition's transaction. The note is the clinical record: never in her email, the audit log or
// the logs.
import { refundableCents } from "../../funnel/refunds";
import { isFinalState } from "../../funnel/subscription-life";
import type { Queryable } from "../db/client.server";
import {
  claimSubscription,
  findSubscription,
  lastPaidPayment,
  releaseClaim,
  type SubscriptionPaymentRow,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { lifecycleNow } from "./clock.server";
import { transitionMessages } from "./order-events.server";
import { refundedCard, refundPayment, type RefundOutcome } from "./refunds.server";
import { claimMs, releaseHold } from "./review.server";
import { applyTransition } from "./transitions.server";

export type DisqualifyOutcome =
  /** Ended now; `refund` when a charge was given back, `released` when a hold was let go. */
  | { status: "disqualified"; subscription: SubscriptionRow; refund?: RefundOutcome; released?: boolean }
  | { status: "closed"; subscription: SubscriptionRow }
  /** Or the gateway did not answer a release: try again in a moment. */
  | { status: "busy"; subscription: SubscriptionRow };

export interface DisqualifyAsked {
  /** Required (the form bounds it). */
  note: string;
  /** The console's audit row, only when it happens. */
  alsoRecord?: (tx: Queryable) => Promise<void>;
}

/** Whatever the state it ends from. */
function ended(at: Date, note: string) {
  return { dueAt: null, nextBillingAt: null, reminderDueAt: null, cancelledAt: at, disqualificationNote: note };
}

export async function disqualify(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  asked: DisqualifyAsked,
): Promise<DisqualifyOutcome> {
  const note = asked.note.trim();
  if (note === "") throw new RangeError("medically disqualified needs a note");
  if (isFinalState(subscription.state)) return { status: "closed", subscription };
  // The renewal worker's claim: while we hold it nothing is billed; while it holds it, we wait.
  const claimed = await claimSubscription(subscription.id, claimMs);
  if (claimed === undefined) return { status: "busy", subscription };
  try {
    return await disqualifyClaimed(gateway, claimed, note, asked.alsoRecord);
  } finally {
    await releaseClaim(subscription.id);
  }
}

async function disqualifyClaimed(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  note: string,
  alsoRecord: DisqualifyAsked["alsoRecord"],
): Promise<DisqualifyOutcome> {
  const at = await lifecycleNow();
  const closed = async (): Promise<DisqualifyOutcome> => ({
    status: "closed",
    subscription: (await findSubscription(subscription.id)) ?? subscription,
  });
  switch (subscription.state) {
    case "on_hold":
    case "hold_expired": {
      // Nothing captured yet: the hold is let go instead of a refund (one that lapsed is recorded so).
      const released = await releaseHold(gateway, subscription, "medically_disqualified", at, ended(at, note), alsoRecord);
      if (released === undefined) return closed();
      if ("unanswered" in released) return { status: "busy", subscription };
      return { status: "disqualified", subscription: released, released: subscription.state === "on_hold" };
    }
    case "payment_needed":
    case "active":
    case "past_due":
    case "ending": {
      const payment = await lastPaidPayment(subscription.id);
      const left = payment ? refundableCents(payment.amountCents, payment.refundedCents) : 0;
      // Named only when certain which card the last charge was made to.
      const card = payment ? await refundedCard(subscription, payment) : undefined;
      const moved = await applyTransition(subscription, {
        event: "medically_disqualified",
        at,
        changes: ended(at, note),
        detail: payment && left > 0 ? { refund_cents: left, period: payment.period } : {},
        messages: transitionMessages(subscription, "medically_disqualified", at, {}, { amountCents: left > 0 ? left : undefined, card }),
        alsoRecord,
      });
      if (moved === undefined) return closed();
      if (!payment || left === 0) return { status: "disqualified", subscription: moved };
      // After the state: no answer leaves the refund pending for the worker, same key. Her email already says we refund.
      const refund = await refundWhatIsLeft(gateway, moved, payment, left);
      return { status: "disqualified", subscription: (await findSubscription(moved.id)) ?? moved, refund };
    }
    default:
      return closed();
  }
}

/** Should an owner's refund land between our read and ours, what is then left is refunded (a few tries, each set aside exactly). */
async function refundWhatIsLeft(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  payment: SubscriptionPaymentRow,
  left: number,
): Promise<RefundOutcome> {
  let amountCents = left;
  let outcome: RefundOutcome = { status: "not_refundable" };
  for (let tries = 0; tries < 3; tries++) {
    outcome = await refundPayment(gateway, subscription, {
      paymentId: payment.id,
      amountCents,
      reason: "medically_disqualified",
      note: null,
      tellHer: false,
    });
    if (outcome.status !== "too_much" || outcome.leftCents === 0 || outcome.leftCents === amountCents) return outcome;
    amountCents = outcome.leftCents;
  }
  return outcome;
}
