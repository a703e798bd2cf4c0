// VACUUM where nothing else runs it. The embedded engine (PGlite) runs no autovacuum: its
// `autovacuum` setting reads on, but a single backend has no launcher to start its workers, and
// `last_autovacuum` stays null. A row deleted or rewritten stays in the table's files until a
// VACUUM marks its space free, and until then every insert takes new pages: a table that takes
// rows and loses them grows without bound, and a value erased stays readable in the files.
// So the workers vacuum the tables they pruned, after their round, and her erasure the tables
// it rewrote (decision 0040).
//
// The embedded engine runs one statement at a time for every page (decision 0027), and a
// VACUUM cannot be interrupted: so each table is a statement of its own (pages are answered
// between two), only a table that lost rows is vacuumed, a prune removes a bounded number of
// rows a run, and a round's vacuums stop after `roundBudgetMs` (the tables left are vacuumed
// first at the next round). PostgreSQL vacuums itself: the rounds leave it alone there.
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

/**
 * What a round's vacuums may take together. One table takes a few milliseconds to a few tens
 * (a prune's 10,000 rows out of 200,000, with their indexes: about 25 ms on PGlite).
 */
export const roundBudgetMs = 1_000;

/** A table vacuumed, and how long the engine was busy with it. */
export interface Vacuumed {
  table: string;
  ms: number;
}

/** Tables a round left for the next one (its budget spent). */
const owed = new Set<string>();

/** One vacuum at a time in this process: a worker's and an erasure's never queue at the engine together. */
let last: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = last.then(work);
  last = turn.catch(() => undefined);
  return turn;
}

/**
 * `INDEX_CLEANUP ON` also takes the dead rows out of every index, which a VACUUM may skip when
 * few pages hold them: for a table whose indexes hold her values. Without it, a short VACUUM.
 */
async function vacuumOne(table: string, indexes: "auto" | "on"): Promise<Vacuumed> {
  const startedAt = performance.now();
  const options = indexes === "on" ? sql.raw("(index_cleanup on, skip_locked)") : sql.raw("(skip_locked)");
  await (await database()).execute(sql`vacuum ${options} ${sql.identifier(table)}`);
  return { table, ms: Math.round(performance.now() - startedAt) };
}

/**
 * On the embedded engine: vacuums `tables` (those a worker's round removed rows from), one
 * statement each, with those a round before left first, until the round's budget is spent;
 * what it did. On PostgreSQL nothing (its autovacuum does it). A table that fails is logged
 * and left for the next round; the others are still vacuumed.
 */
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

/**
 * The tables her erasure (subscriptions/her-erasure.server.ts) rewrites, and whether their
 * indexes hold her values (the orders' index on her email does).
 */
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
 * The embedded engine's write-ahead log keeps every row as it was written until its segment
 * is reused, and a recycled segment keeps its old bytes under a new name: her values erased
 * and vacuumed would still be in the data folder, and in every backup (a backup copies pg_wal
 * whole). So after an erasure the log is moved to a new segment and checkpointed twice (the
 * first checkpoint still needs the segment before it), with recycling off, so the segments
 * that held her values are deleted, not renamed. Each is one statement for `run`.
 */
export const oldLogForgotten = [
  "set wal_recycle = off",
  "select pg_switch_wal()",
  "checkpoint",
  "select pg_switch_wal()",
  "checkpoint",
] as const;

/**
 * After her erasure has committed: the tables it rewrote vacuumed, so what it erased leaves
 * their files (and their indexes) now, not when a vacuum next comes. On both engines:
 * PostgreSQL's autovacuum waits for a fifth of a table to be dead, which one erasure never is.
 * On the embedded engine the old log goes too (oldLogForgotten); PostgreSQL's log is its
 * operator's (archives, replicas). Never rejects (a failure is logged; her erasure is done
 * either way); run after her answer.
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

/** Resolves once every vacuum asked of this process so far has run (the tests wait for the erasure's). */
export function vacuumsDone(): Promise<void> {
  return last.then(() => undefined);
}
