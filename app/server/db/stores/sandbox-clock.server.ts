// The sandbox clock (table sandbox_clock): how far the owner has moved the lifecycle's time
// ahead of real time, so that QA and tests see a year of a subscription in a minute. Whether
// it may move, and the lifecycle's "now" that reads it, are app/server/subscriptions/clock.server.ts.
import { eq, sql } from "drizzle-orm";
import { database } from "../client.server";
import { sandboxClock } from "../schema.server";

const clockId = "sandbox";

/** How far the sandbox clock is ahead of real time, as kept. */
export async function sandboxClockOffsetMs(): Promise<number> {
  const [row] = await (await database()).select({ offsetMs: sandboxClock.offsetMs }).from(sandboxClock).where(eq(sandboxClock.id, clockId));
  return row?.offsetMs ?? 0;
}

/** Now, on the sandbox clock: the time of the sandbox gateway's holds and charges. */
export async function sandboxNow(): Promise<Date> {
  return new Date(Date.now() + (await sandboxClockOffsetMs()));
}

/** Moves the sandbox clock forward by `stepMs`. */
export async function advanceSandboxClock(stepMs: number): Promise<void> {
  await (await database())
    .insert(sandboxClock)
    .values({ id: clockId, offsetMs: stepMs })
    .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs: sql`${sandboxClock.offsetMs} + ${stepMs}`, updatedAt: new Date() } });
}
