// The embedded engine's turns (embedded-engine.server.ts). The engine is one Postgres session
// that several connections share. pglite-socket runs each protocol message as it comes, and
// keeps a connection's turn only inside a transaction, so another connection's Parse could land
// between one connection's Bind and Execute. This queue replaces it: a connection has the
// session for a whole conversation, from its first message to the ReadyForQuery that says the
// session is idle again. That covers one query (Parse to Sync) or a whole transaction (BEGIN to
// COMMIT). Others' messages wait in the order they came, and the next conversation starts as
// soon as one ends, without waiting for the server's thread to read the answer.
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

  constructor(db: SessionEngine) {
    this.db = db;
    this.queue = [];
    this.running = false;
    this.holder = null;
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
                queued.onData(data);
              },
            }),
          );
        } catch (error) {
          this.holder = null;
          queued.reject(error as Error);
          continue;
        }
        // ReadyForQuery ('Z', length 5) with the status idle ('I'): the conversation is over.
        const idle = tail.length === 6 && tail[0] === 0x5a && tail[4] === 5 && tail[5] === 0x49;
        this.holder = idle ? null : queued.handlerId;
        queued.resolve(size);
      }
    } finally {
      this.running = false;
    }
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
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    else await this.db.runExclusive(async () => this.db.execProtocolRawSync(new Uint8Array([0x53, 0, 0, 0, 4])));
    this.holder = null;
    await this.run();
  }
}
