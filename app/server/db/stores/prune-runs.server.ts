// The last run of each prune (table prune_runs): one row a prune, replaced by its next run, so
// the table never grows. Read by the funnel report's health part.
import { asc } from "drizzle-orm";
import { database } from "../client.server";
import { pruneRuns } from "../schema.server";

export type PruneRunRow = typeof pruneRuns.$inferSelect;

export async function recordPruneRun(run: PruneRunRow): Promise<void> {
  const { name, ...rest } = run;
  await (await database()).insert(pruneRuns).values(run).onConflictDoUpdate({ target: pruneRuns.name, set: rest });
}

export async function listPruneRuns(): Promise<PruneRunRow[]> {
  return (await database()).select().from(pruneRuns).orderBy(asc(pruneRuns.name));
}
