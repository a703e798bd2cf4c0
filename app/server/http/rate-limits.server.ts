// Fixed-window rate limits counted in the database, so a limit holds across instances: one
// row per limit, key and window, one atomic upsert a hit, keys HMAC-hashed (no address in clear).
import { and, eq, lt, or, sql } from "drizzle-orm";
import { clientOfAddress } from "../../funnel/client-address";
import { config, type Settings } from "../config.server";
import { database, type Database } from "../db/client.server";
import { prepared, statementName } from "../db/prepared.server";
import { rateLimitCounters } from "../db/schema.server";
import { clientAddressOf, trustProxy } from "./client-address.server";
import { untrustedProxyWatch } from "./untrusted-proxy.server";
import { log } from "../log.server";
import { keyedHash } from "../secrets/signed-link.server";

/** The settings that hold a site-wide ceiling, in hits a minute. */
type CeilingSetting = "PAYMENT_FAILURE_CEILING_PER_MINUTE" | "PROMO_CHECK_CEILING_PER_MINUTE";

export interface RateLimit {
  bucket: string;
  /** Hits a window allows one visitor (her session, or without one her address). */
  limit: number;
  /** Hits a window allows one client address, shared by everyone behind it (an office, a carrier's NAT). */
  addressLimit?: number;
  /**
   * The one shared bucket of requests we cannot tell apart (no session, flow or countable
   * address: this machine, a private network, an untrusted proxy).
   */
  unaddressedLimit?: number;
  /**
   * Each hit sends an email. Without a countable address every hit also counts in the shared
   * bucket: new emails and flows cost a script nothing, so its own key alone would not limit it.
   */
  sendsEmail?: true;
  /** The setting that caps this limit's hits a minute across everyone, whatever their keys. */
  ceilingPerMinute?: CeilingSetting;
  windowMs: number;
}

/** Generous for a person, tight for a script: a whole funnel is about 20 posts. */
export const rateLimits = {
  /** Promo codes checked against the provider: guessing is slow; only a script checks without a session. */
  promoCheck: {
    bucket: "promo-check",
    limit: 10,
    unaddressedLimit: 50,
    ceilingPerMinute: "PROMO_CHECK_CEILING_PER_MINUTE",
    windowMs: 10 * 60_000,
  },
  /** Declined or failed payments: card testing is slow, however many sessions it makes. */
  paymentFailure: {
    bucket: "payment-failure",
    limit: 5,
    unaddressedLimit: 20,
    ceilingPerMinute: "PAYMENT_FAILURE_CEILING_PER_MINUTE",
    windowMs: 60 * 60_000,
  },
  /**
   * Every funnel form post (COMPLETE PURCHASE counted before the card is tried) and JSON write:
   * three whole funnels in ten minutes a visitor, fifteen an address, a new visitor a second all
   * together when neither session nor address counts.
   */
  stepPost: { bucket: "step-post", limit: 60, addressLimit: 300, unaddressedLimit: 600, windowMs: 10 * 60_000 },
  /** Emails left on the social proof page (each is sent on to the provider): typos allowed, spam not. */
  emailCapture: { bucket: "email-capture", limit: 10, addressLimit: 50, windowMs: 60 * 60_000 },
  /** Secure links opened (?st= or ?token=): a new visitor by her link has no session yet. */
  tokenRead: { bucket: "token-read", limit: 10, addressLimit: 50, unaddressedLimit: 200, windowMs: 10 * 60_000 },
  /** Her link asked for again by email: each sends one, so her inbox cannot be flooded. */
  linkRequest: { bucket: "link-request", limit: 5, addressLimit: 20, unaddressedLimit: 50, sendsEmail: true, windowMs: 60 * 60_000 },
  /** Her health data asked for by email, by anyone: each may send one, so her inbox cannot be flooded. */
  healthDataRequest: {
    bucket: "health-data-request",
    limit: 5,
    addressLimit: 20,
    unaddressedLimit: 50,
    sendsEmail: true,
    windowMs: 60 * 60_000,
  },
  /** Her plan emailed to her doctor: each sends an email to an address she types. */
  doctorEmail: { bucket: "doctor-email", limit: 5, addressLimit: 20, unaddressedLimit: 50, sendsEmail: true, windowMs: 60 * 60_000 },
  /**
   * The owner's sign-in, counted on every try (no session yet) by address. Unaddressed clients
   * share one bucket: a script behind an untrusted proxy is slowed, and a typo locks no one out.
   */
  consoleSignIn: { bucket: "owner-sign-in", limit: 10, unaddressedLimit: 50, windowMs: 15 * 60_000 },
  /** "Change your password" checks, per person: a stolen session may guess ten times a quarter hour, each scrypt bounded with it. */
  ownPasswordCheck: { bucket: "own-password-check", limit: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;

export interface RateLimitAnswer {
  allowed: boolean;
  /** 0 when allowed. */
  retryAfterSeconds: number;
}

function windowOf(limit: RateLimit, now: Date): { start: Date; retryAfterSeconds: number } {
  const startMs = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((startMs + limit.windowMs - now.getTime()) / 1000));
  return { start: new Date(startMs), retryAfterSeconds };
}

const unaddressedKey = "unaddressed";

/** The hits a window allows on this key: an address key has the address limit; the shared bucket its own. */
function allowedHits(limit: RateLimit, key: string): number {
  if (key === unaddressedKey) return limit.unaddressedLimit ?? limit.addressLimit ?? limit.limit;
  return key.startsWith("address:") ? (limit.addressLimit ?? limit.limit) : limit.limit;
}

// Built once (db/prepared.server.ts): every post counts a hit.
const hitValues = {
  bucket: sql.placeholder("bucket"),
  key: sql.placeholder("key"),
  windowStart: sql.placeholder("windowStart"),
  hits: 1,
};
const hitCounter = (db: Database) =>
  db
    .insert(rateLimitCounters)
    .values(hitValues)
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });

const hitStatement = (db: Database) => hitCounter(db).prepare(statementName(db, "rate_limit_hit"));

function hitAnswer(limit: RateLimit, key: string, hits: number, now: Date): RateLimitAnswer {
  const window = windowOf(limit, now);
  const allowed = hits <= allowedHits(limit, key);
  return { allowed, retryAfterSeconds: allowed ? 0 : window.retryAfterSeconds };
}

/** Counts one hit; allowed while the window's hits, this one included, are within the limit. */
export async function hitRateLimit(limit: RateLimit, key: string, now: Date = new Date()): Promise<RateLimitAnswer> {
  const [row] = await prepared(await database(), hitStatement).execute({
    bucket: limit.bucket,
    key,
    windowStart: windowOf(limit, now).start,
  });
  return hitAnswer(limit, key, row?.hits ?? 0, now);
}

/** Reads without counting, for limits counted on failures ("has she already failed 5 payments?"). */
export async function peekRateLimit(limit: RateLimit, key: string, now: Date = new Date()): Promise<RateLimitAnswer> {
  const [answer] = await peekRateLimits([[limit, key]], now);
  return answer!;
}

/** The condition that picks `count` counters, each named by placeholders ending in its index. */
function countersNamed(count: number) {
  const windowStart = (i: number) => sql.param(sql.placeholder(`windowStart${i}`), rateLimitCounters.windowStart);
  return or(
    ...Array.from({ length: count }, (_, i) =>
      and(
        eq(rateLimitCounters.bucket, sql.placeholder(`bucket${i}`)),
        eq(rateLimitCounters.key, sql.placeholder(`key${i}`)),
        eq(rateLimitCounters.windowStart, windowStart(i)),
      ),
    ),
  );
}

const counterColumns = {
  bucket: rateLimitCounters.bucket,
  key: rateLimitCounters.key,
  windowStart: rateLimitCounters.windowStart,
  hits: rateLimitCounters.hits,
};

/** Built once for each count. */
const counterReads: ((db: Database) => ReturnType<typeof counterRead>)[] = [];
function counterRead(db: Database, count: number) {
  return db
    .select(counterColumns)
    .from(rateLimitCounters)
    .where(countersNamed(count))
    .prepare(statementName(db, `rate_limit_peek_${count}`));
}

/** A hit and `count` counter reads in one statement: the hit's row always comes back. */
const hitAndCounterReads: ((db: Database) => ReturnType<typeof hitAndCounterRead>)[] = [];
function hitAndCounterRead(db: Database, count: number) {
  const hit = db.$with("hit").as(hitCounter(db));
  return db
    .with(hit)
    .select({ hit: hit.hits, ...counterColumns })
    .from(hit)
    .leftJoin(rateLimitCounters, countersNamed(count))
    .prepare(statementName(db, `rate_limit_hit_peek_${count}`));
}

interface CounterRow {
  bucket: string | null;
  key: string | null;
  windowStart: Date | null;
  hits: number | null;
}

function counterValues(counters: [RateLimit, string][], now: Date): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  counters.forEach(([limit, key], i) => {
    values[`bucket${i}`] = limit.bucket;
    values[`key${i}`] = key;
    values[`windowStart${i}`] = windowOf(limit, now).start;
  });
  return values;
}

function peekAnswers(counters: [RateLimit, string][], rows: CounterRow[], now: Date): RateLimitAnswer[] {
  return counters.map(([limit, key]) => {
    const window = windowOf(limit, now);
    const row = rows.find((r) => r.bucket === limit.bucket && r.key === key && r.windowStart?.getTime() === window.start.getTime());
    const allowed = (row?.hits ?? 0) < allowedHits(limit, key);
    return { allowed, retryAfterSeconds: allowed ? 0 : window.retryAfterSeconds };
  });
}

async function peekRateLimits(counters: [RateLimit, string][], now: Date = new Date()): Promise<RateLimitAnswer[]> {
  const count = counters.length;
  const read = (counterReads[count] ??= (db) => counterRead(db, count));
  const rows = await prepared(await database(), read).execute(counterValues(counters, now));
  return peekAnswers(counters, rows, now);
}

const waitOf = (answers: RateLimitAnswer[]) => answers.find((answer) => !answer.allowed)?.retryAfterSeconds ?? 0;

/** Keyed, because a bare SHA-256 of an IPv4 address is undone by trying all 2^32. */
const hashed = keyedHash;

let noticeSharedPeer: (() => void) | undefined;

/**
 * An IPv4 address, or an IPv6 /64. Undefined for this machine and private networks: an
 * untrusted proxy (TRUST_PROXY unset) or a local client, whose address would put everyone
 * behind it in one visitor-sized bucket. Her session still counts her.
 */
export function countedClientAddress(request: Request): string | undefined {
  const address = clientAddressOf(request);
  if (!address) return undefined;
  const client = clientOfAddress(address);
  if (client.kind === "shared") {
    noticeSharedPeer ??= untrustedProxyWatch({ production: config().NODE_ENV === "production", trustProxy }, (message) =>
      log.warn(message),
    );
    noticeSharedPeer();
  }
  return client.kind === "counted" ? client.key : undefined;
}

/**
 * Her session; else the flow a bearer token acts for; else her address, so cookie-less
 * visitors are counted apart. Undefined when none is known: the shared bucket counts her.
 */
export function visitorRateKey(visitor: { session: { id: string } }, request: Request, authorisedFlow?: string): string | undefined {
  if (visitor.session.id) return `session:${visitor.session.id}`;
  if (authorisedFlow) return `flow:${authorisedFlow}`;
  const address = countedClientAddress(request);
  return address ? `address:${address}` : undefined;
}

/**
 * The visitor's key and her address's when known; with neither, the one shared bucket, never
 * no limit at all. A limit is reached when any of them reaches it.
 */
export function rateLimitKeys(request: Request, visitorKey: string | undefined): string[] {
  const keys = visitorKey ? [`visitor:${hashed(visitorKey)}`] : [];
  const address = countedClientAddress(request);
  if (address) keys.push(`address:${hashed(address)}`);
  return keys.length > 0 ? keys : [unaddressedKey];
}

/** Counts one hit of a person of the console (by their staff id); the seconds to wait when the limit holds, else 0. */
export async function countStaffHit(limit: RateLimit, staffId: string): Promise<number> {
  const answer = await hitRateLimit(limit, `staff:${hashed(staffId)}`);
  return answer.allowed ? 0 : answer.retryAfterSeconds;
}

const everyoneKey = "everyone";

function ceilingOf(limit: RateLimit, settings: Settings = config()): RateLimit | undefined {
  if (!limit.ceilingPerMinute) return undefined;
  return { bucket: `${limit.bucket}-ceiling`, limit: settings[limit.ceilingPerMinute], windowMs: 60_000 };
}

/** Its ceiling last, so a hit her own limit refused does not use up everyone else's. */
function countersOf(limit: RateLimit, request: Request, visitorKey: string | undefined): [RateLimit, string][] {
  const keys = rateLimitKeys(request, visitorKey);
  if (limit.sendsEmail && !keys.includes(unaddressedKey) && !countedClientAddress(request)) keys.push(unaddressedKey);
  const counters: [RateLimit, string][] = keys.map((key) => [limit, key]);
  const ceiling = ceilingOf(limit);
  if (ceiling) counters.push([ceiling, everyoneKey]);
  return counters;
}

async function hitInOrder(counters: [RateLimit, string][]): Promise<number> {
  for (const [counter, key] of counters) {
    const answer = await hitRateLimit(counter, key);
    if (!answer.allowed) return answer.retryAfterSeconds;
  }
  return 0;
}

/** Seconds to wait when a limit holds, else 0. Without `count` the counters are only read (limits counted on failures). */
export async function rateLimitWait(limit: RateLimit, request: Request, visitorKey: string | undefined, count: boolean): Promise<number> {
  const counters = countersOf(limit, request, visitorKey);
  return count ? hitInOrder(counters) : waitOf(await peekRateLimits(counters));
}

export async function countHit(request: Request, visitorKey: string | undefined, ...limits: RateLimit[]): Promise<number> {
  for (const limit of limits) {
    const wait = await rateLimitWait(limit, request, visitorKey, true);
    if (wait > 0) return wait;
  }
  return 0;
}

/** Every post that writes counts one step-post hit (and any tighter limit of its own) before anything is tried. */
export function countStepPost(
  request: Request,
  visitor: { session: { id: string } },
  options: { authorisedFlow?: string; alsoCounts?: RateLimit[] } = {},
): Promise<number> {
  const visitorKey = visitorRateKey(visitor, request, options.authorisedFlow);
  return countHit(request, visitorKey, rateLimits.stepPost, ...(options.alsoCounts ?? []));
}

/**
 * countStepPost and the read of `peek`'s counters in one statement (COMPLETE PURCHASE asks
 * both of every press). `peekWait` is 0 when the step post is refused.
 */
export async function countStepPostPeeking(
  request: Request,
  visitor: { session: { id: string } },
  peek: RateLimit,
  now: Date = new Date(),
): Promise<{ wait: number; peekWait: number }> {
  const visitorKey = visitorRateKey(visitor, request);
  const [first, ...more] = countersOf(rateLimits.stepPost, request, visitorKey);
  const peeked = countersOf(peek, request, visitorKey);
  const count = peeked.length;
  const read = (hitAndCounterReads[count] ??= (db) => hitAndCounterRead(db, count));
  const [limit, key] = first!;
  const rows = await prepared(await database(), read).execute({
    bucket: limit.bucket,
    key,
    windowStart: windowOf(limit, now).start,
    ...counterValues(peeked, now),
  });
  const hit = hitAnswer(limit, key, rows[0]?.hit ?? 0, now);
  if (!hit.allowed) return { wait: hit.retryAfterSeconds, peekWait: 0 };
  const wait = await hitInOrder(more);
  return { wait, peekWait: wait > 0 ? 0 : waitOf(peekAnswers(peeked, rows, now)) };
}

/** Only counters no limit's window can still count; at most `limit` (a prune's batch). How many went. */
export async function deleteOldRateLimitCounters(now: Date = new Date(), limit?: number): Promise<number> {
  const longestWindowMs = Math.max(...Object.values(rateLimits).map((limit) => limit.windowMs));
  const db = await database();
  const old = lt(rateLimitCounters.windowStart, new Date(now.getTime() - longestWindowMs));
  const columns = sql`(${rateLimitCounters.bucket}, ${rateLimitCounters.key}, ${rateLimitCounters.windowStart})`;
  const batch =
    limit === undefined
      ? old
      : sql`${columns} in (select ${rateLimitCounters.bucket}, ${rateLimitCounters.key}, ${rateLimitCounters.windowStart} from ${rateLimitCounters} where ${old} limit ${limit} for update skip locked)`;
  const deleted = await db.delete(rateLimitCounters).where(batch).returning({ hits: rateLimitCounters.hits });
  return deleted.length;
}
