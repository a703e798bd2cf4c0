// The order's writes that go with others', each all or nothing (decision 0008): the claim
// with her checkout details (one statement), or with the promo use it counts, and the failure
// that gives the use back (each a transaction);
// the payment with the provider's copy in the outbox, and the authorisation that starts her
// subscription (also when it was found at the gateway after a crash lost its answer), each
// one statement (db/writes-as-one.server.ts). Each moves the order only while the attempt
// that claimed it still holds it. The protocol that calls them is submit-order-once.server.ts
// (and reconcile-attempts.server.ts); the order's own row is db/stores/orders.server.ts.
import { randomBytes } from "node:crypto";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { checkoutDisclosure, checkoutTerms, purchaseAgreedWith } from "../../funnel/consent";
import { isPlanCode } from "../../funnel/plans";
import type { OrderDestination, PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { holdLifetimeMs, orderReference } from "../../funnel/subscription-life";
import { translator } from "../../i18n/messages";
import { database, type Database } from "../db/client.server";
import { checkoutDetailsValues, checkoutDetailsWrites, saveCheckoutDetails, type CheckoutDetails } from "../db/stores/addresses.server";
import { flowRow, flowUuid } from "../db/flow-row.server";
import { prepared, statementName } from "../db/prepared.server";
import { orders as ordersTable } from "../db/schema.server";
import { outboxMessageWrite, ownDeliveryWrite, type OutboxMessage } from "../db/stores/outbox.server";
import { purchaseConsentWrite } from "../db/stores/consent-records.server";
import * as orders from "../db/stores/orders.server";
import type { OrderRow, OrderValues, PaymentCard } from "../db/stores/orders.server";
import { giveBackPromoCode, redeemPromoCode } from "../db/stores/promo-codes.server";
import { WritesAsOne } from "../db/writes-as-one.server";
import { writeWithOutbox } from "../outbox/with-outbox.server";
import { startSubscriptionWrites } from "../subscriptions/transitions.server";

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
  if (!promoCode) {
    if (!details) {
      const claimed = await orders.claimOrder(db, responderUuid, attemptKey, order);
      return claimed ? { status: "claimed", order: claimed } : { status: "taken" };
    }
    const at = performance.now();
    const [row] = await prepared(db, details.billing ? claimWithBilling : claimWithoutBilling).execute({
      ...checkoutDetailsValues(responderUuid, details),
      ...orders.orderClaimValues(responderUuid, attemptKey, order),
    });
    if (row?.claimed) return { status: "claimed", order: row.claimed };
    return { status: "taken", found: row?.current ? { order: row.current, at } : undefined };
  }
  // A code that ran out undoes the claim; her details are kept apart first, so it never undoes them.
  if (details) await saveCheckoutDetails(responderUuid, details);
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

/** The order as the provider gets it once paid, and the outbox message that carries it. */
export function paidOrderMessage(order: OrderRow, reference: string): { paid: PreAuthOrderBody; message: OutboxMessage } {
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
  const db = await database();
  const writes = new WritesAsOne();
  // An attempt that no longer holds the order (the reconciler settled it) queues nothing.
  const moved = writes.add(orders.paymentWrite(db, order, paid, card));
  writes.add(outboxMessageWrite(message, moved.wrote, deliverAfter));
  return writes.run(db);
}

/** The hold the authorisation placed: where it is and when it lapses, on the lifecycle clock. */
export interface PlacedHold {
  reference: string;
  /** The gateway's word when it gave one, else 7 days from `placedAt`. */
  expiresAt: Date | undefined;
  placedAt: Date;
}

/**
 * The order is authorised and she goes to `destination`; its outbox message is delivered (the
 * provider answered) or due now, and its subscription begins on hold, all in one transaction,
 * then the worker is woken for what is due. A promo code it used was counted when the attempt
 * claimed the order (claimOrder). Nothing is written when the attempt no longer holds the order.
 */
export async function recordAuthorised(
  order: OrderRow,
  destination: OrderDestination,
  message: OutboxMessage,
  delivered: boolean,
  hold: PlacedHold,
): Promise<boolean> {
  const reference = order.reference ?? orderReference(randomBytes(8));
  const db = await database();
  const writes = new WritesAsOne();
  const moved = writes.add(orders.authorisedWrite(db, order, destination, reference));
  writes.add(ownDeliveryWrite(db, message, delivered, moved.wrote));
  startOrderSubscription(writes, order, reference, hold, moved.wrote);
  return writeWithOutbox(writes);
}

/**
 * An authorisation whose answer was lost (a crash between the gateway's answer and our write)
 * and found again at the gateway: recorded as if the answer had arrived, in one transaction
 * and only while the attempt still holds the order. The provider's copy is left to the outbox
 * (due now) rather than sent from here, and she goes to our thank-you page when she comes back.
 */
export async function recordFoundAuthorisation(
  order: OrderRow,
  card: PaymentCard,
  hold: PlacedHold,
  destination: OrderDestination,
): Promise<boolean> {
  const { paid, message } = paidOrderMessage(order, card.reference);
  const reference = order.reference ?? orderReference(randomBytes(8));
  const writes = new WritesAsOne();
  const moved = writes.add(orders.foundAuthorisationWrite(await database(), order, paid, card, destination, reference));
  writes.add(outboxMessageWrite(message, moved.wrote));
  startOrderSubscription(writes, { ...order, body: paid as unknown as Record<string, unknown> }, reference, hold, moved.wrote);
  return writeWithOutbox(writes);
}

/**
 * Her subscription, on hold from the authorisation, with its "order received" email, and the
 * record of her consent to its renewals: the authorisation is the agreement that counts, so
 * the record is written with it, once per attempt, drawn from the same amounts the page showed
 * beside COMPLETE PURCHASE (the hold is her first period, the renewal the plan's price).
 */
function startOrderSubscription(writes: WritesAsOne, order: OrderRow, reference: string, hold: PlacedHold, when: SQL): void {
  const body = order.body as unknown as PreAuthOrderBody;
  const planType = body.medications[0]?.planType;
  const plan = isPlanCode(planType) ? planType : "monthly";
  // Later periods are the plan's price she agreed to, before any promo discount.
  const renewalCents = Math.round(body.pricing.subtotal * 100);
  startSubscriptionWrites(
    writes,
    {
      orderId: order.id,
      responderUuid: order.responderUuid,
      reference,
      plan,
      variant: body.metadata.variant ?? "current",
      gateway: order.gateway,
      language: order.language,
      firstPeriodCents: order.amountCents,
      renewalCents,
      holdReference: hold.reference,
      holdExpiresAt: hold.expiresAt ?? new Date(hold.placedAt.getTime() + holdLifetimeMs),
      at: hold.placedAt,
    },
    when,
  );
  writes.add(
    purchaseConsentWrite(
      {
        responderUuid: order.responderUuid,
        plan,
        firstPeriodCents: order.amountCents,
        renewalCents,
        // In the language she read them in, beside COMPLETE PURCHASE.
        disclosure: checkoutDisclosure(translator(order.language), plan, renewalCents, order.amountCents),
        terms: checkoutTerms(translator(order.language)),
        agreedWith: purchaseAgreedWith,
        agreementKey: `${order.id}:${order.attemptKey ?? "none"}`,
      },
      when,
    ),
  );
}
