// The lifecycle worker: one per server process, a round every BILLING_POLL_MS (lapsing holds,
// decisions to settle, renewals due). Rounds in several processes or instances are safe
// together: each subscription is claimed by one at a time (lifecycle-round.server.ts).
import { config } from "../config.server";
import { log } from "../log.server";
import { paymentGateway } from "../payments/index.server";
import { worker } from "../workers/worker.server";
import { runLifecycleRound, type LifecycleRound } from "./lifecycle-round.server";

const lifecycleWorker = worker({
  name: "lifecycle",
  everyMs: () => config().BILLING_POLL_MS,
  async round() {
    const done = await runLifecycleRound(paymentGateway());
    if (done.renewed + done.failed + done.lapsed + done.settled + done.expired > 0) log.info({ ...done }, "lifecycle round");
    return done;
  },
});

/**
 * One round that begins now, for this process: a round under way may have read the clock
 * before it moved, so it is waited for first.
 */
export const runLifecycleNow: () => Promise<LifecycleRound | undefined> = lifecycleWorker.runNow;

export const startLifecycleWorker = lifecycleWorker.start;
export const stopLifecycleWorker = lifecycleWorker.stop;
