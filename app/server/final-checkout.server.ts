// What the final checkout keeps per responder uuid: the cart-reserved countdown, the promo
// code she applied, her shipping address, and the cart priced from her order's products.
import { eq } from "drizzle-orm";
import { cartFor, cartTotals, type Cart, type CartTotals } from "../funnel/cart";
import type { PreCheckoutDetails } from "../funnel/pre-checkout";
import type { PromoOutcome } from "../funnel/promo";
import { billingFieldNames, billingSameField, type BillingAddress, type ShippingAddress } from "../funnel/final-checkout";
import { variantFacts, type Variant } from "../funnel/variant";
import { medicationsFor } from "./catalogue.server";
import { config } from "./config.server";
import { database } from "./db/client.server";
import { billingAddresses, checkoutCarts, preCheckoutDetails, shippingAddresses } from "./db/schema.server";
import { loadOrderProducts } from "./pre-checkout.server";


export interface CheckoutCart {
  cart: Cart;
  totals: CartTotals;
  countdownEndsAt: Date;
  promo: { code: string | null; message: string | null; applied: boolean };
}

/**
 * The cart as the page shows it. The countdown's end is stored at the first visit, so a
 * reload or another device shows the same time left; it starts at 15 minutes (spec sections 4
 * and 9), or 14:56 in the older variant.
 */
export async function loadCheckoutCart(responderUuid: string, variant: Variant): Promise<CheckoutCart> {
  const db = await database();
  const countdownMs = variantFacts[variant].countdownSeconds * 1000;
  await db
    .insert(checkoutCarts)
    .values({ responderUuid, countdownEndsAt: new Date(Date.now() + countdownMs) })
    .onConflictDoNothing({ target: checkoutCarts.responderUuid });
  const [[row], products, catalogue] = await Promise.all([
    db.select().from(checkoutCarts).where(eq(checkoutCarts.responderUuid, responderUuid)),
    loadOrderProducts(responderUuid, config().VISIBLE_PLANS),
    medicationsFor(responderUuid, variant),
  ]);
  const cart = cartFor(catalogue, products.productIds, products.selectedPlan, config().VISIBLE_PLANS);
  const undiscounted = cartTotals(cart, 0);
  // A discount holds only for the cart it was given for (a percentage of another plan's price
  // would be wrong); after a change she applies the code again.
  const stale = Boolean(row?.promoCode) && row?.promoSubtotalCents !== undiscounted.subtotalCents;
  const applied = Boolean(row?.promoCode) && !stale && cart.medications.length > 0;
  return {
    cart,
    totals: applied ? cartTotals(cart, row?.promoDiscountCents) : undiscounted,
    countdownEndsAt: row!.countdownEndsAt,
    promo: {
      code: applied ? (row?.promoCode ?? null) : null,
      message: stale ? promoCartChanged : (row?.promoMessage ?? null),
      applied,
    },
  };
}

export const promoCartChanged = "Your order has changed. Please apply your promo code again.";

/**
 * Keeps what the promo check came to: an applied code with its discount and the subtotal it
 * was given for, or only the message.
 */
export async function savePromoOutcome(
  responderUuid: string,
  code: string,
  outcome: PromoOutcome,
  subtotalCents: number,
): Promise<void> {
  const values = outcome.applied
    ? { promoCode: code, promoDiscountCents: outcome.discountCents, promoSubtotalCents: subtotalCents, promoMessage: outcome.message }
    : { promoCode: null, promoDiscountCents: null, promoSubtotalCents: null, promoMessage: outcome.message };
  await (await database())
    .update(checkoutCarts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(checkoutCarts.responderUuid, responderUuid));
}

export async function loadShippingAddress(responderUuid: string): Promise<Partial<ShippingAddress>> {
  const [row] = await (await database())
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.responderUuid, responderUuid));
  if (!row) return {};
  return {
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2 ?? undefined,
    city: row.city,
    state: row.state as ShippingAddress["state"],
    zipCode: row.zipCode,
  };
}

/**
 * The Billing Address section as she left it, in the form's names: the box ticked (no billing
 * address of her own kept), or unticked with her billing address.
 */
export async function loadBillingAddress(responderUuid: string): Promise<Record<string, string>> {
  const [row] = await (await database())
    .select()
    .from(billingAddresses)
    .where(eq(billingAddresses.responderUuid, responderUuid));
  if (!row) return { [billingSameField]: "on" };
  return {
    [billingFieldNames.firstName]: row.firstName,
    [billingFieldNames.lastName]: row.lastName,
    [billingFieldNames.addressLine1]: row.addressLine1,
    [billingFieldNames.addressLine2]: row.addressLine2 ?? "",
    [billingFieldNames.city]: row.city,
    [billingFieldNames.state]: row.state,
    [billingFieldNames.zipCode]: row.zipCode,
  };
}

/**
 * Her account details, shipping address and billing address (null: the same as shipping),
 * kept before the card is tried, so that no failed payment or outside call loses what she typed.
 */
export async function saveCheckoutDetails(
  responderUuid: string,
  account: PreCheckoutDetails,
  shipping: ShippingAddress,
  billing: BillingAddress | null,
): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    await tx
      .insert(preCheckoutDetails)
      .values({ responderUuid, ...account })
      .onConflictDoUpdate({ target: preCheckoutDetails.responderUuid, set: { ...account, updatedAt: new Date() } });
    const address = {
      firstName: account.firstName,
      lastName: account.lastName,
      addressLine1: shipping.addressLine1,
      addressLine2: shipping.addressLine2 ?? null,
      city: shipping.city,
      state: shipping.state,
      zipCode: shipping.zipCode,
    };
    await tx
      .insert(shippingAddresses)
      .values({ responderUuid, ...address })
      .onConflictDoUpdate({ target: shippingAddresses.responderUuid, set: { ...address, updatedAt: new Date() } });
    if (!billing) {
      await tx.delete(billingAddresses).where(eq(billingAddresses.responderUuid, responderUuid));
      return;
    }
    const billingRow = { ...billing, addressLine2: billing.addressLine2 ?? null };
    await tx
      .insert(billingAddresses)
      .values({ responderUuid, ...billingRow })
      .onConflictDoUpdate({ target: billingAddresses.responderUuid, set: { ...billingRow, updatedAt: new Date() } });
  });
}
