// She cancels (spec section 9): before the review the hold is released at once; after it,
// nothing more is billed, except the renewal due within 72 hours, which the terms say is
// still billed (the subscription then ends). The provider hears of it through the outbox.
// Why she cancelled, when she said, is written by the cancel's own conditional update, so a
// second press (which finds it cancelled) writes no reason over the first; the provider hears
// the reason's code, never her note. Support's note, when they cancel for her, is written by
// the same update, beside her reason.
import { noCancelReason, type CancelReasonChoice } from "../../funnel/cancel-reasons";
import { renewalStillBilled } from "../../funnel/subscription-life";
import { findSubscription, releaseClaim, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { applyTransition } from "./transitions.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { lifecycleNow } from "./clock.server";
import { transitionMessages } from "./order-events.server";
import { claimForChange } from "./claim-for-change.server";
import { releaseHold } from "./review.server";

export type CancelOutcome =
  | { status: "cancelled"; subscription: SubscriptionRow }
  /** Cancelled, but the renewal within 72 hours is still billed. */
  | { status: "ending"; subscription: SubscriptionRow }
  /** Nothing to cancel: declined, lapsed or cancelled already. */
  | { status: "closed"; subscription: SubscriptionRow }
  /** A payment is moving right now, or the gateway did not answer: try again in a moment. */
  | { status: "busy"; subscription: SubscriptionRow };

export async function cancelSubscription(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  why: CancelReasonChoice = noCancelReason,
  /** The note support wrote when cancelling for her (kept with the cancel, never in the audit log). */
  supportNote: string | null = null,
): Promise<CancelOutcome> {
  const claimed = await claimForChange(subscription.id);
  if (claimed === undefined) return { status: "busy", subscription };
  try {
    const at = await lifecycleNow();
    const moved = await cancelClaimed(gateway, claimed, at, why, supportNote);
    if (moved === "busy") return { status: "busy", subscription: claimed };
    if (moved === undefined) return { status: "closed", subscription: (await findSubscription(claimed.id)) ?? claimed };
    return { status: moved.state === "ending" ? "ending" : "cancelled", subscription: moved };
  } finally {
    await releaseClaim(subscription.id);
  }
}

async function cancelClaimed(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  at: Date,
  why: CancelReasonChoice,
  supportNote: string | null,
): Promise<SubscriptionRow | undefined | "busy"> {
  const kept = { cancelledAt: at, cancelReason: why.reason, cancelReasonNote: why.note, cancelForHerNote: supportNote };
  const told = why.reason ? { reason: why.reason } : {};
  switch (subscription.state) {
    case "on_hold":
    case "hold_expired": {
      // A decision already recorded is the team's: its money moves as decided.
      if (subscription.decision !== null) return "busy";
      const released = await releaseHold(gateway, subscription, "cancelled_released", at, kept, undefined, why.reason ?? undefined);
      return released !== undefined && "unanswered" in released ? "busy" : released;
    }
    case "active":
      if (subscription.nextBillingAt !== null && renewalStillBilled(at, subscription.nextBillingAt)) {
        return applyTransition(subscription, {
          event: "cancelled_after_renewal",
          at,
          changes: { ...kept, reminderDueAt: null },
          detail: { last_billing_at: subscription.nextBillingAt.toISOString() },
          messages: transitionMessages(subscription, "cancelled_after_renewal", at, told, { lastBillingAt: subscription.nextBillingAt }),
        });
      }
    // Fall through: far enough from the next billing date, nothing more is billed.
    case "past_due":
    case "payment_needed":
      return applyTransition(subscription, {
        event: "cancelled",
        at,
        changes: { ...kept, dueAt: null, nextBillingAt: null, reminderDueAt: null },
        messages: transitionMessages(subscription, "cancelled", at, told),
      });
    default:
      return undefined;
  }
}
