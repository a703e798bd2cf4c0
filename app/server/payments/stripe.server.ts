// Stripe as the card gateway: a PaymentIntent with manual capture, confirmed here from the card
// element's PaymentMethod or paid on the hosted Checkout page without JavaScript. The card is
// saved to her Customer for off-session renewals (decision 0015); another card goes through a
// SetupIntent on that Customer. Every call carries an idempotency key, so a retry never holds
// or takes her money twice.
import Stripe from "stripe";
import {
  paymentMessages,
  unexpectedFailure,
  type AttemptLookup,
  type AuthorisationResult,
  type AuthoriseRequest,
  type CardOwner,
  type ChargeResult,
  type HoldResult,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type SaveCardRequest,
  type SaveCardResult,
} from "./gateway.server";
import { log } from "../log.server";

export interface StripeGatewayOptions {
  /** Tests prefer MSW on api.stripe.com. */
  apiBase?: string;
}

const hostedProductName = "Menopause treatment plan";

/** No Customer or PaymentMethod was kept with the hold. */
const noSavedCard = "The card of this order was not saved for later payments.";

const paymentIntentId = /^pi_[A-Za-z0-9_]+$/;
const setupIntentId = /^seti_[A-Za-z0-9_]+$/;
const checkoutSessionId = /^cs_[A-Za-z0-9_]+$/;
const paymentMethodId = /^pm_[A-Za-z0-9_]+$/;

const notThisOrder: SaveCardResult = { status: "not_this_order" };

/** A PaymentIntent nobody finished: no card yet, not confirmed, or waiting for an authentication. */
const halfWayStatuses = new Set<Stripe.PaymentIntent.Status>(["requires_payment_method", "requires_confirmation", "requires_action"]);

/** Stripe's search query language: quotes and backslashes escaped. */
export function searchQuoted(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
}

type CustomerField = string | Stripe.Customer | Stripe.DeletedCustomer | null;

function customerIdOf(customer: CustomerField): string | undefined {
  return typeof customer === "string" ? customer : (customer?.id ?? undefined);
}

function addressOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (apiBase === undefined) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return (
    error instanceof Stripe.errors.StripeCardError || (error instanceof Error && (error as { type?: unknown }).type === "StripeCardError")
  );
}

/** Without personal data: the operation, Stripe's error type, code and request id. */
function logFailure(operation: string, error: unknown): void {
  if (error instanceof Stripe.errors.StripeError) {
    const details = [error.type, error.code, error.statusCode, error.requestId].filter(Boolean).join(" ");
    log.warn({ operation, details }, "Stripe call failed");
  } else {
    log.warn({ operation, error: error instanceof Error ? error.name : "unknown" }, "Stripe call failed");
  }
}

/** No answer or a 5xx: the call may have done its work all the same. A 4xx is Stripe saying no. */
function unanswered(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  if (error instanceof Stripe.errors.StripeError) return error.statusCode === undefined || error.statusCode >= 500;
  return true;
}

function cardOf(paymentMethod: string | Stripe.PaymentMethod | null): { cardBrand: string | null; cardLast4: string | null } {
  if (paymentMethod === null || typeof paymentMethod === "string") return { cardBrand: null, cardLast4: null };
  return { cardBrand: paymentMethod.card?.brand ?? null, cardLast4: paymentMethod.card?.last4 ?? null };
}

function holdExpiryOf(intent: Stripe.PaymentIntent): Date | undefined {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === "string") return undefined;
  const captureBefore = charge.payment_method_details?.card?.capture_before;
  return typeof captureBefore === "number" ? new Date(captureBefore * 1000) : undefined;
}

export function fromPaymentIntent(intent: Stripe.PaymentIntent): AuthorisationResult {
  const card = cardOf(intent.payment_method);
  switch (intent.status) {
    case "requires_capture":
    // Captured already (not expected with manual capture): the money is held all the same,
    // and calling it a failure would invite her to pay twice. Falls through.
    case "succeeded": {
      const holdExpiresAt = holdExpiryOf(intent);
      return { status: "authorised", reference: intent.id, ...card, ...(holdExpiresAt ? { holdExpiresAt } : {}) };
    }
    case "requires_action":
      if (!intent.client_secret) return unexpectedFailure();
      return {
        status: "requires_action",
        reference: intent.id,
        ...card,
        action: { kind: "stripe-next-action", clientSecret: intent.client_secret },
      };
    case "requires_payment_method":
      return { status: "declined", message: intent.last_payment_error?.message || paymentMessages.cardMethodFailed };
    default:
      return unexpectedFailure();
  }
}

/** After her bank's check (`resumed`) whatever has not succeeded was refused or abandoned. */
function fromSetupIntent(intent: Stripe.SetupIntent, resumed: boolean): SaveCardResult {
  if (intent.status === "succeeded") return { status: "saved", reference: intent.id, ...cardOf(intent.payment_method) };
  if (resumed) return { status: "declined", message: paymentMessages.authenticationFailed };
  const url = intent.next_action?.redirect_to_url?.url;
  if (intent.status === "requires_action" && url) return { status: "requires_action", url };
  if (intent.status === "requires_payment_method" && intent.last_setup_error) {
    return { status: "declined", message: intent.last_setup_error.message || paymentMessages.cardMethodFailed };
  }
  return { status: "failed", message: paymentMessages.unexpected };
}

export function stripeGateway(secretKey: string, options: StripeGatewayOptions = {}): PaymentGateway {
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    appInfo: { name: "menopause-checkout-funnel" },
    ...addressOf(options.apiBase),
  });

  /** A card error is a decline with the issuer's message, anything else a failure. */
  async function attempt<Result extends AuthorisationResult | SaveCardResult>(
    operation: string,
    call: () => Promise<Result>,
  ): Promise<Result | { status: "declined"; message: string } | { status: "failed"; message: string; unanswered?: true }> {
    try {
      return await call();
    } catch (error) {
      if (isCardError(error)) return { status: "declined", message: error.message || paymentMessages.cardMethodFailed };
      logFailure(operation, error);
      // Only a hold placed without an answer matters later: the checkout then asks by its key.
      const mayHaveHeld = operation === "authorise" && unanswered(error);
      return { status: "failed", message: paymentMessages.unexpected, ...(mayHaveHeld ? { unanswered: true as const } : {}) };
    }
  }

  async function moveHold(
    operation: "capture" | "release",
    reference: string,
    call: () => Promise<Stripe.PaymentIntent>,
  ): Promise<HoldResult> {
    if (!paymentIntentId.test(reference)) return { status: "failed", message: "Not a PaymentIntent" };
    try {
      const intent = await call();
      const done = operation === "capture" ? intent.status === "succeeded" : intent.status === "canceled";
      if (done) return { status: "done", reference: intent.id };
      return intent.status === "canceled" ? { status: "expired" } : { status: "failed", message: `PaymentIntent is ${intent.status}` };
    } catch (error) {
      // Already in the state asked for (by an earlier call under another key), or no longer
      // capturable: Stripe cancels an uncaptured hold after its capture_before (automatic).
      if (error instanceof Stripe.errors.StripeError && error.code === "payment_intent_unexpected_state") {
        const intent = await stripe.paymentIntents.retrieve(reference).catch(() => undefined);
        if (intent?.status === "canceled" && intent.cancellation_reason === "automatic") return { status: "expired" };
        if (intent?.status === (operation === "capture" ? "succeeded" : "canceled")) return { status: "done", reference };
        if (intent?.status === "canceled") return { status: "expired" };
      }
      logFailure(operation, error);
      return { status: "failed", message: error instanceof Error ? error.name : "unknown" };
    }
  }

  /** The hold's Customer, so the new card sits beside it; a new one if the hold has none (not expected). */
  async function customerOfHold(holdReference: string, email: string, idempotencyKey?: string): Promise<string> {
    const customer = await customerIdOfHold(holdReference);
    if (customer) return customer;
    return (await stripe.customers.create({ email }, idempotencyKey ? { idempotencyKey } : {})).id;
  }

  async function customerIdOfHold(holdReference: string): Promise<string | undefined> {
    if (!paymentIntentId.test(holdReference)) throw new Error("The hold is not a PaymentIntent");
    return customerIdOf((await stripe.paymentIntents.retrieve(holdReference)).customer);
  }

  /**
   * Made for `owner`: its metadata names her subscription (only her page's calls put it there)
   * and it is on the hold's Customer (any Customer when the hold had none: customerOfHold).
   */
  async function madeFor(owner: CardOwner, made: { customer: CustomerField; metadata: Stripe.Metadata | null }): Promise<boolean> {
    if (made.metadata?.subscription_id !== owner.subscriptionId) return false;
    const customer = customerIdOf(made.customer);
    if (customer === undefined) return false;
    const holdCustomer = await customerIdOfHold(owner.holdReference);
    return holdCustomer === undefined || customer === holdCustomer;
  }

  /** Undefined when Stripe knows no such thing. */
  async function retrieveNamed<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return undefined;
      throw error;
    }
  }

  async function savedCardOf(reference: string): Promise<{ customer?: string; method?: string }> {
    const saved = paymentIntentId.test(reference)
      ? await stripe.paymentIntents.retrieve(reference)
      : await stripe.setupIntents.retrieve(reference);
    // A SetupIntent that never succeeded saved no card.
    if (saved.object === "setup_intent" && saved.status !== "succeeded") return {};
    return {
      customer: typeof saved.customer === "string" ? saved.customer : saved.customer?.id,
      method: typeof saved.payment_method === "string" ? saved.payment_method : saved.payment_method?.id,
    };
  }

  /**
   * Found by its metadata's attempt_key. Stripe's search lags about a minute, so this is asked
   * only after the attempt's grace (checkout/place-order.server.ts) or as a last check before a failure is recorded. One left
   * half-way is cancelled, so nobody can complete it into a second hold later.
   */
  async function lookupAttempt(idempotencyKey: string): Promise<AttemptLookup> {
    const found = await stripe.paymentIntents.search({
      query: `metadata['attempt_key']:'${searchQuoted(idempotencyKey)}'`,
      limit: 10,
      expand: ["data.payment_method", "data.latest_charge"],
    });
    const intents = found.data.filter((intent) => intent.metadata?.attempt_key === idempotencyKey);
    const held = intents.find((intent) => intent.status === "requires_capture" || intent.status === "succeeded");
    if (held) return fromPaymentIntent(held);
    if (intents.length === 0) return { status: "none" };
    for (const [index, intent] of intents.entries()) {
      // Not settled yet either way: asked again later rather than called failed.
      if (intent.status === "processing") throw new Error("The PaymentIntent is still processing");
      if (!halfWayStatuses.has(intent.status)) continue;
      // An attempt makes one PaymentIntent; another one (not expected) gets a key of its own.
      const key = index === 0 ? `${idempotencyKey}:cancel` : `${idempotencyKey}:cancel:${intent.id}`;
      const authorised = await cancelHalfWay(intent.id, key);
      if (authorised) return authorised;
    }
    return { status: "failed", message: paymentMessages.unexpected };
  }

  /** The authorisation instead, if it was completed meanwhile. */
  async function cancelHalfWay(id: string, idempotencyKey: string): Promise<AuthorisationResult | undefined> {
    try {
      await stripe.paymentIntents.cancel(id, { cancellation_reason: "abandoned" }, { idempotencyKey });
      return undefined;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === "payment_intent_unexpected_state") {
        const now = await stripe.paymentIntents.retrieve(id, { expand: ["payment_method", "latest_charge"] });
        if (now.status === "requires_capture" || now.status === "succeeded") return fromPaymentIntent(now);
        if (now.status === "canceled") return undefined;
      }
      throw error;
    }
  }

  return {
    kind: "stripe",

    capture: (reference, amountCents, idempotencyKey) =>
      moveHold("capture", reference, () =>
        stripe.paymentIntents.capture(reference, { amount_to_capture: amountCents }, { idempotencyKey }),
      ),

    release: (reference, idempotencyKey) =>
      moveHold("release", reference, () =>
        stripe.paymentIntents.cancel(reference, { cancellation_reason: "requested_by_customer" }, { idempotencyKey }),
      ),

    // Off session on the saved card's customer (decision 0015). After a call without an answer the
    // same key is sent again, and Stripe answers with the first call's PaymentIntent.
    async chargeSavedCard(charge): Promise<ChargeResult> {
      if (!paymentIntentId.test(charge.savedCard) && !setupIntentId.test(charge.savedCard)) {
        return { status: "failed", message: "Not a PaymentIntent or SetupIntent" };
      }
      try {
        const { customer, method } = await savedCardOf(charge.savedCard);
        // No card was saved: a refusal (the renewal's retries run their course), not a failure retried.
        if (!customer || !method) return { status: "declined", reference: null, message: noSavedCard };
        let intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: charge.currency,
            customer,
            payment_method: method,
            off_session: true,
            confirm: true,
            description: charge.description,
            // The hold's PaymentIntent or another card's SetupIntent: where the card came from.
            metadata: { ...charge.metadata, saved_card: charge.savedCard },
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        // A replay under the key answers the first answer again: where that said processing,
        // the PaymentIntent itself says what became of it.
        if (intent.status === "processing") intent = await stripe.paymentIntents.retrieve(intent.id);
        if (intent.status === "succeeded") return { status: "paid", reference: intent.id };
        if (intent.status === "processing") return { status: "failed", message: "The charge is still processing" };
        return {
          status: "declined",
          reference: intent.id,
          message: intent.last_payment_error?.message || paymentMessages.cardMethodFailed,
        };
      } catch (error) {
        if (isCardError(error)) {
          const intent = error.payment_intent;
          return { status: "declined", reference: intent?.id ?? null, message: error.message || paymentMessages.cardMethodFailed };
        }
        logFailure("renewal charge", error);
        return { status: "failed", message: error instanceof Error ? error.name : "unknown" };
      }
    },

    // Our metadata marks the charge.refunded event as ours. Stripe's "pending" means accepted and sent
    // on to the bank: for us it is made.
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!paymentIntentId.test(request.paymentReference)) return { status: "refused", message: "Not a PaymentIntent" };
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentReference, amount: request.amountCents, metadata: { ...request.metadata } },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          return {
            status: "refused",
            message: refund.failure_reason ? `The refund failed: ${refund.failure_reason}` : "The refund failed.",
          };
        }
        return { status: "succeeded", reference: refund.id };
      } catch (error) {
        // Stripe refused the request itself: the same request would be refused again.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          logFailure("refund", error);
          return { status: "refused", message: error.message || "Stripe refused the refund." };
        }
        logFailure("refund", error);
        return { status: "failed", message: error instanceof Error ? error.name : "unknown" };
      }
    },

    lookupAttempt: ({ idempotencyKey }) => lookupAttempt(idempotencyKey),
    // Stripe's search sees a new PaymentIntent within about a minute.
    lookupSettlesAfterMs: 90_000,

    authorise(request: AuthoriseRequest) {
      const methodId = request.paymentMethodId;
      // No card made in the browser (spec section 8: the card method creation error).
      if (methodId === undefined || !paymentMethodId.test(methodId)) {
        return Promise.resolve({ status: "failed", message: paymentMessages.cardMethodFailed });
      }
      return attempt("authorise", async () => {
        const { customer } = request;
        const stripeCustomer = await stripe.customers.create(
          {
            name: customer.name,
            email: customer.email,
            phone: customer.phone,
            address: { ...customer.address },
            metadata: { responder_uuid: request.responderUuid },
          },
          { idempotencyKey: `${request.idempotencyKey}:customer` },
        );
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: stripeCustomer.id,
            payment_method: methodId,
            confirm: true,
            capture_method: "manual",
            // Kept for the renewals of her subscription (spec section 9: auto-renews).
            setup_future_usage: "off_session",
            // 3-D Secure is then done by Stripe.js in the page (handleNextAction), not a redirect.
            use_stripe_sdk: true,
            return_url: request.returnUrl,
            // attempt_key: how the attempt is found again if its answer is lost (lookupAttempt).
            metadata: { order_id: request.orderId, responder_uuid: request.responderUuid, attempt_key: request.idempotencyKey },
            expand: ["payment_method", "latest_charge"],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromPaymentIntent(intent);
      });
    },

    resume(reference: string) {
      if (!paymentIntentId.test(reference)) return Promise.resolve(unexpectedFailure());
      return attempt("resume", async () =>
        fromPaymentIntent(await stripe.paymentIntents.retrieve(reference, { expand: ["payment_method", "latest_charge"] })),
      );
    },

    async startHostedCheckout(request) {
      const metadata = { order_id: request.orderId, responder_uuid: request.responderUuid };
      const separator = request.returnUrl.includes("?") ? "&" : "?";
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            customer_email: request.customer.email,
            // In payment mode Checkout makes no Customer unless asked, and without one the card
            // is not saved for the renewals, whatever setup_future_usage says.
            customer_creation: "always",
            client_reference_id: request.orderId,
            // Cards only: the hold is captured later, which not every payment method allows.
            allowed_payment_method_types: ["card"],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency,
                  unit_amount: request.amountCents,
                  product_data: { name: hostedProductName },
                },
              },
            ],
            payment_intent_data: {
              capture_method: "manual",
              setup_future_usage: "off_session",
              // The PaymentIntent the page makes is found again by the attempt's key (lookupAttempt).
              metadata: { ...metadata, attempt_key: request.idempotencyKey },
            },
            metadata,
            success_url: `${request.returnUrl}${separator}session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: request.cancelUrl,
          },
          // Its own suffix: Stripe's keys are account-wide, and this attempt's key may already
          // have made a PaymentIntent.
          { idempotencyKey: `${request.idempotencyKey}:checkout` },
        );
        if (!session.url) throw new Error("Stripe Checkout answered a session without a url");
        return { reference: session.id, url: session.url };
      } catch (error) {
        logFailure("hosted checkout", error);
        throw error;
      }
    },

    resumeHostedCheckout(sessionId: string) {
      if (!checkoutSessionId.test(sessionId)) return Promise.resolve(unexpectedFailure());
      return attempt("hosted checkout resume", async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ["payment_intent", "payment_intent.payment_method", "payment_intent.latest_charge"],
        });
        const intent = session.payment_intent;
        if (intent === null || typeof intent === "string") {
          // She came back before paying, or the session expired: nothing is held.
          return unexpectedFailure();
        }
        const result = fromPaymentIntent(intent);
        // The hosted page does 3-D Secure itself; a PaymentIntent still waiting for it was
        // abandoned there.
        if (result.status === "requires_action") {
          return { status: "declined", message: paymentMessages.authenticationFailed };
        }
        return result;
      });
    },

    saveCard(request: SaveCardRequest) {
      const methodId = request.paymentMethodId;
      // No card made in the browser (spec section 8: the card method creation error).
      if (methodId === undefined || !paymentMethodId.test(methodId)) {
        return Promise.resolve({ status: "failed", message: paymentMessages.cardMethodFailed });
      }
      return attempt("save card", async () => {
        const customer = await customerOfHold(request.holdReference, request.customer.email, `${request.idempotencyKey}:customer`);
        const intent = await stripe.setupIntents.create(
          {
            customer,
            payment_method: methodId,
            usage: "off_session",
            confirm: true,
            // Her bank's check, when it wants one, is a redirect back to this address.
            return_url: request.returnUrl,
            allowed_payment_method_types: ["card"],
            // What tells her return from one with another order's SetupIntent (madeFor).
            metadata: { subscription_id: request.subscriptionId },
            expand: ["payment_method"],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromSetupIntent(intent, false);
      });
    },

    resumeSaveCard(reference: string, owner: CardOwner) {
      if (!setupIntentId.test(reference)) return Promise.resolve(notThisOrder);
      return attempt("save card resume", async () => {
        const intent = await retrieveNamed(() => stripe.setupIntents.retrieve(reference, { expand: ["payment_method"] }));
        if (intent === undefined || !(await madeFor(owner, intent))) return notThisOrder;
        return fromSetupIntent(intent, true);
      });
    },

    async startHostedCardSetup(request) {
      const separator = request.returnUrl.includes("?") ? "&" : "?";
      try {
        const customer = await customerOfHold(request.holdReference, request.customer.email);
        const metadata = { subscription_id: request.subscriptionId };
        const session = await stripe.checkout.sessions.create({
          mode: "setup",
          // The hold's Customer: the card saved there is the one charged without her.
          customer,
          allowed_payment_method_types: ["card"],
          // What tells her return from one with another order's session (madeFor), on the
          // session and on the SetupIntent it makes.
          metadata,
          setup_intent_data: { metadata },
          success_url: `${request.returnUrl}${separator}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: request.cancelUrl,
        });
        if (!session.url) throw new Error("Stripe Checkout answered a session without a url");
        return { url: session.url };
      } catch (error) {
        logFailure("hosted card setup", error);
        throw error;
      }
    },

    resumeHostedCardSetup(sessionId: string, owner: CardOwner) {
      if (!checkoutSessionId.test(sessionId)) return Promise.resolve(notThisOrder);
      return attempt("hosted card setup resume", async () => {
        const session = await retrieveNamed(() =>
          stripe.checkout.sessions.retrieve(sessionId, { expand: ["setup_intent", "setup_intent.payment_method"] }),
        );
        if (session === undefined || session.mode !== "setup" || !(await madeFor(owner, session))) return notThisOrder;
        const intent = session.setup_intent;
        // She came back before giving a card, or the session expired: nothing is kept.
        if (intent === null || typeof intent === "string") return { status: "failed", message: paymentMessages.unexpected };
        // The card is the SetupIntent's: it must be the session's own, for the same order.
        const sameOrder =
          intent.metadata?.subscription_id === owner.subscriptionId && customerIdOf(intent.customer) === customerIdOf(session.customer);
        return sameOrder ? fromSetupIntent(intent, true) : notThisOrder;
      });
    },
  };
}
