// The order placed exactly once (spec section 7 "pre-auth-checkout"; decision 0008), in the
// three steps of placeOrder:
// - the claim: the attempt takes the order's row by moving it to "processing" with its attempt
//   key, her details and any promo use it counts written with it, so a double click, a second
//   tab or a resubmitted page finds the claim taken and waits for that attempt's result instead
//   of paying again;
// - the gateway: her card tried under an idempotency key made of the order id and the attempt
//   key, so even a retry after a crash returns the same authorisation;
// - the record: what came of it, each outcome written with all that goes with it.
// Each step's writes that go with others' are all or nothing: a transaction, or the stores' own
// writes gathered here, their rows worked out first, and sent as one statement
// (db/writes-as-one.server.ts). Each moves the order only while the attempt that claimed it still holds it.
// An attempt cut off mid-way (a crash) is settled by asking the gateway what became of its key,
// by the lifecycle worker or by her next press, whichever comes first; her next attempt then
// has its own key, never the old one.
import { randomBytes } from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import { purchaseAgreement, type PurchaseAgreement } from "../../funnel/consent";
import { emailPayload, type EmailPayload } from "../../funnel/email-messages";
import { isPlanCode } from "../../funnel/plans";
import { defaultDestination, variantDestination, type OrderDestination, type PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { holdLifetimeMs, orderReference } from "../../funnel/subscription-life";
import { translator } from "../../i18n/messages";
import type { Language } from "../../i18n/languages";
import { database, databaseNotices, type Database } from "../db/client.server";
import { flowRow, flowUuid } from "../db/flow-row.server";
import type { SettledOrder } from "../db/notices.server";
import { prepared, statementName } from "../db/prepared.server";
import { orders as ordersTable } from "../db/schema.server";
import { checkoutDetailsValues, checkoutDetailsWrites, saveCheckoutDetails, type CheckoutDetails } from "../db/stores/addresses.server";
import { purchaseConsentWrite, type ConsentWrite } from "../db/stores/consent-records.server";
import * as orders from "../db/stores/orders.server";
import {
  claimWaitingOrder,
  findOrder,
  recordRequiresAction,
  staleProcessingOrders,
  type OrderRow,
  type OrderValues,
  type PaymentCard,
} from "../db/stores/orders.server";
import { idempotencyKeyOf, outboxMessageWrite, ownDeliveryWrite, type OutboxMessage } from "../db/stores/outbox.server";
import { giveBackPromoCode, redeemPromoCode } from "../db/stores/promo-codes.server";
import { subscriptionStartWrites, type NewSubscription } from "../db/stores/subscriptions.server";
import { sendAsOne, type Write } from "../db/writes-as-one.server";
import { outboxWorkerName } from "../outbox/with-outbox.server";
import { wakeWorker } from "../workers/worker.server";
import {
  paymentMessages,
  type AttemptLookup,
  type AuthorisationResult,
  type AuthoriseRequest,
  type PaymentGateway,
} from "../payments/gateway.server";
import { provider } from "../provider/index.server";
import { ProviderError } from "../provider/provider.server";
import { log } from "../log.server";
import { lifecycleNow } from "../subscriptions/clock.server";

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
export type PlacedOrder = OrderOutcome | { status: "promo_unavailable" };

/** What the gateway is asked to hold for the order, less what the attempt adds (the order id and its key). */
export type Authorisation = Omit<AuthoriseRequest, "orderId" | "idempotencyKey">;

export interface CheckoutAttempt {
  responderUuid: string;
  /** Her order as this request first read it (undefined: none yet). */
  earlier: OrderRow | undefined;
  /** From the page's form: one per rendered page, so a resubmitted page is the same attempt. */
  attemptKey: string;
  gateway: PaymentGateway;
  /** The order as it will be sent; its payment is filled in once authorised. */
  body: PreAuthOrderBody;
  /** The language of the page she paid on: her emails and her private page follow it. */
  language: Language;
  /** Her details as she gave them with this attempt: kept with the claim, before any card is tried. */
  details: CheckoutDetails;
  authorisation: Authorisation;
  /** Stripe without JavaScript: she pays on Stripe's hosted Checkout page instead. */
  hostedCheckout?: { returnUrl: string; cancelUrl: string };
  /** Her consent, as her page showed it beside COMPLETE PURCHASE: kept with the authorisation. */
  agreement: PurchaseAgreement;
}

/** How long the outbox worker leaves an order alone while this request delivers it itself. */
const ownDeliveryMs = 60_000;
/** How long a second request waits for the attempt that is running. */
const waitForAttemptMs = 20_000;
/** How often a second request reads the order where the database tells nobody it changed. */
const readAgainMs = 150;
/** Where it tells (notices.server.ts): a read a second, in case a notice is lost. */
const readAgainUntoldMs = 1_000;
/**
 * How long an attempt may be "processing" before it counts as cut off: far longer than a live
 * one takes (Stripe's calls time out after 10 s, retried once), and longer than Stripe's
 * search takes to see a new PaymentIntent (under a minute).
 */
export const attemptGraceMs = 2 * 60_000;
/** Stale attempts looked at in one lifecycle round: the rest wait for the next one. */
const staleBatchSize = 50;

const unexpected = "An unexpected error occurred. Please try again.";

/**
 * The attempts this process is running, by flow: a second press that reaches the same
 * process waits for the attempt itself instead of asking the database every 150 ms (a burst
 * of double clicks would otherwise be hundreds of reads a second). One on another instance
 * is waited for through the database: on PostgreSQL, told when the order is settled.
 */
const attemptsRunningHere = new Map<string, Promise<unknown>>();

/** Places the order, or answers the result of the attempt that already did. */
export async function placeOrder(attempt: CheckoutAttempt): Promise<PlacedOrder> {
  // She left an authentication or a hosted payment page unfinished and tries again: that
  // earlier attempt is settled first (paid after all, or failed), so it neither blocks the new
  // one nor gets paid twice.
  const { earlier, gateway } = attempt;
  let details: CheckoutDetails | undefined = attempt.details;
  if (earlier?.status === "requires_action" && earlier.attemptKey !== attempt.attemptKey) {
    // The gateway is asked first: her details are kept before, whatever it answers.
    await saveCheckoutDetails(attempt.responderUuid, details);
    details = undefined;
    const settled = await resumeOrder(earlier, await settlePendingPayment(gateway, earlier));
    if (settled.status === "authorised") return settled;
  }

  // 1. The claim. Her details are written in its statement whether it claims the order or not.
  const values = { body: attempt.body, amountCents: attempt.authorisation.amountCents, gateway: gateway.kind, language: attempt.language };
  const claim = await claimOrder(attempt.responderUuid, attempt.attemptKey, values, details);
  if (claim.status === "claimed") return runAttempt(attempt, claim.order);
  if (claim.status === "promo_unavailable") return claim;

  // The order is taken: as the claim found it, or else as it is now. An attempt "processing"
  // past the grace was cut off (a crash): what became of it is asked of the gateway first, so
  // that she is told of a hold it placed, or else her attempt goes ahead under her own key and
  // with her own card.
  const read: OrderRead = claim.found ?? { at: performance.now(), order: await findOrder(attempt.responderUuid) };
  const current = read.order;
  if (current?.status === "processing" && current.updatedAt.getTime() < Date.now() - attemptGraceMs) {
    if ((await reconcileAttempt(gateway, current)) !== "unanswered") {
      const again = await claimOrder(attempt.responderUuid, attempt.attemptKey, values);
      if (again.status === "claimed") return runAttempt(attempt, again.order);
      if (again.status === "promo_unavailable") return again;
      return currentOutcome(attempt.responderUuid);
    }
  }
  return settledOutcome(attempt.responderUuid, read);
}

/** What a claim came to. */
export type OrderClaim =
  | { status: "claimed"; order: OrderRow }
  /**
   * Another attempt holds the order, or it is settled. `found`: the order as the claim's own
   * statement found it (`at`: performance.now() before it was sent), where it could tell.
   */
  | { status: "taken"; found?: { order: OrderRow; at: number } }
  /** Its promo code may no longer be used: nothing was claimed or counted; try no card. */
  | { status: "promo_unavailable" };

// Her details and the claim in one statement, in the details' two shapes, each built once: the
// details are written whether or not the claim is taken (the first press, or a second), and a
// claim refused by her order as the statement found it answers with that order, which the
// refused press would otherwise read next.
const claimWithDetails = (billing: boolean) => (db: Database) => {
  const claim = db.$with("claim").as(orders.orderClaimInsert(db));
  // The claimed row, column by column as the claim returned them (a WITH is selected by its fields).
  const claimed = Object.fromEntries(Object.keys(getTableColumns(ordersTable)).map((key) => [key, claim[key as keyof OrderRow]])) as {
    [K in keyof OrderRow]: (typeof claim)[K];
  };
  return db
    .with(...checkoutDetailsWrites(db, billing), claim)
    .select({ claimed, current: ordersTable })
    .from(flowRow())
    .leftJoin(claim, sql`true`)
    .leftJoin(ordersTable, orders.claimRefusedOn(flowUuid))
    .prepare(statementName(db, billing ? "order_claim_details_billing" : "order_claim_details"));
};
const claimWithBilling = claimWithDetails(true);
const claimWithoutBilling = claimWithDetails(false);

/** Undoes a claim whose promo code could not be counted. */
class PromoUnavailable extends Error {}

/**
 * The claim: a new attempt takes an order that is not under way, and writes what she sent in
 * the same statement, so the order always carries the amount this attempt authorises. Her
 * first attempt makes the row in that statement. A promo code the order carries is counted in
 * the same transaction, before any card is tried, only while the code may still be used: a card is
 * never held at a discount the code can no longer give, and the cap holds however many pay at
 * once. The use is given back if the card is then declined (recordFailure).
 */
export async function claimOrder(
  responderUuid: string,
  attemptKey: string,
  order: OrderValues,
  details?: CheckoutDetails,
): Promise<OrderClaim> {
  const db = await database();
  const promoCode = order.body.metadata.discount_code;
  // Her details go in the claim's statement; but a code that ran out undoes the claim, so with
  // a code they are kept apart first, and it never undoes them.
  if (details && promoCode) await saveCheckoutDetails(responderUuid, details);
  else if (details) {
    const values = { ...checkoutDetailsValues(responderUuid, details), ...orders.orderClaimValues(responderUuid, attemptKey, order) };
    const at = performance.now();
    const [row] = await prepared(db, details.billing ? claimWithBilling : claimWithoutBilling).execute(values);
    if (row?.claimed) return { status: "claimed", order: row.claimed };
    return { status: "taken", found: row?.current ? { order: row.current, at } : undefined };
  }
  if (!promoCode) {
    const claimed = await orders.claimOrder(db, responderUuid, attemptKey, order);
    return claimed ? { status: "claimed", order: claimed } : { status: "taken" };
  }
  try {
    return await db.transaction(async (tx): Promise<OrderClaim> => {
      const claimed = await orders.claimOrder(tx, responderUuid, attemptKey, order);
      if (!claimed) return { status: "taken" };
      if ((await redeemPromoCode(tx, promoCode)) === "unavailable") throw new PromoUnavailable();
      return { status: "claimed", order: claimed };
    });
  } catch (error) {
    if (error instanceof PromoUnavailable) return { status: "promo_unavailable" };
    throw error;
  }
}

/** 2. The gateway, under the attempt that claimed the order; 3. the record of what came of it. */
async function runAttempt(attempt: CheckoutAttempt, claimed: OrderRow): Promise<OrderOutcome> {
  const running = (async () => {
    let result: AuthorisationResult;
    try {
      result = await authorise(attempt, claimed);
    } catch (error) {
      log.error({ error: error instanceof Error ? error.name : "unknown" }, "payment gateway failed");
      result = { status: "failed", message: unexpected, unanswered: true };
    }
    // No answer (a timeout, a dropped connection): the gateway may have placed the hold all
    // the same. It is asked once before the attempt counts as failed, so that her next press
    // does not place a second one. Where its "none" cannot be trusted yet (Stripe's search
    // lags), the attempt stays "processing" and the lifecycle worker settles it after the grace.
    if (result.status === "failed" && result.unanswered) {
      const found = await lookUpAttempt(attempt.gateway, claimed);
      if (found?.status === "authorised") result = found;
      else if (found === undefined || (found.status === "none" && attempt.gateway.lookupSettlesAfterMs > 0))
        return { status: "processing" as const };
    }
    return recordResult(claimed, result, attempt.agreement);
  })();
  attemptsRunningHere.set(attempt.responderUuid, running);
  try {
    return await running;
  } finally {
    if (attemptsRunningHere.get(attempt.responderUuid) === running) attemptsRunningHere.delete(attempt.responderUuid);
  }
}

/** Her card tried for the order: by the gateway, or on Stripe's hosted page, which asks her to go there. */
async function authorise(attempt: CheckoutAttempt, claimed: OrderRow): Promise<AuthorisationResult> {
  const { gateway, hostedCheckout } = attempt;
  const request: AuthoriseRequest = { ...attempt.authorisation, orderId: claimed.id, idempotencyKey: attemptIdempotencyKey(claimed) };
  if (!hostedCheckout) return gateway.authorise(request);
  if (!gateway.startHostedCheckout) return { status: "failed", message: paymentMessages.unexpected };
  const { card: _card, paymentMethodId: _paymentMethodId, ...onItsPage } = request;
  const session = await gateway.startHostedCheckout({ ...onItsPage, ...hostedCheckout });
  return {
    status: "requires_action",
    reference: session.reference,
    cardBrand: null,
    cardLast4: null,
    action: { kind: "redirect", url: session.url },
  };
}

/**
 * An attempt she left waiting (3-D Secure, or the hosted page) when she tries again: paid
 * after all, or else failed, so that the new attempt may go ahead.
 */
async function settlePendingPayment(gateway: PaymentGateway, order: OrderRow): Promise<AuthorisationResult> {
  const reference = order.paymentReference;
  const abandoned: AuthorisationResult = { status: "declined", message: paymentMessages.authenticationFailed };
  if (!reference) return abandoned;
  const result =
    gateway.kind === "stripe" && reference.startsWith("cs_") && gateway.resumeHostedCheckout
      ? await gateway.resumeHostedCheckout(reference)
      : await gateway.resume(reference, { authenticated: false });
  return result.status === "requires_action" ? abandoned : result;
}

/** After authentication (3-D Secure) or the hosted page: records where the payment now stands. */
export async function resumeOrder(order: OrderRow, result: AuthorisationResult): Promise<OrderOutcome> {
  const claimed = await claimWaitingOrder(order.id);
  if (!claimed) return settledOutcome(order.responderUuid);
  return recordResult(claimed, result, agreementOf(claimed));
}

/** 3. The record: what came of the card, only while the attempt still holds the order. */
async function recordResult(order: OrderRow, result: AuthorisationResult, agreement: PurchaseAgreement): Promise<OrderOutcome> {
  switch (result.status) {
    case "authorised":
      return authorised(order, result, agreement);
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
 * The card was not authorised: the attempt's claim ends, and the promo use it counted is given
 * back in the same transaction (once: only the attempt still holding the order moves it).
 */
export async function recordFailure(order: OrderRow, status: "declined" | "failed", message: string): Promise<boolean> {
  return (await database()).transaction(async (tx) => {
    const failed = await orders.recordFailure(tx, order, status, message);
    const promoCode = (failed?.body as Partial<PreAuthOrderBody> | undefined)?.metadata?.discount_code;
    if (promoCode) await giveBackPromoCode(tx, promoCode);
    return failed !== undefined;
  });
}

/**
 * The card is authorised: the order, with its payment, is queued for the provider in the
 * same statement (so it reaches the provider even if we stop now), then sent at once for
 * the answer that says where she goes. If the provider does not answer, the outbox keeps
 * trying and she goes to our thank-you page. Then the order is authorised and her
 * subscription begins on hold.
 */
async function authorised(
  order: OrderRow,
  result: Extract<AuthorisationResult, { status: "authorised" }>,
  agreement: PurchaseAgreement,
): Promise<OrderOutcome> {
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
  const reference = order.reference ?? orderReference(randomBytes(8));
  const hold = { reference: result.reference, expiresAt: result.holdExpiresAt, placedAt: result.holdPlacedAt ?? (await lifecycleNow()) };
  const start = orderStart(order, reference, hold, agreement);
  const recorded = await recordAuthorised(order, destination, reference, message, delivered, start);
  return recorded ? { status: "authorised", destination } : currentOutcome(order.responderUuid);
}

/** The order as the provider gets it once paid, and the outbox message that carries it. */
function paidOrderMessage(order: OrderRow, reference: string): { paid: PreAuthOrderBody; message: OutboxMessage } {
  const body = order.body as unknown as PreAuthOrderBody;
  const paid: PreAuthOrderBody = {
    ...body,
    payment: { stripePaymentMethodId: reference, amount: order.amountCents, currency: "usd" },
  };
  return { paid, message: { kind: "pre-auth-checkout", payload: { responderUuid: order.responderUuid, orderId: order.id, body: paid } } };
}

/**
 * The card is authorised: the order, with its payment, and the provider's copy in the outbox
 * are written as one statement, so it reaches the provider even if we stop now. The worker
 * leaves the message alone until `deliverAfter`, while the request tries it itself.
 */
export async function recordPayment(
  order: OrderRow,
  paid: PreAuthOrderBody,
  card: PaymentCard,
  message: OutboxMessage,
  deliverAfter: Date,
): Promise<boolean> {
  // An attempt that no longer holds the order (the reconciler settled it) queues nothing.
  const moved = orders.paymentWrite(order, paid, card);
  const writes = [moved, outboxMessageWrite(message, moved, deliverAfter)];
  return sendAsOne(await database(), writes);
}

/**
 * Her consent as the page she paid on showed it, for an attempt recorded after her press
 * (her return from 3-D Secure or the hosted page, or a hold found after a crash): drawn from
 * what the attempt wrote in the order, in her language, its first period the hold and its
 * renewals the plan's price before any promo discount.
 */
function agreementOf(order: OrderRow): PurchaseAgreement {
  const body = order.body as unknown as PreAuthOrderBody;
  const planType = body.medications[0]?.planType;
  const plan = isPlanCode(planType) ? planType : "monthly";
  // Her last day to cancel dated from her press, as the order's timestamp keeps it.
  const pressedAt = new Date(body.metadata.timestamp);
  const at = Number.isNaN(pressedAt.getTime()) ? order.createdAt : pressedAt;
  return purchaseAgreement(translator(order.language), plan, Math.round(body.pricing.subtotal * 100), order.amountCents, at);
}

/** The hold the authorisation placed: where it is and when it lapses, on the lifecycle clock. */
interface PlacedHold {
  reference: string;
  /** The gateway's word when it gave one, else 7 days from `placedAt`. */
  expiresAt: Date | undefined;
  placedAt: Date;
}

/**
 * What the authorisation starts: her subscription, on hold from it, with its "order received"
 * email, and the record of her consent to its renewals, once per attempt (the authorisation is
 * the agreement that counts).
 */
function orderStart(order: OrderRow, reference: string, hold: PlacedHold, agreement: PurchaseAgreement): OrderStart {
  const body = order.body as unknown as PreAuthOrderBody;
  return {
    subscription: {
      orderId: order.id,
      responderUuid: order.responderUuid,
      reference,
      plan: agreement.plan,
      variant: body.metadata.variant ?? "current",
      gateway: order.gateway,
      language: order.language,
      firstPeriodCents: agreement.firstPeriodCents,
      renewalCents: agreement.renewalCents,
      holdReference: hold.reference,
      holdExpiresAt: hold.expiresAt ?? new Date(hold.placedAt.getTime() + holdLifetimeMs),
      shipState: body.shippingAddress?.state?.toUpperCase() ?? null,
      at: hold.placedAt,
    },
    email: emailPayload(reference, "order_received", hold.placedAt),
    consent: { ...agreement, responderUuid: order.responderUuid, agreementKey: `${order.id}:${order.attemptKey ?? "none"}` },
  };
}

/**
 * What an authorisation starts, worked out before its statement: her subscription on
 * hold, its "order received" email, and the record of her consent to its renewals.
 */
export interface OrderStart {
  subscription: NewSubscription;
  email: EmailPayload;
  consent: ConsentWrite;
}

/**
 * The order is authorised, under `reference`, and she goes to `destination`; its outbox message
 * is delivered (the provider answered) or due now, and all it starts is written, in one
 * statement, then the worker is woken for what is due. A promo code it used was counted when
 * the attempt claimed the order (claimOrder). Nothing is written when the attempt no longer
 * holds the order.
 */
export async function recordAuthorised(
  order: OrderRow,
  destination: OrderDestination,
  reference: string,
  message: OutboxMessage,
  delivered: boolean,
  start: OrderStart,
): Promise<boolean> {
  const moved = orders.authorisedWrite(order, destination, reference);
  const writes = [moved, ownDeliveryWrite(message, delivered, moved), ...orderStartWrites(start, moved)];
  return writeWithOutbox(writes);
}

/** All the authorisation starts, after `moved` (the order's write). */
function orderStartWrites(start: OrderStart, moved: Write): Write[] {
  return [...subscriptionWrites(start, moved), purchaseConsentWrite(start.consent, moved)];
}

/**
 * Her subscription on hold, with the acknowledgment she can keep, sent once with the
 * subscription it acknowledges: written with the order's writes, after `after`.
 */
export function subscriptionWrites(start: Pick<OrderStart, "subscription" | "email">, after?: Write): Write[] {
  const [started, ...withIt] = subscriptionStartWrites(start.subscription, after);
  return [started, ...withIt, outboxMessageWrite({ kind: "email", payload: start.email }, started)];
}

/**
 * The writes as one statement, then the outbox worker woken for the messages among them: once
 * they are written, never before (the worker would not see them yet).
 */
async function writeWithOutbox(writes: readonly Write[]): Promise<boolean> {
  const wrote = await sendAsOne(await database(), writes);
  wakeWorker(outboxWorkerName);
  return wrote;
}

/**
 * Where the order stands now, for an attempt that no longer holds it: the reconciler settled
 * it while this one was still out (past the grace), or she has claimed it again since.
 */
async function currentOutcome(responderUuid: string): Promise<OrderOutcome> {
  const order = await findOrder(responderUuid);
  return order ? outcomeOf(order) : { status: "failed", message: unexpected };
}

/** The order as a caller read it (`at`: performance.now() before the read). */
interface OrderRead {
  order: OrderRow | undefined;
  at: number;
}

/**
 * The result of the attempt that holds the order, once it has one (or "processing"): the order
 * read, judged, waited on, and read again. `read` is the order as the caller has just read it,
 * which is not read again before the wait: a notice told since then wakes the wait at once.
 */
async function settledOutcome(responderUuid: string, read?: OrderRead): Promise<OrderOutcome> {
  const deadline = Date.now() + waitForAttemptMs;
  // The attempt may run on another instance (or have ended with its process): read again when
  // the database says the order is settled, or at the interval where it says nothing.
  const notices = await databaseNotices();
  const settled = await notices.listen(responderUuid, read?.at);
  try {
    let order = read?.order;
    let known = read !== undefined;
    for (let first = true; ; first = false) {
      if (!known) order = await findOrder(responderUuid);
      if (!order) return { status: "failed", message: unexpected };
      const outcome = outcomeOf(order);
      if (outcome.status !== "processing" || Date.now() > deadline) return outcome;
      // Settled (by another attempt, or the reconciler) is answered above, even while an attempt
      // of this process is still out at the gateway; while it is not, that attempt is waited
      // for itself, once, then the order read again.
      const runningHere = first ? attemptsRunningHere.get(responderUuid) : undefined;
      if (runningHere) {
        let timer: NodeJS.Timeout | undefined;
        const cutOff = new Promise((resolve) => (timer = setTimeout(resolve, waitForAttemptMs)));
        await Promise.race([runningHere.catch(() => undefined), cutOff]);
        clearTimeout(timer);
        known = false;
        continue;
      }
      const heard = await settled.next(notices.told ? readAgainUntoldMs : readAgainMs);
      const told = heard ? asTold(order, settled.told) : undefined;
      order = told ?? order;
      known = told !== undefined;
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

// Attempts cut off mid-way: the attempt claims the order before the card is tried, so a
// process that dies between the gateway's answer and our write leaves the order "processing"
// while the gateway may hold her money. After a grace longer than any live attempt takes, the
// gateway is asked what became of the attempt's idempotency key: a hold it placed is recorded
// as if the answer had arrived (her order goes on, her email goes out), anything else is marked
// failed so that she can press again, with a new key, and never gets a second hold. Run by the
// lifecycle round for every stale attempt, and by her own press when it finds one.

/** What the gateway is asked. */
export type AttemptLookupGateway = Pick<PaymentGateway, "lookupAttempt">;

/**
 * What came of reconciling: recorded authorised or failed; "moved" when the attempt no longer
 * held the order (another reconciler, or her own press, was first); "unanswered" when the
 * gateway could not say, so the order waits for the next try.
 */
export type Reconciliation = "authorised" | "failed" | "moved" | "unanswered";

/** The gateway's idempotency key of the attempt that holds the order. */
function attemptIdempotencyKey(order: Pick<OrderRow, "id" | "attemptKey">): string {
  return `${order.id}:${order.attemptKey}`;
}

/**
 * What the gateway knows of the attempt, or undefined when it could not be asked. Asking never
 * places a hold; a half-way one is closed by the gateway (gateway.server.ts, lookupAttempt).
 */
async function lookUpAttempt(gateway: AttemptLookupGateway, order: OrderRow): Promise<AttemptLookup | undefined> {
  try {
    return await gateway.lookupAttempt({ idempotencyKey: attemptIdempotencyKey(order), orderId: order.id });
  } catch (error) {
    log.warn({ order: order.reference, error: error instanceof Error ? error.name : "unknown" }, "checkout attempt lookup failed");
    return undefined;
  }
}

/** One attempt still "processing": asked of the gateway and recorded. */
async function reconcileAttempt(gateway: AttemptLookupGateway, order: OrderRow): Promise<Reconciliation> {
  if (order.status !== "processing" || order.attemptKey === null) return "moved";
  const found = await lookUpAttempt(gateway, order);
  if (found === undefined) return "unanswered";
  const outcome = await recordFoundAttempt(order, found);
  if (outcome !== "moved") log.info({ order: order.reference, outcome }, "checkout attempt reconciled");
  return outcome;
}

/**
 * Records what the gateway found as the attempt's answer, only while that attempt still holds
 * the order: a hold as the payment (the provider's copy left to the outbox, due now, her
 * subscription on hold with its email; she goes to our thank-you page when she comes back),
 * anything else as a failure that gives back its promo use.
 */
async function recordFoundAttempt(order: OrderRow, found: AttemptLookup): Promise<Exclude<Reconciliation, "unanswered">> {
  if (found.status !== "authorised") {
    return (await recordFailure(order, "failed", paymentMessages.unexpected)) ? "failed" : "moved";
  }
  const card = { reference: found.reference, cardBrand: found.cardBrand, cardLast4: found.cardLast4 };
  const hold = { reference: found.reference, expiresAt: found.holdExpiresAt, placedAt: await lifecycleNow() };
  return (await recordFoundAuthorisation(order, card, hold, defaultDestination)) ? "authorised" : "moved";
}

/**
 * An authorisation whose answer was lost (a crash between the gateway's answer and our write)
 * and found again at the gateway: recorded as if the answer had arrived, in one statement and
 * only while the attempt still holds the order.
 */
export async function recordFoundAuthorisation(
  order: OrderRow,
  card: PaymentCard,
  hold: PlacedHold,
  destination: OrderDestination,
): Promise<boolean> {
  const { paid, message } = paidOrderMessage(order, card.reference);
  const reference = order.reference ?? orderReference(randomBytes(8));
  const start = orderStart(order, reference, hold, agreementOf(order));
  return recordFoundPayment(order, paid, card, destination, reference, message, start);
}

/**
 * A payment found at the gateway after its answer was lost: the payment and the authorisation
 * together, the provider's copy due now in the outbox, and all it starts, in one statement, only
 * while the attempt still holds the order.
 */
export async function recordFoundPayment(
  order: OrderRow,
  paid: PreAuthOrderBody,
  card: PaymentCard,
  destination: OrderDestination,
  reference: string,
  message: OutboxMessage,
  start: OrderStart,
): Promise<boolean> {
  const moved = orders.foundAuthorisationWrite(order, paid, card, destination, reference);
  const writes = [moved, outboxMessageWrite(message, moved), ...orderStartWrites(start, moved)];
  return writeWithOutbox(writes);
}

/**
 * The lifecycle round's part: attempts "processing" for longer than `graceMs`, oldest first,
 * a bounded batch. How many were settled (authorised or failed).
 */
export async function reconcileStaleAttempts(gateway: AttemptLookupGateway, graceMs: number = attemptGraceMs): Promise<number> {
  let settled = 0;
  for (const order of await staleProcessingOrders(new Date(Date.now() - graceMs), staleBatchSize)) {
    try {
      const outcome = await reconcileAttempt(gateway, order);
      if (outcome === "authorised" || outcome === "failed") settled++;
    } catch (error) {
      log.error({ order: order.reference, error: error instanceof Error ? error.name : "unknown" }, "checkout attempt reconcile failed");
    }
  }
  return settled;
}
