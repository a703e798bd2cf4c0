// Writing through the outbox: the change and the messages that report it in one transaction,
// then, once it is committed (never before: the worker would not see the message yet), the
// worker woken to deliver them at once rather than at its next poll.
import { database, type Transaction } from "../db/client.server";
import { wakeWorker } from "../workers/worker.server";

/** The outbox worker's name (worker.server.ts): woken by name, so writing never imports delivering. */
export const outboxWorkerName = "outbox";

export async function withOutbox<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const done = await (await database()).transaction(work);
  wakeWorker(outboxWorkerName);
  return done;
}
