// The fake Stripe (state.ts) over node:http, for the end-to-end tests: the app calls Stripe's
// API at this server's origin (its STRIPE_API_BASE; Stripe's client always calls /v1/... at
// the host it is given) and the browser loads Stripe.js and Stripe's pages from it, so
// nothing reaches Stripe.
// - /v1/...: Stripe's API, as state.ts answers it;
// - GET /stripe-js/v3/: the Stripe.js stand-in (stripe-js.js); POST /stripe-api/authenticate is
//   where it says how 3-D Secure went ({ payment_intent, succeeds } as text/plain);
// - GET|POST /stripe-api/checkout/{id}: a Checkout Session's hosted page: a form of the test
//   PaymentMethods whose POST pays or keeps the card (3-D Secure passed there, as Stripe's page
//   does it itself) and redirects to success_url, or shows the bank's message and stays open;
// - GET|POST /stripe-api/authentication/{id}: her bank's check of an intent that asked for one
//   by redirect: "Complete" or "Fail", then back to its return_url with the intent and
//   redirect_status, as Stripe does;
// - GET /stripe-api/received[?responder_uuid=]: the PaymentIntents created, for a test to read.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createFakeStripe, hostedPagePaths, type StripeStandIn } from "./state";
import { testPaymentMethods } from "./test-cards";

const stripeJs = readFileSync(new URL("./stripe-js.js", import.meta.url), "utf8");

const escapeHtml = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

function htmlPage(res: ServerResponse, status: number, title: string, body: string): void {
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

const redirect = (res: ServerResponse, location: string) => res.writeHead(303, { Location: location, "Cache-Control": "no-store" }).end();

/**
 * The fake Stripe served at origin (where this server is reached). serve answers a request
 * whose path is Stripe's and says true; any other it leaves alone and says false.
 */
export function fakeStripeOverHttp(origin: string): {
  standIn: StripeStandIn;
  serve(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
} {
  const standIn = createFakeStripe({ pagesOrigin: origin });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method;
    if (method !== "GET" && method !== "POST") {
      res.writeHead(405, { Allow: "GET, POST" }).end();
      return;
    }
    const reply = standIn.receive({
      method,
      path: url.pathname,
      encoded: method === "POST" ? await readBody(req) : url.search.slice(1),
      authorization: header(req, "authorization"),
      idempotencyKey: header(req, "idempotency-key"),
    });
    if (reply === "connection lost") {
      res.destroy();
      return;
    }
    res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers }).end(JSON.stringify(reply.json));
  }

  /** The Stripe.js stand-in says how 3-D Secure went: { payment_intent, succeeds } as text/plain. */
  async function authenticate(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let told: { payment_intent?: unknown; succeeds?: unknown };
    try {
      told = JSON.parse(await readBody(req)) as typeof told;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const intent = standIn.paymentIntents.get(String(told?.payment_intent));
    if (intent?.status !== "requires_action") {
      res.writeHead(409, { "Content-Type": "text/plain" }).end("not waiting for authentication");
      return;
    }
    standIn.authenticate(intent.id, told.succeeds === true);
    res.writeHead(204).end();
  }

  /** A Checkout Session's hosted page: she picks a test card; 3-D Secure is done here. */
  async function checkoutPage(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const session = standIn.checkoutSessions.get(id);
    if (!session) {
      htmlPage(res, 404, "No such session", "");
      return;
    }
    let declined: string | null = null;
    if (req.method === "POST" && session.status === "open") {
      const methodId = new URLSearchParams(await readBody(req)).get("payment_method") ?? "";
      if (testPaymentMethods[methodId]) {
        standIn.completeCheckout(id, methodId);
        if (standIn.checkoutSessions.get(id)?.status === "complete") {
          redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
          return;
        }
        const refusal =
          session.mode === "setup"
            ? standIn.setupIntents.get(session.setup_intent ?? "")?.last_setup_error
            : standIn.paymentIntents.get(session.payment_intent ?? "")?.last_payment_error;
        declined = (refusal?.message as string | undefined) ?? "Your card was declined.";
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
    const [title, button] = session.mode === "setup" ? ["Save your card", "Save card"] : ["Pay", "Pay"];
    htmlPage(
      res,
      declined ? 402 : 200,
      title,
      `${declined ? `<p role="alert">${escapeHtml(declined)}</p>` : ""}
<form method="post"><fieldset><legend>Test card</legend>
${choices}
</fieldset><button type="submit">${button}</button></form>
${cancel}`,
    );
  }

  /** Her bank's check of an intent: "Complete" or "Fail", then back to its return_url. */
  async function authenticationPage(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const intent = standIn.setupIntents.get(id) ?? standIn.paymentIntents.get(id);
    if (!intent) {
      htmlPage(res, 404, "No such intent", "");
      return;
    }
    if (req.method === "POST" && intent.status === "requires_action") {
      const succeeds = new URLSearchParams(await readBody(req)).get("outcome") === "complete";
      standIn.authenticate(id, succeeds);
      const returnUrl = intent.params.return_url as string | undefined;
      if (returnUrl) {
        const back = new URL(returnUrl);
        back.searchParams.set(intent.object, intent.id);
        back.searchParams.set(`${intent.object}_client_secret`, intent.client_secret);
        back.searchParams.set("redirect_status", succeeds ? "succeeded" : "failed");
        redirect(res, back.href);
        return;
      }
    }
    if (intent.status !== "requires_action") {
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
  function received(res: ServerResponse, url: URL): void {
    const responderUuid = url.searchParams.get("responder_uuid");
    const intents = [...standIn.paymentIntents.values()]
      .filter((intent) => responderUuid === null || intent.metadata.responder_uuid === responderUuid)
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

  function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> | void {
    if (url.pathname.startsWith("/v1/")) return api(req, res, url);
    if (req.method === "POST" && url.pathname === "/stripe-api/authenticate") return authenticate(req, res);
    if (req.method === "GET" && url.pathname === "/stripe-api/received") return received(res, url);
    const isPage = req.method === "GET" || req.method === "POST";
    if (isPage && url.pathname.startsWith(hostedPagePaths.checkout)) {
      return checkoutPage(req, res, decodeURIComponent(url.pathname.slice(hostedPagePaths.checkout.length)));
    }
    if (isPage && url.pathname.startsWith(hostedPagePaths.authentication)) {
      return authenticationPage(req, res, decodeURIComponent(url.pathname.slice(hostedPagePaths.authentication.length)));
    }
    if ((req.method === "GET" || req.method === "HEAD") && url.pathname === "/stripe-js/v3/") {
      res.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : stripeJs);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
  }

  return {
    standIn,
    serve(req, res, url) {
      const { pathname } = url;
      if (!pathname.startsWith("/v1/") && !pathname.startsWith("/stripe-api/") && !pathname.startsWith("/stripe-js/")) return false;
      Promise.resolve(route(req, res, url)).catch((error: unknown) => {
        console.error(`[fake-stripe] ${req.method} ${pathname}: ${String(error)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return true;
    },
  };
}
