// The prunes, once an hour: abandoned flows' personal details erased, delivered outbox messages
// a month old removed, rate-limit counters and console sign-in tries past their window removed,
// the counts of sign-ins for unknown emails removed after 90 days, the records of health data
// requests removed after 24 months. Each works in batches (a
// short statement each, so pages are answered between them) up to a bound a run, and each run
// is recorded (prune_runs) for the funnel report's health part. Several instances may prune at
// once: each batch is one conditional statement, and rows another is removing are skipped.
// On the embedded engine, which never vacuums by itself, the tables a run removed rows from are
// vacuumed after it (db/vacuum.server.ts).
import type { PgTable } from "drizzle-orm/pg-core";
import { deliveredOutboxKeptDays, pruneBatchesPerRun, pruneBatchSize, unknownSignInsKeptDays, type PruneName } from "../../funnel/prunes";
import { healthDataRequestsKeptSince } from "../../funnel/health-data";
import { config } from "../config.server";
import { healthDataRequests, outboxMessages, rateLimitCounters, signInTries, unknownSignIns } from "../db/schema.server";
import { deleteOldHealthDataRequests } from "../db/stores/health-data-requests.server";
import { deleteDeliveredOutboxMessages } from "../db/stores/outbox.server";
import { recordPruneRun, type PruneRunRow } from "../db/stores/prune-runs.server";
import { deleteOldSignInTries, deleteOldUnknownSignIns } from "../db/stores/sign-in-tries.server";
import { vacuumPrunedTables } from "../db/vacuum.server";
import { deleteOldRateLimitCounters } from "../http/rate-limits.server";
import { signInTriesKeptMs } from "../console/sign-in-throttle.server";
import { log } from "../log.server";
import { abandonedFlowTables, eraseAbandonedFlows } from "./abandoned-flows.server";
import { worker } from "./worker.server";

const dayMs = 86_400_000;

/** The tables each prune removes rows from, or rewrites. */
const prunedTables: Record<PruneName, PgTable[]> = {
  "abandoned-flows": abandonedFlowTables,
  "delivered-outbox": [outboxMessages],
  "rate-limit-counters": [rateLimitCounters],
  "sign-in-tries": [signInTries],
  "unknown-sign-ins": [unknownSignIns],
  "health-data-requests": [healthDataRequests],
};

/** One batch of each prune as of `now`: how many it removed or erased, at most `limit`. */
const prunes: Record<PruneName, (now: Date, limit: number) => Promise<number>> = {
  "abandoned-flows": (now, limit) => eraseAbandonedFlows(new Date(now.getTime() - config().ABANDONED_FLOW_DAYS * dayMs), limit),
  "delivered-outbox": (now, limit) => deleteDeliveredOutboxMessages(new Date(now.getTime() - deliveredOutboxKeptDays * dayMs), limit),
  "rate-limit-counters": (now, limit) => deleteOldRateLimitCounters(now, limit),
  "sign-in-tries": (now, limit) => deleteOldSignInTries(new Date(now.getTime() - signInTriesKeptMs), limit),
  "unknown-sign-ins": (now, limit) => deleteOldUnknownSignIns(new Date(now.getTime() - unknownSignInsKeptDays * dayMs), limit),
  "health-data-requests": (now, limit) => deleteOldHealthDataRequests(healthDataRequestsKeptSince(now), limit),
};

export interface PruneBounds {
  batchSize: number;
  batchesPerRun: number;
}

async function runPrune(name: PruneName, now: Date, bounds: PruneBounds): Promise<PruneRunRow> {
  const run: PruneRunRow = { name, ranAt: now, rows: 0, batches: 0, caughtUp: false, failed: false };
  try {
    while (run.batches < bounds.batchesPerRun) {
      const rows = await prunes[name](now, bounds.batchSize);
      run.batches++;
      run.rows += rows;
      if (rows < bounds.batchSize) {
        run.caughtUp = true;
        break;
      }
    }
  } catch (error) {
    // Recorded and shown in the health part; the next run tries again.
    run.failed = true;
    log.error({ prune: name, error: error instanceof Error ? error.name : "unknown" }, "prune failed");
  }
  await recordPruneRun(run);
  if (run.rows > 0) log.info({ prune: name, rows: run.rows, batches: run.batches }, "pruned");
  return run;
}

/** Every prune once, one after the other, as of `now` (tests move it on); each run recorded. */
export async function runPrunes(
  now: Date = new Date(),
  bounds: PruneBounds = { batchSize: pruneBatchSize, batchesPerRun: pruneBatchesPerRun },
): Promise<PruneRunRow[]> {
  const runs: PruneRunRow[] = [];
  const pruned: PgTable[] = [];
  for (const name of Object.keys(prunes) as PruneName[]) {
    const run = await runPrune(name, now, bounds);
    runs.push(run);
    if (run.rows > 0) pruned.push(...prunedTables[name]);
  }
  await vacuumPrunedTables(pruned);
  return runs;
}

const pruneWorker = worker({
  name: "prunes",
  everyMs: () => 60 * 60_000,
  round: () => runPrunes(),
});

export const startPrunes = pruneWorker.start;
export const stopPrunes = pruneWorker.stop;
