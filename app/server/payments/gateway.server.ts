// The card payment adapter (ARCHITECTURE "Adapters: Card payments"): a pre-authorisation of
// the order's total, captured later. Two implementations: the embedded sandbox, which knows
// Stripe's test cards, and Stripe itself (PaymentIntent with capture_method manual).
import { paymentMessages } from "../../funnel/test-cards";

export { paymentMessages };

export interface PaymentCustomer {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2?: string; city: string; state: string; postal_code: string; country: "US" };
}

export interface AuthoriseRequest {
  /** Spec section 9: card amounts are in cents. */
  amountCents: number;
  currency: "usd";
  orderId: string;
  responderUuid: string;
  customer: PaymentCustomer;
  /** One per checkout attempt: a retry of the same attempt never pays twice. */
  idempotencyKey: string;
  /** Absolute URL she comes back to after authentication. */
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
  /**
   * `unanswered`: the call got no answer (a timeout, a dropped connection, the gateway's own
   * 5xx), so a hold may exist all the same; what became of it is asked by its key.
   */
  | { status: "failed"; message: string; unanswered?: true };

/** Moving a held amount: captured or released, or why not. */
export type HoldResult =
  | { status: "done"; reference: string }
  /** The hold lapsed (or was cancelled) before this call: nothing is held any more. */
  | { status: "expired" }
  /** The gateway did not answer or refused for another reason: try again with the same key. */
  | { status: "failed"; message: string };

/** Charging her saved card without her (a renewal, or an approval after the hold lapsed). */
export interface SavedCardCharge {
  /**
   * The saved card: the hold whose card was saved for later use (setup_future_usage
   * off_session), or a card she gave later (saveCard).
   */
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

/** Another card she gives after a failed payment, kept to be charged without her. */
export interface SaveCardRequest {
  /** One per try: a repeated try saves nothing twice. */
  idempotencyKey: string;
  /** The hold her order began with (Stripe: its customer keeps the new card too). */
  holdReference: string;
  /** Her subscription: Stripe keeps it in the SetupIntent's metadata (see CardOwner). */
  subscriptionId: string;
  customer: { name: string; email: string };
  /** Where she comes back to after her bank's check (Stripe's return_url). */
  returnUrl: string;
  /** Sandbox only (plain inputs). Never stored or logged. */
  card?: { number: string; expiry: string; securityCode: string };
  /** Stripe with JavaScript: the PaymentMethod Stripe.js made in her browser. */
  paymentMethodId?: string;
}

export type SaveCardResult =
  | { status: "saved"; reference: string; cardBrand: string | null; cardLast4: string | null }
  /** Her bank wants her there first (Stripe: the SetupIntent's next action). */
  | { status: "requires_action"; url: string }
  | { status: "declined"; message: string }
  | { status: "failed"; message: string }
  /**
   * The SetupIntent or Checkout Session named on her return was not made for this order
   * (another order's, someone else's, or none at all): nothing of it may be used.
   */
  | { status: "not_this_order" };

/**
 * Whose card a return must be (Stripe): the id of a SetupIntent or Checkout Session comes back
 * in the query string, where anyone can write another one. Used only when it was made for
 * this subscription (its metadata) on the hold's Customer.
 */
export interface CardOwner {
  holdReference: string;
  subscriptionId: string;
}

/** Giving back some or all of a paid capture or charge. */
export interface RefundRequest {
  /** The payment refunded: the captured hold's reference or the charge's (Stripe: its PaymentIntent). */
  paymentReference: string;
  amountCents: number;
  /** One per refund row: a repeated call refunds once. */
  idempotencyKey: string;
  /** Kept on the refund at the gateway, so an event about it is known to be ours. */
  metadata: { subscription_id: string; refund_payment_id: string; order_reference: string };
}

export type RefundResult =
  | { status: "succeeded"; reference: string }
  /** The gateway said no (more than is left, a payment it cannot refund): trying again changes nothing. */
  | { status: "refused"; message: string }
  /** No answer, or an error of ours: the same key is tried again. */
  | { status: "failed"; message: string };

/** A chargeback as the gateway tells it (Stripe's Dispute object, or the sandbox's). */
export interface DisputeFacts {
  /** The gateway's id of the dispute. */
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
 * What became of a checkout attempt, asked by its idempotency key after the answer was lost
 * (a crash between the gateway's answer and our write): authorised (a hold exists), or
 * anything else; "none" when the gateway has no record of it. `settledAfterMs`: how long after
 * an attempt the gateway's "none" can be trusted (Stripe's search sees a new PaymentIntent
 * within about a minute; the sandbox at once).
 */
export type AttemptLookup = AuthorisationResult | { status: "none" };

export interface PaymentGateway {
  readonly kind: "sandbox" | "stripe";
  /** Gives back some or all of a paid payment (Stripe's Refunds API). The key makes a repeat do nothing. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * The attempt made with this idempotency key for this order (Stripe: the PaymentIntent whose
   * metadata names the key; the sandbox: its records). Never places or changes a hold, except
   * that a Stripe PaymentIntent left half-way (waiting for a card or an authentication nobody
   * will give now) is cancelled, so it can never become a second hold.
   */
  lookupAttempt(request: { idempotencyKey: string; orderId: string }): Promise<AttemptLookup>;
  /** How long after an attempt began its lookup's "none" means it never reached the gateway. */
  readonly lookupSettlesAfterMs: number;
  /**
   * Sandbox only: disputes opened or changed since the app was last told, as Stripe's webhook
   * would tell them; each is told until `disputeTold` says it was heard.
   */
  disputeNews?(): Promise<DisputeFacts[]>;
  disputeTold?(id: string, status: string): Promise<void>;
  /** Takes the held amount (at most what was held). The key makes a repeat do nothing. */
  capture(holdReference: string, amountCents: number, idempotencyKey: string): Promise<HoldResult>;
  /** Lets the hold go. */
  release(holdReference: string, idempotencyKey: string): Promise<HoldResult>;
  chargeSavedCard(charge: SavedCardCharge): Promise<ChargeResult>;
  authorise(request: AuthoriseRequest): Promise<AuthorisationResult>;
  /** After 3-D Secure: sandbox passes `authenticated`; Stripe retrieves the PaymentIntent. */
  resume(reference: string, outcome?: { authenticated: boolean }): Promise<AuthorisationResult>;
  /** Stripe only: hosted Checkout (manual capture) for visitors without JavaScript. */
  startHostedCheckout?(
    request: Omit<AuthoriseRequest, "card" | "paymentMethodId"> & { cancelUrl: string },
  ): Promise<{ reference: string; url: string }>;
  /** Keeps another card for charges without her (Stripe: a SetupIntent, usage off_session). */
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

/** A card field she typed that cannot be used; the message is meant for her, beside the field. */
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
