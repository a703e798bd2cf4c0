// Stripe's test PaymentMethods (docs.stripe.com/testing) as our Stripe stand-ins answer them:
// the MSW one of the integration tests (test/mocks/stripe.ts) and the HTTP one of the
// end-to-end tests (test/e2e/support/intake-stand-in.mjs). Plain JavaScript, so both can load it.
export const testPaymentMethods = {
  pm_card_visa: { brand: "visa", last4: "4242", outcome: "authorise" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", outcome: "authorise" },
  pm_card_chargeDeclined: {
    brand: "visa",
    last4: "0002",
    outcome: "decline",
    declineCode: "generic_decline",
    message: "Your card was declined.",
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    outcome: "decline",
    declineCode: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  pm_card_threeDSecure2Required: { brand: "visa", last4: "3184", outcome: "authenticate" },
};
