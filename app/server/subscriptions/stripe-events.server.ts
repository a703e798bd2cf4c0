// What each verified Stripe event does (the webhook route, routes/api.stripe.webhook.ts, checks
// the signature and says what each type means). Every field read from an event is checked
// (ids by their pattern, amounts as safe integers) before it is used; an event we cannot read
// is ignored. Nothing is done twice however often Stripe sends an event: holds and charges move
// by conditional transitions, a dispute is one row written in place, and a refund made in
// Stripe's Dashboard is recorded under a key of its own.
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

/** What became of an event, for the log line. */
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

/** The event's object, when it is one. */
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

/** Stripe's Dispute object: the payment it takes back (its PaymentIntent), how much, why, where it stands. */
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
  /** The newest refund's id, when the event lists the refunds. */
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
 * A charge of ours refunded at Stripe. Ours are already counted in the payment's refunded
 * cents from the moment they are set aside (pending ones included), so only what Stripe says
 * was refunded beyond them was made elsewhere (the Dashboard): recorded as a refund of
 * "made_at_gateway", with its timeline line and the provider's event, under a key of the
 * charge and its refunded total, so a repeat of the event writes nothing. The payment's row
 * is locked while it is weighed, so two deliveries at once record it once. No email: she was
 * not told by us, and whoever refunded in the Dashboard speaks for it.
 */
async function refundedAtStripe(charge: RefundedCharge): Promise<StripeEventOutcome> {
  const found = await paidPaymentByReference(await database(), charge.paymentIntent);
  // Read before the transaction (the embedded engine runs one statement at a time).
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

/** The PaymentIntent an event is about, when it is one, with the metadata we put on our charges. */
function paymentIntentOf(object: Record<string, unknown> | undefined): IntentFacts | undefined {
  if (object?.object !== "payment_intent") return undefined;
  const id = matching(object.id, paymentIntentPattern);
  if (!id) return undefined;
  const meta = object.metadata !== null && typeof object.metadata === "object" ? (object.metadata as Record<string, unknown>) : {};
  const subscriptionId = matching(meta.subscription_id, subscriptionIdPattern);
  const period = matching(meta.period, periodPattern);
  return { id, subscriptionId, period: period === undefined ? undefined : Number(period) };
}

/** Stripe let a hold go (its capture_before passed, or someone cancelled it there). */
async function holdCanceled(intent: IntentFacts): Promise<StripeEventOutcome> {
  const subscription = await findSubscriptionByHold(intent.id);
  if (subscription === undefined) return "ignored";
  if (subscription.state !== "on_hold") return "already recorded";
  // Decided: the settlement tries its capture (or release), hears the hold is gone, and
  // records that itself.
  if (subscription.decision !== null) return "left to the worker";
  return (await expireHold(subscription, await lifecycleNow())) ? "hold expired" : "already recorded";
}

/** A hold was captured: by our approval (recorded, or to be recorded by the worker), or not by us. */
function holdCaptured(subscription: SubscriptionRow, intent: IntentFacts): StripeEventOutcome {
  if (subscription.periodsPaid > 0) return "already recorded";
  if (subscription.decision === "approved" && awaitingReviewStates.includes(subscription.state)) return "left to the worker";
  log.error(
    { subscription: subscription.id, payment_intent: intent.id, state: subscription.state },
    "Stripe captured a hold we did not approve",
  );
  return "needs a look";
}

/** A charge of ours (a renewal, or an approval's charge of the saved card) succeeded or failed at Stripe. */
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

/** Whether the worker will charge this period again (with the same key, so the same PaymentIntent). */
function stillDue(subscription: SubscriptionRow, period: number): boolean {
  if (period === 0) return subscription.decision === "approved" && awaitingReviewStates.includes(subscription.state);
  return billedStates.includes(subscription.state) && subscription.dueAt !== null && subscription.periodsPaid === period;
}
