// Our own promo codes (table promo_codes, seeded by migration 0004): what the embedded
// provider checks a code against, and each use counted when an order's card is tried, only
// while the code may still be used, so its cap and dates hold however many pay at once.
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "../client.server";
import { promoCodes } from "../schema.server";

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** Codes are kept in upper case and matched without regard to case. */
const keyOf = (code: string) => code.trim().toUpperCase();

export async function findPromoCode(db: Queryable, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, keyOf(code)))
    .limit(1);
  return row;
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
