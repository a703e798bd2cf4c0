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

// The protocol's own messages, for the statements the session shares and the answers it holds.
const message = (type: string, body: Uint8Array = new Uint8Array()) => {
  const bytes = new Uint8Array(5 + body.length);
  bytes[0] = type.charCodeAt(0);
  new DataView(bytes.buffer).setInt32(1, 4 + body.length);
  bytes.set(body, 5);
  return bytes;
};
const parse = (name: string, text: string) => message("P", bytes(`${name}\0${text}\0\0\0`));
const [bind, execute, sync] = [message("B", bytes("\0\0")), message("E", bytes("\0\0\0\0\0")), message("S")];

/** An engine that speaks the protocol: a Parse of "bad" SQL is refused; what it ran is recorded by type. */
function aProtocolEngine() {
  const ran: string[] = [];
  let failed = false;
  const engine: SessionEngine = {
    runExclusive: (work) => work(),
    async execProtocolRawStream(sent, { onRawData }) {
      const type = String.fromCharCode(sent[0]!);
      ran.push(type === "P" ? `P ${new TextDecoder().decode(sent.subarray(5)).split("\0")[0]}` : type);
      if (type === "S") {
        failed = false;
        return onRawData(readyFor("I"));
      }
      if (failed) return;
      if (type === "P" && new TextDecoder().decode(sent).includes("bad")) {
        failed = true;
        return onRawData(message("E", bytes("SERROR\0\0")));
      }
      onRawData(message({ P: "1", B: "2", E: "C" }[type] ?? "N"));
    },
    execProtocolRawSync: () => readyFor("I"),
    isInTransaction: () => false,
    exec: async () => undefined,
  };
  return { engine, ran };
}

/** A connection's query, each message sent when the one before is answered; what its socket was written, write by write. */
async function ask(queue: ConversationQueue, handlerId: number, messages: Uint8Array[]) {
  const writes: string[] = [];
  const types = (data: Uint8Array) => {
    const found: string[] = [];
    for (let at = 0; at < data.length; at += 1 + new DataView(data.buffer, data.byteOffset + at + 1).getInt32(0))
      found.push(String.fromCharCode(data[at]!));
    return found.join("");
  };
  for (const sent of messages) await queue.enqueue(handlerId, sent, (data) => writes.push(types(data)));
  return writes;
}

describe("the statements the session shares, and the answers it holds", () => {
  it("answers a Parse of a statement the session holds itself, for any connection, and runs the rest", async () => {
    const { engine, ran } = aProtocolEngine();
    const queue = new ConversationQueue(engine);
    await ask(queue, 1, [parse("page", "select 1"), bind, execute, sync]);
    expect(await ask(queue, 2, [parse("page", "select 1"), bind, execute, sync])).toEqual(["12CZ"]);
    expect(ran).toEqual(["P page", "B", "E", "S", "B", "E", "S"]);
  });

  it("runs a Parse whose name the session holds for another text (the engine refuses it), and an unnamed one every time", async () => {
    const { engine, ran } = aProtocolEngine();
    const queue = new ConversationQueue(engine);
    await ask(queue, 1, [parse("page", "select 1"), sync]);
    await ask(queue, 2, [parse("page", "select 2"), sync]);
    await ask(queue, 1, [parse("", "select 1"), sync]);
    await ask(queue, 1, [parse("", "select 1"), sync]);
    expect(ran.filter((type) => type.startsWith("P"))).toEqual(["P page", "P page", "P ", "P "]);
  });

  it("keeps nothing of a Parse the engine refused: the next one is run", async () => {
    const { engine, ran } = aProtocolEngine();
    const queue = new ConversationQueue(engine);
    expect(await ask(queue, 1, [parse("page", "bad"), bind, sync])).toEqual(["EZ"]);
    await ask(queue, 2, [parse("page", "bad"), sync]);
    expect(ran.filter((type) => type.startsWith("P"))).toEqual(["P page", "P page"]);
  });

  it("writes a query's answers to its socket once, when the client waits for them", async () => {
    const { engine } = aProtocolEngine();
    const queue = new ConversationQueue(engine);
    expect(await ask(queue, 1, [parse("", "select 1"), bind, execute, sync])).toEqual(["12CZ"]);
    // A Flush asks for what is held without ending the query.
    expect(await ask(queue, 1, [parse("", "select 1"), bind, message("H"), execute, sync])).toEqual(["12N", "CZ"]);
  });

  it("reads a Parse's name and the rest of it byte for byte", () => {
    expect(ConversationQueue.namedParse(parse("page", "select $1"))).toEqual({ name: "page", rest: "select $1\0\0\0" });
    expect(ConversationQueue.namedParse(parse("", "select 1"))).toBeUndefined();
    expect(ConversationQueue.namedParse(bind)).toBeUndefined();
  });
});
