// The statements every page view or checkout sends, built once per database instead of once
// per request. Building a statement (Drizzle's checks of each part, the SQL's text, its
// parameters) cost more of a request's time than sending it, and on PostgreSQL parsing and
// planning it again cost the server more than running it. A prepared statement is filled with
// its values (`sql.placeholder`) and sent. It has a name, so each session parses and plans it
// once: on PostgreSQL each connection's; on the embedded engine the one session its connections
// share, whose queue answers a second connection's Parse of the same statement itself
// (conversation-queue.server.ts). A database in the tests' own thread sends it unnamed.
// (The database is any object here: this module sits below client.server.ts, which names it.)
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";

const built = new WeakMap<object, Map<unknown, unknown>>();
const naming = new WeakSet<object>();

/** The statement `build` makes, prepared on `db` the first time it is asked for. */
export function prepared<Db extends object, Query>(db: Db, build: (db: Db) => Query): Query {
  let queries = built.get(db);
  if (!queries) built.set(db, (queries = new Map()));
  let query = queries.get(build) as Query | undefined;
  if (query === undefined) queries.set(build, (query = build(db)));
  return query;
}

/** Each connection to `db` keeps its prepared statements by name (PostgreSQL's own sessions). */
export function nameStatementsOn(db: object): void {
  naming.add(db);
}

/** The name to prepare a statement under on `db` (empty: unnamed). Unique per statement. */
export function statementName(db: object, name: string): string {
  return naming.has(db) ? name : "";
}

/** Statements named by their text, at most, per process: each stays prepared on each connection it ran on. */
const mostShapes = 100;
const shapes = new Set<string>();

/**
 * Runs a statement composed per call (its values as parameters, never in its text) under a
 * name made of its text, so each session parses and plans each shape of it once instead of on
 * every call. The checkout's composed writes come in a few shapes, and parsing and planning
 * them again cost PostgreSQL more than running them. Unnamed where `db` does not name its
 * statements (a transaction, the tests' own thread), and once `mostShapes` names are given.
 */
export async function executeByShape(db: object, statement: SQL): Promise<{ rows: unknown[] }> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const query = dialect.sqlToQuery(statement);
  let name: string | undefined;
  if (naming.has(db)) {
    const shape = `shape_${createHash("sha1").update(query.sql).digest("base64url")}`;
    if (shapes.has(shape) || shapes.size < mostShapes) {
      shapes.add(shape);
      name = shape;
    }
  }
  return (await session.prepareQuery(query, undefined, name, false).execute()) as { rows: unknown[] };
}
