// Subscription terms (spec section 9), worded once for every screen that shows them: the
// terms page and the subscription-agreement checkbox on the final checkout. Each sentence
// stands on its own, so a screen may show any of them alone.

export const subscriptionTerms = [
  "Your subscription renews automatically at the end of each billing period until you cancel it.",
  "To stop the next renewal, cancel at least 72 hours before your next billing date.",
  "Payments are not refunded once charged, unless you are medically disqualified from the treatment.",
] as const;

/** Spec section 1: the card is pre-authorised; a licensed provider's prescription decides the charge. */
export const preAuthorisationNote =
  "Your card is pre-authorised at checkout and charged only if a licensed provider prescribes your treatment.";

/**
 * What she agrees to, in plain words, beside COMPLETE PURCHASE (ROSCA and California's
 * automatic renewal law ask for the terms next to the consent): the amount and how often, the
 * automatic renewal, the hold, and cancelling online.
 */
export function renewalDisclosure(amountAndCadence: string, holdAmount: string, promoApplied: boolean): string[] {
  return [
    `${amountAndCadence}, renewing automatically until you cancel.`,
    `We place a hold of ${holdAmount}${promoApplied ? " (your first period, promo code applied)" : ""} on your card now and charge it only if a provider prescribes your treatment; otherwise the hold is released.`,
    "You can cancel online at any time from the link we email you.",
  ];
}
