// The owner's funnel report at scale, for `npm run bench`: a PostgreSQL database with a
// million generated flows (scripts/seed-funnel.ts; made once, then reused while it holds that
// many), the built app on it, and /owner/funnel timed as the owner's browser asks for it:
// the default 30 days, grouped by source, filtered by a source, and a whole year.
//
// BENCH_DATABASE_URL names the database (default: funnel_bench on the server `.ci/postgres`
// sets up, made here when missing); BENCH_FLOWS the number of flows (1,000,000).
import { spawn } from "node:child_process";
import pg from "pg";

const defaultServer = "postgres://funnel_test:funnel_test@127.0.0.1:5432/funnel_test";
const ownerPassword = "bench-owner-password-0123456789";
const requestsEach = 10;

function databaseUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const url = new URL(process.env.DATABASE_URL_TESTS || defaultServer);
  url.pathname = "/funnel_bench";
  return url.toString();
}

async function query(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** The bench database, made on its server when missing; its flow count, or the reason there is none. */
async function prepareDatabase(url) {
  const server = new URL(url);
  const name = server.pathname.slice(1);
  server.pathname = "/postgres";
  try {
    const found = await query(server.toString(), `select 1 from pg_database where datname = '${name.replace(/'/g, "''")}'`);
    if (found.length === 0) await query(server.toString(), `create database "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    return { error: `no PostgreSQL at ${server.host} (${error.code ?? error.message}); run \`bash .ci/postgres\` first` };
  }
  try {
    const [row] = await query(url, "select count(*)::int as flows from flow_progress");
    return { flows: row.flows };
  } catch {
    return { flows: 0 }; // not migrated yet: the seed script migrates it
  }
}

function seed(url, flows, root, progress) {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/seed-funnel.ts", "--reset", "--flows", String(flows)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let last = "";
    child.stdout.on("data", (chunk) => {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        last = line;
        progress(`seed: ${line}`);
      }
    });
    child.once("exit", (code) => (code === 0 ? resolve(last) : reject(new Error(`the seed script stopped (${code})`))));
  });
}

async function signIn(origin) {
  const answer = await fetch(`${origin}/owner?index`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: "owner@example.com", password: ownerPassword }),
    redirect: "manual",
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (answer.status !== 303 || !cookie) throw new Error(`the owner's sign-in answered ${answer.status}`);
  return cookie;
}

/** Times `requestsEach` sequential loads of one address after two to warm up. */
async function timePage(origin, address, cookie) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < requestsEach + 2; i++) {
    const began = performance.now();
    const answer = await fetch(`${origin}${address}`, { headers: { Cookie: cookie } });
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`${address} answered ${answer.status}`);
    if (i >= 2) times.push(performance.now() - began);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], max: times.at(-1), bytes };
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The rows of the bench's table for the funnel report. `startApp({ port, dataDir, env })`
 * starts the built app; the app's own PGlite folder is not used.
 */
export async function measureFunnelReport({ root, startApp, port, dataDir, progress }) {
  const flows = Number(process.env.BENCH_FLOWS ?? 1_000_000);
  const url = databaseUrl();
  const prepared = await prepareDatabase(url);
  if (prepared.error) return { skipped: prepared.error };
  let seeded = `reused ${prepared.flows.toLocaleString("en-US")} flows`;
  if (prepared.flows < flows) {
    progress(`seeding ${flows.toLocaleString("en-US")} flows into ${new URL(url).pathname.slice(1)}`);
    seeded = await seed(url, flows, root, progress);
  }
  progress("the app on PostgreSQL: timing /owner/funnel");
  const app = await startApp({ port, dataDir, env: { DATABASE_URL: url, OWNER_PASSWORD: ownerPassword } });
  try {
    const cookie = await signIn(app.origin);
    const pages = [
      ["last 30 days (the default)", "/owner/funnel"],
      ["last 30 days, grouped by UTM source", "/owner/funnel?group=source"],
      ["last 30 days, UTM source google", "/owner/funnel?source=google"],
      ["last 365 days", `/owner/funnel?from=${day(-364)}&to=${day(0)}`],
      ["funnel CSV, last 30 days by campaign", "/owner/funnel.csv?group=campaign"],
    ];
    const results = [];
    for (const [label, address] of pages) results.push({ label, address, ...(await timePage(app.origin, address, cookie)) });
    return { seeded, flows: Math.max(prepared.flows, flows), results };
  } finally {
    await app.stop();
  }
}

/** The 30-day page must answer within this, with a million flows. */
export const reportLimitMs = 500;
