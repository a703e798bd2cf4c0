// How long a statement may wait for one of the pool's connections. Under a burst every
// connection can be busy, and `pg`'s pool would keep a request waiting for one without end:
// its visitor sees a page that never comes, and the requests behind it pile up. Past this wait
// the pool gives up, and the page answers 503 with Retry-After (entry.server.tsx): busy, try
// again in a moment. It is ten times the slowest wait measured in the bench's burst of 200
// presses (about 1.5 s), so only a server that is truly stuck says so.
export const connectionWaitMs = 15_000;

/** How many seconds a visitor turned away for a busy database is asked to wait. */
export const busyRetryAfterSeconds = 5;

// pg-pool's errors when no connection came within its connectionTimeoutMillis: it waited for
// a busy one, or for a new one to open.
const waitedTooLong = new Set(["timeout exceeded when trying to connect", "Connection terminated due to connection timeout"]);

/**
 * Whether an error (or what it was caused by: Drizzle wraps a failed query's error as its
 * `cause`) is the pool's wait for a connection running out.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (waitedTooLong.has(at.message)) return true;
  }
  return false;
}
