// The outbox worker: one per server process. It polls for due messages and is woken at once
// after a change writes one (withOutbox), so the provider usually hears within milliseconds.
import { config } from "../config.server";
import { log } from "../log.server";
import { provider } from "../provider/index.server";
import { worker } from "../workers/worker.server";
import { deliverDueOutboxMessages } from "./delivery.server";
import { outboxWorkerName } from "./with-outbox.server";

const batchSize = 20;

const outboxWorker = worker({
  name: outboxWorkerName,
  everyMs: () => config().OUTBOX_POLL_MS,
  roundAtStart: true,
  async round() {
    const round = await deliverDueOutboxMessages(await provider(), batchSize);
    if (round.failed > 0) log.warn({ ...round }, "outbox delivery failed");
    return round;
  },
  // A full batch delivered means more may be waiting.
  again: (round) => round.delivered >= batchSize,
});

export const startOutboxWorker = outboxWorker.start;

/** Stops polling and waits for the round in progress. */
export const stopOutboxWorker = outboxWorker.stop;
