// The pre-authorised orders (spec section 7, "pre-auth-checkout"): one row per responder uuid
// (a unique constraint), and the writes that move it through its states. Each write that
// claims the row is one conditional statement, so that of two attempts racing exactly one
// wins (decision 0008); the protocol that uses them is
// app/server/checkout/submit-order-once.server.ts, and the writes that go with others' (a promo
// use, the outbox, the subscription) are app/server/checkout/order-record.server.ts.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { OrderDestination, PreAuthOrderBody } from "../../../funnel/pre-auth-order";
import { orderReference } from "../../../funnel/subscription-life";
import { database, type Queryable } from "../client.server";
import { orders } from "../schema.server";

export type OrderRow = typeof orders.$inferSelect;

/** What an attempt writes when it claims the order: the order as it will be sent, and its amount. */
export interface OrderValues {
  body: PreAuthOrderBody;
  amountCents: number;
  gateway: "sandbox" | "stripe";
}

/** The payment's card, as the gateway named it. */
export interface PaymentCard {
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

export async function findOrder(responderUuid: string): Promise<OrderRow | undefined> {
  const [row] = await (await database()).select().from(orders).where(eq(orders.responderUuid, responderUuid));
  return row;
}

/** The authorised orders placed with this email, whatever its case. */
export async function authorisedOrdersByEmail(email: string): Promise<OrderRow[]> {
  return (await database())
    .select()
    .from(orders)
    .where(and(eq(orders.status, "authorised"), sql`lower(${orders.body}->'customer'->>'email') = ${email.trim().toLowerCase()}`))
    .limit(20);
}

export async function findOrderByPaymentReference(reference: string): Promise<OrderRow | undefined> {
  const [row] = await (await database()).select().from(orders).where(eq(orders.paymentReference, reference));
  return row;
}

/** Makes her order's row, unless she has one: every attempt of hers then claims that row. */
export async function ensureOrder(responderUuid: string, order: OrderValues): Promise<void> {
  await (await database())
    .insert(orders)
    .values({ responderUuid, reference: orderReference(randomBytes(8)), ...columnsOf(order) })
    .onConflictDoNothing({ target: orders.responderUuid });
}

function columnsOf(order: OrderValues) {
  return { body: order.body as unknown as Record<string, unknown>, amountCents: order.amountCents, gateway: order.gateway };
}

/**
 * The claim: a new attempt takes an order that is not under way, and writes what she sent in
 * the same statement, so the order always carries the amount this attempt authorises.
 * Undefined when another attempt holds the order, or it is settled.
 */
export async function claimOrder(q: Queryable, responderUuid: string, attemptKey: string, order: OrderValues): Promise<OrderRow | undefined> {
  const [claimed] = await q
    .update(orders)
    .set({ ...columnsOf(order), status: "processing", attemptKey, attempts: sql`${orders.attempts} + 1`, failureMessage: null, updatedAt: new Date() })
    .where(
      and(
        eq(orders.responderUuid, responderUuid),
        inArray(orders.status, ["pending", "declined", "failed"]),
        or(isNull(orders.attemptKey), ne(orders.attemptKey, attemptKey), eq(orders.status, "pending")),
      ),
    )
    .returning();
  return claimed;
}

/**
 * An attempt cut off mid-way (a crash, a deploy) is taken over by whoever comes next once it
 * has been "processing" longer than `staleMs`, with its own key: the gateway then answers
 * with that attempt's payment, never a second one.
 */
export async function claimStaleOrder(responderUuid: string, staleMs: number): Promise<OrderRow | undefined> {
  const [claimed] = await (await database())
    .update(orders)
    .set({ updatedAt: new Date() })
    .where(
      and(eq(orders.responderUuid, responderUuid), eq(orders.status, "processing"), lt(orders.updatedAt, new Date(Date.now() - staleMs))),
    )
    .returning();
  return claimed;
}

/** After authentication or the hosted page: the order waiting for it, taken by one request only. */
export async function claimWaitingOrder(orderId: string): Promise<OrderRow | undefined> {
  const [claimed] = await (await database())
    .update(orders)
    .set({ status: "processing", updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "requires_action")))
    .returning();
  return claimed;
}

/** The bank asks her to authenticate (3-D Secure) or to pay on a hosted page. */
export async function recordRequiresAction(order: OrderRow, card: PaymentCard): Promise<void> {
  await (await database())
    .update(orders)
    .set({
      status: "requires_action",
      paymentReference: card.reference,
      cardBrand: card.cardBrand ?? order.cardBrand,
      cardLast4: card.cardLast4 ?? order.cardLast4,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
}

/**
 * The card was not authorised: the attempt's claim ends (once: only the attempt still holding
 * the order moves it). The order as it failed, or undefined when it had moved already.
 */
export async function recordFailure(q: Queryable, order: OrderRow, status: "declined" | "failed", message: string): Promise<OrderRow | undefined> {
  const [failed] = await q
    .update(orders)
    .set({ status, failureMessage: message, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, "processing")))
    .returning();
  return failed;
}

/** The card is authorised: the order as it will be sent, with its payment. */
export async function recordPayment(q: Queryable, order: OrderRow, paid: PreAuthOrderBody, card: PaymentCard): Promise<void> {
  await q
    .update(orders)
    .set({
      body: paid as unknown as Record<string, unknown>,
      paymentReference: card.reference,
      cardBrand: card.cardBrand ?? order.cardBrand,
      cardLast4: card.cardLast4 ?? order.cardLast4,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
}

/** The order is authorised, under its reference, and she goes to `destination`. */
export async function recordAuthorised(q: Queryable, order: OrderRow, destination: OrderDestination, reference: string): Promise<void> {
  await q
    .update(orders)
    .set({
      status: "authorised",
      authorisedAt: new Date(),
      reference,
      redirectUrl: destination.redirect_url,
      redirectType: destination.redirect_type,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
}
