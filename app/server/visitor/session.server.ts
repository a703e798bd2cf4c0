// The visitor's session: a signed, HttpOnly, SameSite=Lax cookie that carries only the id of
// a server-side row. The row says which responder uuids this browser owns, which flow is
// current, and the tracking params kept for her.
import { randomBytes } from "node:crypto";
import { createCookie, createSession, createSessionStorage, type Session } from "@remix-run/node";
import { eq, lt, sql } from "drizzle-orm";
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

/** A new session's row; its id is what the cookie will carry. */
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
  db.select().from(visitorSessions).where(eq(visitorSessions.id, sql.placeholder("id"))).prepare(statementName(db, "visitor_session"));

let storage: ReturnType<typeof createSessionStorage<VisitorSessionData>> | undefined;

function visitorSessionStore() {
  storage ??= createSessionStorage<VisitorSessionData>({
    cookie: createCookie("__session", cookieAttributes({ path: "/", maxAge: sessionLifetimeSeconds, secret: sessionSecret() })),
    createData: insertSession,
    async readData(id) {
      const [row] = await prepared(await database(), sessionById).execute({ id });
      if (!row || row.expiresAt.getTime() < Date.now()) return null;
      return row.data as VisitorSessionData;
    },
    async updateData(id, data, expires) {
      const expiresAt = expires ?? new Date(Date.now() + sessionLifetimeSeconds * 1000);
      await (await database())
        .insert(visitorSessions)
        .values({ id, data: data as Record<string, unknown>, expiresAt })
        .onConflictDoUpdate({
          target: visitorSessions.id,
          set: { data: data as Record<string, unknown>, expiresAt, updatedAt: new Date() },
        });
    },
    async deleteData(id) {
      await (await database()).delete(visitorSessions).where(eq(visitorSessions.id, id));
    },
  });
  return storage;
}

/**
 * A page's loaders (root's, for her language, and the route's) each ask for her session: a GET
 * reads it once, and each gets a copy of its own to change. Anything else (an action, which may
 * save it and read it again) reads it each time; the loaders after an action are given a
 * request of their own, so they read what the action saved.
 */
const readThisRequest = new WeakMap<Request, Promise<VisitorSession>>();

export async function getVisitorSession(request: Request): Promise<VisitorSession> {
  if (request.method !== "GET" && request.method !== "HEAD") return visitorSessionStore().getSession(request.headers.get("Cookie"));
  let read = readThisRequest.get(request);
  if (!read) {
    read = visitorSessionStore().getSession(request.headers.get("Cookie"));
    readThisRequest.set(request, read);
  }
  const session = await read;
  return createSession<VisitorSessionData>(structuredClone(session.data), session.id);
}

/**
 * The session with an id: itself when it has one; a new visitor's is saved now, so its id is
 * known before the reply and is the one her cookie will carry (committing a session that has
 * an id keeps that id).
 */
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

/** The flow this browser started last, if any. */
export function currentResponderUuid(session: VisitorSession): string | undefined {
  return session.get("ownedResponderUuids")?.at(-1);
}

/** Marks the uuid as this browser's and as its current flow. */
export function claimResponderUuid(session: VisitorSession, responderUuid: string): void {
  const owned = (session.get("ownedResponderUuids") ?? []).filter((uuid) => uuid !== responderUuid);
  owned.push(responderUuid);
  session.set("ownedResponderUuids", owned.slice(-maxOwnedFlows));
}

/** Forgets the uuid: this browser no longer owns that flow (after payment, spec section 4). */
export function releaseResponderUuid(session: VisitorSession, responderUuid: string): void {
  const owned = (session.get("ownedResponderUuids") ?? []).filter((uuid) => uuid !== responderUuid);
  session.set("ownedResponderUuids", owned);
}

/** Forgets sessions past their expiry; run from time to time by the background worker. */
export async function deleteExpiredSessions(now = new Date()): Promise<void> {
  await (await database()).delete(visitorSessions).where(lt(visitorSessions.expiresAt, now));
}

/**
 * The tracking email kept in the sessions of the browsers that own her flow, erased at her
 * request, in the caller's transaction; the sessions themselves stay (they hold no more of her).
 */
export async function forgetTrackingEmailOf(tx: Queryable, responderUuid: string): Promise<void> {
  await tx
    .update(visitorSessions)
    .set({ data: sql`${visitorSessions.data} #- '{trackingParams,email_address}'` })
    .where(sql`${visitorSessions.data}->'ownedResponderUuids' @> ${JSON.stringify([responderUuid])}::jsonb`);
}
