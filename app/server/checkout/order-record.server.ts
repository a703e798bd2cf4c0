// The order's writes that go with others', each all or nothing (decision 0008), composed here
// from the stores' own writes; what they write is worked out by the service that calls them
// (place-order.server.ts) and handed down. The claim with her checkout details (one
// statement), or with the promo use it counts, and the failure that gives the use back (each a
// transaction); the payment with the provider's copy in the outbox, and the authorisation with
// her subscription on hold, its email and her consent (also when it was found at the gateway
// after a crash lost its answer), each one statement (db/writes-as-one.server.ts). Each moves
// the order only while the attempt that claimed it still holds it; the order's own row is
// db/stores/orders.server.ts.
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { EmailPayload } from "../../funnel/email-messages";
import type { OrderDestination, PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { database, type Database } from "../db/client.server";
import { checkoutDetailsValues, checkoutDetailsWrites, saveCheckoutDetails, type CheckoutDetails } from "../db/stores/addresses.server";
import { flowRow, flowUuid } from "../db/flow-row.server";
import { prepared, statementName } from "../db/prepared.server";
import { orders as ordersTable } from "../db/schema.server";
import { purchaseConsentWrite, type ConsentWrite } from "../db/stores/consent-records.server";
import * as orders from "../db/stores/orders.server";
import type { OrderRow, OrderValues, PaymentCard } from "../db/stores/orders.server";
import { outboxMessageWrite, ownDeliveryWrite, type OutboxMessage } from "../db/stores/outbox.server";
import { giveBackPromoCode, redeemPromoCode } from "../db/stores/promo-codes.server";
import { subscriptionStartWrites, type NewSubscription } from "../db/stores/subscriptions.server";
import { WritesAsOne } from "../db/writes-as-one.server";
import { writeWithOutbox } from "../outbox/with-outbox.server";

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

/**
 * What an authorisation starts, worked out by the service beforehand: her subscription on
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
  const db = await database();
  const writes = new WritesAsOne();
  const moved = writes.add(orders.authorisedWrite(db, order, destination, reference));
  writes.add(ownDeliveryWrite(db, message, delivered, moved.wrote));
  startOrder(writes, start, moved.wrote);
  return writeWithOutbox(writes);
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
  const writes = new WritesAsOne();
  const moved = writes.add(orders.foundAuthorisationWrite(await database(), order, paid, card, destination, reference));
  writes.add(outboxMessageWrite(message, moved.wrote));
  startOrder(writes, start, moved.wrote);
  return writeWithOutbox(writes);
}

function startOrder(writes: WritesAsOne, start: OrderStart, when: SQL): void {
  startSubscription(writes, start, when);
  writes.add(purchaseConsentWrite(start.consent, when));
}

/**
 * Her subscription on hold, with the acknowledgment she can keep, sent once with the
 * subscription it acknowledges: written with the order's writes, when `when` holds.
 */
export function startSubscription(writes: WritesAsOne, start: Pick<OrderStart, "subscription" | "email">, when: SQL): void {
  const started = subscriptionStartWrites(writes, start.subscription, when);
  writes.add(outboxMessageWrite({ kind: "email", payload: start.email }, started.wrote));
}
