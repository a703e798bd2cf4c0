// A signed, HttpOnly, SameSite=Lax cookie carrying only the id of a server-side row: the flows
// this browser owns, the current one, and her tracking params.
import { randomBytes } from "node:crypto";
import { createCookie, createSession, createSessionStorage, type Session } from "@remix-run/node";
import { eq, inArray, lt, or, sql } from "drizzle-orm";
import type { TrackingParams } from "../../funnel/tracking";
import type { Language } from "../../i18n/languages";
import { database, type Database, type Queryable } from "../db/client.server";
import { prepared, statementName } from "../db/prepared.server";
import { visitorSessions } from "../db/schema.server";
import { cookieAttributes } from "../http/cookies.server";
import { sessionSecret } from "./session-secret.server";

export interface VisitorSessionData {
  /** Newest last; the current flow is the last one. */
  ownedResponderUuids?: string[];
  trackingParams?: TrackingParams;
  /** The language she chose (`?lang=`), for the pages of her flow whose address does not say it. */
  language?: Language;
}

export type VisitorSession = Session<VisitorSessionData>;

const sessionLifetimeSeconds = 60 * 60 * 24 * 30;
/** A browser keeps at most this many flows; the oldest are forgotten first. */
const maxOwnedFlows = 20;

/** Its id is what the cookie will carry. */
async function insertSession(data: Partial<VisitorSessionData>, expires?: Date): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await (await database()).insert(visitorSessions).values({
    id,
    data: data as Record<string, unknown>,
    expiresAt: expires ?? new Date(Date.now() + sessionLifetimeSeconds * 1000),
  });
  return id;
}

const sessionById = (db: Database) =>
  db
    .select()
    .from(visitorSessions)
    .where(eq(visitorSessions.id, sql.placeholder("id")))
    .prepare(statementName(db, "visitor_session"));

export interface VisitorSessionRow {
  data: Record<string, unknown>;
  expiresAt: Date;
}

/** None past its end (her cookie's id is kept, as Remix keeps it). */
function sessionOf(id: string, row: VisitorSessionRow | undefined): VisitorSession {
  const live = row && row.expiresAt.getTime() >= Date.now() ? (row.data as VisitorSessionData) : {};
  return createSession<VisitorSessionData>(live, id);
}

async function readSessionRow(id: string): Promise<VisitorSessionRow | undefined> {
  const [row] = await prepared(await database(), sessionById).execute({ id });
  return row;
}

let cookie: ReturnType<typeof createCookie> | undefined;
const sessionCookie = () =>
  (cookie ??= createCookie("__session", cookieAttributes({ path: "/", maxAge: sessionLifetimeSeconds, secret: sessionSecret() })));

let storage: ReturnType<typeof createSessionStorage<VisitorSessionData>> | undefined;

function visitorSessionStore() {
  storage ??= createSessionStorage<VisitorSessionData>({
    cookie: sessionCookie(),
    createData: insertSession,
    // readSession reads her session; the storage only commits and destroys it, but asks for this all the same.
    async readData(id) {
      return sessionOf(id, await readSessionRow(id)).data;
    },
    async updateData(id, data, expires) {
      const expiresAt = expires ?? new Date(Date.now() + sessionLifetimeSeconds * 1000);
      await (
        await database()
      )
        .insert(visitorSessions)
        .values({ id, data: data as Record<string, unknown>, expiresAt })
        .onConflictDoUpdate({
          target: visitorSessions.id,
          set: { data, expiresAt, updatedAt: new Date() },
        });
    },
    async deleteData(id) {
      await (await database()).delete(visitorSessions).where(eq(visitorSessions.id, id));
    },
  });
  return storage;
}

/** A page's read of its flow, able to bring her session's row in the same round trip (on a busy server each costs more than either read). */
export interface ReadBesideSession<Facts> {
  /** The page's facts and her session's row (by its id), in one statement. */
  withSession(sessionId: string): Promise<{ session: VisitorSessionRow | undefined; facts: Facts }>;
  alone(): Promise<Facts>;
}

/** Her session's id beside the flow's (`flowRow(sessionIdBeside)`), and her row joined on it. */
export const sessionIdBeside = sql`${sql.placeholder("sessionId")}::text as session_id`;
export const sessionOfFlowRow = eq(visitorSessions.id, sql`flow.session_id`);
export const besideSessionColumns = { sessionData: visitorSessions.data, sessionExpiresAt: visitorSessions.expiresAt };
export function besideSessionRow(row: { sessionData: unknown; sessionExpiresAt: Date | null } | undefined): VisitorSessionRow | undefined {
  return row?.sessionData && row.sessionExpiresAt
    ? { data: row.sessionData as Record<string, unknown>, expiresAt: row.sessionExpiresAt }
    : undefined;
}

interface Beside {
  read: ReadBesideSession<unknown>;
  /** An action's: without a session, nothing is read (its caller reads alone if it asks). */
  onlyWithSession?: true;
  settle(facts: Promise<unknown>): void;
}

/** A read a page asked to bring with her session, until her session is read. */
const besideThisRequest = new WeakMap<Request, Beside>();
/** Requests whose session was read (or is being read): too late for anything beside it. */
const sessionSent = new WeakSet<Request>();

function takeBeside(request: Request): Beside | undefined {
  const beside = besideThisRequest.get(request);
  besideThisRequest.delete(request);
  return beside;
}

/**
 * Its id comes from the signed cookie after a turn of promises: by then every loader has begun,
 * and a read one asked to bring beside her session goes with it (answered alone at worst).
 */
async function readSession(request: Request): Promise<VisitorSession> {
  const cookieHeader = request.headers.get("Cookie");
  const cookie = cookieHeader
    ? await sessionCookie()
        .parse(cookieHeader)
        .then(
          (id: unknown) => ({ id }),
          (error: unknown) => ({ id: undefined, error }),
        )
    : { id: null };
  sessionSent.add(request);
  const beside = takeBeside(request);
  const { id } = cookie;
  if (typeof id !== "string" || id === "") {
    if (beside && !beside.onlyWithSession) beside.settle(beside.read.alone());
    if ("error" in cookie) throw cookie.error;
    return createSession<VisitorSessionData>({}, "");
  }
  if (!beside) return sessionOf(id, await readSessionRow(id));
  const both = beside.read.withSession(id);
  beside.settle(both.then(({ facts }) => facts));
  return sessionOf(id, (await both).session);
}

/**
 * A GET's loaders (root's and the route's) share one read, each with its own copy to change.
 * An action may save and read again, so it reads each time; the loaders after it get their own
 * request and read what it saved.
 */
const readThisRequest = new WeakMap<Request, Promise<VisitorSession>>();

const readOnce = (request: Request) => request.method === "GET" || request.method === "HEAD";

function sessionRead(request: Request): Promise<VisitorSession> {
  if (!readOnce(request)) return readSession(request);
  let read = readThisRequest.get(request);
  if (!read) {
    read = readSession(request);
    readThisRequest.set(request, read);
  }
  return read;
}

export async function getVisitorSession(request: Request): Promise<VisitorSession> {
  const session = await sessionRead(request);
  if (!readOnce(request)) return session;
  return createSession<VisitorSessionData>(structuredClone(session.data), session.id);
}

/** Sent with her session's read when asked for before it (a loader's first step); else, or not a GET, alone. */
export function readBesideVisitorSession<Facts>(request: Request, read: ReadBesideSession<Facts>): Promise<Facts> {
  if (!readOnce(request) || sessionSent.has(request) || besideThisRequest.has(request)) return read.alone();
  const facts = new Promise<Facts>((resolve) => besideThisRequest.set(request, { read, settle: resolve as Beside["settle"] }));
  sessionRead(request).catch(() => undefined);
  return facts;
}

/**
 * For an action: sent with the guard's first session read without starting one (an action's
 * session is read each time asked). The returned call gives those facts once the guard passed,
 * else reads alone then; nothing is read for a post that never asks.
 */
export function readBesideNextVisitorSession<Facts>(request: Request, read: ReadBesideSession<Facts>): () => Promise<Facts> {
  if (readOnce(request) || sessionSent.has(request) || besideThisRequest.has(request)) return () => read.alone();
  let sent: Promise<Facts> | undefined;
  besideThisRequest.set(request, {
    read,
    onlyWithSession: true,
    settle(facts) {
      sent = facts as Promise<Facts>;
      // Her session's read fails with it, and answers that failure; this copy may never be asked for.
      sent.catch(() => undefined);
    },
  });
  return () => sent ?? read.alone();
}

/** A new visitor's is saved now, so its id is known before the reply (committing keeps that id). */
export async function savedVisitorSession(session: VisitorSession): Promise<VisitorSession> {
  if (session.id) return session;
  return createSession<VisitorSessionData>(session.data, await insertSession(session.data));
}

export function commitVisitorSession(session: VisitorSession): Promise<string> {
  return visitorSessionStore().commitSession(session);
}

export function ownsResponderUuid(session: VisitorSession, responderUuid: string): boolean {
  return (session.get("ownedResponderUuids") ?? []).includes(responderUuid);
}

export function currentResponderUuid(session: VisitorSession): string | undefined {
  return session.get("ownedResponderUuids")?.at(-1);
}

export function claimResponderUuid(session: VisitorSession, responderUuid: string): void {
  const owned = (session.get("ownedResponderUuids") ?? []).filter((uuid) => uuid !== responderUuid);
  owned.push(responderUuid);
  session.set("ownedResponderUuids", owned.slice(-maxOwnedFlows));
}

/** After payment, spec section 4. */
export function releaseResponderUuid(session: VisitorSession, responderUuid: string): void {
  const owned = (session.get("ownedResponderUuids") ?? []).filter((uuid) => uuid !== responderUuid);
  session.set("ownedResponderUuids", owned);
}

/** Run by the background worker. How many went. */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const deleted = await (
    await database()
  )
    .delete(visitorSessions)
    .where(lt(visitorSessions.expiresAt, now))
    .returning({ id: visitorSessions.id });
  return deleted.length;
}

/**
 * Erased at her request, in the caller's transaction: in sessions owning her flow and any
 * keeping one of her addresses (a browser gives her flow up once paid, keeping its tracking
 * params). The sessions stay: they hold no more of her.
 */
export async function forgetTrackingEmailOf(tx: Queryable, responderUuid: string, addresses: readonly string[]): Promise<void> {
  const trackingEmail = sql`lower(${visitorSessions.data}->'trackingParams'->>'email_address')`;
  const hers = [...new Set(addresses.map((address) => address.trim().toLowerCase()))];
  await tx
    .update(visitorSessions)
    .set({ data: sql`${visitorSessions.data} #- '{trackingParams,email_address}'` })
    .where(
      or(
        sql`${visitorSessions.data}->'ownedResponderUuids' @> ${JSON.stringify([responderUuid])}::jsonb`,
        hers.length > 0 ? inArray(trackingEmail, hers) : undefined,
      ),
    );
}
