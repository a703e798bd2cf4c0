// Housekeeping, about once an hour: expired visitor sessions, the secure links' first uses past
// their keeping, and ended console sign-ins (also forgotten at each sign-in, and here when
// nobody signs in). On the embedded engine, which never vacuums by itself, the tables it
// removed rows from are vacuumed after it (db/vacuum.server.ts). (Rate-limit counters past
// their window are a prune, recorded with the others for the funnel report's health:
// prunes.server.ts.)
import type { PgTable } from "drizzle-orm/pg-core";
import { consoleSessionCutoffs } from "../../funnel/console-sessions";
import { consoleSessions, secureTokenUses, visitorSessions } from "../db/schema.server";
import { deleteExpiredConsoleSessions } from "../db/stores/console-sessions.server";
import { deleteExpiredSecureTokenUses } from "../db/stores/secure-token-uses.server";
import { vacuumPrunedTables } from "../db/vacuum.server";
import { deleteExpiredSessions } from "../visitor/session.server";
import { worker } from "./worker.server";

/** One round as of `now`: each table's expired rows removed, then those that lost any vacuumed. How many went from each. */
export async function runHousekeeping(
  now: Date = new Date(),
): Promise<Record<"visitorSessions" | "secureTokenUses" | "consoleSessions", number>> {
  const { idleBefore, begunBefore } = consoleSessionCutoffs(now);
  const removed = {
    visitorSessions: await deleteExpiredSessions(now),
    secureTokenUses: await deleteExpiredSecureTokenUses(now),
    consoleSessions: await deleteExpiredConsoleSessions(idleBefore, begunBefore),
  };
  const tables: Record<keyof typeof removed, PgTable> = { visitorSessions, secureTokenUses, consoleSessions };
  await vacuumPrunedTables(
    (Object.keys(removed) as (keyof typeof removed)[]).filter((name) => removed[name] > 0).map((name) => tables[name]),
  );
  return removed;
}

const housekeeping = worker({
  name: "housekeeping",
  everyMs: () => 60 * 60_000,
  round: () => runHousekeeping(),
});

export const startHousekeeping = housekeeping.start;
export const stopHousekeeping = housekeeping.stop;
