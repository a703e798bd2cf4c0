// `npm run bench`: one table, measured in one run on this machine, of
//   - every screen's weight: gzipped HTML, <script> elements, gzipped JS and CSS it loads;
//   - two anchors: a plain node:http server answering /welcome's bytes from memory, and a bare
//     Remix page (bench/bare-remix.mjs) standing for the framework's floor;
//   - on each engine (embedded PGlite, one instance; PostgreSQL, `--instances` of them, 2 by
//     default): throughput and latency of /welcome for a new visitor and for one with a
//     session, and of /checkout/{uuid}, each as a ratio to its anchor; 100 concurrent
//     complete checkouts with the sandbox gateway, each pressed twice at once (on two
//     instances, one press each); the server's resident memory after it all;
//   - the owner's funnel report on a million flows (PostgreSQL).
// `--pglite` or `--postgres` measures one engine only. The app runs built, production mode, on
// a fresh database, driven over HTTP as a browser without JavaScript would: forms posted,
// 303s followed by hand. Writes the table to stdout and to bench/latest.md.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { startBareRemix, bareRemixVersion } from "./bare-remix.mjs";
import { Browser, tagsOf } from "./browser.mjs";
import { measureFunnelReport, reportLimitMs } from "./funnel-report.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const settings = {
  connections: 50,
  durationSeconds: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupSeconds: 2,
  checkouts: Number(process.env.BENCH_CHECKOUTS ?? 100),
  flowConcurrency: 8,
  portRange: [3400, 3499],
  instances: Number(argument("--instances") ?? 2),
  engines: process.argv.includes("--pglite") ? ["pglite"] : process.argv.includes("--postgres") ? ["postgres"] : ["pglite", "postgres"],
};

function argument(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

const defaultPostgres = "postgres://funnel_test:funnel_test@127.0.0.1:5432/funnel_test";

/** A fresh database for the app on the PostgreSQL server the tests use (BENCH_APP_DATABASE_URL to choose another). */
async function freshPostgres() {
  const url = new URL(process.env.BENCH_APP_DATABASE_URL ?? (process.env.DATABASE_URL_TESTS || defaultPostgres));
  url.pathname = "/funnel_bench_app";
  const server = new URL(url);
  server.pathname = "/postgres";
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query("drop database if exists funnel_bench_app with (force)");
    await client.query("create database funnel_bench_app");
  } finally {
    await client.end();
  }
  return url.toString();
}

/** A process's resident memory in MB (Linux), or NaN. */
function residentMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", securityCode: "123" };
const shipping = { addressLine1: "1 Main Street", zipCode: "10001", state: "NY", city: "New York" };

// ---------------------------------------------------------------------------------------------
// The static server: a child process (like the app) answering the same bytes for every request.

function serveStatic([port, bodyFile, contentType]) {
  const body = readFileSync(bodyFile);
  createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    res.end(body);
  }).listen(Number(port), () => process.send?.("ready"));
}

// ---------------------------------------------------------------------------------------------
// Processes

async function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

async function freePorts(count) {
  const ports = [];
  for (let port = settings.portRange[0]; port <= settings.portRange[1] && ports.length < count; port++) {
    if (await portIsFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`no ${count} free ports in ${settings.portRange.join("-")}`);
  return ports;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops a process group we started: SIGTERM, then SIGKILL after a while. */
async function stopProcess(child, graceMs = 25_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  let timer;
  const done = await Promise.race([
    exited.then(() => true),
    new Promise((resolve) => (timer = setTimeout(resolve, graceMs, false))),
  ]);
  clearTimeout(timer);
  if (!done) {
    signal("SIGKILL");
    await exited;
  }
}

/**
 * Starts the built app the way it is deployed: our own server (server.mjs) when there is one,
 * else remix-serve; waits for /healthz.
 */
async function startApp({ port, dataDir, env: overrides = {} }) {
  const ownServer = existsSync(path.join(root, "server.mjs"));
  // BENCH_APP_FLAGS passes Node flags to the app, to profile it under this load
  // (`BENCH_APP_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/profiles"`).
  const flags = (process.env.BENCH_APP_FLAGS ?? "").split(/\s+/).filter(Boolean);
  const [command, args] = ownServer ? [process.execPath, [...flags, "server.mjs"]] : ["npx", ["remix-serve", "build/index.js"]];
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "a");
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    COOKIE_SECURE: "false",
  };
  // The embedded database and the sandbox gateway, whatever this shell has set.
  for (const name of ["DATABASE_URL", "PROVIDER_BASE_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "TRUST_PROXY"]) {
    delete env[name];
  }
  Object.assign(env, overrides);
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", log, log], detached: true });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the app stopped at start (${child.exitCode}):\n${tail(logFile)}`);
    }
    try {
      const answer = await fetch(`${origin}/healthz`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`the app did not answer /healthz within 60 s:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
  return {
    origin,
    command: ownServer ? "node server.mjs" : "npx remix-serve build/index.js",
    logFile,
    residentMb: () => residentMb(child.pid),
    stop: () => stopProcess(child),
  };
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

async function startStaticServer({ port, body, contentType, dir }) {
  const bodyFile = path.join(dir, "welcome.html");
  writeFileSync(bodyFile, body);
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), "--static-server", String(port), bodyFile, contentType],
    { stdio: ["ignore", "ignore", "inherit", "ipc"], detached: true },
  );
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`the static server stopped (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => stopProcess(child, 5_000) };
}

// ---------------------------------------------------------------------------------------------
// Driving the funnel

function expectRedirect(answer, pathPrefix) {
  const target = answer.location ? new URL(answer.location) : undefined;
  if (answer.status !== 303 || !target?.pathname.startsWith(pathPrefix)) {
    const problem = answer.text.match(/<title>([^<]*)<\/title>/)?.[1] ?? answer.text.slice(0, 200);
    throw new Error(`POST ${new URL(answer.url).pathname}: expected 303 to ${pathPrefix}…, got ${answer.status} ${answer.location ?? ""} (${problem})`);
  }
  return answer.location;
}

const uuidOf = (url) => new URL(url).pathname.split("/").at(-1);

/**
 * A new visitor from /welcome through the questionnaire to her plan (Patch), her details and
 * the final checkout page; `visit` sees each screen as it is shown. Stops at the selection
 * page when `upTo` is "checkout".
 */
async function walkFunnel(origin, { email, upTo = "final-checkout", visit = async () => {} }) {
  const browser = new Browser(origin);
  const welcome = await browser.open("/welcome");
  await visit("/welcome", welcome, browser);
  let next = expectRedirect(await browser.press(welcome, "Tell me more", { reason: "nothing_else_has_helped" }), "/concerns/");
  const uuid = uuidOf(next);
  const concerns = await browser.open(next);
  await visit("/concerns/{uuid}", concerns, browser);
  next = expectRedirect(
    await browser.press(concerns, "Show me how this could work", { concern: "im_worried_about_the_cost" }),
    "/social-proof/",
  );
  const socialProof = await browser.open(next);
  await visit("/social-proof/{uuid}", socialProof, browser);
  // The intake address is, by default, this site's selection page.
  next = expectRedirect(await browser.press(socialProof, "Find Out if HRT is Right for Me", { email }), `/checkout/${uuid}`);
  let selection = await browser.open(next);
  await visit("/checkout/{uuid}", selection, browser);
  if (upTo === "checkout") return { browser, uuid };
  selection = await browser.open(expectRedirect(await browser.press(selection, { name: "optionId", value: "patch" }), `/checkout/${uuid}`));
  const preCheckout = await browser.open(expectRedirect(await browser.press(selection, "ADD TO PLAN"), `/pre-checkout/${uuid}`));
  await visit("/pre-checkout/{uuid}", preCheckout, browser);
  next = expectRedirect(
    await browser.press(preCheckout, "CONTINUE TO CHECKOUT", { firstName: "Bench", lastName: "Mark", phone: "(212) 555-0123" }),
    `/final-checkout/${uuid}`,
  );
  const finalCheckout = await browser.open(next);
  if (finalCheckout.status !== 200) throw new Error(`/final-checkout answered ${finalCheckout.status}`);
  await visit("/final-checkout/{uuid}", finalCheckout, browser);
  return { browser, uuid, finalCheckout };
}

const completePurchase = (browser, finalCheckout) =>
  browser.press(finalCheckout, "COMPLETE PURCHASE", { ...shipping, ...card });

/** Runs tasks with at most `limit` at a time; results in order. */
async function pool(count, limit, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// Screens

const gzipSize = (bytes) => gzipSync(bytes, { level: 6 }).length; // compression()'s level

/** The same-origin modules a JS text imports statically (`import"…"`, `from"…"`). */
function staticImports(source, base) {
  return [...source.matchAll(/\b(?:import|from)\s*["']([^"']+)["']/g)].map((m) => new URL(m[1], base).href);
}

/** Fetches each asset once; its gzipped size and text. */
function createAssetReader() {
  const cache = new Map();
  return function read(url) {
    if (!cache.has(url)) {
      cache.set(
        url,
        (async () => {
          const answer = await fetch(url);
          const bytes = Buffer.from(await answer.arrayBuffer());
          if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
          return { gz: gzipSize(bytes), text: bytes.toString("utf8") };
        })(),
      );
    }
    return cache.get(url);
  };
}

/** A page's weight: its HTML, its <script> elements, and what JS and CSS it makes the browser fetch. */
async function weighPage(label, page, readAsset) {
  const { html, origin } = { html: page.text, origin: new URL(page.url).origin };
  const scripts = tagsOf(html, "script");
  const jsEntries = new Set();
  const external = new Set();
  const addJs = (href) => {
    const url = new URL(href, page.url);
    if (url.origin === origin) jsEntries.add(url.href);
    else external.add(url.href);
  };
  for (const script of scripts) {
    if (script.attributes.src) addJs(script.attributes.src);
    else if (script.attributes.type === "module") {
      const body = html.slice(script.end, html.indexOf("</script>", script.end));
      for (const url of staticImports(body, page.url)) addJs(url);
    }
  }
  const css = new Set();
  for (const link of tagsOf(html, "link")) {
    const rel = (link.attributes.rel ?? "").toLowerCase().split(/\s+/);
    if (!link.attributes.href) continue;
    if (rel.includes("modulepreload")) addJs(link.attributes.href);
    if (rel.includes("stylesheet")) css.add(new URL(link.attributes.href, page.url).href);
  }
  // Everything the entry modules import statically is fetched too, preloaded or not.
  const jsFiles = new Set();
  const queue = [...jsEntries];
  while (queue.length) {
    const url = queue.shift();
    if (jsFiles.has(url) || new URL(url).origin !== origin) continue;
    jsFiles.add(url);
    const { text } = await readAsset(url);
    queue.push(...staticImports(text, url));
  }
  let jsGz = 0;
  for (const url of jsFiles) jsGz += (await readAsset(url)).gz;
  let cssGz = 0;
  for (const url of css) cssGz += (await readAsset(url)).gz;
  return {
    label,
    status: page.status,
    htmlGz: gzipSize(page.bytes),
    scripts: scripts.length,
    jsGz,
    jsFiles: jsFiles.size,
    externalJs: external.size,
    cssGz,
    hydrates: label.startsWith("/final-checkout"),
  };
}

async function measureScreens(origin) {
  const readAsset = createAssetReader();
  const rows = [];
  let welcome;
  const visit = async (label, page) => {
    if (label === "/welcome") welcome = page;
    rows.push(await weighPage(label, page, readAsset));
  };
  const { browser, uuid, finalCheckout } = await walkFunnel(origin, { email: "bench.screens@example.org", visit });

  // /congratulations is the other way in (a new flow of her own), shown before the intake.
  await visit("/congratulations", await new Browser(origin).open("/congratulations"));

  const paid = await completePurchase(browser, finalCheckout);
  try {
    const location = expectRedirect(paid, `/payment-complete/${uuid}`);
    await visit("/payment-complete/{uuid}", await browser.request(location));
  } catch (error) {
    rows.push({ label: "/payment-complete/{uuid}", missing: error.message });
  }
  await visit("/thank-you", await browser.open("/thank-you"));
  await visit("/home?variant=classic", await new Browser(origin).open("/home?variant=classic"));
  await visit("/terms", await new Browser(origin).open("/terms"));
  await visit("/privacy", await new Browser(origin).open("/privacy"));
  await visit("404 page (/no-such-page)", await new Browser(origin).open("/no-such-page"));

  const order = [
    "/welcome",
    "/concerns/{uuid}",
    "/social-proof/{uuid}",
    "/congratulations",
    "/checkout/{uuid}",
    "/pre-checkout/{uuid}",
    "/final-checkout/{uuid}",
    "/payment-complete/{uuid}",
    "/thank-you",
    "/home?variant=classic",
    "/terms",
    "/privacy",
    "404 page (/no-such-page)",
  ];
  rows.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
  return { rows, welcome };
}

// ---------------------------------------------------------------------------------------------
// Throughput

async function load(url, headers = {}) {
  const options = { url, connections: settings.connections, headers };
  await autocannon({ ...options, duration: settings.warmupSeconds });
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad: result.non2xx + result.errors,
    problems: [
      ...Object.entries(result.statusCodeStats)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => `${count} × ${code}`),
      ...(result.errors - result.timeouts ? [`${result.errors - result.timeouts} connection errors`] : []),
      ...(result.timeouts ? [`${result.timeouts} timeouts (> 10 s)`] : []),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// 100 concurrent checkouts

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * The burst: flows walked on the instances in turn; each flow's two presses at the same
 * instant, the first on the instance it was walked on, the second on the next one.
 */
async function concurrentCheckouts(origins) {
  const buildStarted = performance.now();
  const flows = await pool(settings.checkouts, settings.flowConcurrency, async (i) => {
    try {
      const origin = origins[i % origins.length];
      const flow = await walkFunnel(origin, { email: `bench.${i}@example.org` });
      return { ...flow, otherOrigin: origins[(i + 1) % origins.length], origin };
    } catch (error) {
      return { error };
    }
  });
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  const ready = flows.filter((flow) => !flow.error);
  const buildErrors = flows.filter((flow) => flow.error).map((flow) => flow.error.message);

  // Every flow's COMPLETE PURCHASE twice at the same instant (a double click: the same form,
  // the same attemptKey), all flows at once.
  const fireStarted = performance.now();
  const answers = await Promise.all(
    ready.map(async ({ browser, uuid, finalCheckout, origin, otherOrigin }) => {
      const elsewhere = { ...finalCheckout, url: finalCheckout.url.replace(origin, otherOrigin) };
      const press = (who, page) => completePurchase(who, page).catch((error) => ({ status: 0, ms: NaN, error: error.message }));
      return { uuid, browser, posts: await Promise.all([press(browser, finalCheckout), press(browser.at(otherOrigin), elsewhere)]) };
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
async function readOrders(database, uuids) {
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
      duplicates +=
        Math.max(0, flow.orders - 1) + Math.max(0, flow.attempts - 1) + Math.max(0, Math.max(flow.receipts, flow.messages) - 1);
    }
    return { authorised, duplicates };
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The table

const kb = (bytes) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`);
const ms = (value) => `${Number.isFinite(value) ? Math.round(value) : "?"} ms`;
const passFail = (ok) => (ok ? "pass" : "FAIL");
const limits = { htmlGz: 14 * 1024, cssGz: 10 * 1024, finalJsGz: 100 * 1024 };

function screenRows(rows) {
  return rows.map((row) => {
    if (row.missing) return [row.label, `not reached: ${row.missing}`, "—", "n/a"];
    const measured =
      `HTML ${kb(row.htmlGz).padStart(8)} · ${String(row.scripts).padStart(2)} <script> · ` +
      `JS ${kb(row.jsGz).padStart(8)}${row.jsFiles ? ` (${row.jsFiles} files)` : ""}${row.externalJs ? ` + ${row.externalJs} external` : ""} · ` +
      `CSS ${kb(row.cssGz).padStart(7)}`;
    const label = `${row.label} [${row.status}]`;
    if (row.hydrates) return [label, measured, "JS < 100 KB gz (Stripe.js aside)", passFail(row.jsGz < limits.finalJsGz)];
    const ok = row.scripts === 0 && row.htmlGz < limits.htmlGz && row.cssGz < limits.cssGz;
    return [label, measured, "0 scripts, HTML < 14 KB, CSS < 10 KB", passFail(ok)];
  });
}

/** The owner's funnel report on PostgreSQL: each page's median and slowest of ten loads. */
function reportRows(report) {
  const section = { section: "The owner's funnel report on PostgreSQL: GET as the signed-in owner, 10 loads each after 2 to warm up" };
  if (report.skipped) return [section, ["/owner/funnel", `not measured: ${report.skipped}`, `< ${reportLimitMs} ms`, "n/a"]];
  return [
    section,
    ["database", `${report.flows.toLocaleString("en-US")} flows (${report.seeded})`, "1,000,000 flows", ""],
    ...report.results.map((result, index) => [
      result.label,
      `p50 ${ms(result.p50)} · max ${ms(result.max)} · ${kb(result.bytes)}`,
      index === 0 ? `p50 < ${reportLimitMs} ms` : "—",
      index === 0 ? passFail(result.p50 < reportLimitMs) : "",
    ]),
  ];
}

function render(rows, format) {
  const header = ["Measure", "Measured", "Target", "Result"];
  if (format === "md") {
    const cell = (text) => String(text).replace(/\s+/g, " ").trim().replace(/\|/g, "\\|").replace(/</g, "&lt;");
    return [header, header.map(() => "---"), ...rows.map((row) => (row.section ? [`**${row.section}**`, "", "", ""] : row))]
      .map((row) => `| ${row.map((c) => (c === "---" ? c : cell(c))).join(" | ")} |`)
      .join("\n");
  }
  const plain = rows.filter((row) => !row.section);
  const widths = header.map((h, i) => Math.max(h.length, ...plain.map((row) => String(row[i]).length)));
  const line = (row) => row.map((c, i) => String(c).padEnd(widths[i])).join("  ").trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(header), rule, ...rows.map((row) => (row.section ? `${row.section}` : line(row)))].join("\n");
}

// ---------------------------------------------------------------------------------------------

/** One engine: the app started (as many instances as asked), loaded, burst, measured, stopped. */
async function measureEngine({ engine, instances, ports, dataDir, progress, withScreens }) {
  const database = engine === "postgres" ? { url: await freshPostgres() } : { dataDir: path.join(dataDir, "pglite-0") };
  const count = engine === "postgres" ? instances : 1;
  const sessionSecret = "bench-session-secret-0123456789-0123456789";
  const apps = [];
  const result = { engine, instances: count };
  try {
    for (let i = 0; i < count; i++) {
      const appDir = path.join(dataDir, `${engine}-${i}`);
      mkdirSync(appDir, { recursive: true });
      progress(`${engine}: starting instance ${i + 1} of ${count} on port ${ports[i]}`);
      apps.push(
        await startApp({
          port: ports[i],
          dataDir: engine === "postgres" ? appDir : database.dataDir,
          env: { SESSION_SECRET: sessionSecret, ...(database.url ? { DATABASE_URL: database.url } : {}) },
        }),
      );
    }
    const [app] = apps;
    result.command = app.command;
    if (withScreens) {
      progress(`${engine}: measuring the screens`);
      result.screens = await measureScreens(app.origin);
    }
    const newVisitor = await fetch(`${app.origin}/welcome`);
    result.entryHeaders = [...newVisitor.headers].filter(([name]) => !["date", "x-request-id", "connection", "keep-alive"].includes(name));
    await newVisitor.arrayBuffer();

    progress(`${engine}: /welcome for new visitors`);
    result.welcomeNew = await load(`${app.origin}/welcome`);
    const flow = await walkFunnel(app.origin, { email: "bench.load@example.org", upTo: "checkout" });
    const cookie = { Cookie: flow.browser.cookieHeader() };
    progress(`${engine}: /welcome with her session`);
    result.welcomeSession = await load(`${app.origin}/welcome`, cookie);
    const checkoutPath = `/checkout/${flow.uuid}`;
    const checkoutPage = await flow.browser.request(checkoutPath);
    if (checkoutPage.status !== 200) throw new Error(`${checkoutPath} answered ${checkoutPage.status} to its own visitor`);
    progress(`${engine}: /checkout/{uuid} with her session`);
    result.checkout = await load(`${app.origin}${checkoutPath}`, cookie);

    progress(`${engine}: ${settings.checkouts} flows to the final checkout, then COMPLETE PURCHASE x2 each, all at once`);
    result.checkouts = await concurrentCheckouts(apps.map((a) => a.origin));
    result.residentMb = apps.map((a) => a.residentMb());
  } catch (error) {
    for (const app of apps) process.stderr.write(`The app's log, last lines (${app.logFile}):\n${tail(app.logFile)}\n`);
    throw error;
  } finally {
    progress(`${engine}: stopping the app`);
    await Promise.all(apps.map((app) => app.stop()));
  }
  try {
    result.orders = await readOrders(database, result.checkouts.uuids);
  } catch (error) {
    result.orders = { error: error.message };
  }
  return result;
}

const targets = {
  welcomeNewToStatic: 0.5,
  welcomeSessionToBare: 0.8,
  checkoutToBare: 0.5,
  checkoutP99Ms: 250,
  postP99Ms: { pglite: 2000, postgres: 1000 },
  residentMb: { pglite: 600, postgres: 400 },
};

function engineRows(r, anchors) {
  const label = r.engine === "postgres" ? `PostgreSQL, ${r.instances} instance${r.instances > 1 ? "s" : ""}` : "PGlite (embedded), 1 instance";
  const ratioRow = (name, measured, anchor, anchorName, target, extra = "") => {
    const ratio = measured.rps / anchor.rps;
    const ok = ratio >= target && !measured.bad;
    return [
      name,
      `${rate(measured)} · ${ratio.toFixed(2)} of ${anchorName}${measured.bad ? ` · ${measured.problems.join(", ")}` : ""}`,
      `≥ ${target} of ${anchorName}${extra}`,
      passFail(ok),
    ];
  };
  const c = r.checkouts;
  const checkoutRow = ratioRow("/checkout/{uuid}, her session", r.checkout, anchors.bare, "bare Remix", targets.checkoutToBare, `, p99 < ${targets.checkoutP99Ms} ms`);
  checkoutRow[3] = passFail(checkoutRow[3] === "pass" && r.checkout.p99 < targets.checkoutP99Ms);
  const postLimit = targets.postP99Ms[r.engine];
  const memoryLimit = targets.residentMb[r.engine];
  const maxResident = Math.max(...r.residentMb);
  return [
    { short: r.engine === "postgres" ? "PostgreSQL" : "PGlite", section: `${label}: autocannon, ${settings.connections} connections, ${settings.durationSeconds} s each after ${settings.warmupSeconds} s; then ${c.attempted} checkouts pressed twice at once${r.instances > 1 ? " (each flow's presses on two instances)" : ""}` },
    ratioRow("/welcome, new visitor (from memory)", r.welcomeNew, anchors.static, "static", targets.welcomeNewToStatic),
    ratioRow("/welcome, her session (rendered)", r.welcomeSession, anchors.bare, "bare Remix", targets.welcomeSessionToBare),
    checkoutRow,
    [
      "checkouts: orders",
      `${c.confirmed} pages say "Payment Successful!" · ${c.redirected} × 303 → /payment-complete (both presses ${c.bothRedirected})` +
        (r.orders.error ? "" : ` · ${r.orders.authorised} authorised in db`) +
        ` · flows built in ${c.buildSeconds.toFixed(1)} s, ${c.posts} posts answered in ${c.fireSeconds.toFixed(1)} s`,
      `${c.attempted}/${c.attempted}`,
      passFail(c.confirmed === c.attempted && (r.orders.error || r.orders.authorised === c.attempted)),
    ],
    [
      "checkouts: duplicates",
      r.orders.error ? `n/a (database not read: ${r.orders.error})` : `${r.orders.duplicates} (extra orders, card attempts or orders sent to the provider)`,
      "0",
      r.orders.error ? "n/a" : passFail(r.orders.duplicates === 0),
    ],
    [
      "checkouts: errors (not 2xx/3xx)",
      `${c.errors} of ${c.posts} posts${c.errorStatuses.length ? ` (status ${c.errorStatuses.join(", ")})` : ""}` +
        (c.buildErrors.length ? ` · ${c.buildErrors.length} flows failed before checkout` : ""),
      "0",
      passFail(c.errors === 0 && c.buildErrors.length === 0),
    ],
    ["checkout POST latency", `p50 ${ms(c.p50)} · p99 ${ms(c.p99)} (all ${c.posts} posts)`, `p99 < ${postLimit} ms`, passFail(c.p99 < postLimit)],
    [
      "resident memory after the run",
      r.residentMb.map((mb) => `${Math.round(mb)} MB`).join(" · "),
      `< ${memoryLimit} MB`,
      passFail(maxResident < memoryLimit),
    ],
  ];
}

const rate = (r) => `${Math.round(r.rps).toLocaleString("en-US").padStart(6)} req/s · p50 ${ms(r.p50)} · p99 ${ms(r.p99)}`;

async function main() {
  const startedAt = new Date();
  const started = performance.now();
  const loadBefore = os.loadavg()[0];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "funnel-bench-"));
  const ports = await freePorts(settings.instances + 4);
  const [staticPort, barePort, reportPort, ...appPorts] = ports;
  const progress = (text) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}\n`);
  process.once("SIGINT", () => process.exit(130));

  // The engines, PGlite first (its screens are the table's); PostgreSQL needs a server.
  const results = [];
  const skipped = [];
  for (const engine of settings.engines) {
    if (engine === "postgres") {
      try {
        await freshPostgres();
      } catch (error) {
        skipped.push(`PostgreSQL not measured: no server (${error.code ?? error.message}); run \`bash .ci/postgres\` first`);
        continue;
      }
    }
    results.push(await measureEngine({ engine, instances: settings.instances, ports: appPorts, dataDir, progress, withScreens: results.length === 0 }));
  }
  if (results.length === 0) throw new Error(skipped.join("; "));
  const screens = results[0].screens;

  progress("anchors: a bare Remix page");
  const bare = await startBareRemix({ port: barePort, logFile: path.join(dataDir, "bare-remix.log") });
  let bareLoad;
  try {
    bareLoad = await load(`${bare.origin}/welcome`);
  } finally {
    await bare.stop();
  }
  progress("anchors: a node:http server with /welcome's bytes");
  const staticServer = await startStaticServer({
    port: staticPort,
    body: screens.welcome.bytes,
    contentType: screens.welcome.headers.get("content-type"),
    dir: dataDir,
  });
  let staticLoad;
  try {
    staticLoad = await load(`${staticServer.origin}/welcome`);
  } finally {
    await staticServer.stop();
  }
  const anchors = { static: staticLoad, bare: bareLoad };

  const reportDir = path.join(dataDir, "funnel-report");
  mkdirSync(reportDir);
  const report = await measureFunnelReport({ root, startApp, port: reportPort, dataDir: reportDir, progress }).catch((error) => ({
    skipped: error.message,
  }));

  const rows = [
    { section: "Screens (PGlite): gzipped (level 6) HTML, <script> elements, JS fetched (entry scripts, modulepreloads and their static imports), stylesheets" },
    ...screenRows(screens.rows),
    { section: `Anchors: autocannon, ${settings.connections} connections, ${settings.durationSeconds} s each after a ${settings.warmupSeconds} s warm-up` },
    ["static: /welcome's bytes from node:http", rate(staticLoad), "—", ""],
    [`bare Remix ${bareRemixVersion()} page (Express, compression)`, rate(bareLoad), "—", ""],
    ...results.flatMap((r) => engineRows(r, anchors)),
    ...reportRows(report),
  ];

  const seconds = (performance.now() - started) / 1000;
  const heading =
    `Benchmark ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC · Node ${process.version} · ` +
    `${os.cpus().length} CPUs · load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} · ${results[0].command}, ` +
    `NODE_ENV=production, sandbox gateway · run took ${seconds.toFixed(0)} s`;
  const failures = [];
  let part = "";
  for (const row of rows) {
    if (row.section) part = row.short ? `${row.short}: ` : "";
    else if (row[3] === "FAIL") failures.push(`${part}${row[0]}`);
  }
  const summary = [
    failures.length ? `Targets missed: ${failures.join("; ")}.` : "Every target met.",
    ...skipped,
  ].join(" ");
  const headers = (results[0].entryHeaders ?? []).map(([name, value]) => `${name}: ${value}`).join("\n");
  const headerBlock = `Headers of /welcome for a new visitor (${results[0].engine}):\n\n\`\`\`\n${headers}\n\`\`\``;

  console.log(`\n${heading}\n\n${render(rows, "text")}\n\n${summary}\n\n${headerBlock}`);
  for (const r of results) {
    if (r.checkouts.buildErrors.length) console.log(`\n${r.engine}: flows that failed before checkout (first 3):\n${r.checkouts.buildErrors.slice(0, 3).join("\n")}`);
  }
  writeFileSync(
    path.join(root, "bench/latest.md"),
    `${heading}\n\n${render(rows, "md")}\n\n${summary}\n\n${headerBlock}\n\nRun with \`npm run bench\` (see README, "Benchmark").\n`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[2] === "--static-server") serveStatic(process.argv.slice(3));
else await main();
