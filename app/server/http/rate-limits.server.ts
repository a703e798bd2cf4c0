// Rate limits: fixed-window counters kept in the database, so that a limit holds however many
// app instances share it. A counter is one row per limit, key and window; each hit is a single
// atomic upsert. Keys are keyed hashes, so no address or id is ever stored in clear.
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
  /**
   * Hits a window allows one client address, shared by everyone behind it (an office, a mobile
   * carrier's NAT); `limit` when not given.
   */
  addressLimit?: number;
  /**
   * Hits a window allows, all together, the requests with nothing to tell them apart: no
   * session, no flow, no address we can count (this machine, a private network, a proxy not
   * trusted to name the client). One shared bucket; `addressLimit` (else `limit`) when not given.
   */
  unaddressedLimit?: number;
  /**
   * Each hit sends an email. Without an address we can count, every hit then counts in the
   * shared bucket too, whatever its own key: new emails and new flows cost a script nothing,
   * so a key of its choosing alone would let it send as many as it likes.
   */
  sendsEmail?: true;
  /** The setting that caps this limit's hits a minute across everyone, whatever their keys. */
  ceilingPerMinute?: CeilingSetting;
  windowMs: number;
}

/**
 * The limits, generous for a person and tight for a script. A whole funnel, from /welcome to
 * COMPLETE PURCHASE, is about 20 posts, a few of them again after a typo.
 */
export const rateLimits = {
  /**
   * Promo codes checked against the provider: guessing codes is slow. She checks hers from her
   * session; only a script checks without one.
   */
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
   * Every form post of the funnel (COMPLETE PURCHASE too, counted before the card is tried)
   * and the JSON routes that write: three whole funnels in ten minutes for one visitor;
   * fifteen for everyone behind one address. Without a session (her first answer at
   * /welcome) and without an address we can count: a new visitor a second, all together.
   */
  stepPost: { bucket: "step-post", limit: 60, addressLimit: 300, unaddressedLimit: 600, windowMs: 10 * 60_000 },
  /** Emails left on the social proof page (each is sent on to the provider): typos allowed, spam not. */
  emailCapture: { bucket: "email-capture", limit: 10, addressLimit: 50, windowMs: 60 * 60_000 },
  /**
   * Secure links opened (?st= or ?token=): she opens hers once or twice; guessing is slow. A
   * new visitor arriving by her link has no session yet: 20 a minute, all together, when we
   * cannot count their addresses.
   */
  tokenRead: { bucket: "token-read", limit: 10, addressLimit: 50, unaddressedLimit: 200, windowMs: 10 * 60_000 },
  /**
   * Her link asked for again by email (/subscription): each sends an email, so a few an hour
   * for one address or one email, and no way to flood her inbox.
   */
  linkRequest: { bucket: "link-request", limit: 5, addressLimit: 20, unaddressedLimit: 50, sendsEmail: true, windowMs: 60 * 60_000 },
  /** Her plan emailed to her doctor: each sends an email to an address she types. */
  doctorEmail: { bucket: "doctor-email", limit: 5, addressLimit: 20, unaddressedLimit: 50, sendsEmail: true, windowMs: 60 * 60_000 },
  /**
   * The owner's sign-in, counted on every try (there is no session to count yet): one client
   * address. Clients whose address we cannot tell apart (this machine, a private network, a
   * proxy we do not trust) are all in one bucket: a guessing script behind such a proxy is
   * slowed too, and one typo of the owner's does not lock her out.
   */
  consoleSignIn: { bucket: "owner-sign-in", limit: 10, unaddressedLimit: 50, windowMs: 15 * 60_000 },
  /**
   * The current password checked on "Change your password", counted per person whatever the
   * browser or address: a stolen console session may guess it ten times a quarter hour, and
   * each check's scrypt is bounded with it.
   */
  ownPasswordCheck: { bucket: "own-password-check", limit: 10, windowMs: 15 * 60_000 },
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

/** The one counter of everyone we cannot tell apart (rateLimitKeys). */
const unaddressedKey = "unaddressed";

/** The hits a window allows on this key: an address key has the address limit; the shared bucket its own. */
function allowedHits(limit: RateLimit, key: string): number {
  if (key === unaddressedKey) return limit.unaddressedLimit ?? limit.addressLimit ?? limit.limit;
  return key.startsWith("address:") ? (limit.addressLimit ?? limit.limit) : limit.limit;
}

// Every post counts a hit: the statement is built once (db/prepared.server.ts).
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

/** Whether the window's hits, this one included, are within the key's limit. */
function hitAnswer(limit: RateLimit, key: string, hits: number, now: Date): RateLimitAnswer {
  const window = windowOf(limit, now);
  const allowed = hits <= allowedHits(limit, key);
  return { allowed, retryAfterSeconds: allowed ? 0 : window.retryAfterSeconds };
}

/** Counts one hit on the key; allowed while the window's hits (this one included) are within the limit. */
export async function hitRateLimit(limit: RateLimit, key: string, now: Date = new Date()): Promise<RateLimitAnswer> {
  const [row] = await prepared(await database(), hitStatement).execute({
    bucket: limit.bucket,
    key,
    windowStart: windowOf(limit, now).start,
  });
  return hitAnswer(limit, key, row?.hits ?? 0, now);
}

/**
 * Reads the key's count without adding to it: would one more hit be allowed? For limits
 * counted on failures ("has she already failed 5 payments?").
 */
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

/** The read of `count` counters at once, one statement for each count, built once. */
const counterReads: ((db: Database) => ReturnType<typeof counterRead>)[] = [];
function counterRead(db: Database, count: number) {
  return db
    .select(counterColumns)
    .from(rateLimitCounters)
    .where(countersNamed(count))
    .prepare(statementName(db, `rate_limit_peek_${count}`));
}

/**
 * A hit and the read of `count` other counters in one statement: the hit's row always comes
 * back, beside each counter read (none: one row, its counter's columns null).
 */
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

/** The counters' placeholders' values, each counter in its window now. */
function counterValues(counters: [RateLimit, string][], now: Date): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  counters.forEach(([limit, key], i) => {
    values[`bucket${i}`] = limit.bucket;
    values[`key${i}`] = key;
    values[`windowStart${i}`] = windowOf(limit, now).start;
  });
  return values;
}

/** Each counter read answered as peekRateLimit would: would one more hit be allowed? */
function peekAnswers(counters: [RateLimit, string][], rows: CounterRow[], now: Date): RateLimitAnswer[] {
  return counters.map(([limit, key]) => {
    const window = windowOf(limit, now);
    const row = rows.find((r) => r.bucket === limit.bucket && r.key === key && r.windowStart?.getTime() === window.start.getTime());
    const allowed = (row?.hits ?? 0) < allowedHits(limit, key);
    return { allowed, retryAfterSeconds: allowed ? 0 : window.retryAfterSeconds };
  });
}

/** Several counts read at once (one statement), each answered as peekRateLimit would. */
async function peekRateLimits(counters: [RateLimit, string][], now: Date = new Date()): Promise<RateLimitAnswer[]> {
  const count = counters.length;
  const read = (counterReads[count] ??= (db) => counterRead(db, count));
  const rows = await prepared(await database(), read).execute(counterValues(counters, now));
  return peekAnswers(counters, rows, now);
}

/** The seconds to wait for the first answer that holds, else 0. */
const waitOf = (answers: RateLimitAnswer[]) => answers.find((answer) => !answer.allowed)?.retryAfterSeconds ?? 0;

/**
 * A value hashed for a counter key: HMAC-SHA256 under the session secret, base64url. Keyed,
 * because a bare SHA-256 of an IPv4 address is undone by trying all 2^32 of them.
 */
const hashed = keyedHash;

let noticeSharedPeer: (() => void) | undefined;

/**
 * The client our server saw, as a limit counts her: an IPv4 address, or the /64 of an IPv6
 * one (app/funnel/client-address.ts). Undefined for this machine and private networks: such
 * a request came through a proxy in front of us that is not trusted to name the client
 * (TRUST_PROXY unset), or from a local client (the tests, the benchmark), and counting that
 * address would put everyone behind the proxy into one bucket of the visitor's size. Her
 * session still counts her; without one she is in the shared bucket (rateLimitKeys).
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
 * Who a limit counts as one visitor: her session; a client without one that has shown it may
 * act for a flow (a bearer token), that flow; otherwise her address, so visitors without a
 * cookie (her first post, a script) are counted apart, never in one shared bucket. Undefined
 * when none is known: then only her address could count her, and it is not known either, so
 * she is counted in the bucket of everyone we cannot tell apart (rateLimitKeys).
 */
export function visitorRateKey(visitor: { session: { id: string } }, request: Request, authorisedFlow?: string): string | undefined {
  if (visitor.session.id) return `session:${visitor.session.id}`;
  if (authorisedFlow) return `flow:${authorisedFlow}`;
  const address = countedClientAddress(request);
  return address ? `address:${address}` : undefined;
}

/**
 * The keys a request is counted under: the visitor ("visitor:" + hash) when known, and her
 * address ("address:" + hash) when our server saw one that stands for her. With neither, the
 * one shared bucket ("unaddressed") of everyone we cannot tell apart: never no limit at all.
 * A limit is reached when any of them reaches it.
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

/** The one counter of a limit's site-wide ceiling: a minute's hits of everyone. */
const everyoneKey = "everyone";

function ceilingOf(limit: RateLimit, settings: Settings = config()): RateLimit | undefined {
  if (!limit.ceilingPerMinute) return undefined;
  return { bucket: `${limit.bucket}-ceiling`, limit: settings[limit.ceilingPerMinute], windowMs: 60_000 };
}

/** The counters a limit counts this request in: rateLimitKeys, and RateLimit.sendsEmail; its ceiling last. */
function countersOf(limit: RateLimit, request: Request, visitorKey: string | undefined): [RateLimit, string][] {
  const keys = rateLimitKeys(request, visitorKey);
  if (limit.sendsEmail && !keys.includes(unaddressedKey) && !countedClientAddress(request)) keys.push(unaddressedKey);
  const counters: [RateLimit, string][] = keys.map((key) => [limit, key]);
  const ceiling = ceilingOf(limit);
  if (ceiling) counters.push([ceiling, everyoneKey]);
  return counters;
}

/** Hits each counter in order, stopping at the first that holds: its seconds to wait, else 0. */
async function hitInOrder(counters: [RateLimit, string][]): Promise<number> {
  for (const [counter, key] of counters) {
    const answer = await hitRateLimit(counter, key);
    if (!answer.allowed) return answer.retryAfterSeconds;
  }
  return 0;
}

/**
 * Seconds to wait when a limit holds for this visitor key, her address (or the shared bucket:
 * rateLimitKeys, and RateLimit.sendsEmail) or the site-wide ceiling; 0 when allowed. `count`
 * adds a hit; without it the count is only read (limits counted on failures). The ceiling
 * comes last, so that a hit her own limit refused does not use up everyone else's.
 */
export async function rateLimitWait(limit: RateLimit, request: Request, visitorKey: string | undefined, count: boolean): Promise<number> {
  const counters = countersOf(limit, request, visitorKey);
  return count ? hitInOrder(counters) : waitOf(await peekRateLimits(counters));
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

/**
 * countStepPost, and the read of `peek`'s counters for the same visitor as rateLimitWait reads
 * them (`count` false): the step post's first hit and that read are one statement. COMPLETE
 * PURCHASE asks both of every press (the step post, then "has she failed too many payments?").
 * `peekWait` is 0 when the step post is refused: the post goes no further.
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

/**
 * Removes counters whose window ended before the longest limit's window could still count (a
 * ceiling's minute is shorter): all of them, or at most `limit` (a prune's batch). How many went.
 */
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
