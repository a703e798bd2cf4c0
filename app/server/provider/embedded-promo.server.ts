// The embedded provider's promo check (spec sections 5, 7 and 8): codes from our own
// promo_codes table (db/stores/promo-codes.server.ts), so a fresh clone can apply a discount
// with no network. Redemptions are counted when an order's card is tried, not when a code is
// checked (the checkout's order writes).
import { promoDiscountCents, type PromoCheck } from "../../funnel/promo";
import type { Database } from "../db/client.server";
import { findPromoCode, type PromoCodeRow } from "../db/stores/promo-codes.server";
import { log } from "../log.server";

/** Why a code was refused, as she reads it. */
export const promoRefusals = {
  notValid: "This promo code is not valid.",
  expired: "This promo code has expired.",
  limitReached: "This promo code has reached its limit.",
} as const;

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

  let row: PromoCodeRow | undefined;
  try {
    row = await findPromoCode(db, code);
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
