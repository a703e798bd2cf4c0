// Promo codes (spec sections 3 "Promo result", 5, 7 and 8).
import { formatCents } from "./cart";

/** The provider's answer to a promo check (spec section 3). Amounts in cents. */
export interface PromoResult {
  valid: boolean;
  adjusted_price: number;
  discount_amount: number;
  message?: string;
}

/** What asking the provider came to: its answer, an HTTP error status, or no answer at all. */
export type PromoCheck =
  { outcome: "answered"; result: PromoResult } | { outcome: "http-error"; status: number } | { outcome: "unreachable" };

/** Spec section 5: with this referral code the promo box shows only for the special product. */
const restrictedReferralCode = "199sema";

/**
 * Spec section 5: the promo box shows unless there is no referral_code, or the referral_code
 * is 199sema and the first selected product is not the special product.
 */
export function promoBoxVisible(referralCode: string | undefined, firstProductId: string | undefined, specialProductId: string): boolean {
  const referral = referralCode?.trim().toLowerCase() ?? "";
  if (referral === "") return false;
  if (referral === restrictedReferralCode) return firstProductId === specialProductId;
  return true;
}

const promoCodePattern = /^[A-Z0-9_-]{1,40}$/;

/** A code as the provider is asked about it: trimmed, upper case, [A-Z0-9_-], 1 to 40 long. */
export function normalisePromoCode(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const code = raw.trim().toUpperCase();
  return promoCodePattern.test(code) ? code : undefined;
}

/** A discount rule of the embedded provider: cents off, or a whole percentage off. */
export interface PromoRule {
  kind: "fixed" | "percent";
  amount: number;
}

/** The price in whole cents, never negative. */
function centsOf(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
}

/** A discount never below nothing and never above the price. */
function clampDiscount(discountCents: number, priceInCents: number): number {
  return Math.min(centsOf(discountCents), centsOf(priceInCents));
}

/** What a rule takes off a price, in cents: percentages round to the nearest cent. */
export function promoDiscountCents(rule: PromoRule, priceInCents: number): number {
  const price = centsOf(priceInCents);
  const discount = rule.kind === "percent" ? (price * rule.amount) / 100 : rule.amount;
  return clampDiscount(discount, price);
}

export type PromoOutcome =
  { applied: true; discountCents: number; adjustedCents: number; message: string } | { applied: false; message: string };

/** Spec section 8 messages. */
export const promoMessages = {
  invalid: "Unable to validate promo code",
  failed: "Unable to validate promo code. Please try again.",
  applied: (discountCents: number) => `Promo code applied! You saved $${(discountCents / 100).toFixed(2)}`,
} as const;

/**
 * A code she applied that ran out (its cap, its dates) before she paid: it comes off her
 * cart and the card is not tried, so she sees the price she would pay before paying it.
 */
export const promoNoLongerAvailable = "This promo code is no longer available, so it has been removed from your order.";

export function promoWithdrawnMessage(totalCents: number): string {
  return `${promoNoLongerAvailable} Your order total is now ${formatCents(totalCents)}. Please review your order and try again.`;
}

/** Spec section 8, "Promo exception": the code and the $100 it is worth when the check fails. */
const fallbackCode = "HRT100";
const fallbackDiscountCents = 10_000;

function serverMessage(message: unknown): string | undefined {
  return typeof message === "string" && message.trim() !== "" ? message.trim() : undefined;
}

function applied(discountCents: number, priceInCents: number, message?: string): PromoOutcome {
  const price = centsOf(priceInCents);
  const discount = clampDiscount(discountCents, price);
  return {
    applied: true,
    discountCents: discount,
    adjustedCents: price - discount,
    message: message ?? promoMessages.applied(discount),
  };
}

/**
 * What she is told, and what comes off, for a code checked against a price (spec section 8).
 * The discount is the provider's, kept between nothing and the price; the adjusted price is
 * always the price less the discount, whatever the provider said it was.
 */
export function promoOutcome(code: string, check: PromoCheck, priceInCents: number): PromoOutcome {
  switch (check.outcome) {
    case "answered": {
      const message = serverMessage(check.result.message);
      if (!check.result.valid) return { applied: false, message: message ?? promoMessages.invalid };
      return applied(check.result.discount_amount, priceInCents, message);
    }
    case "http-error":
      // Spec section 8: on a 500 for HRT100 (any case) the $100 applies anyway. On the
      // spec's $199 price that is 9900 cents to pay and 10000 off.
      if (check.status === 500 && code.trim().toUpperCase() === fallbackCode) {
        return applied(fallbackDiscountCents, priceInCents);
      }
      return { applied: false, message: promoMessages.failed };
    case "unreachable":
      return { applied: false, message: promoMessages.failed };
  }
}
