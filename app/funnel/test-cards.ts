// Card input and the sandbox gateway's rules (ARCHITECTURE "Adapters: Card payments"):
// reading a card number, expiration date and security code typed into plain inputs, and what the
// sandbox does with each of Stripe's published test card numbers. Pure: no I/O, no React, so
// the checkout page and the server share the same rules and messages.

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

/** What the sandbox does with a card: the three sandbox outcomes, or refuse a real card. */
export type SandboxOutcome = "authorise" | "decline" | "authenticate" | "refuse";

export interface TestCard {
  number: string;
  brand: CardBrand;
  outcome: Exclude<SandboxOutcome, "refuse">;
  /** What the card issuer says when it declines (Stripe's own wording). */
  declineMessage?: string;
  /**
   * What a later charge without her does (a renewal): charged unless said otherwise. As with
   * Stripe, 4000 0027 6000 3184 asks for 3-D Secure on every payment, so once authorised
   * with her it fails every renewal; 4000 0025 0000 3155 asks only while she is there.
   */
  offSession?: "authentication_required";
  /**
   * Authorises as 4242 does, and each payment taken from it is disputed at once as fraudulent
   * (Stripe's 4000 0000 0000 0259), so the dispute flow can be seen without a real bank.
   */
  disputes?: true;
}

/** Stripe's published test card numbers (docs.stripe.com/testing) that the sandbox knows. */
export const testCards: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", outcome: "authorise" },
  { number: "5555555555554444", brand: "mastercard", outcome: "authorise" },
  { number: "4000000000000002", brand: "visa", outcome: "decline", declineMessage: "Your card was declined." },
  {
    number: "4000000000009995",
    brand: "visa",
    outcome: "decline",
    declineMessage: "Your card has insufficient funds.",
  },
  { number: "4000000000000069", brand: "visa", outcome: "decline", declineMessage: "Your card has expired." },
  // 3-D Secure: always asks, and asks even for a card set up for later use.
  { number: "4000002760003184", brand: "visa", outcome: "authenticate", offSession: "authentication_required" },
  { number: "4000002500003155", brand: "visa", outcome: "authenticate" },
  // Disputes: authorised, and every charge of it disputed (fraudulent).
  { number: "4000000000000259", brand: "visa", outcome: "authorise", disputes: true },
];

/**
 * What she is told about a payment (spec section 8, and the sandbox's own messages). The
 * checkout page shows these in the browser too, so they live here rather than in a .server
 * module.
 */
export const paymentMessages = {
  /** Spec section 8: a card error without a message of its own. */
  cardMethodFailed: "Payment method creation failed",
  /** Spec section 8: anything thrown while paying. */
  unexpected: "An unexpected error occurred. Please try again.",
  /** The sandbox met a well-formed number that is not a test card (perhaps a real card). */
  sandboxRefused: "This is a sandbox: use one of Stripe's test cards, such as 4242 4242 4242 4242.",
  /** Another attempt of the same order is still running. */
  stillProcessing: "Your payment is still being processed. Please wait a moment, then refresh this page.",
  /** A saved card charged without her that wants her to authenticate (Stripe's wording). */
  authenticationRequired: "Your card was declined. This transaction requires authentication.",
  /** 3-D Secure was refused or abandoned. */
  authenticationFailed: "We could not authenticate your payment. Please try again or use another card.",
} as const;

/** What each card field says when its value cannot be used. */
export const cardInputMessages = {
  cardNumber: "Enter a valid card number",
  expiryFormat: "Enter the expiration date as MM/YY",
  expired: "The card has expired",
  securityCode: (brand: CardBrand) => (brand === "amex" ? "Enter the 4-digit security code" : "Enter the 3-digit security code"),
} as const;

/** The Luhn check digit rule that every card number obeys. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Double every second digit, counting from the check digit at the right end.
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A card number as typed: spaces and dashes are dropped; the rest must be 12 to 19 digits that
 * pass the Luhn check. Answers the digits, or undefined.
 */
export function readCardNumber(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return undefined;
  return luhnValid(digits) ? digits : undefined;
}

/** The card network, by the number's leading digits (IIN ranges). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^5[1-5]/.test(digits)) return "mastercard";
  const firstFour = Number(digits.slice(0, 4));
  if (digits.length >= 4 && firstFour >= 2221 && firstFour <= 2720) return "mastercard";
  if (/^(6011|64[4-9]|65)/.test(digits)) return "discover";
  const firstSix = Number(digits.slice(0, 6));
  if (digits.length >= 6 && firstSix >= 622126 && firstSix <= 622925) return "discover";
  return "unknown";
}

export function findTestCard(digits: string): TestCard | undefined {
  return testCards.find((card) => card.number === digits);
}

/** What the sandbox does with this card number: a test card's outcome, else refuse it. */
export function sandboxOutcome(digits: string): SandboxOutcome {
  return findTestCard(digits)?.outcome ?? "refuse";
}

/** What charging this card again without her does. */
export function sandboxOffSessionOutcome(digits: string): "charge" | "authentication_required" | "decline" {
  const card = findTestCard(digits);
  if (card === undefined || card.outcome === "decline") return "decline";
  return card.offSession ?? "charge";
}

/** Whether each payment taken from this card is disputed (Stripe's dispute test card). */
export function sandboxDisputesCharges(digits: string): boolean {
  return findTestCard(digits)?.disputes === true;
}

/** The message of a declining test card, or of a refused number; undefined otherwise. */
export function sandboxDeclineMessage(digits: string): string | undefined {
  const card = findTestCard(digits);
  if (card === undefined) return paymentMessages.sandboxRefused;
  return card.declineMessage;
}

export type ExpiryReading = { ok: true; month: number; year: number } | { ok: false; reason: "format" | "expired"; message: string };

/**
 * An expiration date as typed: "MM/YY" or "MM/YYYY", spaces around the slash allowed. A card is
 * good through the last day of its month, so the current month is still good. `now` is read
 * in UTC.
 */
export function readExpiry(raw: string, now: Date): ExpiryReading {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  const month = match ? Number(match[1]) : NaN;
  if (!match || month < 1 || month > 12) {
    return { ok: false, reason: "format", message: cardInputMessages.expiryFormat };
  }
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) {
    return { ok: false, reason: "expired", message: cardInputMessages.expired };
  }
  return { ok: true, month, year };
}

/** A security code (CVC): 4 digits for American Express, 3 for the others. Answers the digits. */
export function readSecurityCode(raw: string, brand: CardBrand): string | undefined {
  const code = raw.trim();
  const length = brand === "amex" ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(code) ? code : undefined;
}
