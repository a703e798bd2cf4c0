// The outbox worker: one per server process. It polls for due messages and is woken at once
// after a step writes one, so the provider usually hears within milliseconds.
import { config } from "./config.server";
import { deleteExpiredSecureTokenUses } from "./db/stores/secure-token-uses.server";
import { deliverDueOutboxMessages } from "./outbox.server";
import { provider } from "./provider/index.server";
import { deleteOldRateLimitCounters } from "./rate-limits.server";
import { deleteExpiredSessions } from "./session.server";
import { log } from "./log.server";

interface Worker {
  timer: NodeJS.Timeout;
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  rounds: number;
}

const holder = globalThis as typeof globalThis & { __outboxWorker?: Worker };

async function runUntilIdle(worker: Worker): Promise<void> {
  do {
    worker.again = false;
    const round = await deliverDueOutboxMessages(await provider());
    if (round.failed > 0) log.warn({ ...round }, "outbox delivery failed");
    // A full batch delivered means more may be waiting.
    if (round.delivered >= 20) worker.again = true;
  } while (worker.again && !worker.stopped);
  // Housekeeping about once an hour at the default poll interval.
  if (++worker.rounds % 1800 === 0) {
    await deleteExpiredSessions();
    await deleteExpiredSecureTokenUses();
    await deleteOldRateLimitCounters();
  }
}

function tick(worker: Worker): void {
  if (worker.stopped) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = runUntilIdle(worker)
    .catch((error: unknown) => {
      log.error({ error: error instanceof Error ? error.name : "unknown" }, "outbox worker error");
    })
    .finally(() => {
      worker.running = null;
    });
}

export function startOutboxWorker(): void {
  if (holder.__outboxWorker) return;
  const worker: Worker = { running: null, again: false, stopped: false, rounds: 0, timer: undefined! };
  worker.timer = setInterval(() => tick(worker), config().OUTBOX_POLL_MS);
  worker.timer.unref();
  holder.__outboxWorker = worker;
  tick(worker);
}

/** Asks the worker, if this process runs one, to look for due messages now. */
export function wakeOutboxWorker(): void {
  const worker = holder.__outboxWorker;
  if (worker) setImmediate(() => tick(worker));
}

/** Stops polling and waits for the round in progress. */
export async function stopOutboxWorker(): Promise<void> {
  const worker = holder.__outboxWorker;
  if (!worker) return;
  worker.stopped = true;
  clearInterval(worker.timer);
  await worker.running;
  holder.__outboxWorker = undefined;
}
