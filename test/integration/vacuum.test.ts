// The embedded engine never vacuums by itself (PGlite runs no autovacuum), so a table that takes
// rows and loses them grows without bound there: the prunes' round vacuums the tables it
// pruned, and a pruned table churned twenty times stays within twice its size after the first
// round, where without that vacuum it grows past it. On PostgreSQL, which vacuums itself, the
// round issues none. Her erasure vacuums the tables it rewrote once it has committed, on both.
// What her erasure does to the embedded engine's old log on disk: embedded-old-log.test.ts.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as deletePage from "../../app/routes/subscription.$token.delete/route";
import { database, databaseEngine } from "../../app/server/db/client.server";
import { rateLimitCounters } from "../../app/server/db/schema.server";
import { findSubscriptionByResponder } from "../../app/server/db/stores/subscriptions.server";
import { vacuumsDone } from "../../app/server/db/vacuum.server";
import { deleteOldRateLimitCounters } from "../../app/server/http/rate-limits.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { runHousekeeping } from "../../app/server/workers/housekeeping.server";
import { runPrunes } from "../../app/server/workers/prunes.server";
import { payForPlan } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

const onPostgres = Boolean(process.env.DATABASE_URL);

beforeEach(async () => {
  await resetDatabase();
});

async function execute<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- either engine's result type is opaque: its rows are asserted, not inferred
  return ((await (await database()).execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** The table's heap, indexes and the rest, in bytes. */
async function sizeOf(table: string): Promise<number> {
  const [row] = await execute<{ bytes: string | number }>(sql`select pg_total_relation_size(${table}::regclass)::bigint as bytes`);
  return Number(row!.bytes);
}

/** How many times each table was vacuumed by hand (not by autovacuum), as the database counts. */
async function vacuumCounts(tables: readonly string[]): Promise<Record<string, number>> {
  const rows = await execute<{ relname: string; vacuum_count: string | number }>(
    sql`select relname, vacuum_count from pg_stat_user_tables where relname in ${sql.raw(`(${tables.map((table) => `'${table}'`).join(", ")})`)}`,
  );
  return Object.fromEntries(tables.map((table) => [table, Number(rows.find((row) => row.relname === table)?.vacuum_count ?? 0)]));
}

/**
 * 2,000 rate-limit counters whose window ended two days ago, as a busy hour leaves them: keys
 * as long as the keyed hashes the limits write.
 */
async function aBusyHoursCounters(round: number): Promise<void> {
  await (
    await database()
  ).execute(sql`
    insert into rate_limit_counters (bucket, key, window_start, hits)
    select 'step-post', 'address:' || md5(${round}::text || '-' || n) || md5(n::text), now() - interval '2 days', 1 + n % 5
    from generate_series(1, 2000) n`);
}

/**
 * `rounds` rounds of 2,000 counters in and pruned by `prune`: the table's size as the first
 * round's counters fill it, and after each round.
 */
async function churned(rounds: number, prune: () => Promise<unknown>): Promise<{ holding: number; sizes: number[] }> {
  let holding = 0;
  const sizes: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    await aBusyHoursCounters(round);
    if (round === 1) holding = await sizeOf("rate_limit_counters");
    await prune();
    const [left] = await execute<{ n: number | string }>(sql`select count(*) as n from rate_limit_counters`);
    expect(Number(left!.n)).toBe(0);
    sizes.push(await sizeOf("rate_limit_counters"));
  }
  return { holding, sizes };
}

/** The prune's own statement, batch after batch, without the round around it (nor its vacuum). */
async function pruneCountersOnly(): Promise<void> {
  while ((await deleteOldRateLimitCounters(new Date(), 500)) === 500);
}

/** On PostgreSQL the prunes' round leaves vacuuming to PostgreSQL's autovacuum. */
async function postgresLeftToItself(): Promise<void> {
  const before = await vacuumCounts(["rate_limit_counters"]);
  await aBusyHoursCounters(1);
  const run = (await runPrunes()).find((line) => line.name === "rate-limit-counters");
  expect(run).toMatchObject({ rows: 2000, caughtUp: true });
  expect(await vacuumCounts(["rate_limit_counters"])).toEqual(before);
  // The count would have told one (the test would pass on nothing otherwise).
  await (await database()).execute(sql`vacuum ${rateLimitCounters}`);
  expect(await vacuumCounts(["rate_limit_counters"])).toEqual({ rate_limit_counters: before.rate_limit_counters! + 1 });
}

describe("the prunes' round", () => {
  // One test for both engines, each held to what it should do, so neither pass skips it.
  it(
    "keeps a pruned table within twice its size holding one round, churned 20 times, on the embedded engine; issues no VACUUM on PostgreSQL",
    { timeout: 120_000 },
    async () => {
      if (onPostgres) return postgresLeftToItself();
      // Without the round's vacuum the same churn grows the table by a round's rows each round.
      const unvacuumed = await churned(20, pruneCountersOnly);
      expect(unvacuumed.sizes[19]!).toBeGreaterThan(4 * unvacuumed.holding);
      await (await database()).execute(sql`truncate table rate_limit_counters`);

      const before = await vacuumCounts(["rate_limit_counters", "outbox_messages"]);
      const { holding, sizes } = await churned(20, () => runPrunes());
      // A round's rows, and its index pages freed by one vacuum that only the next can reuse.
      expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * holding);
      // Only the table that lost rows was vacuumed, once a round.
      expect(await vacuumCounts(["rate_limit_counters", "outbox_messages"])).toEqual({
        rate_limit_counters: before.rate_limit_counters! + 20,
        outbox_messages: before.outbox_messages!,
      });
    },
  );
});

describe("housekeeping", () => {
  it("vacuums on the embedded engine each table it removed rows from, and no other", async () => {
    const tables = ["visitor_sessions", "secure_token_uses", "console_sessions"];
    const db = await database();
    await db.execute(
      sql`insert into visitor_sessions (id, data, expires_at) values ('gone', '{}', now() - interval '1 day'), ('kept', '{}', now() + interval '1 day')`,
    );
    await db.execute(
      sql`insert into secure_token_uses (token_key, browser_key, expires_at) values ('kept', 'b', now() + interval '1 day')`,
    );
    const before = await vacuumCounts(tables);
    expect(await runHousekeeping()).toEqual({ visitorSessions: 1, secureTokenUses: 0, consoleSessions: 0 });
    expect(await vacuumCounts(tables)).toEqual({ ...before, visitor_sessions: before.visitor_sessions! + (onPostgres ? 0 : 1) });
  });
});

/** The number of the log's current segment. */
async function logSegment(): Promise<number> {
  const [row] = await execute<{ segment: string }>(sql`select pg_walfile_name(pg_current_wal_lsn()) as segment`);
  return parseInt(row!.segment.slice(8), 16);
}

describe("her erasure", () => {
  const rewritten = [
    "subscriptions",
    "subscription_payments",
    "outbox_messages",
    "stored_emails",
    "funnel_records",
    "pre_checkout_details",
    "orders",
    "visitor_sessions",
  ];

  it("vacuums the tables it rewrote once it has committed, so what it erased leaves their files", { timeout: 60_000 }, async () => {
    const { responderUuid } = await payForPlan(new TestBrowser(), { query: "?email_address=jane%40example.org" });
    const subscription = (await findSubscriptionByResponder(responderUuid))!;
    const before = await vacuumCounts(rewritten);
    const segmentBefore = await logSegment();
    const token = subscriptionLinkToken(subscription);
    const answer = await new TestBrowser().call(deletePage.action, `/subscription/${token}/delete`, { params: { token }, form: {} });
    expect(answer.status).toBe(303);
    await vacuumsDone();
    expect(await vacuumCounts(rewritten)).toEqual(Object.fromEntries(rewritten.map((table) => [table, before[table]! + 1])));
    // On the embedded engine its old log went too: recycling off, the log two segments on.
    if ((await databaseEngine()) === "pglite") {
      expect(await execute(sql`show wal_recycle`)).toEqual([{ wal_recycle: "off" }]);
      expect(await logSegment()).toBeGreaterThanOrEqual(segmentBefore + 2);
    }
  });
});
