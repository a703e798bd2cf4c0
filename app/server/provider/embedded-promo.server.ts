// The embedded provider's promo check (spec sections 5, 7 and 8): codes from our own
// promo_codes table (seeded by migration 0004), so a fresh clone can apply a discount with no
// network. Redemptions are counted when an order's card is tried, not when a code is checked,
// and only while the code may still be used, so its cap and dates hold however many pay at once.
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { promoDiscountCents, type PromoCheck } from "../../funnel/promo";
import type { Database, Queryable } from "../db/client.server";
import { promoCodes } from "../db/schema.server";
import { log } from "../log.server";

/** Why a code was refused, as she reads it. */
export const promoRefusals = {
  notValid: "This promo code is not valid.",
  expired: "This promo code has expired.",
  limitReached: "This promo code has reached its limit.",
} as const;

/** Codes are kept in upper case and matched without regard to case. */
const keyOf = (code: string) => code.trim().toUpperCase();

/** Is this code good for this price (cents) at this moment? Never throws. */
export async function checkEmbeddedPromoCode(
  db: Database,
  code: string,
  priceInCents: number,
  now: Date = new Date(),
): Promise<PromoCheck> {
  const price = Number.isFinite(priceInCents) ? Math.max(0, Math.round(priceInCents)) : 0;
  const refused = (message: string): PromoCheck => ({
    outcome: "answered",
    result: { valid: false, adjusted_price: price, discount_amount: 0, message },
  });

  let row: typeof promoCodes.$inferSelect | undefined;
  try {
    [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, keyOf(code))).limit(1);
  } catch (error) {
    // The error's name only: a query error's message carries its parameters, the code among them.
    log.warn({ reason: error instanceof Error ? error.name : "unknown" }, "promo check failed");
    return { outcome: "unreachable" };
  }

  if (!row || !row.active) return refused(promoRefusals.notValid);
  if (row.startsAt && now < row.startsAt) return refused(promoRefusals.notValid);
  if (row.endsAt && now >= row.endsAt) return refused(promoRefusals.expired);
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) {
    return refused(promoRefusals.limitReached);
  }

  const discount = promoDiscountCents({ kind: row.kind, amount: row.amount }, price);
  // No message: the default "Promo code applied! You saved $X" applies (spec section 8).
  return { outcome: "answered", result: { valid: true, adjusted_price: price - discount, discount_amount: discount } };
}

/**
 * What counting a use came to: counted; refused because the code may no longer be used (its
 * cap reached, its dates past, made inactive); or not a code of ours at all (the HTTP
 * provider's own, which it counts itself).
 */
export type Redemption = "redeemed" | "unavailable" | "not_ours";

/**
 * Counts one use of a code, in the caller's transaction, only while it is active, within its
 * dates and under its cap: one conditional statement, so that of orders racing for a code's
 * last use exactly one gets it (the others wait on the row, then find the cap reached).
 */
export async function redeemPromoCode(tx: Queryable, code: string, now: Date = new Date()): Promise<Redemption> {
  const key = keyOf(code);
  const [redeemed] = await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(promoCodes.code, key),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.maxRedemptions), lt(promoCodes.redemptions, promoCodes.maxRedemptions)),
        or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, now)),
        or(isNull(promoCodes.endsAt), gt(promoCodes.endsAt, now)),
      ),
    )
    .returning({ code: promoCodes.code });
  if (redeemed) return "redeemed";
  const [known] = await tx.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.code, key)).limit(1);
  return known ? "unavailable" : "not_ours";
}

/** Gives back a use counted for a card that was then not authorised (declined, failed). */
export async function giveBackPromoCode(tx: Queryable, code: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} - 1`, updatedAt: new Date() })
    .where(and(eq(promoCodes.code, keyOf(code)), gt(promoCodes.redemptions, 0)));
}
