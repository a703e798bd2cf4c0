// Another card after a failed payment (a renewal that failed, a first charge the saved card
// refused, or a hold that lapsed before the review): the card is kept at the gateway, then the
// amount due is charged once. The subscription is claimed for the whole of it, and the charge
// carries a key made of the subscription, the period and the new card (saved-card-charge), so a
// second press, a second tab or a worker at the same moment never charges twice.
import { reminderFor } from "../../funnel/renewal-notice-rules";
import { billingDateAfter } from "../../funnel/subscription-life";
import {
  claimSubscription,
  findSubscription,
  recordPayment,
  releaseClaim,
  useCard,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import { applyTransition } from "./transitions.server";
import type { PaymentGateway, SaveCardRequest, SaveCardResult } from "../payments/gateway.server";
import { lifecycleNow } from "./clock.server";
import { transitionMessages } from "./order-events.server";
import { claimMs } from "./review.server";
import { chargeSavedCard } from "./saved-card-charge.server";

/** States in which she may give another card. */
export const anotherCardStates: readonly SubscriptionRow["state"][] = ["payment_needed", "past_due", "hold_expired"];

export type AnotherCardOutcome =
  /** The amount due was charged to the new card: the subscription runs again. */
  | { status: "paid"; subscription: SubscriptionRow; amountCents: number }
  /** The hold had lapsed before any decision: the card is kept and charged only if prescribed. */
  | { status: "saved"; subscription: SubscriptionRow }
  /** Her bank wants her on its page first (Stripe). */
  | { status: "requires_action"; url: string }
  | { status: "declined"; message: string }
  /** Her return named a card setup made for another order (or for none): nothing used, nothing charged. */
  | { status: "not_this_order" }
  /** Nothing is due any more (paid already, cancelled, or the worker got there first). */
  | { status: "nothing_due"; subscription: SubscriptionRow }
  /** The gateway did not answer, or a payment is moving right now: try again in a moment. */
  | { status: "busy" };

/** What is due now in `subscription`'s state: the first period, or the renewal that failed. */
export function amountDue(subscription: SubscriptionRow): number | undefined {
  if (subscription.state === "payment_needed") return subscription.firstPeriodCents;
  if (subscription.state === "past_due") return subscription.renewalCents;
  return undefined;
}

type Saving = Omit<SaveCardRequest, "holdReference" | "subscriptionId"> | { resumed: SaveCardResult };

export async function payWithAnotherCard(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  saving: Saving,
): Promise<AnotherCardOutcome> {
  if (!anotherCardStates.includes(subscription.state)) return { status: "nothing_due", subscription };
  const claimed = await claimSubscription(subscription.id, claimMs);
  if (claimed === undefined) return { status: "busy" };
  try {
    if (!anotherCardStates.includes(claimed.state)) return { status: "nothing_due", subscription: claimed };
    const saved =
      "resumed" in saving
        ? saving.resumed
        : await gateway.saveCard({ ...saving, holdReference: claimed.holdReference, subscriptionId: claimed.id });
    if (saved.status === "requires_action") return saved;
    if (saved.status === "declined") return saved;
    if (saved.status === "not_this_order") return saved;
    if (saved.status === "failed") return { status: "busy" };
    const card = { cardReference: saved.reference, cardBrand: saved.cardBrand, cardLast4: saved.cardLast4 };
    if (claimed.state === "hold_expired") {
      return { status: "saved", subscription: (await useCard(claimed.id, card)) ?? claimed };
    }
    return await chargeDue(gateway, claimed, card);
  } finally {
    await releaseClaim(subscription.id);
  }
}

async function chargeDue(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  card: { cardReference: string; cardBrand: string | null; cardLast4: string | null },
): Promise<AnotherCardOutcome> {
  const amount = amountDue(subscription)!;
  const charged = await chargeSavedCard(gateway, subscription, { for: "another card", card: card.cardReference }, amount);
  if (charged.status === "unanswered") return { status: "busy" };
  const at = await lifecycleNow();
  if (charged.status === "declined") {
    await recordPayment(subscription.id, charged.payment, at);
    return { status: "declined", message: charged.message };
  }
  const period = charged.period;
  // The first period starts now; a renewal keeps the dates it always had.
  const start = subscription.firstPeriodStart ?? at;
  const nextBillingAt = billingDateAfter(start, subscription.plan, subscription.nextBillingAt ?? start);
  const event = subscription.state === "payment_needed" ? "approved_charged" : "renewal_charged";
  const moved = await applyTransition(subscription, {
    event,
    at,
    whilePeriodsPaid: period,
    changes: {
      ...card,
      periodsPaid: period + 1,
      firstPeriodStart: start,
      nextBillingAt,
      dueAt: nextBillingAt,
      failedAttempts: 0,
      reminderDueAt: reminderFor(subscription.plan, subscription.shipState, nextBillingAt),
    },
    detail: { amount_cents: amount, period, another_card: true },
    payment: charged.payment,
    messages: transitionMessages(subscription, event, at, { amount_cents: amount, period }, { nextBillingAt }),
  });
  if (moved === undefined) return { status: "nothing_due", subscription: (await findSubscription(subscription.id)) ?? subscription };
  return { status: "paid", subscription: moved, amountCents: amount };
}
