// Charging her saved card without her: a renewal, an approval after the hold lapsed, or the
// amount due on another card she gave. The request and the payment it records are made here
// for all three, so each charge names her order the same way on her statement and in the
// gateway's dashboard. The idempotency keys must never change, not even by a character: a key
// that changed across a deploy would charge a second time for the same period.
import type { NewPayment, SubscriptionRow } from "../db/stores/subscriptions.server";
import type { PaymentGateway } from "../payments/gateway.server";

/** Why the card is charged now; it decides the card, the period and the key. */
export type SavedCardChargeReason =
  /** The period due (`periodsPaid`), try `attempt` (0 the first): each try has its key. */
  | { for: "renewal"; attempt: number }
  /** The first period, approved after the hold lapsed: one key per subscription. */
  | { for: "approval" }
  /** The amount due (`periodsPaid`) on the card she has just given: one key per period and card. */
  | { for: "another card"; card: string };

export type SavedCardChargeOutcome =
  /** Charged: `payment` is the succeeded charge to record. */
  | { status: "paid"; period: number; payment: NewPayment }
  /** Her bank said no: `payment` is the failed charge to record. */
  | { status: "declined"; period: number; message: string; payment: NewPayment }
  /** No answer: nothing to record; the same key is tried again. */
  | { status: "unanswered"; message: string };

/** The card a charge without her uses: the one she gave last, else the hold's. */
function savedCardOf(subscription: SubscriptionRow): string {
  return subscription.cardReference ?? subscription.holdReference;
}

function chargeOf(subscription: SubscriptionRow, reason: SavedCardChargeReason) {
  switch (reason.for) {
    case "renewal": {
      const period = subscription.periodsPaid;
      return {
        period,
        card: savedCardOf(subscription),
        key: `renewal:${subscription.id}:${period}:${reason.attempt}`,
        name: `period ${period + 1}`,
      };
    }
    case "approval":
      return { period: 0, card: savedCardOf(subscription), key: `approval:${subscription.id}`, name: "first period" };
    case "another card": {
      const period = subscription.periodsPaid;
      return {
        period,
        card: reason.card,
        key: `another-card:${subscription.id}:${period}:${reason.card}`,
        name: `period ${period + 1}`,
      };
    }
  }
}

/** `amountCents` charged once to her card for `reason`, and the payment that records it. */
export async function chargeSavedCard(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  reason: SavedCardChargeReason,
  amountCents: number,
): Promise<SavedCardChargeOutcome> {
  const { period, card, key, name } = chargeOf(subscription, reason);
  const charged = await gateway.chargeSavedCard({
    savedCard: card,
    amountCents,
    currency: "usd",
    idempotencyKey: key,
    description: `Order ${subscription.reference}, ${name}`,
    metadata: { subscription_id: subscription.id, period: String(period), order_reference: subscription.reference },
  });
  if (charged.status === "failed") return { status: "unanswered", message: charged.message };
  const payment = { kind: "charge" as const, period, amountCents, gatewayReference: charged.reference, idempotencyKey: key };
  if (charged.status === "paid") return { status: "paid", period, payment: { ...payment, status: "succeeded" } };
  return {
    status: "declined",
    period,
    message: charged.message,
    payment: { ...payment, status: "failed", failureMessage: charged.message },
  };
}
