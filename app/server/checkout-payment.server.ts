// What the final checkout page and the JSON checkout routes (GET /api/check-promo-code, POST
// /api/pre-auth-checkout) share: the rate limits per visitor, the sandbox's test payment
// methods, and placing the order.
import { randomUUID } from "node:crypto";
import { preAuthOrderBody } from "../funnel/pre-auth-order";
import type { PreCheckoutDetails } from "../funnel/pre-checkout";
import type { BillingAddress, ShippingAddress } from "../funnel/final-checkout";
import type { Variant } from "../funnel/variant";
import type { TrackingParams } from "../funnel/tracking";
import type { CheckoutCart } from "./final-checkout.server";
import { submitOrder, type OrderOutcome, type OrderRow } from "./orders.server";
import { paymentMessages, type AuthorisationResult, type AuthoriseRequest, type PaymentGateway } from "./payments/index.server";

// The rate limits' wait and its wording live with the limits; the checkout routes read them here.
export { rateLimitWait } from "./rate-limits.server";
export { waitInMinutes } from "../funnel/rate-limits";

/**
 * Stripe's test PaymentMethods (docs.stripe.com/testing), as the sandbox gateway takes them:
 * the test card number each stands for. Only these; the sandbox takes no real card.
 */
export const sandboxPaymentMethods: Readonly<Record<string, string>> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_threeDSecure2Required: "4000002760003184",
};

/** A Stripe PaymentMethod id, as Stripe.js makes one. */
const paymentMethodIdPattern = /^pm_[A-Za-z0-9_]{1,250}$/;

export type CheckoutPayment =
  | { ok: true; card?: { number: string; expiry: string; securityCode: string }; paymentMethodId?: string }
  | { ok: false; message: string };

/**
 * What the gateway is given for a PaymentMethod named by a JSON client: Stripe takes the id
 * itself; the sandbox takes the test card a test PaymentMethod stands for, valid for three
 * more years, with security code 123.
 */
export function checkoutPaymentFor(gateway: PaymentGateway["kind"], paymentMethodId: string, now: Date): CheckoutPayment {
  if (gateway === "stripe") {
    return paymentMethodIdPattern.test(paymentMethodId)
      ? { ok: true, paymentMethodId }
      : { ok: false, message: "payment.stripePaymentMethodId must be a Stripe PaymentMethod id (pm_...)." };
  }
  const number = Object.hasOwn(sandboxPaymentMethods, paymentMethodId) ? sandboxPaymentMethods[paymentMethodId] : undefined;
  if (number === undefined) {
    const names = Object.keys(sandboxPaymentMethods).join(", ");
    return { ok: false, message: `This is a sandbox: payment.stripePaymentMethodId must be one of Stripe's test PaymentMethods (${names}).` };
  }
  return { ok: true, card: { number, expiry: `12/${now.getUTCFullYear() + 3}`, securityCode: "123" } };
}

export interface PlaceOrderInput {
  responderUuid: string;
  /** One per checkout attempt: the same key is the same attempt, never a second payment. */
  attemptKey: string | undefined;
  gateway: PaymentGateway;
  account: PreCheckoutDetails;
  shipping: ShippingAddress;
  /** A billing address of its own (the older variant), or null: the same as shipping. */
  billing: BillingAddress | null;
  variant: Variant;
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

/** The order built and placed as the final checkout page places it (spec section 7). */
export function placeOrder(input: PlaceOrderInput): Promise<OrderOutcome> {
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
  });
  return submitOrder({
    responderUuid,
    attemptKey: input.attemptKey?.slice(0, 100) || randomUUID(),
    gateway: gateway.kind,
    body,
    amountCents: totals.totalCents,
    settlePending: (order) => settlePendingPayment(gateway, order),
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
      return input.hostedCheckout
        ? startHostedCheckout(gateway, request, input.hostedCheckout)
        : gateway.authorise(request);
    },
  });
}
