// What the database tells every instance (PostgreSQL's LISTEN and NOTIFY): a trigger names the
// flow whose order has just left "pending" or "processing" (migration 0019), so a second press
// of COMPLETE PURCHASE that waits on another instance than the first reads the order once it
// is settled, instead of every 150 ms (in a burst of double clicks, hundreds of reads a
// second). One listening connection per process, made at start (`open`) or else at the first
// wait; a notice is a hint
// to read again, never the answer itself, so a lost connection or a missed notice costs only
// the wait's fallback interval. A caller that read before it listened names when it read: a
// notice heard since then (kept a few seconds), or a connection that was not yet listening
// then, wakes its first wait at once.
import type { Client, Notification } from "pg";

/** The one thing told so far: the flow (its uuid) whose order was just settled. */
const channel = "order_settled";

/** A wait for notices about one key: `next` resolves true on a notice, false after `ms`. */
export interface NoticeWait {
  next(ms: number): Promise<boolean>;
  stop(): void;
}

export interface Notices {
  /** Whether notices are sent at all: where they are not, a wait is only its interval. */
  readonly told: boolean;
  /**
   * Listens for the flow's order from now on, so a notice sent while the caller reads is not
   * missed. `since` (performance.now()): the caller read the order before listening, at that
   * time; a notice told since then, or any it may have missed, wakes the first wait at once.
   */
  listen(responderUuid: string, since?: number): Promise<NoticeWait>;
  /** Starts listening now rather than at the first wait (the server's start). */
  open(): Promise<void>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms));

/** Where nothing is told (the embedded engine: one process): each wait is its interval. */
export const noNotices: Notices = {
  told: false,
  listen: async () => ({ next: pause, stop: () => {} }),
  open: async () => {},
  close: async () => {},
};

/** A key's waiters: a notice that came while nobody waited is kept for the next `next`. */
class Waiter implements NoticeWait {
  noticed = false;
  private wake: (() => void) | undefined;

  constructor(private readonly stopped: (waiter: Waiter) => void) {}

  notice() {
    this.noticed = true;
    this.wake?.();
  }

  next(ms: number): Promise<boolean> {
    if (this.noticed) {
      this.noticed = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(false);
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        this.noticed = false;
        resolve(true);
      };
    });
  }

  stop() {
    this.wake?.();
    this.stopped(this);
  }
}

/** How long a notice is kept for a caller that read before it listened. */
const keptNoticeMs = 5_000;
/** At most this many kept: a burst's flows, not an unbounded list. */
const keptNoticesAtMost = 10_000;

/** Notices over one connection of its own to `connect()`'s server. */
export function listeningNotices(connect: () => Promise<Client>, onLost: (error: unknown) => void): Notices {
  const waiters = new Map<string, Set<Waiter>>();
  /** When each key was last told (performance.now()), oldest first. */
  const told = new Map<string, number>();
  let listening: Promise<Client> | undefined;
  /** Since when the current connection has listened; undefined while none does. */
  let listeningSince: number | undefined;
  let closed = false;

  function keep(key: string, at: number) {
    told.delete(key);
    told.set(key, at);
    for (const [oldest, when] of told) {
      if (told.size <= keptNoticesAtMost && when >= at - keptNoticeMs) break;
      told.delete(oldest);
    }
  }

  function lost(error: unknown) {
    listening = undefined;
    listeningSince = undefined;
    onLost(error);
    // Whoever waits reads again now rather than at its interval.
    for (const set of waiters.values()) for (const waiter of set) waiter.notice();
  }

  function connection(): Promise<Client> {
    listening ??= (async () => {
      const client = await connect();
      client.on("notification", (message: Notification) => {
        if (message.channel !== channel) return;
        const key = message.payload ?? "";
        keep(key, performance.now());
        for (const waiter of waiters.get(key) ?? []) waiter.notice();
      });
      client.on("error", (error) => {
        lost(error);
        client.end().catch(() => {});
      });
      client.on("end", () => {
        if (!closed) lost(new Error("the listening connection ended"));
      });
      await client.query(`listen ${channel}`);
      listeningSince = performance.now();
      return client;
    })().catch((error) => {
      listening = undefined;
      throw error;
    });
    return listening;
  }

  return {
    told: true,
    async listen(responderUuid, since) {
      const waiter = new Waiter((gone) => {
        const set = waiters.get(responderUuid);
        set?.delete(gone);
        if (set?.size === 0) waiters.delete(responderUuid);
      });
      const set = waiters.get(responderUuid) ?? new Set();
      set.add(waiter);
      waiters.set(responderUuid, set);
      try {
        await connection();
      } catch (error) {
        // Without the connection the wait is its interval, as on the embedded engine.
        onLost(error);
      }
      if (since !== undefined) {
        const missable = listeningSince === undefined || listeningSince > since;
        if (missable || (told.get(responderUuid) ?? -Infinity) >= since) waiter.noticed = true;
      }
      return waiter;
    },
    async open() {
      try {
        await connection();
      } catch (error) {
        onLost(error);
      }
    },
    async close() {
      closed = true;
      const client = await listening?.catch(() => undefined);
      listening = undefined;
      await client?.end().catch(() => {});
    },
  };
}
