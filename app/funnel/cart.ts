// The final checkout's cart (spec sections 2 "Final checkout", 4 and 5): her products matched
// in the catalogue by product_id, priced on her plan (progesterone 0 with any estrogen), with
// the plan-unavailable message for what the plan does not offer, and the totals with a promo.
import type { Catalogue } from "./catalogue";
import type { Translator } from "../i18n/languages";
import { planWords, plans, type PlanCode } from "./plans";
import { selectedMedications, totalPrice } from "./pricing";
import { unavailableMessage, type SelectedMedication, type SelectedOptionIds } from "./selection";

export interface Cart {
  selectedPlan: PlanCode;
  medications: SelectedMedication[];
  /** Products she chose that the plan does not offer, with the reason (spec section 5). */
  unavailable: { name: string; message: string }[];
  /** Dollars. */
  subtotal: number;
}

export function cartFor(
  catalogue: Catalogue,
  productIds: readonly string[],
  selectedPlan: PlanCode,
  visiblePlans: readonly PlanCode[],
): Cart {
  const optionIds: SelectedOptionIds = {};
  const unavailable: Cart["unavailable"] = [];
  for (const productId of productIds) {
    for (const category of catalogue) {
      const option = category.options.find((candidate) => candidate.product_id === productId);
      if (!option || optionIds[category.category]) continue;
      const message = unavailableMessage(option, selectedPlan, visiblePlans);
      if (message) unavailable.push({ name: option.name, message });
      else optionIds[category.category] = option.id;
      break;
    }
  }
  const medications = selectedMedications(catalogue, selectedPlan, optionIds);
  return { selectedPlan, medications, unavailable, subtotal: totalPrice(medications) };
}

export interface CartTotals {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

/** Cents throughout, so that a promo never leaves a fraction of a cent. */
export function cartTotals(cart: Cart, promoDiscountCents: number | null | undefined): CartTotals {
  const subtotalCents = Math.round(cart.subtotal * 100);
  const discountCents = Math.min(subtotalCents, Math.max(0, Math.round(promoDiscountCents ?? 0)));
  return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

/** The promo code kept with her cart, as the promo check left it. */
export interface KeptPromo {
  promoCode: string | null;
  promoDiscountCents: number | null;
  promoSubtotalCents: number | null;
  promoMessage: string | null;
}

export interface CartPromo {
  code: string | null;
  message: string | null;
  applied: boolean;
}

export const promoCartChanged = "Your order has changed. Please apply your promo code again.";

/**
 * The totals with the promo she applied. A discount holds only for the cart it was given for
 * (a percentage of another plan's price would be wrong); after a change she applies it again.
 */
export function cartWithPromo(cart: Cart, kept: KeptPromo | undefined): { totals: CartTotals; promo: CartPromo } {
  const undiscounted = cartTotals(cart, 0);
  const stale = Boolean(kept?.promoCode) && kept?.promoSubtotalCents !== undiscounted.subtotalCents;
  const applied = Boolean(kept?.promoCode) && !stale && cart.medications.length > 0;
  return {
    totals: applied ? cartTotals(cart, kept?.promoDiscountCents) : undiscounted,
    promo: {
      code: applied ? (kept?.promoCode ?? null) : null,
      message: stale ? promoCartChanged : (kept?.promoMessage ?? null),
      applied,
    },
  };
}

/** Seconds left on the cart-reserved countdown (spec section 4), never below 0. */
export function countdownSecondsLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.round((endsAt.getTime() - now.getTime()) / 1000));
}

/** "Quarterly (billed every 3 months)": in her words with her translator, else the console's English. */
export function planTypeText(plan: PlanCode, t?: Translator): string {
  if (!t) return `${plans[plan].label} (billed ${plans[plan].cadence})`;
  const { label, cadence } = planWords(plan, t);
  return t("finalCheckout.planTypeValue", { label, cadence });
}

/** "$1,400.00": the order summary always shows cents. */
export { formatCents } from "./pricing";
