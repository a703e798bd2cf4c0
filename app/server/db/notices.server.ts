// What the database tells every instance (PostgreSQL's LISTEN and NOTIFY): a trigger names the
// flow whose order has just left "pending" or "processing", with the order as it left it
// (migrations 0019 and 0022), so a second press of COMPLETE PURCHASE that waits on another
// instance than the first answers once the order is settled, instead of reading it every
// 150 ms (in a burst of double clicks, hundreds of reads a second). One listening connection
// per process, made at start (`open`) or else at the first wait. A notice wakes the wait; what
// it tells of the order is used only where it is whole (decision 0036), and otherwise the
// caller reads the order, so a lost connection or a missed notice costs only the wait's
// fallback interval. A caller that read before it listened names when it read: a notice heard
// since then (kept a few seconds, without what it told), or a connection that was not yet
// listening then, wakes its first wait at once.
import type { Client, Notification } from "pg";
import { z } from "zod";

/** The one thing told so far: the flow (its uuid) whose order was just settled. */
const channel = "order_settled";

/** The order as a notice told it, once settled: what her answer is made of. */
export interface SettledOrder {
  status: "requires_action" | "authorised" | "declined" | "failed";
  attemptKey: string | null;
  gateway: "sandbox" | "stripe";
  paymentReference: string | null;
  redirectUrl: string | null;
  redirectType: "appointment" | "activation" | "login" | "other" | null;
  failureMessage: string | null;
}

/**
 * A wait for notices about one key: `next` resolves true on a notice, false after `ms`; after
 * a true, `told` is the order as that notice told it, when it did.
 */
export interface NoticeWait {
  next(ms: number): Promise<boolean>;
  readonly told: SettledOrder | undefined;
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
  listen: async () => ({ next: pause, told: undefined, stop: () => {} }),
  open: async () => {},
  close: async () => {},
};

const nullable = <T extends z.ZodType>(type: T) => type.nullable().default(null);

/** The trigger's payload: the flow, and the order as it was settled (cut to the flow when too long). */
const noticePayload = z.object({ flow: z.string().max(100), order: z.unknown().optional() });
const settledOrder = z.object({
  status: z.enum(["requires_action", "authorised", "declined", "failed"]),
  attemptKey: nullable(z.string()),
  gateway: z.enum(["sandbox", "stripe"]),
  paymentReference: nullable(z.string()),
  redirectUrl: nullable(z.string()),
  redirectType: nullable(z.enum(["appointment", "activation", "login", "other"])),
  failureMessage: nullable(z.string()),
});

/**
 * A notice's key and what it told: the flow and its order as settled. A payload that is only
 * the flow's uuid (the trigger before migration 0022) names the flow alone, and so does one
 * whose order this code cannot read (a state it does not know): the waiter then reads it.
 */
export function readNotice(payload: string): { key: string; told?: SettledOrder } {
  if (!payload.startsWith("{")) return { key: payload };
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { key: payload };
  }
  const notice = noticePayload.safeParse(parsed);
  if (!notice.success) return { key: payload };
  const order = settledOrder.safeParse(notice.data.order);
  return order.success ? { key: notice.data.flow, told: order.data } : { key: notice.data.flow };
}

/** A key's waiters: a notice that came while nobody waited is kept for the next `next`. */
class Waiter implements NoticeWait {
  noticed = false;
  told: SettledOrder | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly stopped: (waiter: Waiter) => void) {}

  /** Woken: by a notice that told the order (`told`), or by one that did not. */
  notice(told?: SettledOrder) {
    this.noticed = true;
    this.told = told;
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
        this.told = undefined;
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
        const { key, told: settled } = readNotice(message.payload ?? "");
        keep(key, performance.now());
        for (const waiter of waiters.get(key) ?? []) waiter.notice(settled);
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
