// What each verified Stripe event does (routes/api.stripe.webhook.ts checks the signature). Every
// field read is checked before use, an unreadable event ignored. Nothing is done twice however
// often Stripe sends one: conditional transitions, disputes written in place, Dashboard refunds
// under a key of their own.
import type Stripe from "stripe";
import { disputeWordPattern } from "../../funnel/disputes";
import { awaitingReviewStates, billedStates } from "../../funnel/subscription-life";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import {
  findPaymentByGatewayReference,
  findSubscription,
  findSubscriptionByHold,
  noteOnTimeline,
  paidPaymentByReference,
  recordOutsideRefund,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import { database } from "../db/client.server";
import { log } from "../log.server";
import type { DisputeFacts } from "../payments/gateway.server";
import { withOutbox } from "../outbox/with-outbox.server";
import { lifecycleNow } from "./clock.server";
import { recordDispute } from "./disputes.server";
import { emailMessage, orderEventMessage } from "./order-events.server";
import { refundedCard, withRefundId } from "./refunds.server";
import { expireHold } from "./review.server";

export type StripeEventOutcome =
  | "hold expired"
  | "already recorded"
  | "left to the worker"
  | "needs a look"
  | "dispute opened"
  | "dispute closed"
  | "dispute changed"
  | "refund recorded"
  | "ignored";

const subscriptionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const periodPattern = /^\d{1,6}$/;
const paymentIntentPattern = /^pi_[A-Za-z0-9_]{1,200}$/;
const disputeIdPattern = /^(du|dp)_[A-Za-z0-9_]{1,200}$/;
const chargeIdPattern = /^(ch|py)_[A-Za-z0-9_]{1,200}$/;
const refundIdPattern = /^(re|pyr)_[A-Za-z0-9_]{1,200}$/;

const disputeTypes = ["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"];
const intentTypes = ["payment_intent.canceled", "payment_intent.succeeded", "payment_intent.payment_failed"];

function objectOf(event: Stripe.Event): Record<string, unknown> | undefined {
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  return object !== null && typeof object === "object" && !Array.isArray(object) ? (object as Record<string, unknown>) : undefined;
}

const matching = (value: unknown, pattern: RegExp): string | undefined =>
  typeof value === "string" && pattern.test(value) ? value : undefined;
const centsOf = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

export async function handleStripeEvent(event: Stripe.Event): Promise<StripeEventOutcome> {
  const type: unknown = event.type;
  if (typeof type !== "string") return "ignored";
  if (disputeTypes.includes(type)) {
    const dispute = disputeOf(objectOf(event));
    return dispute ? disputeTold(dispute) : "ignored";
  }
  if (type === "charge.refunded") {
    const charge = refundedChargeOf(objectOf(event));
    return charge ? refundedAtStripe(charge) : "ignored";
  }
  if (!intentTypes.includes(type)) return "ignored";
  const intent = paymentIntentOf(objectOf(event));
  if (intent === undefined) return "ignored";
  if (type === "payment_intent.canceled") return holdCanceled(intent);
  const hold = await findSubscriptionByHold(intent.id);
  if (hold) return type === "payment_intent.succeeded" ? holdCaptured(hold, intent) : "ignored";
  return chargeSettled(intent, type === "payment_intent.succeeded" ? "succeeded" : "failed");
}

// ---- Disputes -------------------------------------------------------------------------

/** The payment it takes back (its PaymentIntent), how much, why, where it stands. */
function disputeOf(object: Record<string, unknown> | undefined): DisputeFacts | undefined {
  if (object?.object !== "dispute") return undefined;
  const id = matching(object.id, disputeIdPattern);
  const paymentReference = matching(object.payment_intent, paymentIntentPattern);
  const amountCents = centsOf(object.amount);
  const reason = matching(object.reason, disputeWordPattern);
  const status = matching(object.status, disputeWordPattern);
  if (!id || !paymentReference || amountCents === undefined || !reason || !status) return undefined;
  const details = object.evidence_details;
  const dueBy = details !== null && typeof details === "object" ? (details as { due_by?: unknown }).due_by : undefined;
  // Unix seconds; past year 9999 a Date is no longer one.
  const dueSeconds = typeof dueBy === "number" && Number.isSafeInteger(dueBy) && dueBy > 0 && dueBy < 253_402_300_800 ? dueBy : undefined;
  return {
    id,
    paymentReference,
    amountCents,
    reason,
    status,
    evidenceDueBy: dueSeconds === undefined ? null : new Date(dueSeconds * 1000),
  };
}

async function disputeTold(dispute: DisputeFacts): Promise<StripeEventOutcome> {
  const recorded = await recordDispute(dispute);
  switch (recorded) {
    case "opened":
      return "dispute opened";
    case "closed":
      return "dispute closed";
    case "changed":
      return "dispute changed";
    case "unchanged":
      return "already recorded";
    case "unknown payment":
      return "ignored";
  }
}

// ---- Refunds made in Stripe's Dashboard -------------------------------------------------

interface RefundedCharge {
  id: string;
  paymentIntent: string;
  /** Everything refunded of the charge so far, ours included. */
  amountRefunded: number;
  /** When the event lists the refunds. */
  refundId: string | null;
}

function refundedChargeOf(object: Record<string, unknown> | undefined): RefundedCharge | undefined {
  if (object?.object !== "charge") return undefined;
  const id = matching(object.id, chargeIdPattern);
  const paymentIntent = matching(object.payment_intent, paymentIntentPattern);
  const amountRefunded = centsOf(object.amount_refunded);
  if (!id || !paymentIntent || amountRefunded === undefined) return undefined;
  const refunds = object.refunds !== null && typeof object.refunds === "object" ? (object.refunds as { data?: unknown }).data : undefined;
  const newest: unknown = Array.isArray(refunds) ? refunds[0] : undefined;
  const refundId =
    newest !== null && typeof newest === "object" ? (matching((newest as { id?: unknown }).id, refundIdPattern) ?? null) : null;
  return { id, paymentIntent, amountRefunded, refundId };
}

/**
 * Ours are counted from the moment they are set aside, so only what Stripe says beyond them was
 * made elsewhere (the Dashboard): recorded as "made_at_gateway" under a key of the charge and its
 * refunded total, the payment's row locked while weighed, so repeated or concurrent deliveries
 * record it once.
 */
async function refundedAtStripe(charge: RefundedCharge): Promise<StripeEventOutcome> {
  const found = await paidPaymentByReference(await database(), charge.paymentIntent);
  // The embedded engine runs one statement at a time: read before the transaction.
  const subscription = found ? await findSubscription(found.subscriptionId) : undefined;
  if (!found || !subscription) return "ignored";
  const card = await refundedCard(subscription, found);
  const at = await lifecycleNow();
  return withOutbox(async (tx) => {
    const payment = await paidPaymentByReference(tx, charge.paymentIntent, true);
    if (!payment) return "ignored";
    const beyondOurs = Math.min(charge.amountRefunded, payment.amountCents) - payment.refundedCents;
    if (beyondOurs <= 0) return "already recorded";
    const refund = await recordOutsideRefund(tx, subscription.id, payment.id, {
      amountCents: beyondOurs,
      reason: "made_at_gateway",
      note: null,
      idempotencyKey: `stripe-refunded:${charge.id}:${charge.amountRefunded}`,
      gatewayReference: charge.refundId,
      at,
    });
    if (!refund) return "already recorded";
    const told = { amount_cents: refund.amountCents, period: refund.period, reason: "made_at_gateway" };
    await noteOnTimeline(tx, subscription.id, "refunded", at, told);
    await enqueueOutboxMessage(tx, withRefundId(orderEventMessage(subscription, "refunded", at, told), refund.id));
    // She sees the money come back: she hears it from us too, as with a refund made here.
    await enqueueOutboxMessage(
      tx,
      withRefundId(emailMessage(subscription, "refunded", at, { amountCents: refund.amountCents, period: refund.period, card }), refund.id),
    );
    return "refund recorded";
  });
}

// ---- Holds and charges ------------------------------------------------------------------

interface IntentFacts {
  id: string;
  subscriptionId: string | undefined;
  period: number | undefined;
}

/** With the metadata we put on our charges. */
function paymentIntentOf(object: Record<string, unknown> | undefined): IntentFacts | undefined {
  if (object?.object !== "payment_intent") return undefined;
  const id = matching(object.id, paymentIntentPattern);
  if (!id) return undefined;
  const meta = object.metadata !== null && typeof object.metadata === "object" ? (object.metadata as Record<string, unknown>) : {};
  const subscriptionId = matching(meta.subscription_id, subscriptionIdPattern);
  const period = matching(meta.period, periodPattern);
  return { id, subscriptionId, period: period === undefined ? undefined : Number(period) };
}

/** Its capture_before passed, or someone cancelled it there. */
async function holdCanceled(intent: IntentFacts): Promise<StripeEventOutcome> {
  const subscription = await findSubscriptionByHold(intent.id);
  if (subscription === undefined) return "ignored";
  if (subscription.state !== "on_hold") return "already recorded";
  // Decided: the settlement's capture or release hears the hold is gone and records that itself.
  if (subscription.decision !== null) return "left to the worker";
  return (await expireHold(subscription, await lifecycleNow())) ? "hold expired" : "already recorded";
}

/** By our approval (recorded, or to be by the worker), or not by us. */
function holdCaptured(subscription: SubscriptionRow, intent: IntentFacts): StripeEventOutcome {
  if (subscription.periodsPaid > 0) return "already recorded";
  if (subscription.decision === "approved" && awaitingReviewStates.includes(subscription.state)) return "left to the worker";
  log.error(
    { subscription: subscription.id, payment_intent: intent.id, state: subscription.state },
    "Stripe captured a hold we did not approve",
  );
  return "needs a look";
}

/** A renewal, or an approval's charge of the saved card. */
async function chargeSettled(intent: IntentFacts, status: "succeeded" | "failed"): Promise<StripeEventOutcome> {
  const recorded = await findPaymentByGatewayReference(intent.id);
  if (recorded) {
    if (recorded.status === status) return "already recorded";
    log.error(
      {
        subscription: recorded.subscriptionId,
        period: recorded.period,
        payment_intent: intent.id,
        recorded: recorded.status,
        stripe: status,
      },
      "Stripe's event disagrees with our payment record",
    );
    return "needs a look";
  }
  if (intent.subscriptionId === undefined || intent.period === undefined) return "ignored";
  const subscription = await findSubscription(intent.subscriptionId);
  if (subscription === undefined) return "ignored";
  if (stillDue(subscription, intent.period)) return "left to the worker";
  if (status === "failed") return "ignored";
  log.error(
    { subscription: subscription.id, period: intent.period, payment_intent: intent.id, state: subscription.state },
    "Stripe took a payment we have no record of",
  );
  return "needs a look";
}

/** With the same key, so the same PaymentIntent. */
function stillDue(subscription: SubscriptionRow, period: number): boolean {
  if (period === 0) return subscription.decision === "approved" && awaitingReviewStates.includes(subscription.state);
  return billedStates.includes(subscription.state) && subscription.dueAt !== null && subscription.periodsPaid === period;
}
