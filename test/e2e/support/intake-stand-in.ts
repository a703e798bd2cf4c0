// A stand-in for the outside world of the end-to-end tests:
// - the external intake flow (spec section 2, "External destinations"): any GET gets a small
//   page that echoes the path and the query string as a definition list, so a test can read
//   what the funnel handed over the way a visitor would see it;
// - the provider's API under /provider (spec section 7): it records every POST with its
//   bearer header, and GET /provider/received/{responder_uuid} lists what arrived as JSON
//   (a post whose body or path names that uuid). GET testimonials answers four; GET
//   medications answers provider-catalogue.json: the spec's fallback catalogue, the Cream
//   not to be shipped to Mississippi or Arkansas;
// - Google's places script at GET /maps-js/api/js: the stand-in test/e2e/support/maps-stand-in.js;
// - Stripe: its API at /v1/... (the app's STRIPE_API_BASE is this server's origin), Stripe.js
//   and the pages Stripe shows her, played by the fake Stripe the integration tests use too
//   (test/support/fake-stripe/http.ts says what each address does).
// Usage: node --import tsx test/e2e/support/intake-stand-in.ts [port]  (or INTAKE_PORT)
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fakeStripeOverHttp } from "../../support/fake-stripe/http";

const port = Number(process.argv[2] ?? process.env.INTAKE_PORT ?? 3199);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(url: URL): string {
  const rows = [...url.searchParams].map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join("");
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

const mapsJs = readFileSync(new URL("./maps-stand-in.js", import.meta.url), "utf8");
const catalogue = readFileSync(new URL("./provider-catalogue.json", import.meta.url), "utf8");

interface ProviderPost {
  path: string;
  authorization: string | null;
  idempotencyKey: string | string[] | null;
  body: { responder_uuid?: unknown; metadata?: { responder_uuid?: unknown } } | null;
}

/** What the provider stand-in received. */
const received: ProviderPost[] = [];

const testimonials = [
  { id: "e2e-1", name: "Joan P.", quote: "Clear answers and no rush.", rating: 5 },
  { id: "e2e-2", name: "Maria S.", quote: "The hot flashes eased within weeks.", rating: 5 },
  { id: "e2e-3", name: "Helen W.", quote: "Private, simple and kind.", rating: 5 },
  { id: "e2e-4", name: "Tina R.", quote: "I feel like myself again.", rating: 5 },
];

function provider(req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method === "GET" && url.pathname.startsWith("/provider/received/")) {
    const responderUuid = decodeURIComponent(url.pathname.split("/").pop()!);
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
    const [code = "", price] = url.pathname.split("/").slice(-2);
    const cents = Number(price);
    const valid = decodeURIComponent(code).toUpperCase() === "WELCOME20";
    const discount = valid ? Math.round(cents * 0.2) : 0;
    const body: Record<string, unknown> = { valid, adjusted_price: cents - discount, discount_amount: discount };
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
  req.on("data", (chunk: string) => (text += chunk));
  req.on("end", () => {
    let body: ProviderPost["body"] = null;
    try {
      body = JSON.parse(text) as ProviderPost["body"];
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

const stripe = fakeStripeOverHttp(`http://127.0.0.1:${port}`);

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://intake.invalid");
  if (url.pathname.startsWith("/provider/")) {
    provider(req, res, url);
    return;
  }
  if (stripe.serve(req, res, url)) return;
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

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
