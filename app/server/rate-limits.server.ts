// Rate limits: fixed-window counters kept in the database, so that a limit holds however many
// app instances share it. A counter is one row per limit, key and window; each hit is a single
// atomic upsert. Keys are keyed hashes, so no address or id is ever stored in clear.
import { createHmac } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { database } from "./db/client.server";
import { rateLimitCounters } from "./db/schema.server";
import { sessionSecret } from "./session-secret.server";

export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

export const rateLimits = {
  /** Promo codes checked against the provider: guessing codes is slow. */
  promoCheck: { bucket: "promo-check", limit: 10, windowMs: 10 * 60_000 },
  /** Declined or failed payments: card testing is slow. */
  paymentFailure: { bucket: "payment-failure", limit: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>;

export interface RateLimitAnswer {
  allowed: boolean;
  /** Seconds until the window ends; 0 when allowed. */
  retryAfterSeconds: number;
}

function windowOf(limit: RateLimit, now: Date): { start: Date; retryAfterSeconds: number } {
  const startMs = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((startMs + limit.windowMs - now.getTime()) / 1000));
  return { start: new Date(startMs), retryAfterSeconds };
}

/** Counts one hit on the key; allowed while the window's hits (this one included) are within the limit. */
export async function hitRateLimit(limit: RateLimit, key: string, now: Date = new Date()): Promise<RateLimitAnswer> {
  const window = windowOf(limit, now);
  const db = await database();
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: limit.bucket, key, windowStart: window.start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  const allowed = (row?.hits ?? 0) <= limit.limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : window.retryAfterSeconds };
}

/**
 * Reads the key's count without adding to it: would one more hit be allowed? For limits
 * counted on failures ("has she already failed 5 payments?").
 */
export async function peekRateLimit(limit: RateLimit, key: string, now: Date = new Date()): Promise<RateLimitAnswer> {
  const window = windowOf(limit, now);
  const db = await database();
  const [row] = await db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.bucket, limit.bucket),
        eq(rateLimitCounters.key, key),
        eq(rateLimitCounters.windowStart, window.start),
      ),
    )
    .limit(1);
  const allowed = (row?.hits ?? 0) < limit.limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : window.retryAfterSeconds };
}

/**
 * A value hashed for a counter key: HMAC-SHA256 under the session secret, base64url. Keyed,
 * because a bare SHA-256 of an IPv4 address is undone by trying all 2^32 of them.
 */
function hashed(value: string): string {
  return createHmac("sha256", sessionSecret()).update(value).digest("base64url");
}

/** The client's address, from the proxy's headers, only when the proxy is trusted to set them. */
function clientAddress(request: Request): string | undefined {
  if (process.env.TRUST_PROXY !== "true") return undefined;
  // The first hop is the client as the proxy in front of us saw it; that proxy must overwrite
  // (not append to) any X-Forwarded-For the client sent, or TRUST_PROXY must stay off.
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  const address = forwarded || request.headers.get("X-Real-IP")?.trim();
  return address && address.length <= 100 ? address.toLowerCase() : undefined;
}

/**
 * The keys a request is counted under: the visitor ("visitor:" + hash), and her address
 * ("address:" + hash) when it is known. A limit is reached when any of them reaches it.
 */
export function rateLimitKeys(request: Request, visitorKey: string): string[] {
  const keys = [`visitor:${hashed(visitorKey)}`];
  const address = clientAddress(request);
  if (address) keys.push(`address:${hashed(address)}`);
  return keys;
}

/** Removes counters whose window ended before the longest limit's window could still count. */
export async function deleteOldRateLimitCounters(now: Date = new Date()): Promise<void> {
  const longestWindowMs = Math.max(...Object.values(rateLimits).map((limit) => limit.windowMs));
  const db = await database();
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - longestWindowMs)));
}
