// The embedded engine is one Postgres session shared by several connections, and pglite-socket
// keeps a connection's turn only inside a transaction, so another's Parse could land between one
// connection's Bind and Execute. Here a connection holds the session for a whole conversation,
// up to the ReadyForQuery that says it is idle; the others wait in order.
//
// For the engine's time per statement: a conversation's answers are written in one write when
// the client waits for them, and prepared statements are the session's, so another connection's
// Parse of the same name and text is answered without running it (unnamed statements cost four
// fifths of a page read's time in parsing and planning).
//
// It runs in the engine's thread as its own source (`String(ConversationQueue)`), so it names
// nothing outside itself and declares no class fields (a compiler may turn those into helpers).

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
  /** Null when the session is idle. */
  declare private holder: number | null;
  declare private held: Uint8Array[];
  /** By name, what the Parse said after the name. */
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
   * After Parse, Bind, Describe, Execute or Close the client waits for nothing yet; anything else
   * it waits on, as on the end of a conversation.
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

  /** The name, and the rest (text and parameter types) byte for byte. Undefined for any other message. */
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

  /** Rolled back or ended (Sync), so the next connection finds the session idle. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.holder !== handlerId) return;
    this.held = [];
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    else await this.db.runExclusive(async () => this.db.execProtocolRawSync(new Uint8Array([0x53, 0, 0, 0, 4])));
    this.holder = null;
    await this.run();
  }
}
