// VACUUM where nothing else runs it. PGlite runs no autovacuum (a single backend has no launcher),
// so a table that takes and loses rows grows without bound, and an erased value stays readable
// in its files: the workers vacuum the tables they pruned, her erasure the ones it rewrote
// (decision 0040). A VACUUM cannot be interrupted and the engine runs one statement at a time
// (decision 0027): one statement a table, only tables that lost rows, bounded prunes, and a
// round budget (what is left goes first next round). PostgreSQL vacuums itself.
import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { log } from "../log.server";
import { database, databaseEngine } from "./client.server";
import {
  billingAddresses,
  embeddedProviderReceipts,
  funnelRecords,
  orders,
  outboxMessages,
  preCheckoutDetails,
  shippingAddresses,
  storedEmails,
  subscriptionPayments,
  subscriptions,
  visitorSessions,
} from "./schema.server";

/** One table takes a few ms to a few tens (10,000 of 200,000 rows with indexes: about 25 ms on PGlite). */
export const roundBudgetMs = 1_000;

export interface Vacuumed {
  table: string;
  ms: number;
}

const owed = new Set<string>();

/** A worker's and an erasure's vacuums never queue at the engine together. */
let last: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = last.then(work);
  last = turn.catch(() => undefined);
  return turn;
}

/** `INDEX_CLEANUP ON` also clears dead rows from indexes a VACUUM may skip: for indexes holding her values. */
async function vacuumOne(table: string, indexes: "auto" | "on"): Promise<Vacuumed> {
  const startedAt = performance.now();
  const options = indexes === "on" ? sql.raw("(index_cleanup on, skip_locked)") : sql.raw("(skip_locked)");
  await (await database()).execute(sql`vacuum ${options} ${sql.identifier(table)}`);
  return { table, ms: Math.round(performance.now() - startedAt) };
}

/** Embedded engine only, within the round's budget. A failing table is logged and left for the next round. */
export function vacuumPrunedTables(tables: readonly PgTable[]): Promise<Vacuumed[]> {
  return inTurn(async () => {
    if ((await databaseEngine()) !== "pglite") return [];
    const names = [...new Set([...owed, ...tables.map((table) => getTableName(table))])];
    owed.clear();
    const done: Vacuumed[] = [];
    const startedAt = performance.now();
    for (const [index, table] of names.entries()) {
      if (performance.now() - startedAt >= roundBudgetMs) {
        for (const left of names.slice(index)) owed.add(left);
        break;
      }
      try {
        done.push(await vacuumOne(table, "auto"));
      } catch (error) {
        owed.add(table);
        log.error({ table, error: error instanceof Error ? error.name : "unknown" }, "vacuum failed");
      }
    }
    if (done.length > 0) log.info({ vacuumed: done, owed: owed.size }, "vacuumed");
    return done;
  });
}

/** The orders' index on her email holds her values. */
const herErasureTables: readonly (readonly [PgTable, "auto" | "on"])[] = [
  [subscriptions, "auto"],
  [subscriptionPayments, "auto"],
  [outboxMessages, "auto"],
  [storedEmails, "auto"],
  [funnelRecords, "auto"],
  [preCheckoutDetails, "auto"],
  [shippingAddresses, "auto"],
  [billingAddresses, "auto"],
  [orders, "on"],
  [embeddedProviderReceipts, "auto"],
  [visitorSessions, "auto"],
];

/**
 * The WAL keeps rows as written until its segment is reused, and a recycled segment keeps its
 * bytes under a new name (and every backup copies pg_wal): after an erasure the log moves to a
 * new segment and is checkpointed twice (the first needs the segment before it) with recycling
 * off, so her values' segments are deleted, not renamed.
 */
export const oldLogForgotten = [
  "set wal_recycle = off",
  "select pg_switch_wal()",
  "checkpoint",
  "select pg_switch_wal()",
  "checkpoint",
] as const;

/**
 * Vacuumed now on both engines: PostgreSQL's autovacuum waits for a fifth of a table to be
 * dead, which one erasure never is. PostgreSQL's log is its operator's. Never rejects: her
 * erasure is done either way.
 */
export function vacuumAfterHerErasure(): Promise<void> {
  return inTurn(async () => {
    const done: Vacuumed[] = [];
    for (const [table, indexes] of herErasureTables) done.push(await vacuumOne(getTableName(table), indexes));
    if ((await databaseEngine()) === "pglite") {
      const db = await database();
      for (const statement of oldLogForgotten) await db.execute(sql.raw(statement));
    }
    log.info({ vacuumed: done }, "vacuumed after an erasure");
  }).catch((error: unknown) => {
    log.error({ error: error instanceof Error ? error.name : "unknown" }, "vacuum after an erasure failed");
  });
}

/** The tests wait for the erasure's. */
export function vacuumsDone(): Promise<void> {
  return last.then(() => undefined);
}
