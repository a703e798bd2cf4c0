// The console's sign-ins, kept on the server so that signing out ends one for good: a cookie
// copied before the sign-out finds no row. A row is found by a hash of the id its cookie
// carries, never the id itself, so reading this table gives nobody a way in.
import { and, count, eq, gt, lte, ne, or } from "drizzle-orm";
import { database } from "../client.server";
import { consoleSessions } from "../schema.server";

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;

/** A new sign-in of `account`, begun (and last seen) at `now`. */
export async function createConsoleSession(idHash: string, account: string, now: Date): Promise<void> {
  await (await database()).insert(consoleSessions).values({ idHash, account, createdAt: now, lastSeenAt: now });
}

export async function findConsoleSession(idHash: string): Promise<ConsoleSessionRow | undefined> {
  const [row] = await (await database()).select().from(consoleSessions).where(eq(consoleSessions.idHash, idHash));
  return row;
}

/**
 * Marks the sign-in seen at `now`, only when it was last seen at or before `staleBefore`: the pages
 * of one visit (a layout and its page, a burst of clicks) then write once a minute, not once
 * a request.
 */
export async function touchConsoleSession(idHash: string, now: Date, staleBefore: Date): Promise<void> {
  await (
    await database()
  )
    .update(consoleSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(consoleSessions.idHash, idHash), lte(consoleSessions.lastSeenAt, staleBefore)));
}

export async function deleteConsoleSession(idHash: string): Promise<void> {
  await (await database()).delete(consoleSessions).where(eq(consoleSessions.idHash, idHash));
}

/** Forgets every sign-in last seen at or before `idleBefore`, or begun at or before `begunBefore`. How many went. */
export async function deleteExpiredConsoleSessions(idleBefore: Date, begunBefore: Date): Promise<number> {
  const deleted = await (
    await database()
  )
    .delete(consoleSessions)
    .where(or(lte(consoleSessions.lastSeenAt, idleBefore), lte(consoleSessions.createdAt, begunBefore)))
    .returning({ idHash: consoleSessions.idHash });
  return deleted.length;
}

/** Ends every sign-in of `account`: disabling a person or "End sessions". How many there were. */
export async function deleteConsoleSessionsOf(account: string): Promise<number> {
  const rows = await (
    await database()
  )
    .delete(consoleSessions)
    .where(eq(consoleSessions.account, account))
    .returning({ idHash: consoleSessions.idHash });
  return rows.length;
}

/** Ends every sign-in of `account` but the one whose id hashes to `keptIdHash`: a new password of their own. How many there were. */
export async function deleteOtherConsoleSessionsOf(account: string, keptIdHash: string): Promise<number> {
  const rows = await (
    await database()
  )
    .delete(consoleSessions)
    .where(and(eq(consoleSessions.account, account), ne(consoleSessions.idHash, keptIdHash)))
    .returning({ idHash: consoleSessions.idHash });
  return rows.length;
}

/** How many sign-ins of each account are open (last seen after `idleBefore`, begun after `begunBefore`). */
export async function openSessionCounts(idleBefore: Date, begunBefore: Date): Promise<Map<string, number>> {
  const rows = await (
    await database()
  )
    .select({ account: consoleSessions.account, n: count() })
    .from(consoleSessions)
    .where(and(gt(consoleSessions.lastSeenAt, idleBefore), gt(consoleSessions.createdAt, begunBefore)))
    .groupBy(consoleSessions.account);
  return new Map(rows.map((row) => [row.account, row.n]));
}
