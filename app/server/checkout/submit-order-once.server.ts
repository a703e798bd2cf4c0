// The order and its payment, exactly once (spec section 7 "pre-auth-checkout"; decision 0008).
// One checkout attempt runs at a time: an attempt claims the order's row by moving it to
// "processing" with its attempt key (db/stores/orders.server.ts), so a double click, a second
// tab or a resubmitted page finds the claim taken and waits for that attempt's result instead
// of paying again. The gateway gets an idempotency key made of the order id and the attempt
// key, so even a retry after a crash returns the same authorisation. An attempt cut off
// mid-way (a crash) is settled by asking the gateway what became of that key
// (reconcile-attempts.server.ts), by the lifecycle worker or by her next press, whichever
// comes first; her next attempt then has its own key, never the old one.
import { defaultDestination, variantDestination, type OrderDestination, type PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { saveCheckoutDetails, type CheckoutDetails } from "../db/stores/addresses.server";
import { claimWaitingOrder, findOrder, recordRequiresAction, type OrderRow } from "../db/stores/orders.server";
import type { Language } from "../../i18n/languages";
import { idempotencyKeyOf } from "../db/stores/outbox.server";
import { databaseNotices } from "../db/client.server";
import type { SettledOrder } from "../db/notices.server";
import type { AttemptLookup, AuthorisationResult } from "../payments/gateway.server";
import { provider } from "../provider/index.server";
import { ProviderError } from "../provider/provider.server";
import { log } from "../log.server";
import { lifecycleNow } from "../subscriptions/clock.server";
import { claimOrder, paidOrderMessage, recordAuthorised, recordFailure, recordPayment } from "./order-record.server";
import { attemptGraceMs, attemptIdempotencyKey, lookUpAttempt, reconcileAttempt } from "./reconcile-attempts.server";

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

/** How long the outbox worker leaves an order alone while this request delivers it itself. */
const ownDeliveryMs = 60_000;
/** How long a second request waits for the attempt that is running. */
const waitForAttemptMs = 20_000;
/** How often a second request reads the order where the database tells nobody it changed. */
const readAgainMs = 150;
/** Where it tells (notices.server.ts): a read a second, in case a notice is lost. */
const readAgainUntoldMs = 1_000;

const unexpected = "An unexpected error occurred. Please try again.";

/**
 * The attempts this process is running, by flow: a second press that reaches the same
 * process waits for the attempt itself instead of asking the database every 150 ms (a burst
 * of double clicks would otherwise be hundreds of reads a second). One on another instance
 * is waited for through the database: on PostgreSQL, told when the order is settled.
 */
const attemptsRunningHere = new Map<string, Promise<unknown>>();

export interface CheckoutAttempt {
  responderUuid: string;
  /** Her order as this request first read it (undefined: none yet). */
  earlier: OrderRow | undefined;
  /** From the page's form: one per rendered page, so a resubmitted page is the same attempt. */
  attemptKey: string;
  gateway: "sandbox" | "stripe";
  /** The order as it will be sent; its payment is filled in once authorised. */
  body: PreAuthOrderBody;
  amountCents: number;
  /** The language of the page she paid on: her emails and her private page follow it. */
  language: Language;
  /** Her details as she gave them with this attempt: kept with the claim, before any card is tried. */
  details?: CheckoutDetails;
  authorise(orderId: string, idempotencyKey: string): Promise<AuthorisationResult>;
  /** What the gateway knows of an attempt by its key (PaymentGateway.lookupAttempt). */
  lookupAttempt(request: { idempotencyKey: string; orderId: string }): Promise<AttemptLookup>;
  /** How long after an attempt its lookup's "none" can be trusted (PaymentGateway.lookupSettlesAfterMs). */
  lookupSettlesAfterMs: number;
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
  const { earlier } = attempt;
  let { details } = attempt;
  if (earlier?.status === "requires_action" && earlier.attemptKey !== attempt.attemptKey && attempt.settlePending) {
    // The gateway is asked first: her details are kept before, whatever it answers.
    if (details) await saveCheckoutDetails(attempt.responderUuid, details);
    details = undefined;
    const settled = await resumeOrder(earlier, await attempt.settlePending(earlier));
    if (settled.status === "authorised") return settled;
  }
  const values = { body: attempt.body, amountCents: attempt.amountCents, gateway: attempt.gateway, language: attempt.language };
  // Her details are written in the claim's statement whether it claims the order or not.
  const claim = await claimOrder(attempt.responderUuid, attempt.attemptKey, values, details);
  if (claim.status === "claimed") return runAttempt(attempt, claim.order);
  if (claim.status === "promo_unavailable") return claim;

  // The order is taken: as the claim found it, or else as it is now. An attempt "processing"
  // past the grace was cut off (a crash): what became of it is asked of the gateway first, so
  // that she is told of a hold it placed, or else her attempt goes ahead under her own key and
  // with her own card.
  const read = claim.found ?? { at: performance.now(), order: await findOrder(attempt.responderUuid) };
  const current = read.order;
  if (current?.status === "processing" && current.updatedAt.getTime() < Date.now() - attemptGraceMs) {
    if ((await reconcileAttempt(attempt, current)) !== "unanswered") {
      const again = await claimOrder(attempt.responderUuid, attempt.attemptKey, values);
      if (again.status === "claimed") return runAttempt(attempt, again.order);
      if (again.status === "promo_unavailable") return again;
      return currentOutcome(attempt.responderUuid);
    }
  }
  return settledOutcome(attempt.responderUuid, read);
}

/** Tries her card under the attempt that claimed the order, and records what came of it. */
async function runAttempt(attempt: CheckoutAttempt, claimed: OrderRow): Promise<OrderOutcome> {
  const running = (async () => {
    let result: AuthorisationResult;
    try {
      result = await attempt.authorise(claimed.id, attemptIdempotencyKey(claimed));
    } catch (error) {
      log.error({ error: error instanceof Error ? error.name : "unknown" }, "payment gateway failed");
      result = { status: "failed", message: unexpected, unanswered: true };
    }
    // No answer (a timeout, a dropped connection): the gateway may have placed the hold all
    // the same. It is asked once before the attempt counts as failed, so that her next press
    // does not place a second one. Where its "none" cannot be trusted yet (Stripe's search
    // lags), the attempt stays "processing" and the lifecycle worker settles it after the grace.
    if (result.status === "failed" && result.unanswered) {
      const found = await lookUpAttempt(attempt, claimed);
      if (found?.status === "authorised") result = found;
      else if (found === undefined || (found.status === "none" && attempt.lookupSettlesAfterMs > 0))
        return { status: "processing" as const };
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
      if (!(await recordRequiresAction(order, result))) return currentOutcome(order.responderUuid);
      return { status: "requires_action", action: result.action };
    case "declined":
    case "failed":
      if (!(await recordFailure(order, result.status, result.message))) return currentOutcome(order.responderUuid);
      return { status: result.status, message: result.message };
  }
}

/**
 * Where the order stands now, for an attempt that no longer holds it: the reconciler settled
 * it while this one was still out (past the grace), or she has claimed it again since.
 */
async function currentOutcome(responderUuid: string): Promise<OrderOutcome> {
  const order = await findOrder(responderUuid);
  return order ? outcomeOf(order) : { status: "failed", message: unexpected };
}

/**
 * The card is authorised: the order, with its payment, is queued for the provider in the
 * same transaction (so it reaches the provider even if we stop now), then sent at once for
 * the answer that says where she goes. If the provider does not answer, the outbox keeps
 * trying and she goes to our thank-you page.
 */
async function authorised(order: OrderRow, result: Extract<AuthorisationResult, { status: "authorised" }>): Promise<OrderOutcome> {
  const { paid, message } = paidOrderMessage(order, result.reference);
  if (!(await recordPayment(order, paid, result, message, new Date(Date.now() + ownDeliveryMs)))) {
    return currentOutcome(order.responderUuid);
  }

  let destination = defaultDestination;
  let delivered = false;
  try {
    destination = variantDestination(
      await (await provider()).preAuthCheckout(paid, idempotencyKeyOf(message)),
      paid.metadata.variant ?? "current",
    );
    delivered = true;
  } catch (error) {
    log.warn(
      { error: error instanceof ProviderError ? error.message : error instanceof Error ? error.name : "unknown" },
      "pre-auth order not yet accepted",
    );
  }
  const recorded = await recordAuthorised(order, destination, message, delivered, {
    reference: result.reference,
    expiresAt: result.holdExpiresAt,
    placedAt: result.holdPlacedAt ?? (await lifecycleNow()),
  });
  return recorded ? { status: "authorised", destination } : currentOutcome(order.responderUuid);
}

/**
 * The result of the attempt that holds the order, once it has one (or "processing"). `read`
 * is the order as the caller has just read it (`at`: performance.now() before the read),
 * which is not read again before the wait: a notice told since then wakes the wait at once.
 */
async function settledOutcome(responderUuid: string, read?: { order: OrderRow | undefined; at: number }): Promise<OrderOutcome> {
  const deadline = Date.now() + waitForAttemptMs;
  // The attempt may run on another instance (or have ended with its process): read again when
  // the database says the order is settled, or at the interval where it says nothing.
  const notices = await databaseNotices();
  const settled = await notices.listen(responderUuid, read?.at);
  try {
    let order = read ? read.order : await findOrder(responderUuid);
    // Settled already (another attempt, or the reconciler, recorded it): nothing to wait for,
    // even while an attempt of this process is still out at the gateway.
    if (order && outcomeOf(order).status === "processing") {
      const runningHere = attemptsRunningHere.get(responderUuid);
      if (runningHere) {
        let timer: NodeJS.Timeout | undefined;
        const cutOff = new Promise((resolve) => (timer = setTimeout(resolve, waitForAttemptMs)));
        await Promise.race([runningHere.catch(() => undefined), cutOff]);
        clearTimeout(timer);
        order = await findOrder(responderUuid);
      }
    }
    for (;;) {
      if (!order) return { status: "failed", message: unexpected };
      const outcome = outcomeOf(order);
      if (outcome.status !== "processing" || Date.now() > deadline) return outcome;
      const heard = await settled.next(notices.told ? readAgainUntoldMs : readAgainMs);
      order = (heard && asTold(order, settled.told)) || (await findOrder(responderUuid));
    }
  } finally {
    settled.stop();
  }
}

/**
 * The order as a notice told it settled, where the notice speaks of the attempt that was
 * waited for (its key): an attempt's notices come in the order they were committed, so the
 * last is where it stands. A notice of another attempt, or one that told nothing, is read.
 */
function asTold(order: OrderRow, told: SettledOrder | undefined): OrderRow | undefined {
  if (!told || told.attemptKey === null || told.attemptKey !== order.attemptKey) return undefined;
  return { ...order, ...told };
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
