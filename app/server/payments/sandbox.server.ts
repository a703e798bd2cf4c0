// The embedded card gateway: makes a fresh clone take payments end to end with no network.
// It behaves as Stripe's sandbox does with Stripe's published test cards (app/funnel/test-cards)
// and refuses every other number, so a real card typed here is never kept, sent or logged.
import { createHash } from "node:crypto";
import {
  cardBrand,
  cardInputMessages,
  paymentMessages,
  readCardNumber,
  readExpiry,
  readSecurityCode,
  sandboxDeclineMessage,
  sandboxOutcome,
} from "../../funnel/test-cards";
import {
  InvalidCardInput,
  unexpectedFailure,
  type AuthorisationResult,
  type AuthoriseRequest,
  type PaymentGateway,
} from "./gateway.server";

const referencePrefix = "sandbox_pi_";
const referencePattern = /^sandbox_pi_[0-9a-f]{24}$/;

/** Stripe's smallest USD charge; the sandbox refuses less, as Stripe would. */
const minimumAmountCents = 50;

/** Where the 3-D Secure stand-in page lives (a route of this app). */
export function sandboxAuthenticationPath(reference: string): string {
  return `/sandbox/authenticate/${reference}`;
}

/** The reference of an attempt: derived from its idempotency key, so a retry gets the same. */
export function sandboxReference(idempotencyKey: string): string {
  const digest = createHash("sha256").update(`sandbox-payment:${idempotencyKey}`).digest("hex");
  return `${referencePrefix}${digest.slice(0, 24)}`;
}

export function isSandboxReference(reference: string): boolean {
  return referencePattern.test(reference);
}

export function sandboxGateway(options: { now?: () => Date } = {}): PaymentGateway {
  const now = options.now ?? (() => new Date());

  return {
    kind: "sandbox",

    async authorise(request: AuthoriseRequest): Promise<AuthorisationResult> {
      const card = request.card;
      const digits = readCardNumber(card?.number ?? "");
      if (card === undefined || digits === undefined) {
        throw new InvalidCardInput("cardNumber", cardInputMessages.cardNumber);
      }
      const expiry = readExpiry(card.expiry, now());
      if (!expiry.ok) throw new InvalidCardInput("expiry", expiry.message);
      const brand = cardBrand(digits);
      if (readSecurityCode(card.securityCode, brand) === undefined) {
        throw new InvalidCardInput("securityCode", cardInputMessages.securityCode(brand));
      }
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents < minimumAmountCents) {
        return unexpectedFailure();
      }

      const reference = sandboxReference(request.idempotencyKey);
      // Only the brand and the last four digits ever leave this function.
      const cardLast4 = digits.slice(-4);
      switch (sandboxOutcome(digits)) {
        case "authorise":
          return { status: "authorised", reference, cardBrand: brand, cardLast4 };
        case "authenticate":
          return {
            status: "requires_action",
            reference,
            cardBrand: brand,
            cardLast4,
            action: { kind: "redirect", url: sandboxAuthenticationPath(reference) },
          };
        case "decline":
          return { status: "declined", message: sandboxDeclineMessage(digits) ?? paymentMessages.cardMethodFailed };
        case "refuse":
          return { status: "declined", message: paymentMessages.sandboxRefused };
      }
    },

    async resume(reference: string, outcome?: { authenticated: boolean }): Promise<AuthorisationResult> {
      if (!isSandboxReference(reference)) return unexpectedFailure();
      if (outcome?.authenticated !== true) {
        return { status: "declined", message: paymentMessages.authenticationFailed };
      }
      // The sandbox keeps nothing about the card: the caller kept the brand and last four.
      return { status: "authorised", reference, cardBrand: null, cardLast4: null };
    },
  };
}
