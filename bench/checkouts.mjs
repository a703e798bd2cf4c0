// The burst of concurrent checkouts, each pressed twice at once, and afterwards what the
// database says about them: an order per flow at most, one card attempt per order, one order
// sent to the provider per flow.
import path from "node:path";
import pg from "pg";
import { completingPurchase, pool, walkFunnel } from "./drive-funnel.mjs";
import { settings } from "./settings.mjs";

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * The burst: flows walked on the instances in turn; each flow's two presses at the same
 * instant, the first on the instance it was walked on, the second on the next one. `name`
 * keeps each burst's visitors apart (their emails).
 */
export async function concurrentCheckouts(origins, name) {
  const buildStarted = performance.now();
  const flows = await pool(settings.checkouts, settings.flowConcurrency, async (i) => {
    try {
      const origin = origins[i % origins.length];
      const flow = await walkFunnel(origin, { email: `bench.${name}.${i}@example.org` });
      return { ...flow, otherOrigin: origins[(i + 1) % origins.length], origin };
    } catch (error) {
      return { error };
    }
  });
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  const ready = flows.filter((flow) => !flow.error);
  const buildErrors = flows.filter((flow) => flow.error).map((flow) => flow.error.message);

  // Every flow's COMPLETE PURCHASE twice at the same instant (a double click: the same form,
  // the same attemptKey), all flows at once. The forms are read first, outside the clock.
  const presses = ready.map(({ browser, uuid, finalCheckout, origin, otherOrigin }) => {
    const elsewhere = { ...finalCheckout, url: finalCheckout.url.replace(origin, otherOrigin) };
    return { uuid, browser, sends: [completingPurchase(browser, finalCheckout), completingPurchase(browser.at(otherOrigin), elsewhere)] };
  });
  const fireStarted = performance.now();
  const answers = await Promise.all(
    presses.map(async ({ uuid, browser, sends }) => {
      const press = (send) => send().catch((error) => ({ status: 0, ms: NaN, error: error.message }));
      return { uuid, browser, posts: await Promise.all(sends.map(press)) };
    }),
  );
  const fireSeconds = (performance.now() - fireStarted) / 1000;

  const posts = answers.flatMap((a) => a.posts);
  const errors = posts.filter((post) => !(post.status >= 200 && post.status < 400));
  const toOwnPaymentComplete = (post, uuid) =>
    post.status === 303 && post.location && new URL(post.location).pathname === `/payment-complete/${uuid}`;
  const redirected = answers.filter((a) => a.posts.some((post) => toOwnPaymentComplete(post, a.uuid)));
  const bothRedirected = answers.filter((a) => a.posts.every((post) => toOwnPaymentComplete(post, a.uuid))).length;

  // Each flow's payment-complete page, as she would see it next.
  const confirmed = await pool(redirected.length, 10, async (i) => {
    const { browser, uuid } = redirected[i];
    const page = await browser.request(`/payment-complete/${uuid}`);
    return page.status === 200 && page.text.includes("Payment Successful!") ? uuid : undefined;
  });
  const confirmedUuids = new Set(confirmed.filter(Boolean));

  const latencies = posts.map((post) => post.ms).filter(Number.isFinite);
  return {
    attempted: settings.checkouts,
    built: ready.length,
    buildErrors,
    buildSeconds,
    fireSeconds,
    posts: posts.length,
    redirected: redirected.length,
    bothRedirected,
    confirmed: confirmedUuids.size,
    errors: errors.length,
    errorStatuses: [...new Set(errors.map((e) => e.status))],
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    uuids: ready.map((flow) => flow.uuid),
  };
}

/**
 * After the app has stopped: what its database says about the checkout flows. An order per
 * flow at most, one card attempt per order, one order sent to the provider per flow.
 */
export async function readOrders(database, uuids) {
  let db;
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    db = { query: (text, params) => client.query(text, params), close: () => client.end() };
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    db = new PGlite(path.join(database.dataDir, "pglite"));
  }
  try {
    const orders = await db.query(
      "select responder_uuid::text as uuid, status, attempts from orders where responder_uuid::text = any($1)",
      [uuids],
    );
    const receipts = await db.query(
      "select responder_uuid::text as uuid, count(*)::int as n from embedded_provider_receipts where kind = 'pre-auth-checkout' and responder_uuid::text = any($1) group by 1",
      [uuids],
    );
    const messages = await db.query(
      "select payload->>'responderUuid' as uuid, count(*)::int as n from outbox_messages where kind = 'pre-auth-checkout' and payload->>'responderUuid' = any($1) group by 1",
      [uuids],
    );
    const perFlow = new Map(uuids.map((uuid) => [uuid, { orders: 0, attempts: 0, receipts: 0, messages: 0 }]));
    for (const row of orders.rows) {
      const flow = perFlow.get(row.uuid);
      flow.orders += 1;
      flow.attempts += row.attempts;
      if (row.status === "authorised") flow.authorised = true;
    }
    for (const row of receipts.rows) perFlow.get(row.uuid).receipts = row.n;
    for (const row of messages.rows) perFlow.get(row.uuid).messages = row.n;
    let duplicates = 0;
    let authorised = 0;
    for (const flow of perFlow.values()) {
      if (flow.authorised) authorised += 1;
      duplicates += Math.max(0, flow.orders - 1) + Math.max(0, flow.attempts - 1) + Math.max(0, Math.max(flow.receipts, flow.messages) - 1);
    }
    return { authorised, duplicates };
  } finally {
    await db.close();
  }
}
