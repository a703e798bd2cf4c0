// The embedded engine's turns: a connection has the one session from its first message to the
// ReadyForQuery that says the session is idle, however the others' messages arrive meanwhile;
// inside a transaction that is until it ends; a goodbye is not run on the shared session, and
// a connection gone mid-way leaves the session idle for the next.
import { describe, expect, it } from "vitest";
import { ConversationQueue, type SessionEngine } from "../../app/server/db/conversation-queue.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const readyFor = (status: "I" | "T") => new Uint8Array([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);

/** An engine that answers each message after a real wait (so others may arrive meanwhile) and records what it ran. */
function anEngine() {
  const ran: string[] = [];
  let inTransaction = false;
  const engine: SessionEngine = {
    runExclusive: (work) => work(),
    async execProtocolRawStream(message, { onRawData }) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const text = new TextDecoder().decode(message);
      ran.push(text);
      if (text.endsWith("BEGIN")) inTransaction = true;
      if (text.endsWith("COMMIT")) inTransaction = false;
      // Sync or a simple query ends with ReadyForQuery; Parse, Bind and Execute answer without it.
      if (text.includes("Sync") || text.includes("Query")) onRawData(readyFor(inTransaction ? "T" : "I"));
      else onRawData(bytes("1"));
    },
    execProtocolRawSync(message) {
      ran.push(`(sync ${message[0] === 0x53})`);
      return readyFor("I");
    },
    isInTransaction: () => inTransaction,
    async exec(query) {
      ran.push(`(${query})`);
      inTransaction = false;
    },
  };
  return { engine, ran };
}

/** A connection's messages, each sent when the one before it is answered (as pglite-socket's handler does). */
async function send(queue: ConversationQueue, handlerId: number, messages: string[]) {
  for (const message of messages) await queue.enqueue(handlerId, bytes(message), () => {});
}

const query = (who: string) => [`${who} Parse`, `${who} Bind`, `${who} Execute`, `${who} Sync`];

describe("the embedded engine's turns", () => {
  it("runs each connection's query whole, Parse to Sync, whatever comes in between", async () => {
    const { engine, ran } = anEngine();
    const queue = new ConversationQueue(engine);
    await Promise.all([send(queue, 1, query("A")), send(queue, 2, query("B")), send(queue, 3, query("C"))]);
    expect(ran).toEqual([...query("A"), ...query("B"), ...query("C")]);
  });

  it("gives a transaction the session until it ends", async () => {
    const { engine, ran } = anEngine();
    const queue = new ConversationQueue(engine);
    const transaction = ["A Query BEGIN", ...query("A"), "A Query COMMIT"];
    const first = send(queue, 1, transaction.slice(0, 1));
    const other = send(queue, 2, query("B"));
    await first;
    await send(queue, 1, transaction.slice(1));
    await other;
    expect(ran).toEqual([...transaction, ...query("B")]);
  });

  it("does not run a goodbye on the shared session, and undoes what a connection gone mid-way left open", async () => {
    const { engine, ran } = anEngine();
    const queue = new ConversationQueue(engine);
    await send(queue, 1, ["A Query BEGIN", "A Parse", "X"]);
    const waiting = send(queue, 2, query("B"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // B waits for A's transaction: A's socket closes, and its transaction is rolled back.
    expect(ran).toEqual(["A Query BEGIN", "A Parse"]);
    await queue.clearTransactionIfNeeded(1);
    await waiting;
    expect(ran).toEqual(["A Query BEGIN", "A Parse", "(ROLLBACK)", ...query("B")]);

    // Gone mid-query outside a transaction: a Sync ends it.
    await send(queue, 3, ["C Parse"]);
    await queue.clearTransactionIfNeeded(3);
    expect(ran.at(-1)).toBe("(sync true)");
    await send(queue, 4, query("D"));
    expect(ran.slice(-4)).toEqual(query("D"));
  });
});
