// The pre-authorised orders (spec section 7, "pre-auth-checkout"): one row per responder uuid
// (a unique constraint), and the writes that move it through its states. Each write that
// claims the row is one conditional statement, so that of two attempts racing exactly one
// wins (decision 0008); the protocol that uses them is app/server/checkout/submit-order.server.ts.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { isPlanCode } from "../../../funnel/plans";
import type { OrderDestination, PreAuthOrderBody } from "../../../funnel/pre-auth-order";
import { holdLifetimeMs, orderReference } from "../../../funnel/subscription-life";
import { enqueueOutboxMessage, idempotencyKeyOf, type OutboxMessage } from "../../outbox.server";
import { giveBackPromoCode, redeemPromoCode } from "../../provider/embedded-promo.server";
import { database, type Queryable } from "../client.server";
import { orders, outboxMessages } from "../schema.server";
import { startSubscription } from "./subscriptions.server";

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

/** What a claim came to. */
export type OrderClaim =
  | { status: "claimed"; order: OrderRow }
  /** Another attempt holds the order, or it is settled. */
  | { status: "taken" }
  /** Its promo code may no longer be used: nothing was claimed or counted; try no card. */
  | { status: "promo_unavailable" };

/** Undoes a claim whose promo code could not be counted. */
class PromoUnavailable extends Error {}

/**
 * The claim: a new attempt takes an order that is not under way, and writes what she sent in
 * the same statement, so the order always carries the amount this attempt authorises. Without
 * a row yet, one is made first. A promo code the order carries is counted in the same
 * transaction, before any card is tried, only while the code may still be used: a card is
 * never held at a discount the code can no longer give, and the cap holds however many pay at
 * once. The use is given back if the card is then declined (recordFailure).
 */
export async function claimOrder(responderUuid: string, attemptKey: string, order: OrderValues): Promise<OrderClaim> {
  const db = await database();
  const values = { body: order.body as unknown as Record<string, unknown>, amountCents: order.amountCents, gateway: order.gateway };
  await db
    .insert(orders)
    .values({ responderUuid, reference: orderReference(randomBytes(8)), ...values })
    .onConflictDoNothing({ target: orders.responderUuid });
  const claim = async (q: Queryable): Promise<OrderRow | undefined> => {
    const [claimed] = await q
      .update(orders)
      .set({ ...values, status: "processing", attemptKey, attempts: sql`${orders.attempts} + 1`, failureMessage: null, updatedAt: new Date() })
      .where(
        and(
          eq(orders.responderUuid, responderUuid),
          inArray(orders.status, ["pending", "declined", "failed"]),
          or(isNull(orders.attemptKey), ne(orders.attemptKey, attemptKey), eq(orders.status, "pending")),
        ),
      )
      .returning();
    return claimed;
  };
  const promoCode = order.body.metadata.discount_code;
  if (!promoCode) {
    const claimed = await claim(db);
    return claimed ? { status: "claimed", order: claimed } : { status: "taken" };
  }
  try {
    return await db.transaction(async (tx): Promise<OrderClaim> => {
      const claimed = await claim(tx);
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
 * The card was not authorised: the attempt's claim ends, and the promo use it counted is given
 * back in the same transaction (once: only the attempt still holding the order moves it).
 */
export async function recordFailure(order: OrderRow, status: "declined" | "failed", message: string): Promise<void> {
  await (await database()).transaction(async (tx) => {
    const [failed] = await tx
      .update(orders)
      .set({ status, failureMessage: message, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, "processing")))
      .returning({ body: orders.body });
    const promoCode = (failed?.body as Partial<PreAuthOrderBody> | undefined)?.metadata?.discount_code;
    if (promoCode) await giveBackPromoCode(tx, promoCode);
  });
}

/**
 * The card is authorised: the order, with its payment, and the provider's copy in the outbox
 * are written in one transaction, so it reaches the provider even if we stop now. The worker
 * leaves the message alone until `deliverAfter`, while the request tries it itself.
 */
export async function recordPayment(order: OrderRow, paid: PreAuthOrderBody, card: PaymentCard, message: OutboxMessage, deliverAfter: Date): Promise<void> {
  await (await database()).transaction(async (tx) => {
    await tx
      .update(orders)
      .set({
        body: paid as unknown as Record<string, unknown>,
        paymentReference: card.reference,
        cardBrand: card.cardBrand ?? order.cardBrand,
        cardLast4: card.cardLast4 ?? order.cardLast4,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await enqueueOutboxMessage(tx, message, deliverAfter);
  });
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
 * provider answered) or due now, and its subscription begins on hold, all in one transaction.
 * A promo code it used was counted when the attempt claimed the order (claimOrder).
 */
export async function recordAuthorised(
  order: OrderRow,
  destination: OrderDestination,
  message: OutboxMessage,
  delivered: boolean,
  hold: PlacedHold,
): Promise<void> {
  const body = order.body as unknown as PreAuthOrderBody;
  const plan = body.medications[0]?.planType;
  const reference = order.reference ?? orderReference(randomBytes(8));
  await (await database()).transaction(async (tx) => {
    await tx
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
    await tx
      .update(outboxMessages)
      .set(delivered ? { status: "delivered", deliveredAt: new Date(), attempts: 1 } : { attempts: 1, nextAttemptAt: new Date() })
      .where(eq(outboxMessages.idempotencyKey, idempotencyKeyOf(message)));
    await startSubscription(tx, {
      orderId: order.id,
      responderUuid: order.responderUuid,
      reference,
      plan: isPlanCode(plan) ? plan : "monthly",
      variant: body.metadata.variant ?? "current",
      gateway: order.gateway,
      firstPeriodCents: order.amountCents,
      // Later periods are the plan's price she agreed to, before any promo discount.
      renewalCents: Math.round(body.pricing.subtotal * 100),
      holdReference: hold.reference,
      holdExpiresAt: hold.expiresAt ?? new Date(hold.placedAt.getTime() + holdLifetimeMs),
      at: hold.placedAt,
    });
  });
}
