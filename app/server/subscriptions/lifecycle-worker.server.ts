// The lifecycle worker: one per server process, a round every BILLING_POLL_MS (checkout
// attempts cut off by a crash, lapsing holds, decisions to settle, renewals due, refunds the
// gateway did not answer, the sandbox's disputes), and one as the server starts, so a server
// killed mid-payment settles what it left as soon as it is back. Rounds in several processes
// or instances are safe together: each subscription is claimed by one at a time
// (lifecycle-round.server.ts), each attempt and refund moved by a conditional write.
import { config } from "../config.server";
import { log } from "../log.server";
import { paymentGateway } from "../payments/index.server";
import { worker } from "../workers/worker.server";
import { runLifecycleRound, type LifecycleRound } from "./lifecycle-round.server";

const lifecycleWorker = worker({
  name: "lifecycle",
  everyMs: () => config().BILLING_POLL_MS,
  roundAtStart: true,
  async round() {
    const done = await runLifecycleRound(paymentGateway());
    if (Object.values(done).some((count) => count > 0)) log.info({ ...done }, "lifecycle round");
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
