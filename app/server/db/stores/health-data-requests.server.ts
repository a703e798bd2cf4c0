// Requests for her consumer health data and their outcomes (table health_data_requests): the
// business's record that each was answered, kept 24 months. Her email only as a keyed hash,
// made by the caller; the flows a request's link opens, and that link's use.
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { database, type Queryable } from "../client.server";
import { healthDataRequests } from "../schema.server";

export type HealthDataRequestRow = typeof healthDataRequests.$inferSelect;

export type NewHealthDataRequest = Omit<HealthDataRequestRow, "flows" | "linkExpiresAt" | "linkUsedAt" | "fromRequest"> &
  Partial<Pick<HealthDataRequestRow, "flows" | "linkExpiresAt" | "fromRequest">>;

export async function recordHealthDataRequest(request: NewHealthDataRequest, tx?: Queryable): Promise<void> {
  await (tx ?? (await database())).insert(healthDataRequests).values(request);
}

export async function findHealthDataRequest(id: string): Promise<HealthDataRequestRow | undefined> {
  const [row] = await (await database()).select().from(healthDataRequests).where(eq(healthDataRequests.id, id));
  return row;
}

/** Its link opened: the first opening is its outcome. */
export async function noteHealthDataShown(id: string, at: Date): Promise<void> {
  await (
    await database()
  )
    .update(healthDataRequests)
    .set({ outcome: "data_shown", outcomeAt: at })
    .where(and(eq(healthDataRequests.id, id), eq(healthDataRequests.outcome, "link_sent")));
}

/**
 * Takes the link for its one deletion: of two presses at once exactly one gets the row, and
 * only while the link is open.
 */
export async function takeHealthDataLink(id: string, at: Date): Promise<HealthDataRequestRow | undefined> {
  const [row] = await (
    await database()
  )
    .update(healthDataRequests)
    .set({ linkUsedAt: at })
    .where(and(eq(healthDataRequests.id, id), isNull(healthDataRequests.linkUsedAt), gt(healthDataRequests.linkExpiresAt, at)))
    .returning();
  return row;
}

/** The deletion did not finish (a payment was moving): the link opens again for another try. */
export async function giveHealthDataLinkBack(id: string): Promise<void> {
  await (await database()).update(healthDataRequests).set({ linkUsedAt: null }).where(eq(healthDataRequests.id, id));
}

/** The deletion done: the link names no flow any more. */
export async function forgetHealthDataLinkFlows(tx: Queryable, id: string): Promise<void> {
  await tx.update(healthDataRequests).set({ flows: [] }).where(eq(healthDataRequests.id, id));
}

export interface HealthDataRequestLine {
  kind: "access" | "deletion";
  askedAt: Date;
  outcome: string;
  outcomeAt: Date;
}

/** The latest requests, newest first (no hash: the console needs none). */
export async function latestHealthDataRequests(limit: number): Promise<HealthDataRequestLine[]> {
  return (await database())
    .select({
      kind: healthDataRequests.kind,
      askedAt: healthDataRequests.askedAt,
      outcome: healthDataRequests.outcome,
      outcomeAt: healthDataRequests.outcomeAt,
    })
    .from(healthDataRequests)
    .orderBy(desc(healthDataRequests.askedAt))
    .limit(limit);
}

/** Requests asked before `before`, at most `limit` (a prune's batch). How many went. */
export async function deleteOldHealthDataRequests(before: Date, limit: number): Promise<number> {
  const deleted = await (
    await database()
  )
    .delete(healthDataRequests)
    .where(
      sql`${healthDataRequests.id} in (select ${healthDataRequests.id} from ${healthDataRequests} where ${lt(healthDataRequests.askedAt, before)} limit ${limit} for update skip locked)`,
    )
    .returning({ id: healthDataRequests.id });
  return deleted.length;
}
