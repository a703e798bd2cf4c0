// What the gateway is given for a PaymentMethod that a JSON client names (POST
// /api/pre-auth-checkout, spec section 7: payment.stripePaymentMethodId).
import type { PaymentGateway } from "./gateway.server";

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

/** What the gateway takes: a sandbox test card, or a Stripe PaymentMethod. */
export type CheckoutPayment =
  { ok: true; card?: { number: string; expiry: string; securityCode: string }; paymentMethodId?: string } | { ok: false; message: string };

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
    return {
      ok: false,
      message: `This is a sandbox: payment.stripePaymentMethodId must be one of Stripe's test PaymentMethods (${names}).`,
    };
  }
  return { ok: true, card: { number, expiry: `12/${now.getUTCFullYear() + 3}`, securityCode: "123" } };
}
