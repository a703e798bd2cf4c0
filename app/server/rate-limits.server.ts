// Rate limits: fixed-window counters kept in the database, so that a limit holds however many
// app instances share it. A counter is one row per limit, key and window; each hit is a single
// atomic upsert. Keys are keyed hashes, so no address or id is ever stored in clear.
import { createHmac } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { and, eq, lt, sql } from "drizzle-orm";
import { database } from "./db/client.server";
import { rateLimitCounters } from "./db/schema.server";
import { clientAddressOf } from "./http/client-address.server";
import { sessionSecret } from "./session-secret.server";

export interface RateLimit {
  bucket: string;
  /** Hits a window allows one visitor (her session, or without one her address). */
  limit: number;
  /**
   * Hits a window allows one client address, shared by everyone behind it (an office, a mobile
   * carrier's NAT); `limit` when not given.
   */
  addressLimit?: number;
  windowMs: number;
}

/**
 * The limits, generous for a person and tight for a script. A whole funnel, from /welcome to
 * COMPLETE PURCHASE, is about 20 posts, a few of them again after a typo.
 */
export const rateLimits = {
  /** Promo codes checked against the provider: guessing codes is slow. */
  promoCheck: { bucket: "promo-check", limit: 10, windowMs: 10 * 60_000 },
  /** Declined or failed payments: card testing is slow. */
  paymentFailure: { bucket: "payment-failure", limit: 5, windowMs: 60 * 60_000 },
  /**
   * Every form post of the funnel (COMPLETE PURCHASE too, counted before the card is tried)
   * and the JSON routes that write: three whole funnels in ten minutes for one visitor;
   * fifteen for everyone behind one address.
   */
  stepPost: { bucket: "step-post", limit: 60, addressLimit: 300, windowMs: 10 * 60_000 },
  /** Emails left on the social proof page (each is sent on to the provider): typos allowed, spam not. */
  emailCapture: { bucket: "email-capture", limit: 10, addressLimit: 50, windowMs: 60 * 60_000 },
  /** Secure links opened (?st= or ?token=): she opens hers once or twice; guessing is slow. */
  tokenRead: { bucket: "token-read", limit: 10, addressLimit: 50, windowMs: 10 * 60_000 },
  /**
   * Her link asked for again by email (/subscription): each sends an email, so a few an hour
   * for one address or one email, and no way to flood her inbox.
   */
  linkRequest: { bucket: "link-request", limit: 5, addressLimit: 20, windowMs: 60 * 60_000 },
  /** Her plan emailed to her doctor: each sends an email to an address she types. */
  doctorEmail: { bucket: "doctor-email", limit: 5, addressLimit: 20, windowMs: 60 * 60_000 },
  /** The owner's sign-in, counted on every try (there is no session to count yet): one client address. */
  ownerSignIn: { bucket: "owner-sign-in", limit: 10, windowMs: 15 * 60_000 },
  /**
   * The owner's sign-in from clients whose address we cannot tell apart (this machine, a
   * private network, a proxy we do not trust), all in one bucket: a guessing script behind
   * such a proxy is slowed too, and one typo of the owner's does not lock her out.
   */
  ownerSignInUnaddressed: { bucket: "owner-sign-in-unaddressed", limit: 50, windowMs: 15 * 60_000 },
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

/** The hits a window allows on this key: an address key has the address limit. */
function allowedHits(limit: RateLimit, key: string): number {
  return key.startsWith("address:") ? (limit.addressLimit ?? limit.limit) : limit.limit;
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
  const allowed = (row?.hits ?? 0) <= allowedHits(limit, key);
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
  const allowed = (row?.hits ?? 0) < allowedHits(limit, key);
  return { allowed, retryAfterSeconds: allowed ? 0 : window.retryAfterSeconds };
}

/**
 * A value hashed for a counter key: HMAC-SHA256 under the session secret, base64url. Keyed,
 * because a bare SHA-256 of an IPv4 address is undone by trying all 2^32 of them.
 */
function hashed(value: string): string {
  return createHmac("sha256", sessionSecret()).update(value).digest("base64url");
}

/**
 * Addresses that never stand for one visitor: this machine and private networks. A request
 * from one came through a proxy in front of us that is not trusted to name the client
 * (TRUST_PROXY unset), or from a local client (the tests, the benchmark). Counting such an
 * address would put everyone behind that proxy into one bucket, so it is not counted; her
 * session still is.
 */
const sharedAddresses = new BlockList();
sharedAddresses.addSubnet("127.0.0.0", 8, "ipv4");
sharedAddresses.addSubnet("10.0.0.0", 8, "ipv4");
sharedAddresses.addSubnet("172.16.0.0", 12, "ipv4");
sharedAddresses.addSubnet("192.168.0.0", 16, "ipv4");
sharedAddresses.addSubnet("169.254.0.0", 16, "ipv4");
sharedAddresses.addAddress("::1", "ipv6");
sharedAddresses.addSubnet("fc00::", 7, "ipv6");
sharedAddresses.addSubnet("fe80::", 10, "ipv6");

function isSharedAddress(address: string): boolean {
  // An IPv4 address as a dual-stack socket names it: ::ffff:127.0.0.1.
  const plain = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1] ?? address;
  const family = isIP(plain);
  return family !== 0 && sharedAddresses.check(plain, family === 4 ? "ipv4" : "ipv6");
}

/** The client's address, when our server saw one that stands for her (see sharedAddresses). */
export function countedClientAddress(request: Request): string | undefined {
  const address = clientAddressOf(request);
  return address && !isSharedAddress(address) ? address : undefined;
}

/**
 * Who a limit counts as one visitor: her session; a client without one that has shown it may
 * act for a flow (a bearer token), that flow; otherwise her address, so visitors without a
 * cookie (her first post, a script) are counted apart, never in one shared bucket. Undefined
 * when none is known: then only her address could count her, and it is not known either.
 */
export function visitorRateKey(visitor: { session: { id: string } }, request: Request, authorisedFlow?: string): string | undefined {
  if (visitor.session.id) return `session:${visitor.session.id}`;
  if (authorisedFlow) return `flow:${authorisedFlow}`;
  const address = countedClientAddress(request);
  return address ? `address:${address}` : undefined;
}

/**
 * The keys a request is counted under: the visitor ("visitor:" + hash) when known, and her
 * address ("address:" + hash) when our server saw one that stands for her. A limit is reached
 * when any of them reaches it.
 */
export function rateLimitKeys(request: Request, visitorKey: string | undefined): string[] {
  const keys = visitorKey ? [`visitor:${hashed(visitorKey)}`] : [];
  const address = countedClientAddress(request);
  if (address) keys.push(`address:${hashed(address)}`);
  return keys;
}

/**
 * Seconds to wait when a limit holds for this visitor key or for her address; 0 when allowed.
 * `count` adds a hit; without it the count is only read (limits counted on failures).
 */
export async function rateLimitWait(limit: RateLimit, request: Request, visitorKey: string | undefined, count: boolean): Promise<number> {
  for (const key of rateLimitKeys(request, visitorKey)) {
    const answer = count ? await hitRateLimit(limit, key) : await peekRateLimit(limit, key);
    if (!answer.allowed) return answer.retryAfterSeconds;
  }
  return 0;
}

/** Counts one hit of each limit, in order; the seconds to wait when one of them holds, else 0. */
export async function countHit(request: Request, visitorKey: string | undefined, ...limits: RateLimit[]): Promise<number> {
  for (const limit of limits) {
    const wait = await rateLimitWait(limit, request, visitorKey, true);
    if (wait > 0) return wait;
  }
  return 0;
}

/**
 * The one step-post counter: every post that writes (each form step, COMPLETE PURCHASE and
 * apply-promo before anything is tried, the JSON saves) counts one hit of rateLimits.stepPost,
 * and of any tighter limit of its own. The seconds to wait when one holds, else 0. A client
 * without a session that acts for a flow by a bearer token is counted by that flow.
 */
export function countStepPost(
  request: Request,
  visitor: { session: { id: string } },
  options: { authorisedFlow?: string; alsoCounts?: RateLimit[] } = {},
): Promise<number> {
  const visitorKey = visitorRateKey(visitor, request, options.authorisedFlow);
  return countHit(request, visitorKey, rateLimits.stepPost, ...(options.alsoCounts ?? []));
}

/** Removes counters whose window ended before the longest limit's window could still count. */
export async function deleteOldRateLimitCounters(now: Date = new Date()): Promise<void> {
  const longestWindowMs = Math.max(...Object.values(rateLimits).map((limit) => limit.windowMs));
  const db = await database();
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - longestWindowMs)));
}
