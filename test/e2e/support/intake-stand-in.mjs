// A stand-in for the outside world of the end-to-end tests:
// - the external intake flow (spec section 2, "External destinations"): any GET gets a small
//   page that echoes the path and the query string as a definition list, so a test can read
//   what the funnel handed over the way a visitor would see it;
// - the provider's API under /provider (spec section 7): it records every POST with its
//   bearer header, and GET /provider/received/{responder_uuid} lists what arrived as JSON
//   (a post whose body or path names that uuid). GET testimonials answers four; GET
//   medications answers provider-catalogue.json: the spec's fallback catalogue, the Cream
//   not to be shipped to Mississippi or Arkansas;
// - Stripe.js at GET /stripe-js/v3/: the stand-in script test/e2e/support/stripe-js-stand-in.js;
// - Google's places script at GET /maps-js/api/js: the stand-in test/e2e/support/maps-stand-in.js;
// - Stripe's API at /v1/... (the app's STRIPE_API_BASE is this server's origin: Stripe's client
//   always calls /v1/... at the host it is given), the few calls the card gateway makes, with
//   the behaviour of test/mocks/stripe.ts (the MSW stand-in of the integration tests):
//   POST /v1/customers, POST /v1/payment_intents (confirm: pm_card_visa -> requires_capture,
//   pm_card_chargeDeclined -> 402 "Your card was declined.", pm_card_threeDSecure2Required ->
//   requires_action; off session, on a card saved to the customer: what the test card does
//   without her, charged, card_declined or 402 authentication_required), GET
//   /v1/payment_intents/{id} (expand payment_method and latest_charge, whose capture_before is
//   7 days after the hold was authorised), POST /v1/payment_intents/{id}/capture
//   (amount_to_capture at most the hold) and /cancel; POST /v1/setup_intents (another card kept
//   for later, usage off_session: confirmed as the test card asks while she is there, saved to
//   the customer, 402 card_error, or requires_action whose redirect is the page below) and GET
//   /v1/setup_intents/{id}; POST /v1/checkout/sessions in setup mode only and GET
//   /v1/checkout/sessions/{id} (expand setup_intent); the Idempotency-Key header is honoured.
//   GET /stripe-api/checkout/{id} is the hosted page of a setup session: a form of the test
//   PaymentMethods whose POST keeps the card (3-D Secure passed there, as Stripe's page does it
//   itself) and redirects to success_url, or shows the bank's message and stays open.
//   GET /stripe-api/setup-authentication/{id} is her bank's check of a SetupIntent: "Complete"
//   or "Fail" (POST), then back to its return_url with setup_intent and redirect_status, as
//   Stripe does. POST /stripe-api/authenticate is where the Stripe.js stand-in (?authenticate=) says how 3-D
//   Secure went; GET /stripe-api/received[?responder_uuid=] lists the PaymentIntents created.
// Usage: node test/e2e/support/intake-stand-in.mjs [port]  (or INTAKE_PORT)
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { testPaymentMethods } from "../../support/stripe-test-payment-methods.mjs";

const port = Number(process.argv[2] ?? process.env.INTAKE_PORT ?? 3199);

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function page(url) {
  const rows = [...url.searchParams]
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Intake</title></head>
<body>
<main>
<h1>Intake</h1>
<p>Path: <code>${escapeHtml(url.pathname)}</code></p>
<dl aria-label="Query parameters">${rows}</dl>
</main>
</body>
</html>
`;
}

/** What the provider stand-in received: { path, authorization, idempotencyKey, body }. */
const received = [];

const testimonials = [
  { id: "e2e-1", name: "Joan P.", quote: "Clear answers and no rush.", rating: 5 },
  { id: "e2e-2", name: "Maria S.", quote: "The hot flashes eased within weeks.", rating: 5 },
  { id: "e2e-3", name: "Helen W.", quote: "Private, simple and kind.", rating: 5 },
  { id: "e2e-4", name: "Tina R.", quote: "I feel like myself again.", rating: 5 },
];

function provider(req, res, url) {
  if (req.method === "GET" && url.pathname.startsWith("/provider/received/")) {
    const responderUuid = decodeURIComponent(url.pathname.split("/").pop());
    const mine = received.filter(
      (r) =>
        r.body?.responder_uuid === responderUuid ||
        r.body?.metadata?.responder_uuid === responderUuid ||
        r.path.endsWith(`/${responderUuid}`),
    );
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(mine));
    return;
  }
  // The catalogue: the spec's fallback, with the states the Cream cannot be shipped to.
  if (req.method === "GET" && url.pathname.startsWith("/provider/api/hrt_checkout/medications/")) {
    res.writeHead(200, { "Content-Type": "application/json" }).end(catalogue);
    return;
  }
  if (req.method === "GET" && url.pathname.startsWith("/provider/api/hrt_checkout/testimonials/")) {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ testimonials }));
    return;
  }
  // The check-discount path: WELCOME20 takes 20% off; any other code is not valid.
  if (req.method === "GET" && url.pathname.startsWith("/provider/api/payments/check_discount/")) {
    const [code, price] = url.pathname.split("/").slice(-2);
    const cents = Number(price);
    const valid = decodeURIComponent(code).toUpperCase() === "WELCOME20";
    const discount = valid ? Math.round(cents * 0.2) : 0;
    const body = { valid, adjusted_price: cents - discount, discount_amount: discount };
    if (!valid) body.message = "This promo code is not valid.";
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    return;
  }
  if (req.method === "GET") {
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"message":"not found"}');
    return;
  }
  if (req.method !== "POST") {
    res.writeHead(405).end();
    return;
  }
  let text = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => (text += chunk));
  req.on("end", () => {
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      res.writeHead(400).end();
      return;
    }
    received.push({
      path: url.pathname.slice("/provider".length),
      authorization: req.headers.authorization ?? null,
      idempotencyKey: req.headers["idempotency-key"] ?? null,
      body,
    });
    res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
}

// ---- Stripe.js and Stripe's API -------------------------------------------------------------

const stripeJs = readFileSync(new URL("./stripe-js-stand-in.js", import.meta.url), "utf8");
const mapsJs = readFileSync(new URL("./maps-stand-in.js", import.meta.url), "utf8");
const catalogue = readFileSync(new URL("./provider-catalogue.json", import.meta.url), "utf8");


const authenticationFailure = {
  type: "card_error",
  code: "payment_intent_authentication_failure",
  message:
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
};

const stripe = {
  serial: 0,
  customers: new Map(),
  /** PaymentIntents by id, in the order they were created. */
  paymentIntents: new Map(),
  /** The PaymentMethods saved to each customer (setup_future_usage, or a SetupIntent), by customer id. */
  savedCards: new Map(),
  setupIntents: new Map(),
  /** Setup-mode Checkout Sessions by id. */
  checkoutSessions: new Map(),
  /** Answers kept by Idempotency-Key: { route, body, answer }. */
  idempotent: new Map(),
};

const holdLifetimeSeconds = 7 * 24 * 60 * 60;

const nextId = (prefix) => `${prefix}_e2e${String(++stripe.serial).padStart(6, "0")}`;

/** Stripe's form encoding (a[b][0]=v) back into objects and arrays (as decodeStripeForm). */
function decodeStripeForm(encoded) {
  const root = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      node[path[i]] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
      node = node[path[i]];
    }
    node[path.at(-1)] = value;
  }
  return root;
}

const stripeError = (status, error) => ({ status, json: { error } });
const missing = (param) =>
  stripeError(400, { type: "invalid_request_error", code: "parameter_missing", param, message: `Missing required param: ${param}.` });
const noSuch = (what, id, param) =>
  stripeError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${what}: '${id}'` });
const expansions = (params) => (Array.isArray(params.expand) ? params.expand.map(String) : []);

function paymentMethodObject(id) {
  const card = testPaymentMethods[id];
  return { id, object: "payment_method", type: "card", card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 } };
}

/** The charge of an authorised intent; a held card payment says until when it can be captured. */
function chargeObject(intent) {
  if (intent.authorisedAt === null) return null;
  const captureBefore = intent.capture_method === "manual" ? intent.authorisedAt + holdLifetimeSeconds : undefined;
  return {
    id: `ch_${intent.id.slice(3)}`,
    object: "charge",
    amount: intent.amount,
    captured: intent.status === "succeeded",
    payment_method_details: { type: "card", card: { capture_before: captureBefore } },
  };
}

function intentJson(intent, expand) {
  const { params: _params, authorisedAt: _authorisedAt, ...json } = intent;
  const expandMethod = expand.includes("payment_method") && intent.payment_method !== null;
  const charge = chargeObject(intent);
  return {
    ...json,
    payment_method: expandMethod ? paymentMethodObject(intent.payment_method) : intent.payment_method,
    latest_charge: charge && expand.includes("latest_charge") ? charge : (charge?.id ?? null),
  };
}

/** As Stripe: a PaymentMethod confirmed with a customer and setup_future_usage is attached to it. */
function saveCard(intent) {
  if (intent.customer === null || intent.payment_method === null || intent.setup_future_usage === null) return;
  const saved = stripe.savedCards.get(intent.customer) ?? new Set();
  saved.add(intent.payment_method);
  stripe.savedCards.set(intent.customer, saved);
}

function authorised(intent) {
  intent.status = intent.capture_method === "manual" ? "requires_capture" : "succeeded";
  if (intent.status === "succeeded") intent.amount_received = intent.amount;
  intent.authorisedAt = Math.floor(Date.now() / 1000);
  saveCard(intent);
}

/** As Stripe: a SetupIntent that succeeded with a customer has attached its PaymentMethod to it. */
function setupSucceeded(setup) {
  setup.status = "succeeded";
  setup.next_action = null;
  if (setup.customer === null || setup.payment_method === null) return;
  const saved = stripe.savedCards.get(setup.customer) ?? new Set();
  saved.add(setup.payment_method);
  stripe.savedCards.set(setup.customer, saved);
}

function setupJson(setup, expand, prefix = "") {
  const { params: _params, ...json } = setup;
  const expandMethod = expand.includes(`${prefix}payment_method`) && setup.payment_method !== null;
  return { ...json, payment_method: expandMethod ? paymentMethodObject(setup.payment_method) : setup.payment_method };
}

/** A SetupIntent, confirmed when asked: what the test card does while she is there. */
function createSetup(params, card, origin) {
  const id = nextId("seti");
  const setup = {
    id,
    object: "setup_intent",
    customer: params.customer ?? null,
    payment_method: params.payment_method ?? null,
    usage: params.usage ?? "off_session",
    status: "requires_payment_method",
    client_secret: `${id}_secret_e2e`,
    next_action: null,
    last_setup_error: null,
    metadata: params.metadata ?? {},
    created: Math.floor(Date.now() / 1000),
    params,
  };
  if (params.confirm === "true" && card) {
    if (card.outcome === "authorise") {
      setupSucceeded(setup);
    } else if (card.outcome === "authenticate") {
      setup.status = "requires_action";
      setup.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${origin}/stripe-api/setup-authentication/${id}`, return_url: params.return_url ?? null },
      };
    } else {
      setup.last_setup_error = { type: "card_error", code: "card_declined", decline_code: card.declineCode, message: card.message };
    }
  }
  stripe.setupIntents.set(id, setup);
  return setup;
}

function createSetupIntent(params, origin) {
  const methodId = params.payment_method;
  const card = methodId === undefined ? undefined : testPaymentMethods[methodId];
  if (methodId !== undefined && card === undefined) return noSuch("PaymentMethod", methodId, "payment_method");
  if (params.customer !== undefined && !stripe.customers.has(params.customer)) return noSuch("customer", params.customer, "customer");
  const setup = createSetup(params, card, origin);
  const expand = expansions(params);
  if (setup.last_setup_error) return stripeError(402, { ...setup.last_setup_error, setup_intent: setupJson(setup, expand) });
  return { status: 200, json: setupJson(setup, expand) };
}

function retrieveSetupIntent(id, params) {
  const setup = stripe.setupIntents.get(id);
  return setup ? { status: 200, json: setupJson(setup, expansions(params)) } : noSuch("setup_intent", id);
}

/** Setup mode only: the app pays with the card element here, so the hosted payment page is not played. */
function createCheckoutSession(params, origin) {
  if (params.mode === undefined) return missing("mode");
  if (params.mode !== "setup") {
    return stripeError(400, { type: "invalid_request_error", param: "mode", message: "The e2e stand-in plays Checkout in setup mode only." });
  }
  if (params.success_url === undefined) return missing("success_url");
  if (params.currency === undefined && params.allowed_payment_method_types === undefined) return missing("currency");
  if (params.customer !== undefined && !stripe.customers.has(params.customer)) return noSuch("customer", params.customer, "customer");
  const id = nextId("cs_test");
  const session = {
    id,
    object: "checkout.session",
    mode: "setup",
    status: "open",
    url: `${origin}/stripe-api/checkout/${id}`,
    customer: params.customer ?? null,
    success_url: String(params.success_url),
    cancel_url: params.cancel_url ?? null,
    setup_intent: null,
    metadata: params.metadata ?? {},
    params,
  };
  stripe.checkoutSessions.set(id, session);
  return { status: 200, json: sessionJson(session, expansions(params)) };
}

function sessionJson(session, expand) {
  const { params: _params, ...json } = session;
  const setup = session.setup_intent ? stripe.setupIntents.get(session.setup_intent) : undefined;
  return {
    ...json,
    setup_intent: setup && expand.includes("setup_intent") ? setupJson(setup, expand, "setup_intent.") : session.setup_intent,
  };
}

function retrieveCheckoutSession(id, params) {
  const session = stripe.checkoutSessions.get(id);
  return session ? { status: 200, json: sessionJson(session, expansions(params)) } : noSuch("checkout.session", id);
}

function createCustomer(params) {
  const customer = { ...params, id: nextId("cus"), object: "customer" };
  stripe.customers.set(customer.id, customer);
  return { status: 200, json: customer };
}

function createPaymentIntent(params) {
  if (params.amount === undefined) return missing("amount");
  if (params.currency === undefined) return missing("currency");
  if (!/^\d+$/.test(String(params.amount)) || Number(params.amount) < 50) {
    return stripeError(400, { type: "invalid_request_error", code: "amount_too_small", param: "amount", message: "Amount must be at least $0.50 usd" });
  }
  const methodId = params.payment_method;
  const card = methodId === undefined ? undefined : testPaymentMethods[methodId];
  if (methodId !== undefined && card === undefined) return noSuch("PaymentMethod", methodId, "payment_method");
  if (params.customer !== undefined && !stripe.customers.has(params.customer)) return noSuch("customer", params.customer, "customer");
  const offSession = params.off_session === "true";
  // Without her, only a card saved to her customer can be charged.
  if (offSession && methodId !== undefined && !stripe.savedCards.get(params.customer)?.has(methodId)) {
    return stripeError(400, {
      type: "invalid_request_error",
      param: "payment_method",
      message:
        "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.",
    });
  }
  const id = nextId("pi");
  const intent = {
    id,
    object: "payment_intent",
    amount: Number(params.amount),
    currency: String(params.currency),
    customer: params.customer ?? null,
    payment_method: methodId ?? null,
    capture_method: params.capture_method ?? "automatic_async",
    setup_future_usage: params.setup_future_usage ?? null,
    status: "requires_payment_method",
    cancellation_reason: null,
    client_secret: `${id}_secret_e2e`,
    next_action: null,
    last_payment_error: null,
    metadata: params.metadata ?? {},
    created: Math.floor(Date.now() / 1000),
    amount_received: 0,
    params,
    authorisedAt: null,
  };
  if (params.confirm === "true" && card && offSession) {
    // Without her: what the card does when charged again (a renewal).
    if (card.offSession === "authentication_required") {
      intent.last_payment_error = {
        type: "card_error",
        code: "authentication_required",
        decline_code: "authentication_required",
        message: "Your card was declined. This transaction requires authentication.",
      };
    } else if (card.offSession === "decline") {
      intent.last_payment_error = { type: "card_error", code: "card_declined", decline_code: card.declineCode, message: card.message };
    } else {
      authorised(intent);
    }
  } else if (params.confirm === "true" && card) {
    if (card.outcome === "authorise") {
      authorised(intent);
    } else if (card.outcome === "authenticate") {
      intent.status = "requires_action";
      intent.next_action =
        params.use_stripe_sdk === "true"
          ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } }
          : { type: "redirect_to_url", redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/hosted/${id}`, return_url: params.return_url ?? null } };
    } else {
      intent.last_payment_error = { type: "card_error", code: "card_declined", decline_code: card.declineCode, message: card.message };
    }
  }
  stripe.paymentIntents.set(id, intent);
  const expand = expansions(params);
  if (intent.last_payment_error) return stripeError(402, { ...intent.last_payment_error, payment_intent: intentJson(intent, expand) });
  return { status: 200, json: intentJson(intent, expand) };
}

function retrievePaymentIntent(id, params) {
  const intent = stripe.paymentIntents.get(id);
  return intent ? { status: 200, json: intentJson(intent, expansions(params)) } : noSuch("payment_intent", id);
}

const unexpectedState = (intent, doing) =>
  stripeError(400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message: `${doing} because it has a status of ${intent.status}.`,
    payment_intent: intentJson(intent, []),
  });

/** POST /v1/payment_intents/{id}/capture: a held payment taken, once. */
function capturePaymentIntent(params, id) {
  const intent = stripe.paymentIntents.get(id);
  if (!intent) return noSuch("payment_intent", id);
  if (intent.status !== "requires_capture") return unexpectedState(intent, "This PaymentIntent could not be captured");
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

/** POST /v1/payment_intents/{id}/cancel: the hold let go. */
function cancelPaymentIntent(params, id) {
  const intent = stripe.paymentIntents.get(id);
  if (!intent) return noSuch("payment_intent", id);
  if (intent.status === "succeeded" || intent.status === "canceled") return unexpectedState(intent, "You cannot cancel this PaymentIntent");
  intent.status = "canceled";
  intent.cancellation_reason = params.cancellation_reason ?? null;
  intent.next_action = null;
  return { status: 200, json: intentJson(intent, expansions(params)) };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

function sendStripe(res, answer, replayed = false) {
  const headers = { "Content-Type": "application/json", "Request-Id": `req_e2e${stripe.serial}` };
  if (replayed) headers["Idempotent-Replayed"] = "true";
  res.writeHead(answer.status, headers).end(JSON.stringify(answer.json));
}

const stripeRoutes = {
  "POST /v1/customers": createCustomer,
  "POST /v1/payment_intents": createPaymentIntent,
  "POST /v1/setup_intents": createSetupIntent,
  "POST /v1/checkout/sessions": createCheckoutSession,
};

/** The POST that answers this path, with the id it names: create, capture or cancel. */
function stripePost(pathname, origin) {
  const create = stripeRoutes[`POST ${pathname}`];
  if (create) return (params) => create(params, origin);
  const move = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(pathname);
  if (!move) return undefined;
  const id = decodeURIComponent(move[1]);
  return move[2] === "capture" ? (params) => capturePaymentIntent(params, id) : (params) => cancelPaymentIntent(params, id);
}

async function stripeApi(req, res, url) {
  if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? "")) {
    sendStripe(res, stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" }));
    return;
  }
  const retrieved = /^\/v1\/(payment_intents|setup_intents|checkout\/sessions)\/([^/]+)$/.exec(url.pathname);
  if (req.method === "GET" && retrieved) {
    const retrieve = { payment_intents: retrievePaymentIntent, setup_intents: retrieveSetupIntent, "checkout/sessions": retrieveCheckoutSession }[retrieved[1]];
    sendStripe(res, retrieve(decodeURIComponent(retrieved[2]), decodeStripeForm(url.search.slice(1))));
    return;
  }
  const create = req.method === "POST" ? stripePost(url.pathname, `http://${req.headers.host}`) : undefined;
  if (!create) {
    sendStripe(res, stripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` }));
    return;
  }
  const body = await readBody(req);
  const key = req.headers["idempotency-key"];
  const kept = key === undefined ? undefined : stripe.idempotent.get(key);
  if (kept) {
    if (kept.route !== url.pathname || kept.body !== body) {
      sendStripe(
        res,
        stripeError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      );
      return;
    }
    sendStripe(res, kept.answer, true);
    return;
  }
  const answer = create(decodeStripeForm(body));
  // As Stripe: a request that started executing (200, or a card error) keeps its answer.
  if (key !== undefined && (answer.status === 200 || answer.status === 402)) {
    stripe.idempotent.set(key, { route: url.pathname, body, answer });
  }
  sendStripe(res, answer);
}

/** The Stripe.js stand-in says how 3-D Secure went: { payment_intent, succeeds } as text/plain. */
async function authenticate(req, res) {
  let told;
  try {
    told = JSON.parse(await readBody(req));
  } catch {
    res.writeHead(400).end();
    return;
  }
  const intent = stripe.paymentIntents.get(String(told?.payment_intent));
  if (intent?.status !== "requires_action") {
    res.writeHead(409, { "Content-Type": "text/plain" }).end("not waiting for authentication");
    return;
  }
  intent.next_action = null;
  if (told.succeeds === true) {
    authorised(intent);
  } else {
    intent.status = "requires_payment_method";
    intent.last_payment_error = authenticationFailure;
  }
  res.writeHead(204).end();
}

function htmlPage(res, status, title, body) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`);
}

const redirect = (res, location) => res.writeHead(303, { Location: location, "Cache-Control": "no-store" }).end();

/** The hosted page of a setup-mode session: she picks a test card; 3-D Secure is done here. */
async function hostedSetupPage(req, res, id) {
  const session = stripe.checkoutSessions.get(id);
  if (!session) {
    htmlPage(res, 404, "No such session", "");
    return;
  }
  let declined = null;
  if (req.method === "POST" && session.status === "open") {
    const methodId = new URLSearchParams(await readBody(req)).get("payment_method") ?? "";
    const card = testPaymentMethods[methodId];
    if (card) {
      const setup = createSetup(
        {
          customer: session.customer ?? undefined,
          payment_method: methodId,
          usage: "off_session",
          confirm: "true",
          // As Stripe: the SetupIntent the page makes carries setup_intent_data's metadata.
          metadata: session.params.setup_intent_data?.metadata,
        },
        card,
        `http://${req.headers.host}`,
      );
      if (setup.status === "requires_action") setupSucceeded(setup);
      session.setup_intent = setup.id;
      if (setup.status === "succeeded") {
        session.status = "complete";
        redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
        return;
      }
      declined = setup.last_setup_error?.message ?? "Your card was declined.";
    }
  }
  if (session.status !== "open") {
    htmlPage(res, 410, "This session is over", "");
    return;
  }
  const choices = Object.entries(testPaymentMethods)
    .map(
      ([methodId, card], index) =>
        `<label><input type="radio" name="payment_method" value="${escapeHtml(methodId)}"${index === 0 ? " checked" : ""}> ${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)} (${escapeHtml(methodId)})</label><br>`,
    )
    .join("\n");
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : "";
  htmlPage(
    res,
    declined ? 402 : 200,
    "Save your card",
    `${declined ? `<p role="alert">${escapeHtml(declined)}</p>` : ""}
<form method="post"><fieldset><legend>Test card</legend>
${choices}
</fieldset><button type="submit">Save card</button></form>
${cancel}`,
  );
}

/** Her bank's check of a card being saved: "Complete" or "Fail", then back to the return_url. */
async function setupAuthenticationPage(req, res, id) {
  const setup = stripe.setupIntents.get(id);
  if (!setup) {
    htmlPage(res, 404, "No such SetupIntent", "");
    return;
  }
  if (req.method === "POST" && setup.status === "requires_action") {
    const succeeds = new URLSearchParams(await readBody(req)).get("outcome") === "complete";
    const returnUrl = setup.next_action.redirect_to_url.return_url;
    if (succeeds) {
      setupSucceeded(setup);
    } else {
      setup.status = "requires_payment_method";
      setup.next_action = null;
      setup.last_setup_error = { ...authenticationFailure, code: "setup_intent_authentication_failure" };
    }
    if (returnUrl) {
      const back = new URL(returnUrl);
      back.searchParams.set("setup_intent", setup.id);
      back.searchParams.set("setup_intent_client_secret", setup.client_secret);
      back.searchParams.set("redirect_status", succeeds ? "succeeded" : "failed");
      redirect(res, back.href);
      return;
    }
  }
  if (setup.status !== "requires_action") {
    htmlPage(res, 410, "Nothing to authenticate", "");
    return;
  }
  htmlPage(
    res,
    200,
    "3D Secure test authentication",
    `<form method="post"><button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button></form>`,
  );
}

/** The PaymentIntents created (replays not counted), for a test to read. */
function stripeReceived(res, url) {
  const responderUuid = url.searchParams.get("responder_uuid");
  const intents = [...stripe.paymentIntents.values()]
    .filter((intent) => responderUuid === null || intent.metadata?.responder_uuid === responderUuid)
    .map((intent) => ({
      id: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      capture_method: intent.capture_method,
      setup_future_usage: intent.setup_future_usage,
      payment_method: intent.payment_method,
      status: intent.status,
      metadata: intent.metadata,
    }));
  res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(intents));
}

function stripeStandIn(req, res, url) {
  if (url.pathname.startsWith("/v1/")) return stripeApi(req, res, url);
  if (req.method === "POST" && url.pathname === "/stripe-api/authenticate") return authenticate(req, res);
  if (req.method === "GET" && url.pathname === "/stripe-api/received") return stripeReceived(res, url);
  const hostedPage = /^\/stripe-api\/(checkout|setup-authentication)\/([^/]+)$/.exec(url.pathname);
  if (hostedPage && (req.method === "GET" || req.method === "POST")) {
    const id = decodeURIComponent(hostedPage[2]);
    return hostedPage[1] === "checkout" ? hostedSetupPage(req, res, id) : setupAuthenticationPage(req, res, id);
  }
  if ((req.method === "GET" || req.method === "HEAD") && url.pathname === "/stripe-js/v3/") {
    res.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : stripeJs);
    return;
  }
  res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
}

const isStripe = (pathname) =>
  pathname.startsWith("/v1/") || pathname.startsWith("/stripe-api/") || pathname.startsWith("/stripe-js/");

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://intake.invalid");
  if (url.pathname.startsWith("/provider/")) {
    provider(req, res, url);
    return;
  }
  if (isStripe(url.pathname)) {
    Promise.resolve(stripeStandIn(req, res, url)).catch((error) => {
      console.error(`[intake-stand-in] ${req.method} ${url.pathname}: ${error}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  if (url.pathname === "/favicon.ico") {
    res.writeHead(204).end();
    return;
  }
  // The places script (Google's Maps JavaScript API) for the app with a maps key.
  if (url.pathname === "/maps-js/api/js") {
    res.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : mapsJs);
    return;
  }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : page(url));
});

server.listen(port, "127.0.0.1", () => {
  console.log(`[intake-stand-in] http://127.0.0.1:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
