// The cart kept per responder uuid (spec sections 4 and 9): when its reserved countdown ends,
// and the promo code she applied with the discount and the subtotal it was given for.
import { eq, sql } from "drizzle-orm";
import type { PromoOutcome } from "../../../funnel/promo";
import { database, type Database } from "../client.server";
import { prepared, statementName } from "../prepared.server";
import { checkoutCarts } from "../schema.server";

export type CheckoutCartRow = typeof checkoutCarts.$inferSelect;

/**
 * The cart-reserved countdown: its end is stored the first time she reaches the checkout, so
 * a reload, another device or a JSON client sees the same time left. Returns the cart's row.
 */
const cartOfFlow = (db: Database) =>
  db
    .select()
    .from(checkoutCarts)
    .where(eq(checkoutCarts.responderUuid, sql.placeholder("responderUuid")))
    .prepare(statementName(db, "cart_of_flow"));

export async function startCountdown(
  responderUuid: string,
  countdownSeconds: number,
  /** Her cart's row as read already with others (undefined: none), rather than read here. */
  read?: { cart: CheckoutCartRow | undefined },
): Promise<CheckoutCartRow> {
  const db = await database();
  // Read first: every view of the checkout after her first finds the cart, in one round trip.
  const kept = () => prepared(db, cartOfFlow).execute({ responderUuid });
  const found = read ? read.cart : (await kept())[0];
  if (found) return found;
  const [made] = await db
    .insert(checkoutCarts)
    .values({ responderUuid, countdownEndsAt: new Date(Date.now() + countdownSeconds * 1000) })
    .onConflictDoNothing({ target: checkoutCarts.responderUuid })
    .returning();
  // Another request of hers made it between the two: its row is the one kept.
  return made ?? (await kept())[0]!;
}

/**
 * Keeps what the promo check came to: an applied code with its discount and the subtotal it
 * was given for, or only the message. The cart exists: its countdown started first.
 */
export async function savePromoOutcome(responderUuid: string, code: string, outcome: PromoOutcome, subtotalCents: number): Promise<void> {
  const values = outcome.applied
    ? { promoCode: code, promoDiscountCents: outcome.discountCents, promoSubtotalCents: subtotalCents, promoMessage: outcome.message }
    : { promoCode: null, promoDiscountCents: null, promoSubtotalCents: null, promoMessage: outcome.message };
  await (
    await database()
  )
    .update(checkoutCarts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(checkoutCarts.responderUuid, responderUuid));
}
