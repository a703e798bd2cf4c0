// Money given back from a paid capture or charge (the owner's refund, or the one the terms
// promise when she is medically disqualified). Exactly once, whoever presses: the amount is
// set aside before the gateway is called, by one conditional statement that never takes the
// refunded total past what was paid (db/stores/subscriptions.server.ts, setAsideRefund), with
// the pending refund's row and the caller's audit row in the same transaction. The gateway
// gets the row's own idempotency key; its answer settles the row once, with the timeline's
// line, the provider's event and her email in one transaction. A gateway that does not answer
// leaves the refund pending: the lifecycle worker asks again with the same key.
import { randomUUID } from "node:crypto";
import { checkRefundAmount, isRefundable, refundableCents, type RefundReason } from "../../funnel/refunds";
import { database, type Queryable } from "../db/client.server";
import { findOrderById } from "../db/stores/orders.server";
import { enqueueOutboxMessage, type OutboxMessage } from "../db/stores/outbox.server";
import {
  findPayment,
  findSubscription,
  noteOnTimeline,
  pendingRefunds,
  setAsideRefund,
  settleRefund,
  type SubscriptionPaymentRow,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import { log } from "../log.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { withOutbox } from "../outbox/with-outbox.server";
import { lifecycleNow } from "./clock.server";
import { emailMessage, orderEventMessage } from "./order-events.server";

export interface RefundAsked {
  /** The paid capture or charge (its row in subscription_payments). */
  paymentId: number;
  amountCents: number;
  reason: Exclude<RefundReason, "made_at_gateway">;
  note: string | null;
  /** Her own email about it (false when another email says it: medically disqualified). */
  tellHer: boolean;
  /** Written with the refund's row, only when it is (the console's audit row). */
  alsoRecord?: (tx: Queryable, refund: SubscriptionPaymentRow) => Promise<void>;
}

export type RefundOutcome =
  | { status: "refunded"; refund: SubscriptionPaymentRow }
  /** The gateway did not answer: the refund stays set aside and the worker asks again. */
  | { status: "pending"; refund: SubscriptionPaymentRow }
  /** The gateway said no: nothing refunded, the amount free again. */
  | { status: "refused"; message: string }
  /** Less is left than asked (another refund may have come first): the message says how much. */
  | { status: "too_much"; leftCents: number; message: string }
  /** Not a paid payment of this order. */
  | { status: "not_refundable" };

/** "Visa ending 4242", from the card the subscription charges now or the hold's. */
export function cardWords(card: { cardBrand: string | null; cardLast4: string | null }): string | undefined {
  if (!card.cardLast4) return undefined;
  const brand = card.cardBrand ? card.cardBrand.charAt(0).toUpperCase() + card.cardBrand.slice(1) : "card";
  return `${brand} ending ${card.cardLast4}`;
}

/**
 * The card a refund of `payment` goes back to, in words, only when it is certain: the hold's
 * card (kept on the order) paid the capture, and every charge while she had given no other.
 * Once she gave another card, which card paid an older charge is not recorded here, so her
 * email names none rather than perhaps the wrong one.
 */
export async function refundedCard(subscription: SubscriptionRow, payment: SubscriptionPaymentRow): Promise<string | undefined> {
  if (payment.kind === "charge" && subscription.cardReference !== null) return undefined;
  const order = await findOrderById(subscription.orderId);
  return order ? cardWords(order) : undefined;
}

export async function refundPayment(gateway: PaymentGateway, subscription: SubscriptionRow, asked: RefundAsked): Promise<RefundOutcome> {
  const payment = await findPayment(asked.paymentId);
  if (!payment || payment.subscriptionId !== subscription.id || !isRefundable(payment)) return { status: "not_refundable" };
  const check = checkRefundAmount(asked.amountCents, refundableCents(payment.amountCents, payment.refundedCents));
  if (!check.ok) return tooMuch(payment, check.message);

  const at = await lifecycleNow();
  const refund = await (
    await database()
  ).transaction(async (tx) => {
    const row = await setAsideRefund(tx, subscription.id, payment.id, {
      amountCents: asked.amountCents,
      reason: asked.reason,
      note: asked.note,
      idempotencyKey: `refund:${randomUUID()}`,
      at,
    });
    if (row && asked.alsoRecord) await asked.alsoRecord(tx, row);
    return row;
  });
  // Another refund took what was left between our read and our write.
  if (!refund) {
    const now = (await findPayment(payment.id)) ?? payment;
    const left = refundableCents(now.amountCents, now.refundedCents);
    const again = checkRefundAmount(asked.amountCents, left);
    return tooMuch(now, again.ok ? "Another refund of this payment is being made: try again in a moment." : again.message);
  }
  return askGateway(gateway, subscription, payment, refund, asked.tellHer);
}

function tooMuch(payment: SubscriptionPaymentRow, message: string): RefundOutcome {
  return { status: "too_much", leftCents: refundableCents(payment.amountCents, payment.refundedCents), message };
}

/** The gateway's answer to a pending refund, recorded once. */
async function askGateway(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  payment: SubscriptionPaymentRow,
  refund: SubscriptionPaymentRow,
  tellHer: boolean,
): Promise<RefundOutcome> {
  if (!payment.gatewayReference) return settleRefused(refund, "The payment has no reference at the gateway.");
  const answer = await gateway.refund({
    paymentReference: payment.gatewayReference,
    amountCents: refund.amountCents,
    idempotencyKey: refund.idempotencyKey,
    metadata: { subscription_id: subscription.id, refund_payment_id: String(refund.id), order_reference: subscription.reference },
  });
  if (answer.status === "failed") {
    log.warn({ operation: "refund", reason: answer.message }, "payment call to be tried again");
    return { status: "pending", refund };
  }
  if (answer.status === "refused") return settleRefused(refund, answer.message);
  const at = await lifecycleNow();
  // Read before the transaction: the embedded engine runs one statement at a time, and a read
  // outside an open transaction would wait for it.
  const current = (await findSubscription(subscription.id)) ?? subscription;
  const card = tellHer ? await refundedCard(current, payment) : undefined;
  const settled = await withOutbox(async (tx) => {
    const row = await settleRefund(tx, refund.id, { status: "succeeded", reference: answer.reference });
    if (!row) return undefined;
    const detail = { amount_cents: row.amountCents, period: row.period, reason: row.reason };
    await noteOnTimeline(tx, subscription.id, "refunded", at, detail);
    // The refund's id in both messages: two refunds alike settled at one moment (people
    // refunding $10 each at once) are two messages, where the outbox would keep one.
    const event = orderEventMessage(current, "refunded", at, {
      amount_cents: row.amountCents,
      period: row.period,
      reason: row.reason ?? undefined,
    });
    await enqueueOutboxMessage(tx, withRefundId(event, row.id));
    if (tellHer) {
      const email = emailMessage(current, "refunded", at, { amountCents: row.amountCents, period: row.period, card });
      await enqueueOutboxMessage(tx, withRefundId(email, row.id));
    }
    return row;
  });
  // Settled by another (the worker asking again at the same moment): the refund is made all the same.
  return { status: "refunded", refund: settled ?? { ...refund, status: "succeeded", gatewayReference: answer.reference } };
}

/**
 * The provider's event or her email of one refund, named by its id: two alike refunds at one
 * moment are two messages, not one (the outbox keys a message by what it says).
 */
export function withRefundId(message: OutboxMessage, refundId: number): OutboxMessage {
  if (message.kind === "order-event") return { kind: "order-event", payload: { ...message.payload, refund_id: refundId } };
  if (message.kind === "email") return { kind: "email", payload: { ...message.payload, refund_id: refundId } };
  return message;
}

async function settleRefused(refund: SubscriptionPaymentRow, message: string): Promise<RefundOutcome> {
  const at = await lifecycleNow();
  await (
    await database()
  ).transaction(async (tx) => {
    const row = await settleRefund(tx, refund.id, { status: "failed", message });
    if (row) await noteOnTimeline(tx, refund.subscriptionId, "refund_failed", at, { amount_cents: row.amountCents, period: row.period });
  });
  return { status: "refused", message };
}

/**
 * The lifecycle worker's part: each refund the gateway did not answer is asked again with
 * its own key (a refund made meanwhile is answered, not made twice). Her email goes with it
 * unless the refund was the one medically disqualified promises (that email said it).
 */
export async function retryPendingRefunds(gateway: PaymentGateway, limit = 25): Promise<number> {
  let settled = 0;
  for (const refund of await pendingRefunds(limit)) {
    const subscription = await findSubscription(refund.subscriptionId);
    const payment = refund.refundOf === null ? undefined : await findPayment(refund.refundOf);
    if (!subscription || !payment) continue;
    // One refund that cannot be asked about now must not keep the others waiting.
    try {
      const outcome = await askGateway(gateway, subscription, payment, refund, refund.reason !== "medically_disqualified");
      if (outcome.status !== "pending") settled++;
    } catch (error) {
      log.error({ operation: "refund", error: error instanceof Error ? error.name : "unknown" }, "pending refund not asked about");
    }
  }
  return settled;
}
