// The card payment adapter: a pre-authorisation of the order's total, captured later; the
// embedded sandbox (Stripe's test cards) or Stripe (PaymentIntent, capture_method manual).
import { paymentMessages } from "../../funnel/test-cards";

export { paymentMessages };

export interface PaymentCustomer {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2?: string; city: string; state: string; postal_code: string; country: "US" };
}

export interface AuthoriseRequest {
  /** Cents (spec section 9). */
  amountCents: number;
  currency: "usd";
  orderId: string;
  responderUuid: string;
  customer: PaymentCustomer;
  /** One per checkout attempt: a retry of the same attempt never pays twice. */
  idempotencyKey: string;
  returnUrl: string;
  /** Sandbox only (plain inputs). Never stored or logged. */
  card?: { number: string; expiry: string; securityCode: string };
  /** Stripe with JavaScript: made in the browser by Stripe.js. */
  paymentMethodId?: string;
}

export type AuthorisationResult =
  | {
      status: "authorised";
      reference: string;
      cardBrand: string | null;
      cardLast4: string | null;
      /** The last moment the hold can be captured, when the gateway says (Stripe's capture_before). */
      holdExpiresAt?: Date;
      /** When the hold was placed on the lifecycle clock, from a gateway that keeps that clock (the sandbox). */
      holdPlacedAt?: Date;
    }
  | {
      status: "requires_action";
      reference: string;
      cardBrand: string | null;
      cardLast4: string | null;
      action: { kind: "redirect"; url: string } | { kind: "stripe-next-action"; clientSecret: string };
    }
  | { status: "declined"; message: string }
  /** `unanswered`: no answer (timeout, dropped connection, a 5xx), so a hold may exist: ask by its key. */
  | { status: "failed"; message: string; unanswered?: true };

export type HoldResult =
  | { status: "done"; reference: string }
  /** The hold lapsed (or was cancelled) before this call: nothing is held any more. */
  | { status: "expired" }
  /** The gateway did not answer or refused for another reason: try again with the same key. */
  | { status: "failed"; message: string };

export interface SavedCardCharge {
  /** The hold whose card was saved (setup_future_usage off_session), or a card she gave later (saveCard). */
  savedCard: string;
  amountCents: number;
  currency: "usd";
  /** One per subscription and period and try: the same key never charges twice. */
  idempotencyKey: string;
  /** What her statement and the gateway's dashboard call it (no personal data). */
  description: string;
  metadata: { subscription_id: string; period: string; order_reference: string };
}

export type ChargeResult =
  | { status: "paid"; reference: string }
  /** The bank said no (or wants her there, as 3-D Secure): a retry may work another day. */
  | { status: "declined"; reference: string | null; message: string }
  /** No answer or an error of ours: the same key is tried again. */
  | { status: "failed"; message: string };

export interface SaveCardRequest {
  idempotencyKey: string;
  /** The hold her order began with (Stripe: its customer keeps the new card too). */
  holdReference: string;
  /** Her subscription: Stripe keeps it in the SetupIntent's metadata (see CardOwner). */
  subscriptionId: string;
  customer: { name: string; email: string };
  returnUrl: string;
  /** Sandbox only (plain inputs). Never stored or logged. */
  card?: { number: string; expiry: string; securityCode: string };
  paymentMethodId?: string;
}

export type SaveCardResult =
  | { status: "saved"; reference: string; cardBrand: string | null; cardLast4: string | null }
  /** Her bank wants her there first (Stripe: the SetupIntent's next action). */
  | { status: "requires_action"; url: string }
  | { status: "declined"; message: string }
  | { status: "failed"; message: string }
  /** The SetupIntent or Checkout Session named on her return was not made for this order: nothing of it may be used. */
  | { status: "not_this_order" };

/**
 * Whose card a return must be (Stripe): the id in the query string can be anyone's, so it is
 * used only when made for this subscription (its metadata) on the hold's Customer.
 */
export interface CardOwner {
  holdReference: string;
  subscriptionId: string;
}

export interface RefundRequest {
  /** The payment refunded: the captured hold's reference or the charge's (Stripe: its PaymentIntent). */
  paymentReference: string;
  amountCents: number;
  idempotencyKey: string;
  /** Kept on the refund at the gateway, so an event about it is known to be ours. */
  metadata: { subscription_id: string; refund_payment_id: string; order_reference: string };
}

export type RefundResult =
  | { status: "succeeded"; reference: string }
  /** The gateway said no (more than is left, a payment it cannot refund): trying again changes nothing. */
  | { status: "refused"; message: string }
  | { status: "failed"; message: string };

export interface DisputeFacts {
  id: string;
  /** The payment disputed: the captured hold's or the charge's reference (Stripe: its PaymentIntent). */
  paymentReference: string;
  amountCents: number;
  /** The gateway's word: fraudulent, product_not_received, ... */
  reason: string;
  /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost, ... */
  status: string;
  evidenceDueBy: Date | null;
}

/**
 * A checkout attempt asked for by its key after the answer was lost (a crash between the
 * gateway's answer and our write); "none": the gateway has no record of it.
 */
export type AttemptLookup = AuthorisationResult | { status: "none" };

export interface PaymentGateway {
  readonly kind: "sandbox" | "stripe";
  /** The key makes a repeat do nothing. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Never places or changes a hold, except that a Stripe PaymentIntent left half-way (waiting
   * for a card or an authentication nobody will give now) is cancelled: it can never become a
   * second hold.
   */
  lookupAttempt(request: { idempotencyKey: string; orderId: string }): Promise<AttemptLookup>;
  /** How long before a "none" can be trusted (Stripe's search sees a new PaymentIntent within about a minute). */
  readonly lookupSettlesAfterMs: number;
  /** Sandbox only: disputes as Stripe's webhook would tell them, told again until `disputeTold`. */
  disputeNews?(): Promise<DisputeFacts[]>;
  disputeTold?(id: string, status: string): Promise<void>;
  /** At most what was held. The key makes a repeat do nothing. */
  capture(holdReference: string, amountCents: number, idempotencyKey: string): Promise<HoldResult>;
  release(holdReference: string, idempotencyKey: string): Promise<HoldResult>;
  chargeSavedCard(charge: SavedCardCharge): Promise<ChargeResult>;
  authorise(request: AuthoriseRequest): Promise<AuthorisationResult>;
  /** After 3-D Secure: sandbox passes `authenticated`; Stripe retrieves the PaymentIntent. */
  resume(reference: string, outcome?: { authenticated: boolean }): Promise<AuthorisationResult>;
  /** Stripe only: hosted Checkout (manual capture) for visitors without JavaScript. */
  startHostedCheckout?(
    request: Omit<AuthoriseRequest, "card" | "paymentMethodId"> & { cancelUrl: string },
  ): Promise<{ reference: string; url: string }>;
  /** Stripe: a SetupIntent, usage off_session. */
  saveCard(request: SaveCardRequest): Promise<SaveCardResult>;
  /** After her bank's check of a card being saved: Stripe retrieves the SetupIntent, if it is `owner`'s. */
  resumeSaveCard?(setupIntentId: string, owner: CardOwner): Promise<SaveCardResult>;
  /** Stripe only, without JavaScript: Stripe's hosted page in setup mode for another card. */
  startHostedCardSetup?(request: {
    holdReference: string;
    subscriptionId: string;
    customer: { email: string };
    returnUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  /** Stripe only: the setup-mode Checkout Session she came back from, if it is `owner`'s. */
  resumeHostedCardSetup?(sessionId: string, owner: CardOwner): Promise<SaveCardResult>;
  /** Stripe only: the Checkout Session she came back from. */
  resumeHostedCheckout?(sessionId: string): Promise<AuthorisationResult>;
}

/** Its message is for her, beside the field. */
export class InvalidCardInput extends Error {
  constructor(
    readonly field: "cardNumber" | "expiry" | "securityCode",
    message: string,
  ) {
    super(message);
    this.name = "InvalidCardInput";
  }
}

/** Spec section 8: anything thrown while paying. */
export function unexpectedFailure(): AuthorisationResult {
  return { status: "failed", message: paymentMessages.unexpected };
}
