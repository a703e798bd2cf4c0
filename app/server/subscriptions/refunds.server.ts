// Money given back from a paid capture or charge, exactly once whoever presses: the amount is set
// aside before the gateway is called by one conditional statement never past what was paid
// (setAsideRefund), with the pending row and the audit row in one transaction. The gateway gets
// the row's key; its answer settles the row once with the timeline line, the provider's event and
// her email. No answer leaves it pending: the worker asks again with the same key.
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
  paymentId: number;
  amountCents: number;
  reason: Exclude<RefundReason, "made_at_gateway">;
  note: string | null;
  /** False when another email says it (medically disqualified). */
  tellHer: boolean;
  /** The console's audit row, written with the refund's row only when it is. */
  alsoRecord?: (tx: Queryable, refund: SubscriptionPaymentRow) => Promise<void>;
}

export type RefundOutcome =
  | { status: "refunded"; refund: SubscriptionPaymentRow }
  /** Stays set aside; the worker asks again. */
  | { status: "pending"; refund: SubscriptionPaymentRow }
  /** Nothing refunded, the amount free again. */
  | { status: "refused"; message: string }
  /** Another refund may have come first. */
  | { status: "too_much"; leftCents: number; message: string }
  | { status: "not_refundable" };

/** The card the subscription charges now, or the hold's. */
export function cardWords(card: { cardBrand: string | null; cardLast4: string | null }): string | undefined {
  if (!card.cardLast4) return undefined;
  const brand = card.cardBrand ? card.cardBrand.charAt(0).toUpperCase() + card.cardBrand.slice(1) : "card";
  return `${brand} ending ${card.cardLast4}`;
}

/**
 * Only when certain: the hold's card paid the capture, and every charge until she gave another.
 * After that an older charge's card is not recorded, so her email names none rather than the
 * wrong one.
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
  // The embedded engine runs one statement at a time: a read outside an open transaction would wait for it.
  const current = (await findSubscription(subscription.id)) ?? subscription;
  const card = tellHer ? await refundedCard(current, payment) : undefined;
  const settled = await withOutbox(async (tx) => {
    const row = await settleRefund(tx, refund.id, { status: "succeeded", reference: answer.reference });
    if (!row) return undefined;
    const detail = { amount_cents: row.amountCents, period: row.period, reason: row.reason };
    await noteOnTimeline(tx, subscription.id, "refunded", at, detail);
    // The refund's id makes two alike refunds at one moment two messages; the outbox would keep one.
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
  // Settled meanwhile by another (the worker asking again): made all the same.
  return { status: "refunded", refund: settled ?? { ...refund, status: "succeeded", gatewayReference: answer.reference } };
}

/** The outbox keys a message by what it says, so two alike refunds at one moment need their ids. */
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

/** Asked again with its own key (one made meanwhile is answered, not made twice); no email when disqualification's said it. */
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
