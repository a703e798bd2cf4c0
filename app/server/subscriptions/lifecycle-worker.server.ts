// The lifecycle worker: one per server process, a round every BILLING_POLL_MS (lapsing holds,
// decisions to settle, renewals due). Rounds in several processes or instances are safe
// together: each subscription is claimed by one at a time (billing.server.ts).
import { config } from "../config.server";
import { log } from "../log.server";
import { paymentGateway } from "../payments/index.server";
import { runLifecycleRound, type LifecycleRound } from "./billing.server";

interface Worker {
  timer: NodeJS.Timeout;
  running: Promise<LifecycleRound | undefined> | null;
  stopped: boolean;
}

const holder = globalThis as typeof globalThis & { __lifecycleWorker?: Worker };

/**
 * One round that begins now, for this process: a round under way may have read the clock
 * before it moved, so it is waited for first.
 */
export async function runLifecycleNow(): Promise<LifecycleRound | undefined> {
  await holder.__lifecycleWorker?.running;
  return startRound();
}

function startRound(): Promise<LifecycleRound | undefined> {
  const worker = holder.__lifecycleWorker;
  const round = runLifecycleRound(paymentGateway())
    .then((done) => {
      if (done.renewed + done.failed + done.lapsed + done.settled + done.expired > 0) log.info({ ...done }, "lifecycle round");
      return done;
    })
    .catch((error: unknown) => {
      log.error({ error: error instanceof Error ? error.name : "unknown" }, "lifecycle worker error");
      return undefined;
    })
    .finally(() => {
      if (worker?.running === round) worker.running = null;
    });
  if (worker) worker.running = round;
  return round;
}

export function startLifecycleWorker(): void {
  if (holder.__lifecycleWorker) return;
  const worker: Worker = { running: null, stopped: false, timer: undefined! };
  holder.__lifecycleWorker = worker;
  worker.timer = setInterval(() => {
    if (!worker.stopped && !worker.running) void startRound();
  }, config().BILLING_POLL_MS);
  worker.timer.unref();
}

export async function stopLifecycleWorker(): Promise<void> {
  const worker = holder.__lifecycleWorker;
  if (!worker) return;
  worker.stopped = true;
  clearInterval(worker.timer);
  await worker.running;
  holder.__lifecycleWorker = undefined;
}
