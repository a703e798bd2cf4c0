// The order and its payment, exactly once (spec section 7 "pre-auth-checkout"; decision
// 0008, "one order exactly once"). One order row per responder uuid (a unique constraint), and one
// checkout attempt running at a time: an attempt claims the row by moving it to
// "processing" with its attempt key, so a double click, a second tab or a resubmitted page
// finds the claim taken and waits for that attempt's result instead of paying again. The
// gateway gets an idempotency key made of the order id and the attempt key, so even a retry
// after a crash returns the same authorisation.
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { defaultDestination, variantDestination, type OrderDestination, type PreAuthOrderBody } from "../../../funnel/pre-auth-order";
import { database } from "../client.server";
import { orders, outboxMessages } from "../schema.server";
import { enqueueOutboxMessage, idempotencyKeyOf, type OutboxMessage } from "../../outbox.server";
import { wakeOutboxWorker } from "../../outbox-worker.server";
import type { AuthorisationResult } from "../../payments/gateway.server";
import { redeemPromoCode } from "../../provider/embedded-promo.server";
import { provider } from "../../provider/index.server";
import { ProviderError } from "../../provider/provider.server";
import { log } from "../../log.server";

export type OrderRow = typeof orders.$inferSelect;

export type OrderOutcome =
  | { status: "authorised"; destination: OrderDestination }
  | {
      status: "requires_action";
      action: { kind: "redirect"; url: string } | { kind: "stripe-next-action"; clientSecret: string };
    }
  | { status: "declined" | "failed"; message: string }
  /** Another attempt is still running after we waited for it. */
  | { status: "processing" };

/** An attempt left "processing" this long was cut off (a crash); its own key may run it again. */
const staleProcessingMs = 2 * 60_000;
/** How long the outbox worker leaves an order alone while this request delivers it itself. */
const ownDeliveryMs = 60_000;
/** How long a second request waits for the attempt that is running. */
const waitForAttemptMs = 20_000;

export async function findOrder(responderUuid: string): Promise<OrderRow | undefined> {
  const [row] = await (await database()).select().from(orders).where(eq(orders.responderUuid, responderUuid));
  return row;
}

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
export async function submitOrder(attempt: CheckoutAttempt): Promise<OrderOutcome> {
  const db = await database();
  // She left an authentication or a hosted payment page unfinished and tries again: that
  // earlier attempt is settled first (paid after all, or failed), so it neither blocks the new
  // one nor gets paid twice.
  const earlier = await findOrder(attempt.responderUuid);
  if (earlier?.status === "requires_action" && earlier.attemptKey !== attempt.attemptKey && attempt.settlePending) {
    const settled = await resumeOrder(earlier, await attempt.settlePending(earlier));
    if (settled.status === "authorised") return settled;
  }
  const values = {
    body: attempt.body as unknown as Record<string, unknown>,
    amountCents: attempt.amountCents,
    gateway: attempt.gateway,
  };
  await db
    .insert(orders)
    .values({ responderUuid: attempt.responderUuid, ...values })
    .onConflictDoNothing({ target: orders.responderUuid });
  // The claim: a new attempt takes an order that is not under way, and writes what she sent
  // in the same statement, so the order always carries the amount this attempt authorises.
  const claimedNew = await db
    .update(orders)
    .set({ ...values, status: "processing", attemptKey: attempt.attemptKey, attempts: sql`${orders.attempts} + 1`, failureMessage: null, updatedAt: new Date() })
    .where(
      and(
        eq(orders.responderUuid, attempt.responderUuid),
        inArray(orders.status, ["pending", "declined", "failed"]),
        or(isNull(orders.attemptKey), ne(orders.attemptKey, attempt.attemptKey), eq(orders.status, "pending")),
      ),
    )
    .returning();
  // An attempt cut off mid-way (a crash, a deploy) is run again by whoever comes next, with its
  // own order and key, so the gateway answers with that attempt's payment, never a second one.
  const [claimed] = claimedNew.length
    ? claimedNew
    : await db
        .update(orders)
        .set({ updatedAt: new Date() })
        .where(
          and(
            eq(orders.responderUuid, attempt.responderUuid),
            eq(orders.status, "processing"),
            lt(orders.updatedAt, new Date(Date.now() - staleProcessingMs)),
          ),
        )
        .returning();
  if (!claimed) return settledOutcome(attempt.responderUuid);

  let result: AuthorisationResult;
  try {
    result = await attempt.authorise(claimed.id, `${claimed.id}:${claimed.attemptKey ?? attempt.attemptKey}`);
  } catch (error) {
    log.error({ error: error instanceof Error ? error.name : "unknown" }, "payment gateway failed");
    result = { status: "failed", message: "An unexpected error occurred. Please try again." };
  }
  return recordResult(claimed, result);
}

/** After authentication (3-D Secure) or the hosted page: records where the payment now stands. */
export async function resumeOrder(order: OrderRow, result: AuthorisationResult): Promise<OrderOutcome> {
  const db = await database();
  const [claimed] = await db
    .update(orders)
    .set({ status: "processing", updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, "requires_action")))
    .returning();
  if (!claimed) return settledOutcome(order.responderUuid);
  return recordResult(claimed, result);
}

async function recordResult(order: OrderRow, result: AuthorisationResult): Promise<OrderOutcome> {
  const db = await database();
  switch (result.status) {
    case "authorised":
      return recordAuthorised(order, result);
    case "requires_action":
      await db
        .update(orders)
        .set({
          status: "requires_action",
          paymentReference: result.reference,
          cardBrand: result.cardBrand ?? order.cardBrand,
          cardLast4: result.cardLast4 ?? order.cardLast4,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id));
      return { status: "requires_action", action: result.action };
    case "declined":
    case "failed":
      await db
        .update(orders)
        .set({ status: result.status, failureMessage: result.message, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      return { status: result.status, message: result.message };
  }
}

/**
 * The card is authorised: the order, with its payment, is queued for the provider in the
 * same transaction (so it reaches the provider even if we stop now), then sent at once for
 * the answer that says where she goes. If the provider does not answer, the outbox keeps
 * trying and she goes to our thank-you page.
 */
async function recordAuthorised(
  order: OrderRow,
  result: Extract<AuthorisationResult, { status: "authorised" }>,
): Promise<OrderOutcome> {
  const db = await database();
  const body = order.body as unknown as PreAuthOrderBody;
  const paid: PreAuthOrderBody = {
    ...body,
    payment: { stripePaymentMethodId: result.reference, amount: order.amountCents, currency: "usd" },
  };
  const message: OutboxMessage = {
    kind: "pre-auth-checkout",
    payload: { responderUuid: order.responderUuid, orderId: order.id, body: paid },
  };
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({
        body: paid as unknown as Record<string, unknown>,
        paymentReference: result.reference,
        cardBrand: result.cardBrand ?? order.cardBrand,
        cardLast4: result.cardLast4 ?? order.cardLast4,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    // The worker leaves it alone while we try it ourselves; it takes over if we fail or stop.
    await enqueueOutboxMessage(tx, message, new Date(Date.now() + ownDeliveryMs));
  });

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

  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({
        status: "authorised",
        authorisedAt: new Date(),
        redirectUrl: destination.redirect_url,
        redirectType: destination.redirect_type,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await tx
      .update(outboxMessages)
      .set(
        delivered
          ? { status: "delivered", deliveredAt: new Date(), attempts: 1 }
          : { attempts: 1, nextAttemptAt: new Date() },
      )
      .where(eq(outboxMessages.idempotencyKey, idempotencyKeyOf(message)));
    const code = paid.metadata.discount_code;
    if (code) await redeemPromoCode(tx, code);
  });
  if (!delivered) wakeOutboxWorker();
  return { status: "authorised", destination };
}

/** The result of the attempt that holds the order, once it has one (or "processing"). */
async function settledOutcome(responderUuid: string): Promise<OrderOutcome> {
  const deadline = Date.now() + waitForAttemptMs;
  for (;;) {
    const order = await findOrder(responderUuid);
    if (!order) return { status: "failed", message: "An unexpected error occurred. Please try again." };
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
