// Stripe's test PaymentMethods (docs.stripe.com/testing) as the fake Stripe answers them.
// - outcome: what confirming a payment with her there does.
// - offSession: what a later charge without her does (a renewal on the saved card), as the
//   sandbox's test cards do (app/funnel/test-cards.ts): "charge" unless said otherwise.
// pm_card_threeDSecure2Required stands for 4000 0027 6000 3184 here, as in the Stripe.js
// stand-in and the JSON route's sandbox mapping: the card that asks for 3-D Secure on every
// payment, so it fails every renewal with authentication_required, as Stripe's does.

export interface TestCard {
  brand: string;
  last4: string;
  outcome: "authorise" | "decline" | "authenticate";
  /** A charge without her, on the saved card. */
  offSession: "charge" | "decline" | "authentication_required";
  declineCode?: string;
  message?: string;
}

/** The test PaymentMethods the fake Stripe knows, by id. */
export const testPaymentMethods: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", outcome: "authorise", offSession: "charge" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", outcome: "authorise", offSession: "charge" },
  pm_card_chargeDeclined: {
    brand: "visa",
    last4: "0002",
    outcome: "decline",
    offSession: "decline",
    declineCode: "generic_decline",
    message: "Your card was declined.",
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    outcome: "decline",
    offSession: "decline",
    declineCode: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  pm_card_threeDSecure2Required: { brand: "visa", last4: "3184", outcome: "authenticate", offSession: "authentication_required" },
  // 4000 0025 0000 3155: asks for 3-D Secure while she is there, not once set up for later.
  pm_card_authenticationRequiredSetupForOffSession: { brand: "visa", last4: "3155", outcome: "authenticate", offSession: "charge" },
};
