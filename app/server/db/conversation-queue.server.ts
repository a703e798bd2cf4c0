// The embedded engine's turns (embedded-engine.server.ts). The engine is one Postgres session
// that several connections share. pglite-socket runs each protocol message as it comes, and
// keeps a connection's turn only inside a transaction, so another connection's Parse could land
// between one connection's Bind and Execute. This queue replaces it: a connection has the
// session for a whole conversation, from its first message to the ReadyForQuery that says the
// session is idle again. That covers one query (Parse to Sync) or a whole transaction (BEGIN to
// COMMIT). Others' messages wait in the order they came, and the next conversation starts as
// soon as one ends, without waiting for the server's thread to read the answer.
//
// Two more things happen here, for the engine's time per statement. A query's answers (Parse's,
// Bind's, the rows, ReadyForQuery) are held until its conversation's turn ends or the client
// asks for them (Sync, Flush, a simple query), then written to its socket at once: one write
// instead of one per message. And the session's prepared statements are shared: a statement
// that one connection has prepared under a name is the session's, so another connection's Parse
// of the same name and the same text is answered (ParseComplete) without running it. Without
// this, two connections preparing one name would collide, so statements were sent unnamed, and
// the engine parsed and planned each one again: four fifths of its time for a page's read.
//
// It runs in the engine's thread, whose code is given as text: the class is sent as its own
// source (`String(ConversationQueue)`), so it names nothing outside itself and declares no
// class fields (a compiler may turn those into calls of its own helpers).

/** What the queue needs of PGlite. */
export interface SessionEngine {
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void>;
  execProtocolRawSync(message: Uint8Array): Uint8Array;
  isInTransaction(): boolean;
  exec(query: string): Promise<unknown>;
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (size: number) => void;
  reject: (error: Error) => void;
}

export class ConversationQueue {
  declare private readonly db: SessionEngine;
  declare private queue: QueuedMessage[];
  declare private running: boolean;
  /** The connection whose conversation is under way, or null when the session is idle. */
  declare private holder: number | null;
  /** The holder's answers not yet written to its socket. */
  declare private held: Uint8Array[];
  /** The statements the session has prepared: by name, what the Parse said after the name. */
  declare private statements: Map<string, string>;

  constructor(db: SessionEngine) {
    this.db = db;
    this.queue = [];
    this.running = false;
    this.holder = null;
    this.held = [];
    this.statements = new Map();
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const at = this.holder === null ? 0 : this.queue.findIndex((queued) => queued.handlerId === this.holder);
        // The holder's next message has not come yet: everyone else waits for it.
        if (at === -1) break;
        const [queued] = this.queue.splice(at, 1);
        if (!queued) break;
        // Terminate ('X') ends a connection, not the session the others share: what it left
        // open is undone when its socket closes (clearTransactionIfNeeded).
        if (queued.message[0] === 0x58) {
          queued.resolve(0);
          continue;
        }
        const parse = ConversationQueue.namedParse(queued.message);
        if (parse && this.statements.get(parse.name) === parse.rest) {
          // Prepared already, by this connection before it was replaced or by another: the
          // session has it. ParseComplete ('1', length 4), as the engine would answer.
          this.holder = queued.handlerId;
          this.answer(queued, [new Uint8Array([0x31, 0, 0, 0, 4])]);
          queued.resolve(5);
          continue;
        }
        const answers: Uint8Array[] = [];
        let size = 0;
        let tail = new Uint8Array(0);
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(queued.message, {
              onRawData: (data) => {
                size += data.length;
                const joined = new Uint8Array(tail.length + data.length);
                joined.set(tail);
                joined.set(data, tail.length);
                tail = joined.subarray(Math.max(0, joined.length - 6));
                // A copy: the engine may reuse its buffer for the next message's answer.
                answers.push(data.slice());
              },
            }),
          );
        } catch (error) {
          this.holder = null;
          this.held = [];
          queued.reject(error as Error);
          continue;
        }
        // Kept only once the engine said ParseComplete: a refused Parse prepared nothing.
        if (parse && answers[0]?.[0] === 0x31) this.statements.set(parse.name, parse.rest);
        // ReadyForQuery ('Z', length 5) with the status idle ('I'): the conversation is over.
        const idle = tail.length === 6 && tail[0] === 0x5a && tail[4] === 5 && tail[5] === 0x49;
        this.holder = idle ? null : queued.handlerId;
        this.answer(queued, answers, idle);
        queued.resolve(size);
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Holds a message's answers with the conversation's others, or writes them all at once:
   * after Parse, Bind, Describe, Execute or Close ('P', 'B', 'D', 'E', 'C') the client waits for
   * nothing yet; anything else (Sync, Flush, a simple query, the startup) it waits on, as it does
   * on the end of a conversation.
   */
  private answer(queued: QueuedMessage, answers: Uint8Array[], ended = false): void {
    this.held.push(...answers);
    const type = queued.message[0];
    const waitsForNothing = type === 0x50 || type === 0x42 || type === 0x44 || type === 0x45 || type === 0x43;
    if (waitsForNothing && !ended) return;
    const held = this.held;
    this.held = [];
    if (held.length === 0) return;
    if (held.length === 1) return queued.onData(held[0]!);
    const joined = new Uint8Array(held.reduce((length, part) => length + part.length, 0));
    let at = 0;
    for (const part of held) {
      joined.set(part, at);
      at += part.length;
    }
    queued.onData(joined);
  }

  /**
   * A Parse ('P') that names its statement: the name, and the rest of the message (the text and
   * its parameters' types) as one string, byte for byte. Undefined for any other message.
   */
  static namedParse(message: Uint8Array): { name: string; rest: string } | undefined {
    if (message[0] !== 0x50 || message.length < 6 || message[5] === 0) return undefined;
    const nameEnd = message.indexOf(0, 5);
    if (nameEnd === -1) return undefined;
    const latin1 = (from: number, to: number) => Buffer.from(message.buffer, message.byteOffset + from, to - from).toString("latin1");
    return { name: latin1(5, nameEnd), rest: latin1(nameEnd + 1, message.length) };
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((queued) => {
      if (queued.handlerId !== handlerId) return true;
      queued.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /**
   * A connection gone mid-conversation: its transaction rolled back, or its unfinished query
   * ended (Sync), so the next connection finds the session idle.
   */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.holder !== handlerId) return;
    this.held = [];
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    else await this.db.runExclusive(async () => this.db.execProtocolRawSync(new Uint8Array([0x53, 0, 0, 0, 4])));
    this.holder = null;
    await this.run();
  }
}
