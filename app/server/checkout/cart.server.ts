// Her cart at the checkout (spec sections 2 "Final checkout", 4 and 9): the products her
// order carries, priced on her plan from the catalogue, with the promo she applied and the
// cart-reserved countdown, which starts the first time she reaches the checkout (the page or
// a JSON client alike).
import { cartFor, cartWithPromo, type Cart, type CartPromo, type CartTotals } from "../../funnel/cart";
import { variantFacts, type Variant } from "../../funnel/variant";
import { config } from "../config.server";
import { startCountdown } from "../db/stores/checkout-carts.server";
import { loadOrderProducts, orderProductsOf } from "../db/stores/order-products.server";
import { medicationsFor } from "../provider/catalogue-cache.server";
import type { CheckoutRead } from "./checkout-read.server";

export interface CheckoutCart {
  cart: Cart;
  totals: CartTotals;
  promo: CartPromo;
  countdownEndsAt: Date;
}

/** Her cart, from `read` (her checkout's rows, read together) when given, else read here. */
export async function openCheckoutCart(responderUuid: string, variant: Variant, read?: CheckoutRead): Promise<CheckoutCart> {
  const visiblePlans = config().VISIBLE_PLANS;
  const [kept, products, catalogue] = await Promise.all([
    startCountdown(responderUuid, variantFacts[variant].countdownSeconds, read),
    read ? orderProductsOf(read.products, visiblePlans) : loadOrderProducts(responderUuid, visiblePlans),
    medicationsFor(responderUuid, variant),
  ]);
  const cart = cartFor(catalogue, products.productIds, products.selectedPlan, visiblePlans);
  return { cart, ...cartWithPromo(cart, kept), countdownEndsAt: kept.countdownEndsAt };
}
