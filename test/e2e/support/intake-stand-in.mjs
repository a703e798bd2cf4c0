// A stand-in for the outside world of the end-to-end tests:
// - the external intake flow (spec section 2, "External destinations"): any GET gets a small
//   page that echoes the path and the query string as a definition list, so a test can read
//   what the funnel handed over the way a visitor would see it;
// - the provider's API under /provider (spec section 7): it records every POST with its
//   bearer header, and GET /provider/received/{responder_uuid} lists what arrived as JSON
//   (a post whose body or path names that uuid). GET testimonials answers four; GET
//   medications answers 404, so the app shows its built-in catalogue (the spec's fallback);
// - Stripe.js at GET /stripe-js/v3/: the stand-in script test/e2e/support/stripe-js-stand-in.js;
// - Stripe's API at /v1/... (the app's STRIPE_API_BASE is this server's origin: Stripe's client
//   always calls /v1/... at the host it is given), the few calls the card gateway makes, with
//   the behaviour of test/mocks/stripe.ts (the MSW stand-in of the integration tests):
//   POST /v1/customers, POST /v1/payment_intents (confirm: pm_card_visa -> requires_capture,
//   pm_card_chargeDeclined -> 402 "Your card was declined.", pm_card_threeDSecure2Required ->
//   requires_action; off session, on a card saved to the customer: what the test card does
//   without her, charged, card_declined or 402 authentication_required), GET
//   /v1/payment_intents/{id} (expand payment_method and latest_charge, whose capture_before is
//   7 days after the hold was authorised), POST /v1/payment_intents/{id}/capture
//   (amount_to_capture at most the hold) and /cancel; the Idempotency-Key header is honoured.
//   POST /stripe-api/authenticate is where the Stripe.js stand-in (?authenticate=) says how 3-D
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
  /** The PaymentMethods saved to each customer (setup_future_usage), by customer id. */
  savedCards: new Map(),
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
};

/** The POST that answers this path, with the id it names: create, capture or cancel. */
function stripePost(pathname) {
  const create = stripeRoutes[`POST ${pathname}`];
  if (create) return (params) => create(params);
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
  const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
  if (req.method === "GET" && intentPath) {
    sendStripe(res, retrievePaymentIntent(decodeURIComponent(intentPath[1]), decodeStripeForm(url.search.slice(1))));
    return;
  }
  const create = req.method === "POST" ? stripePost(url.pathname) : undefined;
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
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : page(url));
});

server.listen(port, "127.0.0.1", () => {
  console.log(`[intake-stand-in] http://127.0.0.1:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
