// PostgreSQL's LISTEN and NOTIFY: a trigger names the flow whose order just left "pending" or
// "processing", with the order (migrations 0019, 0022), so a second press waiting on another
// instance answers once it is settled instead of reading every 150 ms (hundreds of reads a second
// in a burst). One listening connection a process. What a notice tells is used only where whole
// (decision 0036), else the caller reads, so a lost notice costs only the fallback interval. A
// caller that read before listening names when: a notice since then, or a connection not yet
// listening then, wakes its first wait at once.
import type { Client, Notification } from "pg";
import { z } from "zod";

/** The flow whose order was just settled. */
const channel = "order_settled";

export interface SettledOrder {
  status: "requires_action" | "authorised" | "declined" | "failed";
  attemptKey: string | null;
  gateway: "sandbox" | "stripe";
  paymentReference: string | null;
  redirectUrl: string | null;
  redirectType: "appointment" | "activation" | "login" | "other" | null;
  failureMessage: string | null;
}

/** `next`: true on a notice, false after `ms`; then `told` is the order if the notice told it. */
export interface NoticeWait {
  next(ms: number): Promise<boolean>;
  readonly told: SettledOrder | undefined;
  stop(): void;
}

export interface Notices {
  /** Where none are sent, a wait is only its interval. */
  readonly told: boolean;
  /** From now on, so a notice sent while the caller reads is not missed (`since`: see the module's note). */
  listen(responderUuid: string, since?: number): Promise<NoticeWait>;
  /** At the server's start rather than the first wait. */
  open(): Promise<void>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms));

/** The embedded engine: one process. */
export const noNotices: Notices = {
  told: false,
  listen: async () => ({ next: pause, told: undefined, stop: () => {} }),
  open: async () => {},
  close: async () => {},
};

const nullable = <T extends z.ZodType>(type: T) => type.nullable().default(null);

/** The order cut to the flow when too long. */
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

/** A flow-only payload (before migration 0022) or an order this code cannot read: the waiter reads it. */
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

/** A notice that came while nobody waited is kept for the next `next`. */
class Waiter implements NoticeWait {
  noticed = false;
  told: SettledOrder | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly stopped: (waiter: Waiter) => void) {}

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

const keptNoticeMs = 5_000;
/** A burst's flows, not an unbounded list. */
const keptNoticesAtMost = 10_000;

export function listeningNotices(connect: () => Promise<Client>, onLost: (error: unknown) => void): Notices {
  const waiters = new Map<string, Set<Waiter>>();
  /** performance.now(), oldest first. */
  const told = new Map<string, number>();
  let listening: Promise<Client> | undefined;
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
