// Statements every view or checkout sends, built once per database: building one cost more than
// sending it, and on PostgreSQL parsing and planning it again more than running it. Named, so each
// session plans it once (on the embedded engine the shared session's queue answers a second Parse:
// conversation-queue.server.ts); unnamed in the tests' own thread. The database is any object here:
// this module sits below client.server.ts.
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";

const built = new WeakMap<object, Map<unknown, unknown>>();
const naming = new WeakSet<object>();

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

/** Empty: unnamed. Unique per statement. */
export function statementName(db: object, name: string): string {
  return naming.has(db) ? name : "";
}

/** Per process: each stays prepared on each connection it ran on. */
const mostShapes = 100;
const shapes = new Set<string>();

/**
 * Composed per call (values as parameters, never in the text) and named by its text, so each
 * session plans each shape once: the checkout's writes come in a few shapes. Unnamed in a
 * transaction, the tests' own thread, and past `mostShapes`.
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
