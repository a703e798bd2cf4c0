// Checkout attempts cut off mid-way (decision 0008): the attempt claims the order before the
// card is tried, so a process that dies between the gateway's answer and our write leaves the
// order "processing" while the gateway may hold her money. After a grace longer than any live
// attempt takes, the gateway is asked what became of the attempt's idempotency key: a hold it
// placed is recorded as if the answer had arrived (her order goes on, her email goes out),
// anything else is marked failed so that she can press again, with a new key, and never gets a
// second hold. Run by the lifecycle round for every stale attempt, and by her own press when
// it finds one (submit-order-once.server.ts).
import { defaultDestination } from "../../funnel/pre-auth-order";
import { staleProcessingOrders, type OrderRow } from "../db/stores/orders.server";
import { log } from "../log.server";
import { paymentMessages, type AttemptLookup, type PaymentGateway } from "../payments/gateway.server";
import { lifecycleNow } from "../subscriptions/clock.server";
import { recordFailure, recordFoundAuthorisation } from "./order-record.server";

/**
 * How long an attempt may be "processing" before it counts as cut off: far longer than a live
 * one takes (Stripe's calls time out after 10 s, retried once), and longer than Stripe's
 * search takes to see a new PaymentIntent (under a minute).
 */
export const attemptGraceMs = 2 * 60_000;

/** Stale attempts looked at in one lifecycle round: the rest wait for the next one. */
const batchSize = 50;

/** What the gateway is asked. */
export type AttemptLookupGateway = Pick<PaymentGateway, "lookupAttempt">;

/**
 * What came of reconciling: recorded authorised or failed; "moved" when the attempt no longer
 * held the order (another reconciler, or her own press, was first); "unanswered" when the
 * gateway could not say, so the order waits for the next try.
 */
export type Reconciliation = "authorised" | "failed" | "moved" | "unanswered";

/** The gateway's idempotency key of the attempt that holds the order. */
export function attemptIdempotencyKey(order: Pick<OrderRow, "id" | "attemptKey">): string {
  return `${order.id}:${order.attemptKey}`;
}

/**
 * What the gateway knows of the attempt, or undefined when it could not be asked. Asking never
 * places a hold; a half-way one is closed by the gateway (gateway.server.ts, lookupAttempt).
 */
export async function lookUpAttempt(gateway: AttemptLookupGateway, order: OrderRow): Promise<AttemptLookup | undefined> {
  try {
    return await gateway.lookupAttempt({ idempotencyKey: attemptIdempotencyKey(order), orderId: order.id });
  } catch (error) {
    log.warn({ order: order.reference, error: error instanceof Error ? error.name : "unknown" }, "checkout attempt lookup failed");
    return undefined;
  }
}

/**
 * Records what the gateway found as the attempt's answer, only while that attempt still holds
 * the order: a hold as the payment (the provider's copy through the outbox, her subscription
 * on hold with its email), anything else as a failure that gives back its promo use.
 */
export async function recordFoundAttempt(order: OrderRow, found: AttemptLookup): Promise<Exclude<Reconciliation, "unanswered">> {
  if (found.status === "authorised") {
    const card = { reference: found.reference, cardBrand: found.cardBrand, cardLast4: found.cardLast4 };
    const hold = { reference: found.reference, expiresAt: found.holdExpiresAt, placedAt: await lifecycleNow() };
    return (await recordFoundAuthorisation(order, card, hold, defaultDestination)) ? "authorised" : "moved";
  }
  return (await recordFailure(order, "failed", paymentMessages.unexpected)) ? "failed" : "moved";
}

/** One attempt still "processing": asked of the gateway and recorded. */
export async function reconcileAttempt(gateway: AttemptLookupGateway, order: OrderRow): Promise<Reconciliation> {
  if (order.status !== "processing" || order.attemptKey === null) return "moved";
  const found = await lookUpAttempt(gateway, order);
  if (found === undefined) return "unanswered";
  const outcome = await recordFoundAttempt(order, found);
  if (outcome !== "moved") log.info({ order: order.reference, outcome }, "checkout attempt reconciled");
  return outcome;
}

/**
 * The lifecycle round's part: attempts "processing" for longer than `graceMs`, oldest first,
 * a bounded batch. How many were settled (authorised or failed).
 */
export async function reconcileStaleAttempts(gateway: AttemptLookupGateway, graceMs: number = attemptGraceMs): Promise<number> {
  let settled = 0;
  for (const order of await staleProcessingOrders(new Date(Date.now() - graceMs), batchSize)) {
    try {
      const outcome = await reconcileAttempt(gateway, order);
      if (outcome === "authorised" || outcome === "failed") settled++;
    } catch (error) {
      log.error({ order: order.reference, error: error instanceof Error ? error.name : "unknown" }, "checkout attempt reconcile failed");
    }
  }
  return settled;
}
