// The console's sign-in tries held against their limits (table sign_in_tries), and the count of
// failures for emails that are no account (table unknown_sign_ins). A try is taken before it is
// checked by one conditional statement: of tries racing for a limit's last place exactly one
// gets it (the others wait on the row, then find the limit reached), so no burst is checked
// more often than its limit allows. A right try is given back, so only failures stay counted.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { database } from "../client.server";
import { signInTries, unknownSignIns } from "../schema.server";

/** A limit on tries: at most `limit` in any `windowMs`. */
export interface TryLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** A try taken: what gives it back. */
export interface TakenTry {
  bucket: string;
  key: string;
  at: Date;
}

export type TryAnswer = { taken: TakenTry } | { taken: undefined; retryAfterSeconds: number };

const iso = (date: Date) => date.toISOString();

/**
 * Takes a place for one try at `key` as of `now`, when fewer than `limit.limit` tries are held
 * from the last `limit.windowMs`; else the seconds until the oldest of them leaves the window.
 */
export async function takeTry(limit: TryLimit, key: string, now: Date): Promise<TryAnswer> {
  const db = await database();
  const since = iso(new Date(now.getTime() - limit.windowMs));
  const at = iso(now);
  const held = sql`(select count(*) from unnest(${signInTries.tries}) as held(at) where held.at > ${since}::timestamptz)`;
  const taken = await db
    .insert(signInTries)
    .values({ bucket: limit.bucket, key, tries: sql`array[${at}::timestamptz]`, lastTryAt: now })
    .onConflictDoUpdate({
      target: [signInTries.bucket, signInTries.key],
      // Only the tries still in the window are kept: a row never holds more than the limit.
      set: {
        tries: sql`array(select held.at from unnest(${signInTries.tries}) as held(at) where held.at > ${since}::timestamptz) || ${at}::timestamptz`,
        lastTryAt: sql`greatest(${signInTries.lastTryAt}, ${at}::timestamptz)`,
      },
      setWhere: sql`${held} < ${limit.limit}`,
    })
    .returning({ bucket: signInTries.bucket });
  if (taken.length > 0) return { taken: { bucket: limit.bucket, key, at: now } };
  const [oldest] = await db
    .select({
      at: sql<string | null>`(select min(held.at) from unnest(${signInTries.tries}) as held(at) where held.at > ${since}::timestamptz)`,
    })
    .from(signInTries)
    .where(and(eq(signInTries.bucket, limit.bucket), eq(signInTries.key, key)));
  const oldestMs = oldest?.at ? new Date(oldest.at).getTime() : now.getTime();
  return { taken: undefined, retryAfterSeconds: Math.max(1, Math.ceil((oldestMs + limit.windowMs - now.getTime()) / 1000)) };
}

/** Gives back a try that turned out right: one place of its time, whichever of equal times. */
export async function giveBackTry(taken: TakenTry): Promise<void> {
  const position = sql`array_position(${signInTries.tries}, ${iso(taken.at)}::timestamptz)`;
  await (
    await database()
  )
    .update(signInTries)
    .set({ tries: sql`${signInTries.tries}[:${position} - 1] || ${signInTries.tries}[${position} + 1:]` })
    .where(and(eq(signInTries.bucket, taken.bucket), eq(signInTries.key, taken.key), sql`${position} is not null`));
}

/** Removes rows whose last try is older than `before`: at most `limit` of them. How many went. */
export async function deleteOldSignInTries(before: Date, limit: number): Promise<number> {
  const old = sql`(${signInTries.bucket}, ${signInTries.key}) in (select ${signInTries.bucket}, ${signInTries.key} from ${signInTries} where ${lt(signInTries.lastTryAt, before)} limit ${limit} for update skip locked)`;
  const deleted = await (await database()).delete(signInTries).where(old).returning({ key: signInTries.key });
  return deleted.length;
}

const hourMs = 60 * 60_000;

/** Counts one failed sign-in for an email that is no account, in the hour of `now`. */
export async function countUnknownSignIn(now: Date): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / hourMs) * hourMs);
  await (
    await database()
  )
    .insert(unknownSignIns)
    .values({ hour, failures: 1 })
    .onConflictDoUpdate({ target: unknownSignIns.hour, set: { failures: sql`${unknownSignIns.failures} + 1` } });
}

/** Failed sign-ins for unknown emails counted from the hour of `since` on. */
export async function unknownSignInsSince(since: Date): Promise<number> {
  const hour = new Date(Math.floor(since.getTime() / hourMs) * hourMs);
  const [row] = await (
    await database()
  )
    .select({ failures: sql<number>`coalesce(sum(${unknownSignIns.failures}), 0)::int` })
    .from(unknownSignIns)
    .where(gte(unknownSignIns.hour, hour));
  return row?.failures ?? 0;
}

/** Removes the hours before `before`'s hour: at most `limit` of them. How many went. */
export async function deleteOldUnknownSignIns(before: Date, limit: number): Promise<number> {
  const old = sql`${unknownSignIns.hour} in (select ${unknownSignIns.hour} from ${unknownSignIns} where ${lt(unknownSignIns.hour, before)} limit ${limit} for update skip locked)`;
  const deleted = await (await database()).delete(unknownSignIns).where(old).returning({ hour: unknownSignIns.hour });
  return deleted.length;
}
