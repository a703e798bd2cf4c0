// MSW handlers for Stripe's API at https://api.stripe.com/v1 (form-encoded bodies, as the
// stripe package sends them): customers, PaymentIntents (created, retrieved, captured,
// canceled), SetupIntents (created, retrieved) and Checkout Sessions (payment and setup mode),
// enough for the card gateway. Like Stripe it honours the
// Idempotency-Key header (same key and same parameters: the same answer, replayed, nothing
// made twice; other parameters: an idempotency_error), counts what it really created, and
// records every request it received, decoded, for assertions.
// Behaviour follows Stripe's test PaymentMethods (docs.stripe.com/testing,
// test/support/stripe-test-payment-methods.mjs):
//   pm_card_visa, pm_card_mastercard        -> requires_capture
//   pm_card_chargeDeclined (and ...InsufficientFunds) -> 402 card_error
//   pm_card_threeDSecure2Required           -> requires_action until standIn.authenticate(id)
// A hold (capture_method manual) says until when it can be captured (expand latest_charge:
// payment_method_details.card.capture_before, 7 days after it was authorised); standIn.lapse
// cancels it as Stripe does after that. A payment confirmed with a customer and
// setup_future_usage saves its PaymentMethod to that customer; only a saved one can be charged
// off session, which then does what the test card does without her: charged, declined
// (card_declined) or refused for want of 3-D Secure (402 authentication_required).
// A SetupIntent confirmed with a customer (another card, usage off_session) asks what the test
// card asks while she is there: succeeded and saved to the customer, 402 card_error, or
// requires_action (a redirect) until standIn.authenticate(id); a setup-mode Checkout Session
// makes one when standIn.completeCheckout is called for it (with its setup_intent_data's
// metadata). Every object keeps the metadata it was made with.
import { http, HttpResponse, type HttpHandler } from "msw";
import { testPaymentMethods } from "../support/stripe-test-payment-methods.mjs";

export const stripeApiBase = "https://api.stripe.com";
export const stripeTestSecretKey = "sk_test_123";

interface StandInCard {
  brand: string;
  last4: string;
  outcome: "authorise" | "decline" | "authenticate";
  /** A charge without her, on the saved card. */
  offSession: "charge" | "decline" | "authentication_required";
  declineCode?: string;
  message?: string;
}

/** The test PaymentMethods the stand-in knows, by id. */
export const standInPaymentMethods: Record<string, StandInCard> = testPaymentMethods as Record<string, StandInCard>;

export type StripeParams = Record<string, unknown>;

export interface StripeRequestRecord {
  method: "GET" | "POST";
  /** Path without the query, e.g. /v1/payment_intents. */
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The form body (POST) or query (GET), decoded into objects and arrays; values are strings. */
  params: StripeParams;
  /** True when the answer was a replay of an earlier one with the same idempotency key. */
  replayed: boolean;
}

export interface StandInPaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  capture_method: string;
  setup_future_usage: string | null;
  status: "requires_payment_method" | "requires_action" | "requires_capture" | "succeeded" | "canceled";
  /** canceled: requested_by_customer (and the other reasons we send), or automatic (a lapsed hold). */
  cancellation_reason: string | null;
  client_secret: string;
  next_action: Record<string, unknown> | null;
  last_payment_error: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  /** Unix seconds. */
  created: number;
  amount_received: number;
  /** The parameters it was created with, as received (not part of Stripe's object). */
  params: StripeParams;
  /** Unix seconds: when the card was authorised; a hold can be captured for 7 days from it (capture_before). Not part of Stripe's object. */
  authorisedAt: number | null;
}

export interface StandInSetupIntent {
  id: string;
  object: "setup_intent";
  customer: string | null;
  payment_method: string | null;
  usage: string;
  status: "requires_payment_method" | "requires_action" | "succeeded";
  client_secret: string;
  next_action: Record<string, unknown> | null;
  last_setup_error: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  /** Unix seconds. */
  created: number;
  /** The parameters it was created with, as received (not part of Stripe's object). */
  params: StripeParams;
}

export interface StandInCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  url: string;
  /** The Customer it was made for, or (payment mode, customer_creation always) the one it made. */
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  payment_intent: string | null;
  /** Setup mode: the SetupIntent of the card she gave on the page. */
  setup_intent: string | null;
  metadata: Record<string, unknown>;
  params: StripeParams;
}

export type StripeMode = "up" | "failing" | "refusing";

export interface StripeStandIn {
  /** up; failing: every call answers 500 api_error; refusing: the connection fails. */
  mode: StripeMode;
  /**
   * How many of the next POSTs are carried out (and kept for their idempotency key) but whose
   * answer never arrives: the connection drops on the way back. The stripe client retries
   * once with the same key, so 2 make one of the gateway's calls fail after Stripe acted.
   */
  answersLost: number;
  requests: StripeRequestRecord[];
  /** How many objects were really created (replays do not count). */
  created: { customers: number; paymentIntents: number; checkoutSessions: number };
  customers: Map<string, StripeParams & { id: string }>;
  paymentIntents: Map<string, StandInPaymentIntent>;
  /** Every SetupIntent really created (replays make none). */
  setupIntents: Map<string, StandInSetupIntent>;
  checkoutSessions: Map<string, StandInCheckoutSession>;
  /** The PaymentMethods saved to each customer (setup_future_usage), by customer id. */
  savedCards: Map<string, Set<string>>;
  /** She passes (or fails) 3-D Secure for this PaymentIntent in Stripe.js, or for this SetupIntent on her bank's page. */
  authenticate(intentId: string, succeeds?: boolean): void;
  /** Stripe lets an uncaptured hold go once its capture_before has passed: canceled, automatic. */
  lapse(paymentIntentId: string): void;
  /** Her bank declines every later charge of this PaymentMethod without her (card_declined). */
  declineFromNow(paymentMethodId: string, message?: string): void;
  /** She pays (setup mode: gives her card) on the hosted Checkout page with this test PaymentMethod. */
  completeCheckout(sessionId: string, paymentMethod?: string): void;
  /** Requests to one path (and method), e.g. requestsTo("POST", "/v1/payment_intents"). */
  requestsTo(method: "GET" | "POST", path: string): StripeRequestRecord[];
  reset(): void;
}

/** Stripe's form encoding (a[b][0]=v) back into objects and arrays. */
export function decodeStripeForm(encoded: string): StripeParams {
  const root: StripeParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i]!;
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      const container = node as Record<string, unknown>;
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, unknown> | unknown[];
    }
    (node as Record<string, unknown>)[path.at(-1)!] = value;
  }
  return root;
}

interface Answer {
  status: number;
  json: unknown;
}

const authenticationFailure = {
  type: "card_error",
  code: "payment_intent_authentication_failure",
  message:
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

const setupAuthenticationFailure = {
  type: "card_error",
  code: "setup_intent_authentication_failure",
  message:
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

function stripeError(status: number, error: Record<string, unknown>): Answer {
  return { status, json: { error } };
}

const missing = (param: string) =>
  stripeError(400, { type: "invalid_request_error", code: "parameter_missing", param, message: `Missing required param: ${param}.` });

const noSuch = (what: string, id: string, param?: string) =>
  stripeError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${what}: '${id}'` });

function expansions(params: StripeParams): string[] {
  const expand = params.expand;
  return Array.isArray(expand) ? expand.map(String) : [];
}

export function stripeStandIn(): { standIn: StripeStandIn; handlers: HttpHandler[] } {
  /** Answers kept by idempotency key, with what they answered. */
  const idempotent = new Map<string, { route: string; body: string; answer: Answer }>();
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}_standin${String(++serial).padStart(6, "0")}`;
  /** PaymentMethods whose later charges her bank now declines, with its message. */
  const declinedFromNow = new Map<string, string>();

  const standIn: StripeStandIn = {
    mode: "up",
    answersLost: 0,
    requests: [],
    created: { customers: 0, paymentIntents: 0, checkoutSessions: 0 },
    customers: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    checkoutSessions: new Map(),
    savedCards: new Map(),
    authenticate(intentId, succeeds = true) {
      const setup = standIn.setupIntents.get(intentId);
      if (setup) {
        if (setup.status !== "requires_action") throw new Error(`${intentId} is not waiting for authentication`);
        setup.next_action = null;
        if (succeeds) {
          setupSucceeded(setup);
        } else {
          setup.status = "requires_payment_method";
          setup.last_setup_error = setupAuthenticationFailure;
        }
        return;
      }
      const intent = standIn.paymentIntents.get(intentId);
      if (intent?.status !== "requires_action") throw new Error(`${intentId} is not waiting for authentication`);
      intent.next_action = null;
      if (succeeds) {
        intent.status = intent.capture_method === "manual" ? "requires_capture" : "succeeded";
        if (intent.status === "succeeded") intent.amount_received = intent.amount;
        intent.authorisedAt = Math.floor(Date.now() / 1000);
        saveCard(intent);
      } else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = authenticationFailure;
      }
    },
    completeCheckout(sessionId, paymentMethod = "pm_card_visa") {
      const session = standIn.checkoutSessions.get(sessionId);
      if (session?.status !== "open") throw new Error(`${sessionId} is not open`);
      const card = standInPaymentMethods[paymentMethod];
      if (!card) throw new Error(`unknown test PaymentMethod ${paymentMethod}`);
      if (session.mode === "setup") {
        const setupData = (session.params.setup_intent_data ?? {}) as StripeParams;
        const setup = createSetup(
          { customer: session.params.customer, payment_method: paymentMethod, usage: "off_session", confirm: "true", metadata: setupData.metadata },
          card,
        );
        // The hosted page does 3-D Secure itself; a decline leaves the session open.
        if (setup.status === "requires_action") setupSucceeded(setup);
        session.setup_intent = setup.id;
        if (card.outcome !== "decline") session.status = "complete";
        return;
      }
      const lineItems = (session.params.line_items ?? []) as { quantity?: string; price_data?: { unit_amount?: string; currency?: string } }[];
      const amount = lineItems.reduce(
        (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
        0,
      );
      const intentData = (session.params.payment_intent_data ?? {}) as StripeParams;
      // As Stripe: in payment mode Checkout makes a Customer only when asked to (customer_creation
      // always); without one the card is not saved, whatever setup_future_usage says.
      let customer = session.params.customer as string | undefined;
      if (customer === undefined && session.params.customer_creation === "always") {
        customer = (createCustomer(session.customer_email ? { email: session.customer_email } : {}).json as { id: string }).id;
        session.customer = customer;
      }
      const intent = createIntent(
        {
          amount: String(amount),
          currency: lineItems[0]?.price_data?.currency ?? "usd",
          capture_method: intentData.capture_method,
          setup_future_usage: intentData.setup_future_usage,
          metadata: intentData.metadata,
          payment_method: paymentMethod,
          customer,
          confirm: "true",
        },
        card,
      );
      // The hosted page does 3-D Secure itself; a decline leaves the session open.
      if (intent.status === "requires_action") {
        intent.status = intent.capture_method === "manual" ? "requires_capture" : "succeeded";
        intent.next_action = null;
        intent.authorisedAt = intent.created;
        saveCard(intent);
      }
      session.payment_intent = intent.id;
      if (card.outcome !== "decline") session.status = "complete";
    },
    lapse(paymentIntentId) {
      const intent = standIn.paymentIntents.get(paymentIntentId);
      if (intent?.status !== "requires_capture") throw new Error(`${paymentIntentId} is not a hold waiting for capture`);
      intent.status = "canceled";
      intent.cancellation_reason = "automatic";
    },
    declineFromNow(paymentMethodId, message = "Your card was declined.") {
      if (!standInPaymentMethods[paymentMethodId]) throw new Error(`unknown test PaymentMethod ${paymentMethodId}`);
      declinedFromNow.set(paymentMethodId, message);
    },
    requestsTo(method, path) {
      return standIn.requests.filter((r) => r.method === method && r.path === path);
    },
    reset() {
      standIn.mode = "up";
      standIn.answersLost = 0;
      standIn.requests.length = 0;
      standIn.created = { customers: 0, paymentIntents: 0, checkoutSessions: 0 };
      standIn.customers.clear();
      standIn.paymentIntents.clear();
      standIn.setupIntents.clear();
      standIn.checkoutSessions.clear();
      standIn.savedCards.clear();
      declinedFromNow.clear();
      idempotent.clear();
    },
  };

  function paymentMethodObject(id: string): Record<string, unknown> {
    const card = standInPaymentMethods[id]!;
    return { id, object: "payment_method", type: "card", card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 } };
  }

  /**
   * The charge of an authorised intent (it stays when the hold is captured or let go); a held
   * card payment says until when it can be captured: 7 days after it was authorised.
   */
  function chargeObject(intent: StandInPaymentIntent): Record<string, unknown> | null {
    if (intent.authorisedAt === null) return null;
    const captureBefore = intent.capture_method === "manual" ? intent.authorisedAt + 7 * 24 * 60 * 60 : undefined;
    return {
      id: `ch_${intent.id.slice(3)}`,
      object: "charge",
      amount: intent.amount,
      captured: intent.status === "succeeded",
      payment_method_details: { type: "card", card: { brand: standInPaymentMethods[intent.payment_method ?? ""]?.brand ?? null, capture_before: captureBefore } },
    };
  }

  /** As Stripe: a PaymentMethod confirmed with a customer and setup_future_usage is attached to it. */
  function saveCard(intent: StandInPaymentIntent): void {
    if (intent.customer === null || intent.payment_method === null || intent.setup_future_usage === null) return;
    const saved = standIn.savedCards.get(intent.customer) ?? new Set<string>();
    saved.add(intent.payment_method);
    standIn.savedCards.set(intent.customer, saved);
  }

  /** As Stripe: a SetupIntent that succeeded with a customer has attached its PaymentMethod to it. */
  function setupSucceeded(setup: StandInSetupIntent): void {
    setup.status = "succeeded";
    setup.next_action = null;
    if (setup.customer === null || setup.payment_method === null) return;
    const saved = standIn.savedCards.get(setup.customer) ?? new Set<string>();
    saved.add(setup.payment_method);
    standIn.savedCards.set(setup.customer, saved);
  }

  function setupJson(setup: StandInSetupIntent, expand: string[], prefix = ""): Record<string, unknown> {
    const { params: _params, ...json } = setup;
    const expandMethod = expand.includes(`${prefix}payment_method`) && setup.payment_method !== null;
    return { ...json, payment_method: expandMethod ? paymentMethodObject(setup.payment_method!) : setup.payment_method };
  }

  function intentJson(intent: StandInPaymentIntent, expand: string[], prefix = ""): Record<string, unknown> {
    const { params: _params, authorisedAt: _authorisedAt, ...json } = intent;
    const expandMethod = expand.includes(`${prefix}payment_method`) && intent.payment_method !== null;
    const charge = chargeObject(intent);
    return {
      ...json,
      payment_method: expandMethod ? paymentMethodObject(intent.payment_method!) : intent.payment_method,
      latest_charge: charge && expand.includes(`${prefix}latest_charge`) ? charge : (charge?.id ?? null),
    };
  }

  function sessionJson(session: StandInCheckoutSession, expand: string[]): Record<string, unknown> {
    const { params: _params, ...json } = session;
    const intent = session.payment_intent ? standIn.paymentIntents.get(session.payment_intent) : undefined;
    const setup = session.setup_intent ? standIn.setupIntents.get(session.setup_intent) : undefined;
    return {
      ...json,
      payment_intent: intent && expand.includes("payment_intent") ? intentJson(intent, expand, "payment_intent.") : session.payment_intent,
      setup_intent: setup && expand.includes("setup_intent") ? setupJson(setup, expand, "setup_intent.") : session.setup_intent,
    };
  }

  function createIntent(params: StripeParams, card: StandInCard): StandInPaymentIntent {
    const id = nextId("pi");
    const confirm = params.confirm === "true" && params.payment_method !== undefined;
    const intent: StandInPaymentIntent = {
      id,
      object: "payment_intent",
      amount: Number(params.amount),
      currency: String(params.currency),
      customer: (params.customer as string | undefined) ?? null,
      payment_method: (params.payment_method as string | undefined) ?? null,
      capture_method: (params.capture_method as string | undefined) ?? "automatic_async",
      setup_future_usage: (params.setup_future_usage as string | undefined) ?? null,
      status: "requires_payment_method",
      cancellation_reason: null,
      client_secret: `${id}_secret_standin`,
      next_action: null,
      last_payment_error: null,
      metadata: (params.metadata as Record<string, unknown> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
      amount_received: 0,
      params,
      authorisedAt: null,
    };
    const authorised = () => {
      intent.status = intent.capture_method === "manual" ? "requires_capture" : "succeeded";
      if (intent.status === "succeeded") intent.amount_received = intent.amount;
      intent.authorisedAt = intent.created;
      saveCard(intent);
    };
    const laterDecline = declinedFromNow.get(String(params.payment_method));
    if (confirm && params.off_session === "true") {
      // Without her: what the card does when charged again (a renewal).
      if (card.offSession === "authentication_required") {
        // A card that asks for 3-D Secure on every payment cannot be charged without her.
        intent.last_payment_error = {
          type: "card_error",
          code: "authentication_required",
          decline_code: "authentication_required",
          message: "Your card was declined. This transaction requires authentication.",
        };
      } else if (card.offSession === "decline" || laterDecline !== undefined) {
        intent.last_payment_error = {
          type: "card_error",
          code: "card_declined",
          decline_code: card.declineCode ?? "generic_decline",
          message: laterDecline ?? card.message ?? "Your card was declined.",
        };
      } else {
        authorised();
      }
    } else if (confirm) {
      if (card.outcome === "authorise") {
        authorised();
      } else if (card.outcome === "authenticate") {
        intent.status = "requires_action";
        intent.next_action =
          params.use_stripe_sdk === "true"
            ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } }
            : {
                type: "redirect_to_url",
                redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/hosted/${id}`, return_url: params.return_url ?? null },
              };
      } else {
        intent.last_payment_error = { type: "card_error", code: "card_declined", decline_code: card.declineCode, message: card.message };
      }
    }
    standIn.paymentIntents.set(id, intent);
    standIn.created.paymentIntents += 1;
    return intent;
  }

  // What each POST does with its decoded parameters; an answer with status 200 is kept for
  // its idempotency key, as Stripe keeps the result of every request that started executing.
  function createCustomer(params: StripeParams): Answer {
    const id = nextId("cus");
    const customer = { ...params, id, object: "customer" };
    standIn.customers.set(id, customer);
    standIn.created.customers += 1;
    return { status: 200, json: customer };
  }

  function createPaymentIntent(params: StripeParams): Answer {
    if (params.amount === undefined) return missing("amount");
    if (params.currency === undefined) return missing("currency");
    if (!/^\d+$/.test(String(params.amount))) {
      return stripeError(400, { type: "invalid_request_error", code: "parameter_invalid_integer", param: "amount", message: "Invalid integer" });
    }
    if (Number(params.amount) < 50) {
      return stripeError(400, { type: "invalid_request_error", code: "amount_too_small", param: "amount", message: "Amount must be at least $0.50 usd" });
    }
    const methodId = params.payment_method as string | undefined;
    const card = methodId === undefined ? undefined : standInPaymentMethods[methodId];
    if (methodId !== undefined && card === undefined) return noSuch("PaymentMethod", methodId, "payment_method");
    if (params.customer !== undefined && !standIn.customers.has(String(params.customer))) {
      return noSuch("customer", String(params.customer), "customer");
    }
    // Without her, only a card saved to her customer can be charged.
    if (params.off_session === "true" && methodId !== undefined && !standIn.savedCards.get(String(params.customer))?.has(methodId)) {
      return stripeError(400, {
        type: "invalid_request_error",
        param: "payment_method",
        message:
          "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.",
      });
    }
    const intent = createIntent(params, card ?? { brand: "", last4: "", outcome: "authorise", offSession: "charge" });
    const expand = expansions(params);
    if (intent.status === "requires_payment_method" && intent.last_payment_error) {
      return stripeError(402, { ...intent.last_payment_error, payment_intent: intentJson(intent, expand) });
    }
    return { status: 200, json: intentJson(intent, expand) };
  }

  /** A SetupIntent, confirmed when asked with a PaymentMethod: what the test card does while she is there. */
  function createSetup(params: StripeParams, card: StandInCard | undefined): StandInSetupIntent {
    const id = nextId("seti");
    const setup: StandInSetupIntent = {
      id,
      object: "setup_intent",
      customer: (params.customer as string | undefined) ?? null,
      payment_method: (params.payment_method as string | undefined) ?? null,
      usage: (params.usage as string | undefined) ?? "off_session",
      status: "requires_payment_method",
      client_secret: `${id}_secret_standin`,
      next_action: null,
      last_setup_error: null,
      metadata: (params.metadata as Record<string, unknown> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
      params,
    };
    if (params.confirm === "true" && card !== undefined) {
      if (card.outcome === "authorise") {
        setupSucceeded(setup);
      } else if (card.outcome === "authenticate") {
        setup.status = "requires_action";
        setup.next_action =
          params.use_stripe_sdk === "true"
            ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } }
            : {
                type: "redirect_to_url",
                redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/hosted/${id}`, return_url: params.return_url ?? null },
              };
      } else {
        setup.last_setup_error = { type: "card_error", code: "card_declined", decline_code: card.declineCode, message: card.message };
      }
    }
    standIn.setupIntents.set(id, setup);
    return setup;
  }

  function createSetupIntent(params: StripeParams): Answer {
    const methodId = params.payment_method as string | undefined;
    const card = methodId === undefined ? undefined : standInPaymentMethods[methodId];
    if (methodId !== undefined && card === undefined) return noSuch("PaymentMethod", methodId, "payment_method");
    if (params.customer !== undefined && !standIn.customers.has(String(params.customer))) {
      return noSuch("customer", String(params.customer), "customer");
    }
    const setup = createSetup(params, card);
    const expand = expansions(params);
    if (setup.last_setup_error) return stripeError(402, { ...setup.last_setup_error, setup_intent: setupJson(setup, expand) });
    return { status: 200, json: setupJson(setup, expand) };
  }

  /** POST /v1/payment_intents/:id/capture: a held payment taken, once. */
  function capturePaymentIntent(params: StripeParams, id: string): Answer {
    const intent = standIn.paymentIntents.get(id);
    if (!intent) return noSuch("payment_intent", id);
    if (intent.status !== "requires_capture") {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        payment_intent: intentJson(intent, []),
      });
    }
    if (params.amount_to_capture !== undefined && !/^\d+$/.test(String(params.amount_to_capture))) {
      return stripeError(400, { type: "invalid_request_error", code: "parameter_invalid_integer", param: "amount_to_capture", message: "Invalid integer" });
    }
    const amount = params.amount_to_capture === undefined ? intent.amount : Number(params.amount_to_capture);
    if (amount > intent.amount) {
      return stripeError(400, { type: "invalid_request_error", code: "amount_too_large", param: "amount_to_capture", message: "Amount to capture is too large" });
    }
    intent.status = "succeeded";
    intent.amount_received = amount;
    return { status: 200, json: intentJson(intent, expansions(params)) };
  }

  /** POST /v1/payment_intents/:id/cancel: the hold let go. */
  function cancelPaymentIntent(params: StripeParams, id: string): Answer {
    const intent = standIn.paymentIntents.get(id);
    if (!intent) return noSuch("payment_intent", id);
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: intentJson(intent, []),
      });
    }
    intent.status = "canceled";
    intent.cancellation_reason = (params.cancellation_reason as string | undefined) ?? null;
    intent.next_action = null;
    return { status: 200, json: intentJson(intent, expansions(params)) };
  }

  function createCheckoutSession(params: StripeParams): Answer {
    if (params.mode === undefined) return missing("mode");
    if (params.success_url === undefined) return missing("success_url");
    // As Stripe: setup mode names its card types, or a currency to choose them by.
    if (params.mode === "setup" && params.currency === undefined && params.allowed_payment_method_types === undefined) {
      return missing("currency");
    }
    if (params.customer !== undefined && !standIn.customers.has(String(params.customer))) {
      return noSuch("customer", String(params.customer), "customer");
    }
    const id = nextId("cs_test");
    const session: StandInCheckoutSession = {
      id,
      object: "checkout.session",
      mode: String(params.mode),
      status: "open",
      url: `https://checkout.stripe.com/c/pay/${id}`,
      customer: (params.customer as string | undefined) ?? null,
      customer_email: (params.customer_email as string | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      success_url: String(params.success_url),
      cancel_url: (params.cancel_url as string | undefined) ?? null,
      payment_intent: null,
      setup_intent: null,
      metadata: (params.metadata as Record<string, unknown> | undefined) ?? {},
      params,
    };
    standIn.checkoutSessions.set(id, session);
    standIn.created.checkoutSessions += 1;
    return { status: 200, json: sessionJson(session, expansions(params)) };
  }

  function respond(answer: Answer, replayed = false): Response {
    const headers: Record<string, string> = { "Request-Id": `req_standin${serial}` };
    if (replayed) headers["Idempotent-Replayed"] = "true";
    return HttpResponse.json(answer.json as Record<string, unknown>, { status: answer.status, headers });
  }

  /** The checks every request meets first: the connection, the mode, the API key. */
  function refusal(request: Request): Response | undefined {
    if (standIn.mode === "refusing") return HttpResponse.error();
    if (!/^Bearer sk_(test|live)_\S+$/.test(request.headers.get("Authorization") ?? "")) {
      return respond(stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" }));
    }
    if (standIn.mode === "failing") {
      return respond(stripeError(500, { type: "api_error", message: "An unknown error occurred" }));
    }
    return undefined;
  }

  const post = (path: string, create: (params: StripeParams, id: string) => Answer) =>
    http.post(`${stripeApiBase}${path}`, async ({ request, params: pathParams }) => {
      const body = await request.text();
      const idempotencyKey = request.headers.get("Idempotency-Key");
      const record: StripeRequestRecord = {
        method: "POST",
        path: new URL(request.url).pathname,
        idempotencyKey,
        authorization: request.headers.get("Authorization"),
        params: decodeStripeForm(body),
        replayed: false,
      };
      const refused = refusal(request);
      if (refused) {
        if (standIn.mode !== "refusing") standIn.requests.push(record);
        return refused;
      }
      standIn.requests.push(record);
      const kept = idempotencyKey === null ? undefined : idempotent.get(idempotencyKey);
      if (kept) {
        if (kept.route !== record.path || kept.body !== body) {
          return respond(
            stripeError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        }
        record.replayed = true;
        return lostOr(respond(kept.answer, true));
      }
      const answer = create(record.params, String(pathParams.id ?? ""));
      // Validation errors (400, 404) are not kept; a result that started executing is.
      if (idempotencyKey !== null && (answer.status === 200 || answer.status === 402)) {
        idempotent.set(idempotencyKey, { route: record.path, body, answer });
      }
      return lostOr(respond(answer));
    });

  /** The answer of a POST that was carried out, unless it is one of those lost on the way back. */
  function lostOr(answer: Response): Response {
    if (standIn.answersLost <= 0) return answer;
    standIn.answersLost -= 1;
    return HttpResponse.error();
  }

  const get = (path: string, find: (id: string, params: StripeParams) => Answer) =>
    http.get(`${stripeApiBase}${path}/:id`, ({ request, params }) => {
      const url = new URL(request.url);
      const record: StripeRequestRecord = {
        method: "GET",
        path: url.pathname,
        idempotencyKey: request.headers.get("Idempotency-Key"),
        authorization: request.headers.get("Authorization"),
        params: decodeStripeForm(url.search.slice(1)),
        replayed: false,
      };
      const refused = refusal(request);
      if (standIn.mode !== "refusing") standIn.requests.push(record);
      if (refused) return refused;
      return respond(find(String(params.id), record.params));
    });

  const handlers: HttpHandler[] = [
    post("/v1/customers", createCustomer),
    post("/v1/payment_intents", createPaymentIntent),
    post("/v1/setup_intents", createSetupIntent),
    post("/v1/checkout/sessions", createCheckoutSession),
    post("/v1/payment_intents/:id/capture", capturePaymentIntent),
    post("/v1/payment_intents/:id/cancel", cancelPaymentIntent),
    get("/v1/payment_intents", (id, params) => {
      const intent = standIn.paymentIntents.get(id);
      return intent ? { status: 200, json: intentJson(intent, expansions(params)) } : noSuch("payment_intent", id);
    }),
    get("/v1/setup_intents", (id, params) => {
      const setup = standIn.setupIntents.get(id);
      return setup ? { status: 200, json: setupJson(setup, expansions(params)) } : noSuch("setup_intent", id);
    }),
    get("/v1/checkout/sessions", (id, params) => {
      const session = standIn.checkoutSessions.get(id);
      return session ? { status: 200, json: sessionJson(session, expansions(params)) } : noSuch("checkout.session", id);
    }),
  ];
  return { standIn, handlers };
}
