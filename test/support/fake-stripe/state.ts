// The fake Stripe of both kinds of test: Stripe's objects the card gateway uses and what
// Stripe's test cards do with them, as pure state and answers (no network, no clock but
// Date.now). msw.ts serves it to the integration tests at https://api.stripe.com; http.ts
// serves it to the end-to-end tests' app and browser, with the pages Stripe would show her.
//
// Requests are Stripe's (form-encoded bodies, as the stripe package sends them): customers,
// PaymentIntents (created, retrieved, captured, canceled, searched by metadata['attempt_key']), SetupIntents (created, retrieved)
// and Checkout Sessions (payment and setup mode). Like Stripe it honours the Idempotency-Key
// header (same key and same parameters: the same answer, replayed, nothing made twice; other
// parameters: an idempotency_error), counts what it really created, and records every request
// it received, decoded, for assertions.
// Behaviour follows Stripe's test PaymentMethods (test-cards.ts):
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
// requires_action (a redirect) until standIn.authenticate(id); a Checkout Session pays or
// keeps a card when standIn.completeCheckout is called for it (a setup-mode one makes a
// SetupIntent with its setup_intent_data's metadata). Every object keeps the metadata it was
// made with.
// Refunds (POST /v1/refunds with a payment_intent) give back part or all of a captured or paid
// PaymentIntent's charge, whose amount_refunded and refunded say so; more than is left is
// Stripe's 400 invalid_request_error "Refund amount ($X) is greater than unrefunded amount on
// charge ($Y)", and an uncaptured one's is refused too.
import { testPaymentMethods, type TestCard } from "./test-cards";

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

/** What a PaymentIntent and a SetupIntent have alike: a card confirmed for a customer, perhaps after her bank's check. */
interface StandInIntent {
  id: string;
  customer: string | null;
  payment_method: string | null;
  client_secret: string;
  next_action: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  /** Unix seconds. */
  created: number;
  /** The parameters it was created with, as received (not part of Stripe's object). */
  params: StripeParams;
}

export interface StandInPaymentIntent extends StandInIntent {
  object: "payment_intent";
  amount: number;
  currency: string;
  capture_method: string;
  setup_future_usage: string | null;
  status: "requires_payment_method" | "requires_action" | "requires_capture" | "succeeded" | "canceled";
  /** canceled: requested_by_customer (and the other reasons we send), or automatic (a lapsed hold). */
  cancellation_reason: string | null;
  last_payment_error: Record<string, unknown> | null;
  amount_received: number;
  /** Unix seconds: when the card was authorised; a hold can be captured for 7 days from it (capture_before). Not part of Stripe's object. */
  authorisedAt: number | null;
}

export interface StandInSetupIntent extends StandInIntent {
  object: "setup_intent";
  usage: string;
  status: "requires_payment_method" | "requires_action" | "succeeded";
  last_setup_error: Record<string, unknown> | null;
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

/** A refund of a PaymentIntent's charge (Stripe answers succeeded for a card refund in test mode). */
export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: "succeeded";
  reason: string | null;
  metadata: Record<string, unknown>;
  /** Unix seconds. */
  created: number;
}

export type StripeMode = "up" | "failing" | "refusing";

/** One request to Stripe's API, as an adapter received it. */
export interface StripeRequest {
  method: "GET" | "POST";
  /** Path without the query, e.g. /v1/payment_intents. */
  path: string;
  /** POST: the form body; GET: the query string without its "?". */
  encoded: string;
  authorization: string | null;
  idempotencyKey: string | null;
}

/** What goes back: an answer, or nothing at all (the connection fails). */
export type StripeReply = { status: number; json: Record<string, unknown>; headers: Record<string, string> } | "connection lost";

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
  /** The PaymentMethods saved to each customer (setup_future_usage, or a SetupIntent), by customer id. */
  savedCards: Map<string, Set<string>>;
  /** Every Refund really made (replays make none). */
  refunds: Map<string, StandInRefund>;
  /** Stripe's answer to one request to its API. */
  receive(request: StripeRequest): StripeReply;
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

/** The requests the fake answers, by object: "METHOD path", where :id is an object's id. */
const routes = [
  ["POST /v1/customers"],
  // search before :id, which its path would match too.
  [
    "POST /v1/payment_intents",
    "GET /v1/payment_intents/search",
    "GET /v1/payment_intents/:id",
    "POST /v1/payment_intents/:id/capture",
    "POST /v1/payment_intents/:id/cancel",
  ],
  ["POST /v1/setup_intents", "GET /v1/setup_intents/:id"],
  ["POST /v1/checkout/sessions", "GET /v1/checkout/sessions/:id"],
  ["POST /v1/refunds", "GET /v1/refunds/:id"],
] as const;

type Route = (typeof routes)[number][number];

export const stripeRoutes = routes.flat().map((route) => {
  const [method, path] = route.split(" ") as ["GET" | "POST", string];
  return { route, method, path };
});

/**
 * The pages Stripe shows her, where the fake serves them itself (http.ts): a Checkout
 * Session's hosted page and her bank's 3-D Secure check of an intent.
 */
export const hostedPagePaths = { checkout: "/stripe-api/checkout/", authentication: "/stripe-api/authentication/" };

const holdLifetimeSeconds = 7 * 24 * 60 * 60;

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
  json: Record<string, unknown>;
}

/** Her bank's check failed: Stripe's card error, named for the kind of intent. */
const authenticationFailure = (kind: "payment_intent" | "setup_intent") => ({
  type: "card_error",
  code: `${kind}_authentication_failure`,
  message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
});

function stripeError(status: number, error: Record<string, unknown>): Answer {
  return { status, json: { error } };
}

const missing = (param: string) =>
  stripeError(400, { type: "invalid_request_error", code: "parameter_missing", param, message: `Missing required param: ${param}.` });

const noSuch = (what: string, id: string, param?: string) =>
  stripeError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${what}: '${id}'` });

const invalidInteger = (param: string) =>
  stripeError(400, { type: "invalid_request_error", code: "parameter_invalid_integer", param, message: "Invalid integer" });

function expansions(params: StripeParams): string[] {
  const expand = params.expand;
  return Array.isArray(expand) ? expand.map(String) : [];
}

/** What a test card does when confirmed with her there. */
type WithHer =
  | { status: "authorised" }
  | { status: "requires_action"; next_action: Record<string, unknown> }
  | { status: "declined"; error: Record<string, unknown> };

/**
 * The fake Stripe. With pagesOrigin, the pages Stripe shows her (a Checkout Session's, her
 * bank's check) are the fake's own at that origin (http.ts serves them); without it, Stripe's
 * addresses, which nothing visits.
 */
export function createFakeStripe(options: { pagesOrigin?: string } = {}): StripeStandIn {
  /** Answers kept by idempotency key, with what they answered. */
  const idempotent = new Map<string, { route: string; body: string; answer: Answer }>();
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}_standin${String(++serial).padStart(6, "0")}`;
  /** PaymentMethods whose later charges her bank now declines, with its message. */
  const declinedFromNow = new Map<string, string>();
  const { pagesOrigin } = options;
  const checkoutUrl = (id: string) =>
    pagesOrigin ? `${pagesOrigin}${hostedPagePaths.checkout}${id}` : `https://checkout.stripe.com/c/pay/${id}`;
  const authenticationUrl = (id: string) =>
    pagesOrigin ? `${pagesOrigin}${hostedPagePaths.authentication}${id}` : `https://hooks.stripe.com/3d_secure_2/hosted/${id}`;

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
    refunds: new Map(),
    receive,
    authenticate(intentId, succeeds = true) {
      const setup = standIn.setupIntents.get(intentId);
      const intent = setup ?? standIn.paymentIntents.get(intentId);
      if (intent?.status !== "requires_action") throw new Error(`${intentId} is not waiting for authentication`);
      intent.next_action = null;
      if (setup) {
        if (succeeds) {
          setupSucceeded(setup);
        } else {
          setup.status = "requires_payment_method";
          setup.last_setup_error = authenticationFailure("setup_intent");
        }
        return;
      }
      const payment = intent as StandInPaymentIntent;
      if (succeeds) {
        authorise(payment, Math.floor(Date.now() / 1000));
      } else {
        payment.status = "requires_payment_method";
        payment.last_payment_error = authenticationFailure("payment_intent");
      }
    },
    completeCheckout(sessionId, paymentMethod = "pm_card_visa") {
      const session = standIn.checkoutSessions.get(sessionId);
      if (session?.status !== "open") throw new Error(`${sessionId} is not open`);
      const card = testPaymentMethods[paymentMethod];
      if (!card) throw new Error(`unknown test PaymentMethod ${paymentMethod}`);
      if (session.mode === "setup") {
        const setupData = (session.params.setup_intent_data ?? {}) as StripeParams;
        const setup = createSetup(
          {
            customer: session.params.customer,
            payment_method: paymentMethod,
            usage: "off_session",
            confirm: "true",
            metadata: setupData.metadata,
          },
          card,
        );
        // The hosted page does 3-D Secure itself; a decline leaves the session open.
        if (setup.status === "requires_action") setupSucceeded(setup);
        session.setup_intent = setup.id;
        if (card.outcome !== "decline") session.status = "complete";
        return;
      }
      const lineItems = (session.params.line_items ?? []) as {
        quantity?: string;
        price_data?: { unit_amount?: string; currency?: string };
      }[];
      const amount = lineItems.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
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
        intent.next_action = null;
        authorise(intent, intent.created);
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
      if (!testPaymentMethods[paymentMethodId]) throw new Error(`unknown test PaymentMethod ${paymentMethodId}`);
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
      standIn.refunds.clear();
      declinedFromNow.clear();
      idempotent.clear();
    },
  };

  function paymentMethodObject(id: string): Record<string, unknown> {
    const card = testPaymentMethods[id]!;
    return { id, object: "payment_method", type: "card", card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 } };
  }

  /**
   * The charge of an authorised intent (it stays when the hold is captured or let go); a held
   * card payment says until when it can be captured: 7 days after it was authorised.
   */
  function chargeObject(intent: StandInPaymentIntent): Record<string, unknown> | null {
    if (intent.authorisedAt === null) return null;
    const captureBefore = intent.capture_method === "manual" ? intent.authorisedAt + holdLifetimeSeconds : undefined;
    return {
      id: `ch_${intent.id.slice(3)}`,
      object: "charge",
      amount: intent.amount,
      captured: intent.status === "succeeded",
      amount_captured: intent.amount_received,
      amount_refunded: refundedOf(intent.id),
      refunded: intent.amount_received > 0 && refundedOf(intent.id) >= intent.amount_received,
      payment_method_details: {
        type: "card",
        card: { brand: testPaymentMethods[intent.payment_method ?? ""]?.brand ?? null, capture_before: captureBefore },
      },
    };
  }

  /** As Stripe: a card attached to a customer can be charged later without her. */
  function keepCard(customer: string | null, paymentMethod: string | null): void {
    if (customer === null || paymentMethod === null) return;
    const saved = standIn.savedCards.get(customer) ?? new Set<string>();
    saved.add(paymentMethod);
    standIn.savedCards.set(customer, saved);
  }

  /** The card said yes: a hold (manual capture) or a payment; with setup_future_usage, the card is saved to her customer. */
  function authorise(intent: StandInPaymentIntent, at: number): void {
    intent.status = intent.capture_method === "manual" ? "requires_capture" : "succeeded";
    if (intent.status === "succeeded") intent.amount_received = intent.amount;
    intent.authorisedAt = at;
    if (intent.setup_future_usage !== null) keepCard(intent.customer, intent.payment_method);
  }

  /** As Stripe: a SetupIntent that succeeded with a customer has attached its PaymentMethod to it. */
  function setupSucceeded(setup: StandInSetupIntent): void {
    setup.status = "succeeded";
    setup.next_action = null;
    keepCard(setup.customer, setup.payment_method);
  }

  /** Confirming with her there: the card says yes, asks for her bank's check, or declines. */
  function withHer(card: TestCard, id: string, params: StripeParams): WithHer {
    if (card.outcome === "authorise") return { status: "authorised" };
    if (card.outcome === "decline") {
      return {
        status: "declined",
        error: { type: "card_error", code: "card_declined", decline_code: card.declineCode, message: card.message },
      };
    }
    return {
      status: "requires_action",
      next_action:
        params.use_stripe_sdk === "true"
          ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } }
          : { type: "redirect_to_url", redirect_to_url: { url: authenticationUrl(id), return_url: params.return_url ?? null } },
    };
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

  function createIntent(params: StripeParams, card: TestCard): StandInPaymentIntent {
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
        authorise(intent, intent.created);
      }
    } else if (confirm) {
      const outcome = withHer(card, id, params);
      if (outcome.status === "authorised") authorise(intent, intent.created);
      else if (outcome.status === "declined") intent.last_payment_error = outcome.error;
      else Object.assign(intent, outcome);
    }
    standIn.paymentIntents.set(id, intent);
    standIn.created.paymentIntents += 1;
    return intent;
  }

  /** A SetupIntent, confirmed when asked with a PaymentMethod: what the test card does while she is there. */
  function createSetup(params: StripeParams, card: TestCard | undefined): StandInSetupIntent {
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
      const outcome = withHer(card, id, params);
      if (outcome.status === "authorised") setupSucceeded(setup);
      else if (outcome.status === "declined") setup.last_setup_error = outcome.error;
      else Object.assign(setup, outcome);
    }
    standIn.setupIntents.set(id, setup);
    return setup;
  }

  /** The card a request names, and whether it and its customer exist. */
  function cardOf(params: StripeParams): { card?: TestCard; refusal?: Answer } {
    const methodId = params.payment_method as string | undefined;
    const card = methodId === undefined ? undefined : testPaymentMethods[methodId];
    if (methodId !== undefined && card === undefined) return { refusal: noSuch("PaymentMethod", methodId, "payment_method") };
    return { card, refusal: unknownCustomer(params) };
  }

  function unknownCustomer(params: StripeParams): Answer | undefined {
    if (params.customer === undefined || standIn.customers.has(String(params.customer))) return undefined;
    return noSuch("customer", String(params.customer), "customer");
  }

  // What each request does with its decoded parameters; an answer with status 200 (or a card
  // error) is kept for its idempotency key, as Stripe keeps the result of every request that
  // started executing.
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
    if (!/^\d+$/.test(String(params.amount))) return invalidInteger("amount");
    if (Number(params.amount) < 50) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_small",
        param: "amount",
        message: "Amount must be at least $0.50 usd",
      });
    }
    const { card, refusal } = cardOf(params);
    if (refusal) return refusal;
    const methodId = params.payment_method as string | undefined;
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

  function createSetupIntent(params: StripeParams): Answer {
    const { card, refusal } = cardOf(params);
    if (refusal) return refusal;
    const setup = createSetup(params, card);
    const expand = expansions(params);
    if (setup.last_setup_error) return stripeError(402, { ...setup.last_setup_error, setup_intent: setupJson(setup, expand) });
    return { status: 200, json: setupJson(setup, expand) };
  }

  const unexpectedState = (intent: StandInPaymentIntent, doing: string) =>
    stripeError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: `${doing} because it has a status of ${intent.status}.`,
      payment_intent: intentJson(intent, []),
    });

  /** POST /v1/payment_intents/:id/capture: a held payment taken, once. */
  function capturePaymentIntent(params: StripeParams, id: string): Answer {
    const intent = standIn.paymentIntents.get(id);
    if (!intent) return noSuch("payment_intent", id);
    if (intent.status !== "requires_capture") return unexpectedState(intent, "This PaymentIntent could not be captured");
    if (params.amount_to_capture !== undefined && !/^\d+$/.test(String(params.amount_to_capture))) {
      return invalidInteger("amount_to_capture");
    }
    const amount = params.amount_to_capture === undefined ? intent.amount : Number(params.amount_to_capture);
    if (amount > intent.amount) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount_to_capture",
        message: "Amount to capture is too large",
      });
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
      return unexpectedState(intent, "You cannot cancel this PaymentIntent");
    }
    intent.status = "canceled";
    intent.cancellation_reason = (params.cancellation_reason as string | undefined) ?? null;
    intent.next_action = null;
    return { status: 200, json: intentJson(intent, expansions(params)) };
  }

  /** The cents of a PaymentIntent's charge refunded so far. */
  function refundedOf(paymentIntentId: string): number {
    let refunded = 0;
    for (const refund of standIn.refunds.values()) if (refund.payment_intent === paymentIntentId) refunded += refund.amount;
    return refunded;
  }

  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  /** POST /v1/refunds: part or all of a paid PaymentIntent's charge given back, never more than is left. */
  function createRefund(params: StripeParams): Answer {
    const id = params.payment_intent as string | undefined;
    if (id === undefined) {
      return params.charge === undefined
        ? missing("payment_intent")
        : stripeError(400, { type: "invalid_request_error", param: "charge", message: "The fake refunds by payment_intent only." });
    }
    const intent = standIn.paymentIntents.get(id);
    if (!intent) return noSuch("payment_intent", id, "payment_intent");
    if (intent.status !== "succeeded" || intent.amount_received === 0) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: `This PaymentIntent (${id}) does not have a successful charge to refund.`,
      });
    }
    const left = intent.amount_received - refundedOf(id);
    if (left <= 0) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ch_${id.slice(3)} has already been refunded.`,
      });
    }
    if (params.amount !== undefined && !/^\d+$/.test(String(params.amount))) return invalidInteger("amount");
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount < 1) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "parameter_invalid_integer",
        param: "amount",
        message: "This value must be greater than or equal to 1.",
      });
    }
    if (amount > left) {
      return stripeError(400, {
        type: "invalid_request_error",
        param: "amount",
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      });
    }
    const refund: StandInRefund = {
      id: nextId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      charge: `ch_${id.slice(3)}`,
      payment_intent: id,
      status: "succeeded",
      reason: (params.reason as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, unknown> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    standIn.refunds.set(refund.id, refund);
    return { status: 200, json: { ...refund } };
  }

  function createCheckoutSession(params: StripeParams): Answer {
    if (params.mode === undefined) return missing("mode");
    if (params.success_url === undefined) return missing("success_url");
    // As Stripe: setup mode names its card types, or a currency to choose them by.
    if (params.mode === "setup" && params.currency === undefined && params.allowed_payment_method_types === undefined) {
      return missing("currency");
    }
    const refusal = unknownCustomer(params);
    if (refusal) return refusal;
    const id = nextId("cs_test");
    const session: StandInCheckoutSession = {
      id,
      object: "checkout.session",
      mode: String(params.mode),
      status: "open",
      url: checkoutUrl(id),
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

  /**
   * GET /v1/payment_intents/search: only the query the gateway sends,
   * metadata['attempt_key']:'value' (quotes and backslashes escaped with a backslash), which
   * Stripe answers with the PaymentIntents whose metadata has exactly that value.
   */
  function searchPaymentIntents(params: StripeParams): Answer {
    const match = /^metadata\['attempt_key'\]:'((?:[^'\\]|\\.)*)'$/.exec(String(params.query ?? ""));
    if (!match)
      return stripeError(400, {
        type: "invalid_request_error",
        param: "query",
        message: "The fake answers only metadata['attempt_key']:'...'",
      });
    const key = match[1]!.replace(/\\(.)/g, "$1");
    const data = [...standIn.paymentIntents.values()]
      .filter((intent) => intent.metadata.attempt_key === key)
      .map((intent) => intentJson(intent, expansions(params), "data."));
    return { status: 200, json: { object: "search_result", url: "/v1/payment_intents/search", data, has_more: false, next_page: null } };
  }

  /** GET of one object by id, shaped with its expansions. */
  function retrieve<T>(objects: Map<string, T>, what: string, json: (object: T, expand: string[]) => Record<string, unknown>) {
    return (params: StripeParams, id: string): Answer => {
      const found = objects.get(id);
      return found ? { status: 200, json: json(found, expansions(params)) } : noSuch(what, id);
    };
  }

  const actions: Record<Route, (params: StripeParams, id: string) => Answer> = {
    "POST /v1/customers": createCustomer,
    "POST /v1/payment_intents": createPaymentIntent,
    "GET /v1/payment_intents/search": searchPaymentIntents,
    "GET /v1/payment_intents/:id": retrieve(standIn.paymentIntents, "payment_intent", intentJson),
    "POST /v1/payment_intents/:id/capture": capturePaymentIntent,
    "POST /v1/payment_intents/:id/cancel": cancelPaymentIntent,
    "POST /v1/setup_intents": createSetupIntent,
    "GET /v1/setup_intents/:id": retrieve(standIn.setupIntents, "setup_intent", setupJson),
    "POST /v1/checkout/sessions": createCheckoutSession,
    "GET /v1/checkout/sessions/:id": retrieve(standIn.checkoutSessions, "checkout.session", sessionJson),
    "POST /v1/refunds": createRefund,
    "GET /v1/refunds/:id": retrieve(standIn.refunds, "refund", (refund) => ({ ...refund })),
  };

  const matchers = stripeRoutes.map(({ route, method, path }) => ({
    method,
    pattern: new RegExp(`^${path.replace(":id", "([^/]+)")}$`),
    act: actions[route],
  }));

  function reply(answer: Answer, replayed = false): StripeReply {
    const headers: Record<string, string> = { "Request-Id": `req_standin${serial}` };
    if (replayed) headers["Idempotent-Replayed"] = "true";
    return { status: answer.status, json: answer.json, headers };
  }

  /** The answer of a POST that was carried out, unless it is one of those lost on the way back. */
  function lostOr(answer: StripeReply): StripeReply {
    if (standIn.answersLost <= 0) return answer;
    standIn.answersLost -= 1;
    return "connection lost";
  }

  function receive(request: StripeRequest): StripeReply {
    // The checks every request meets first: the connection, the API key, the mode.
    if (standIn.mode === "refusing") return "connection lost";
    const record: StripeRequestRecord = {
      method: request.method,
      path: request.path,
      idempotencyKey: request.idempotencyKey,
      authorization: request.authorization,
      params: decodeStripeForm(request.encoded),
      replayed: false,
    };
    standIn.requests.push(record);
    if (!/^Bearer sk_(test|live)_\S+$/.test(request.authorization ?? "")) {
      return reply(stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" }));
    }
    if (standIn.mode === "failing") return reply(stripeError(500, { type: "api_error", message: "An unknown error occurred" }));
    let id = "";
    const route = matchers.find((candidate) => {
      const match = candidate.method === request.method ? candidate.pattern.exec(request.path) : null;
      if (match) id = decodeURIComponent(match[1] ?? "");
      return match !== null;
    });
    if (!route) {
      return reply(
        stripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${request.path}).` }),
      );
    }
    if (request.method === "GET") return reply(route.act(record.params, id));
    const key = request.idempotencyKey;
    const kept = key === null ? undefined : idempotent.get(key);
    if (kept) {
      if (kept.route !== record.path || kept.body !== request.encoded) {
        return reply(
          stripeError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      record.replayed = true;
      return lostOr(reply(kept.answer, true));
    }
    const answer = route.act(record.params, id);
    // Validation errors (400, 404) are not kept; a result that started executing is.
    if (key !== null && (answer.status === 200 || answer.status === 402)) {
      idempotent.set(key, { route: record.path, body: request.encoded, answer });
    }
    return lostOr(reply(answer));
  }

  return standIn;
}
