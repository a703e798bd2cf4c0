// The subscription claimed for a change she (or support for her) asked for, waiting a moment
// when it is claimed already: a double press without JavaScript sends two posts at once, and
// she reads the second's answer. The second waits for the first's claim, then finds the change
// made (cancelled, the date moved, the plan changed) rather than being told her order is busy.
// A worker moving her money holds it longer: then, after the wait, undefined (busy).
import { claimSubscription, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { claimMs } from "./review.server";

/** How long a second press waits for the first, by default. */
const claimWaitMs = 3_000;
const pollMs = 100;

/**
 * The subscription claimed, or undefined when it stayed claimed for `waitMs`, or as soon as
 * `stopWaiting` (asked after each try that failed) says waiting is pointless.
 */
export async function claimForChange(
  subscriptionId: string,
  waitMs: number = claimWaitMs,
  stopWaiting?: () => Promise<boolean>,
): Promise<SubscriptionRow | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const claimed = await claimSubscription(subscriptionId, claimMs);
    if (claimed) return claimed;
    if (stopWaiting && (await stopWaiting())) return undefined;
    if (Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
