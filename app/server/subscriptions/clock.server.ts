// The lifecycle clock: the time that hold expiries and billing dates are compared with. With
// Stripe it is the real time. With the sandbox gateway the owner may move it forward (like
// Stripe's test clocks), so that QA and tests see a year of a subscription in a minute; the
// sandbox gateway reads the same clock (db/stores/sandbox-clock.server.ts), so its holds lapse
// as of that time too.
import { config } from "../config.server";
import { advanceSandboxClock, sandboxClockOffsetMs as keptOffsetMs } from "../db/stores/sandbox-clock.server";

const dayMs = 24 * 60 * 60 * 1000;

/** The most the clock may move in one go: 5 years. */
export const maxClockDays = 5 * 366;

export function sandboxClockAllowed(): boolean {
  return config().STRIPE_SECRET_KEY === undefined;
}

/** How far the sandbox clock is ahead of real time (0 with Stripe). */
export async function sandboxClockOffsetMs(): Promise<number> {
  if (!sandboxClockAllowed()) return 0;
  return keptOffsetMs();
}

/** Now, on the lifecycle clock. */
export async function lifecycleNow(): Promise<Date> {
  return new Date(Date.now() + (await sandboxClockOffsetMs()));
}

export type ClockMove = { status: "moved"; now: Date } | { status: "refused"; message: string };

/** Moves the sandbox clock forward by whole days; refused with Stripe, or out of range. */
export async function moveSandboxClock(days: number): Promise<ClockMove> {
  if (!sandboxClockAllowed()) return { status: "refused", message: "The sandbox clock is not available with Stripe." };
  if (!Number.isInteger(days) || days < 1 || days > maxClockDays) {
    return { status: "refused", message: `Enter a whole number of days from 1 to ${maxClockDays}.` };
  }
  await advanceSandboxClock(days * dayMs);
  return { status: "moved", now: await lifecycleNow() };
}
