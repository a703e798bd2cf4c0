// Writing through the outbox: the change and the messages that report it in one transaction,
// then, once it is committed (never before: the worker would not see the message yet), the
// worker woken to deliver them at once rather than at its next poll.
import { database, type Transaction } from "../db/client.server";
import type { WritesAsOne } from "../db/writes-as-one.server";
import { wakeWorker } from "../workers/worker.server";

/** The outbox worker's name (worker.server.ts): woken by name, so writing never imports delivering. */
export const outboxWorkerName = "outbox";

export async function withOutbox<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const done = await (await database()).transaction(work);
  wakeWorker(outboxWorkerName);
  return done;
}

/** The same for writes sent as one statement (writes-as-one.server.ts): true when the first wrote. */
export async function writeWithOutbox(writes: WritesAsOne): Promise<boolean> {
  const wrote = await writes.run(await database());
  wakeWorker(outboxWorkerName);
  return wrote;
}
