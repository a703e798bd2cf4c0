// The order and its payment, exactly once (spec section 7 "pre-auth-checkout"; decision 0008).
// One checkout attempt runs at a time: an attempt claims the order's row by moving it to
// "processing" with its attempt key (db/stores/orders.server.ts), so a double click, a second
// tab or a resubmitted page finds the claim taken and waits for that attempt's result instead
// of paying again. The gateway gets an idempotency key made of the order id and the attempt
// key, so even a retry after a crash returns the same authorisation.
import { defaultDestination, variantDestination, type OrderDestination, type PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { claimStaleOrder, claimWaitingOrder, findOrder, recordRequiresAction, type OrderRow } from "../db/stores/orders.server";
import { idempotencyKeyOf, type OutboxMessage } from "../db/stores/outbox.server";
import type { AuthorisationResult } from "../payments/gateway.server";
import { provider } from "../provider/index.server";
import { ProviderError } from "../provider/provider.server";
import { log } from "../log.server";
import { lifecycleNow } from "../subscriptions/clock.server";
import { claimOrder, recordAuthorised, recordFailure, recordPayment } from "./order-record.server";

export type OrderOutcome =
  | { status: "authorised"; destination: OrderDestination }
  | {
      status: "requires_action";
      action: { kind: "redirect"; url: string } | { kind: "stripe-next-action"; clientSecret: string };
    }
  | { status: "declined" | "failed"; message: string }
  /** Another attempt is still running after we waited for it. */
  | { status: "processing" };

/** A new attempt's outcome; or its promo code ran out (its cap, its dates) and no card was tried. */
export type SubmitOutcome = OrderOutcome | { status: "promo_unavailable" };

/** An attempt left "processing" this long was cut off (a crash); its own key may run it again. */
const staleProcessingMs = 2 * 60_000;
/** How long the outbox worker leaves an order alone while this request delivers it itself. */
const ownDeliveryMs = 60_000;
/** How long a second request waits for the attempt that is running. */
const waitForAttemptMs = 20_000;

const unexpected = "An unexpected error occurred. Please try again.";

/**
 * The attempts this process is running, by flow: a second press that reaches the same
 * process waits for the attempt itself instead of asking the database every 150 ms (a burst
 * of double clicks would otherwise be hundreds of reads a second). One on another instance
 * is still waited for through the database.
 */
const attemptsRunningHere = new Map<string, Promise<unknown>>();

export interface CheckoutAttempt {
  responderUuid: string;
  /** From the page's form: one per rendered page, so a resubmitted page is the same attempt. */
  attemptKey: string;
  gateway: "sandbox" | "stripe";
  /** The order as it will be sent; its payment is filled in once authorised. */
  body: PreAuthOrderBody;
  amountCents: number;
  authorise(orderId: string, idempotencyKey: string): Promise<AuthorisationResult>;
  /**
   * Where an earlier attempt that was left waiting (3-D Secure or a hosted page she never
   * finished) stands now; never "requires_action". Without it such an order waits.
   */
  settlePending?(order: OrderRow): Promise<AuthorisationResult>;
}

/** Places the order, or answers the result of the attempt that already did. */
export async function submitOrder(attempt: CheckoutAttempt): Promise<SubmitOutcome> {
  // She left an authentication or a hosted payment page unfinished and tries again: that
  // earlier attempt is settled first (paid after all, or failed), so it neither blocks the new
  // one nor gets paid twice.
  const earlier = await findOrder(attempt.responderUuid);
  if (earlier?.status === "requires_action" && earlier.attemptKey !== attempt.attemptKey && attempt.settlePending) {
    const settled = await resumeOrder(earlier, await attempt.settlePending(earlier));
    if (settled.status === "authorised") return settled;
  }
  const values = { body: attempt.body, amountCents: attempt.amountCents, gateway: attempt.gateway };
  const claim = await claimOrder(attempt.responderUuid, attempt.attemptKey, values);
  if (claim.status === "promo_unavailable") return claim;
  const claimed = claim.status === "claimed" ? claim.order : await claimStaleOrder(attempt.responderUuid, staleProcessingMs);
  if (!claimed) return settledOutcome(attempt.responderUuid);

  const running = (async () => {
    let result: AuthorisationResult;
    try {
      result = await attempt.authorise(claimed.id, `${claimed.id}:${claimed.attemptKey ?? attempt.attemptKey}`);
    } catch (error) {
      log.error({ error: error instanceof Error ? error.name : "unknown" }, "payment gateway failed");
      result = { status: "failed", message: unexpected };
    }
    return recordResult(claimed, result);
  })();
  attemptsRunningHere.set(attempt.responderUuid, running);
  try {
    return await running;
  } finally {
    if (attemptsRunningHere.get(attempt.responderUuid) === running) attemptsRunningHere.delete(attempt.responderUuid);
  }
}

/** After authentication (3-D Secure) or the hosted page: records where the payment now stands. */
export async function resumeOrder(order: OrderRow, result: AuthorisationResult): Promise<OrderOutcome> {
  const claimed = await claimWaitingOrder(order.id);
  if (!claimed) return settledOutcome(order.responderUuid);
  return recordResult(claimed, result);
}

async function recordResult(order: OrderRow, result: AuthorisationResult): Promise<OrderOutcome> {
  switch (result.status) {
    case "authorised":
      return authorised(order, result);
    case "requires_action":
      await recordRequiresAction(order, result);
      return { status: "requires_action", action: result.action };
    case "declined":
    case "failed":
      await recordFailure(order, result.status, result.message);
      return { status: result.status, message: result.message };
  }
}

/**
 * The card is authorised: the order, with its payment, is queued for the provider in the
 * same transaction (so it reaches the provider even if we stop now), then sent at once for
 * the answer that says where she goes. If the provider does not answer, the outbox keeps
 * trying and she goes to our thank-you page.
 */
async function authorised(order: OrderRow, result: Extract<AuthorisationResult, { status: "authorised" }>): Promise<OrderOutcome> {
  const body = order.body as unknown as PreAuthOrderBody;
  const paid: PreAuthOrderBody = {
    ...body,
    payment: { stripePaymentMethodId: result.reference, amount: order.amountCents, currency: "usd" },
  };
  const message: OutboxMessage = {
    kind: "pre-auth-checkout",
    payload: { responderUuid: order.responderUuid, orderId: order.id, body: paid },
  };
  await recordPayment(order, paid, result, message, new Date(Date.now() + ownDeliveryMs));

  let destination = defaultDestination;
  let delivered = false;
  try {
    destination = variantDestination(
      await (await provider()).preAuthCheckout(paid, idempotencyKeyOf(message)),
      paid.metadata.variant ?? "current",
    );
    delivered = true;
  } catch (error) {
    log.warn({ error: error instanceof ProviderError ? error.message : error instanceof Error ? error.name : "unknown" }, "pre-auth order not yet accepted");
  }
  await recordAuthorised(order, destination, message, delivered, {
    reference: result.reference,
    expiresAt: result.holdExpiresAt,
    placedAt: await lifecycleNow(),
  });
  return { status: "authorised", destination };
}

/** The result of the attempt that holds the order, once it has one (or "processing"). */
async function settledOutcome(responderUuid: string): Promise<OrderOutcome> {
  const deadline = Date.now() + waitForAttemptMs;
  const runningHere = attemptsRunningHere.get(responderUuid);
  if (runningHere) {
    let timer: NodeJS.Timeout | undefined;
    const cutOff = new Promise((resolve) => (timer = setTimeout(resolve, waitForAttemptMs)));
    await Promise.race([runningHere.catch(() => undefined), cutOff]);
    clearTimeout(timer);
  }
  for (;;) {
    const order = await findOrder(responderUuid);
    if (!order) return { status: "failed", message: unexpected };
    const outcome = outcomeOf(order);
    if (outcome.status !== "processing" || Date.now() > deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** What the order's state means for her. */
export function outcomeOf(order: OrderRow): OrderOutcome {
  switch (order.status) {
    case "authorised":
      return {
        status: "authorised",
        destination: order.redirectUrl
          ? { redirect_url: order.redirectUrl, redirect_type: order.redirectType ?? "other" }
          : defaultDestination,
      };
    case "requires_action":
      return order.gateway === "sandbox" && order.paymentReference
        ? { status: "requires_action", action: { kind: "redirect", url: `/sandbox/authenticate/${order.paymentReference}` } }
        : { status: "processing" };
    case "declined":
    case "failed":
      return { status: order.status, message: order.failureMessage ?? "Payment failed. Please try again." };
    default:
      return { status: "processing" };
  }
}
