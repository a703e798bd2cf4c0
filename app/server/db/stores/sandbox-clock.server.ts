// The sandbox clock (table sandbox_clock): how far the owner has moved the lifecycle's time
// ahead of real time, so that QA and tests see a year of a subscription in a minute. Whether
// it may move, and the lifecycle's "now" that reads it, are app/server/subscriptions/clock.server.ts.
import { eq, sql } from "drizzle-orm";
import { database } from "../client.server";
import { sandboxClock } from "../schema.server";

const clockId = "sandbox";

/**
 * The read under way, shared: every payment and renewal asks the clock, so a burst of
 * checkouts would read it once each, several times over. A read that starts while another is
 * out gets that one's answer, as it would from a read a moment later. A move of the clock from
 * this process forgets it, so no reader after the move sees the time before it.
 */
let readUnderWay: Promise<number> | undefined;

async function readOffsetMs(): Promise<number> {
  const [row] = await (await database()).select({ offsetMs: sandboxClock.offsetMs }).from(sandboxClock).where(eq(sandboxClock.id, clockId));
  return row?.offsetMs ?? 0;
}

/** How far the sandbox clock is ahead of real time, as kept. */
export function sandboxClockOffsetMs(): Promise<number> {
  if (readUnderWay) return readUnderWay;
  const reading = readOffsetMs().finally(() => {
    if (readUnderWay === reading) readUnderWay = undefined;
  });
  readUnderWay = reading;
  return reading;
}

/** Now, on the sandbox clock: the time of the sandbox gateway's holds and charges. */
export async function sandboxNow(): Promise<Date> {
  return new Date(Date.now() + (await sandboxClockOffsetMs()));
}

/** Moves the sandbox clock forward by `stepMs`. */
export async function advanceSandboxClock(stepMs: number): Promise<void> {
  await (
    await database()
  )
    .insert(sandboxClock)
    .values({ id: clockId, offsetMs: stepMs })
    .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs: sql`${sandboxClock.offsetMs} + ${stepMs}`, updatedAt: new Date() } });
  readUnderWay = undefined;
}
