// Placing the order (spec section 7): the pre-authorisation body built from her cart and
// details, then submitted exactly once (submit-order-once.server.ts) with the gateway's
// authorisation, her card's 3-D Secure, or Stripe's hosted page.
import { randomUUID } from "node:crypto";
import { preAuthOrderBody } from "../../funnel/pre-auth-order";
import { promoNoLongerAvailable, promoWithdrawnMessage } from "../../funnel/promo";
import type { PreCheckoutDetails } from "../../funnel/pre-checkout";
import type { BillingAddress, ShippingAddress } from "../../funnel/final-checkout";
import type { Variant } from "../../funnel/variant";
import type { TrackingParams } from "../../funnel/tracking";
import type { CheckoutCart } from "./cart.server";
import type { OrderRow } from "../db/stores/orders.server";
import { savePromoOutcome } from "../db/stores/checkout-carts.server";
import { submitOrder, type OrderOutcome, type SubmitOutcome } from "./submit-order-once.server";
import { paymentMessages, type AuthorisationResult, type AuthoriseRequest, type PaymentGateway } from "../payments/index.server";
import type { Language } from "../../i18n/languages";

export interface PlaceOrderInput {
  responderUuid: string;
  /** Her order as this request first read it (undefined: none yet). */
  existing: OrderRow | undefined;
  /** One per checkout attempt: the same key is the same attempt, never a second payment. */
  attemptKey: string | undefined;
  gateway: PaymentGateway;
  account: PreCheckoutDetails;
  shipping: ShippingAddress;
  /** A billing address of its own (the older variant), or null: the same as shipping. */
  billing: BillingAddress | null;
  variant: Variant;
  language: Language;
  checkout: Pick<CheckoutCart, "cart" | "totals" | "promo">;
  tracking: TrackingParams;
  payment: { card?: { number: string; expiry: string; securityCode: string }; paymentMethodId?: string };
  /** Where she comes back to after authentication (Stripe's return_url). */
  returnUrl: string;
  /** Stripe without JavaScript: pay on Stripe's hosted Checkout page instead. */
  hostedCheckout?: { returnUrl: string; cancelUrl: string };
}

/** The hosted Checkout page as an authorisation that asks her to go there. */
async function startHostedCheckout(
  gateway: PaymentGateway,
  { card: _card, paymentMethodId: _paymentMethodId, ...request }: AuthoriseRequest,
  pages: { returnUrl: string; cancelUrl: string },
): Promise<AuthorisationResult> {
  if (!gateway.startHostedCheckout) return { status: "failed", message: paymentMessages.unexpected };
  const session = await gateway.startHostedCheckout({ ...request, ...pages });
  return {
    status: "requires_action",
    reference: session.reference,
    cardBrand: null,
    cardLast4: null,
    action: { kind: "redirect", url: session.url },
  };
}

/**
 * An attempt she left waiting (3-D Secure, or the hosted page) when she tries again: paid
 * after all, or else failed, so that the new attempt may go ahead.
 */
export async function settlePendingPayment(gateway: PaymentGateway, order: OrderRow): Promise<AuthorisationResult> {
  const reference = order.paymentReference;
  const abandoned: AuthorisationResult = { status: "declined", message: paymentMessages.authenticationFailed };
  if (!reference) return abandoned;
  const result =
    gateway.kind === "stripe" && reference.startsWith("cs_") && gateway.resumeHostedCheckout
      ? await gateway.resumeHostedCheckout(reference)
      : await gateway.resume(reference, { authenticated: false });
  return result.status === "requires_action" ? abandoned : result;
}

/**
 * What placing the order came to: the order's outcome, or her promo code taken off because it
 * ran out before she paid; the card was not tried and she is shown the price without it.
 */
export type PlacedOrder = OrderOutcome | { status: "promo_withdrawn"; totalCents: number; message: string };

/** The order built and placed as the final checkout page places it (spec section 7). */
export async function placeOrder(input: PlaceOrderInput): Promise<PlacedOrder> {
  const outcome = await submitPlacedOrder(input);
  if (outcome.status !== "promo_unavailable") return outcome;
  // She must never pay a price she did not see: the code comes off her cart, the page shows
  // the full price and why, and paying it is her choice.
  const { subtotalCents } = input.checkout.totals;
  const code = input.checkout.promo.code ?? "";
  await savePromoOutcome(input.responderUuid, code, { applied: false, message: promoNoLongerAvailable }, subtotalCents);
  return { status: "promo_withdrawn", totalCents: subtotalCents, message: promoWithdrawnMessage(subtotalCents) };
}

function submitPlacedOrder(input: PlaceOrderInput): Promise<SubmitOutcome> {
  const { responderUuid, account, shipping, billing, checkout, gateway } = input;
  const { totals } = checkout;
  const body = preAuthOrderBody({
    responderUuid,
    customer: account,
    shipping,
    billing,
    variant: input.variant,
    medications: checkout.cart.medications,
    selectedPlan: checkout.cart.selectedPlan,
    totals,
    promoCode: checkout.promo.applied ? (checkout.promo.code ?? undefined) : undefined,
    tracking: input.tracking,
    // Filled in with the payment's reference once it is authorised.
    paymentMethodId: "",
    timestamp: new Date(),
    sandbox: gateway.kind === "sandbox",
  });
  return submitOrder({
    responderUuid,
    earlier: input.existing,
    attemptKey: input.attemptKey?.slice(0, 100) || randomUUID(),
    gateway: gateway.kind,
    body,
    amountCents: totals.totalCents,
    language: input.language,
    details: { account, shipping, billing },
    settlePending: (order) => settlePendingPayment(gateway, order),
    lookupAttempt: (request) => gateway.lookupAttempt(request),
    lookupSettlesAfterMs: gateway.lookupSettlesAfterMs,
    authorise: (orderId, idempotencyKey) => {
      const request: AuthoriseRequest = {
        amountCents: totals.totalCents,
        currency: "usd",
        orderId,
        responderUuid,
        // The card's billing details: her billing address when she gave one, else shipping.
        customer: {
          name: billing ? `${billing.firstName} ${billing.lastName}` : `${account.firstName} ${account.lastName}`,
          email: account.email,
          phone: account.phone,
          address: {
            line1: (billing ?? shipping).addressLine1,
            line2: (billing ?? shipping).addressLine2,
            city: (billing ?? shipping).city,
            state: (billing ?? shipping).state,
            postal_code: (billing ?? shipping).zipCode,
            country: "US",
          },
        },
        idempotencyKey,
        returnUrl: input.returnUrl,
        card: input.payment.card,
        paymentMethodId: input.payment.paymentMethodId,
      };
      return input.hostedCheckout ? startHostedCheckout(gateway, request, input.hostedCheckout) : gateway.authorise(request);
    },
  });
}
