// Promo codes at the checkout (spec sections 5, 7 and 8), for the final checkout page, POST
// /api/pre-auth-checkout and GET /api/check-promo-code alike: the promo-box rule, the rate
// limit on checks, the provider's answer and what is kept with her cart.
import type { Cart } from "../../funnel/cart";
import { promoBoxVisible, promoOutcome, type PromoOutcome } from "../../funnel/promo";
import { tooManyPromoCodesMessage } from "../../funnel/rate-limits";
import type { TrackingParams } from "../../funnel/tracking";
import { config } from "../config.server";
import { savePromoOutcome } from "../db/stores/checkout-carts.server";
import { provider } from "../provider/index.server";
import { rateLimits, rateLimitWait } from "../http/rate-limits.server";
import type { CheckoutCart } from "./cart.server";

/** Who is asking: the request (its address counts too) and her rate-limit key. */
export interface PromoAsker {
  request: Request;
  visitorKey: string | undefined;
}

export type TooManyAttempts = { kind: "too_many_attempts"; retryAfterSeconds: number; message: string };

export type PromoCodeCheck =
  | { kind: "checked"; outcome: PromoOutcome; /** False: the provider could not say (no fallback applied). */ answered: boolean }
  | TooManyAttempts;

/** Spec section 5: whether the promo box shows for her referral code and cart. */
export function promoBoxShown(tracking: TrackingParams, cart: Cart): boolean {
  return promoBoxVisible(tracking.referral_code, cart.medications[0]?.product_id, config().PROMO_SPECIAL_PRODUCT_ID);
}

/**
 * One code checked for one price: counted against rateLimits.promoCheck (guessing codes is
 * slow), asked of the provider, and decided by promoOutcome (the HRT100 fallback, the section
 * 8 messages).
 */
export async function checkPromoCode(asker: PromoAsker, code: string, priceCents: number, responderUuid: string): Promise<PromoCodeCheck> {
  const wait = await rateLimitWait(rateLimits.promoCheck, asker.request, asker.visitorKey, true);
  if (wait > 0) return { kind: "too_many_attempts", retryAfterSeconds: wait, message: tooManyPromoCodesMessage(wait) };
  const check = await (await provider()).checkPromoCode(code, priceCents, responderUuid);
  const outcome = promoOutcome(code, check, priceCents);
  return { kind: "checked", outcome, answered: check.outcome === "answered" || outcome.applied };
}

export type PromoCodeResult =
  /** Spec section 5: a blank code, an empty cart, or a code posted where the box is hidden. */
  { kind: "ignored" } | { kind: "applied"; message: string } | { kind: "refused"; message: string } | TooManyAttempts;

/** A code she applies to her cart: checked for its subtotal and kept with it. */
export async function applyPromoCode(
  asker: PromoAsker,
  checkout: { responderUuid: string; tracking: TrackingParams; cart: CheckoutCart },
  code: string | undefined,
): Promise<PromoCodeResult> {
  const { cart, totals } = checkout.cart;
  if (!code || cart.medications.length === 0 || !promoBoxShown(checkout.tracking, cart)) return { kind: "ignored" };
  const check = await checkPromoCode(asker, code, totals.subtotalCents, checkout.responderUuid);
  if (check.kind === "too_many_attempts") return check;
  await savePromoOutcome(checkout.responderUuid, code, check.outcome, totals.subtotalCents);
  return check.outcome.applied ? { kind: "applied", message: check.outcome.message } : { kind: "refused", message: check.outcome.message };
}
