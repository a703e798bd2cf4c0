// Writes that go together, sent as one statement: each write in a WITH of its own. A statement
// is atomic as a transaction is (all of its writes or none), and it is one round trip where a
// transaction is two more than its writes (begin, commit), holding a connection all the while.
// On the embedded engine's single connection that hold is every other request's wait.
//
// The writes of one statement all see the database as it was when it began, never each
// other's rows, so a write that must follow another's outcome says so in SQL: `after.wrote`
// is true once that write returned a row (an update that moved the order, an insert not
// skipped by a conflict). The stores give the plain parts of their own tables' writes (a
// row, the columns an update sets); whoever gathers them names which follows which, and
// `sendAsOne` composes the statement.
import { and, getTableColumns, is, sql, SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Queryable } from "./client.server";
import { executeByShape } from "./prepared.server";

/**
 * A write as its store gives it: a row to insert, or the columns an update sets where `where`
 * holds; `after`: an earlier write of the statement, without whose row this one writes nothing.
 */
export type Write = { after?: Write; returning?: PgColumn } & (
  | { insert: PgTable; row: Record<string, unknown>; skipOnConflict?: PgColumn }
  | { update: PgTable; set: Record<string, unknown>; where: SQL | undefined }
);

/** An added write: `wrote` is its condition for the writes that follow it. */
export interface Added {
  readonly wrote: SQL;
}

/** Always: a write that depends on no other. */
export const always = sql`true`;

export class WritesAsOne {
  private readonly parts: SQL[] = [];
  private readonly names: SQL[] = [];

  /** Adds a write (one that returns the rows it wrote, when later writes depend on it). */
  add(query: SQLWrapper): Added {
    const name = sql`${sql.identifier(`write_${this.parts.length + 1}`)}`;
    this.parts.push(sql`${name} as (${query.getSQL()})`);
    this.names.push(name);
    return { wrote: sql`exists (select 1 from ${name})` };
  }

  /** Runs them as one statement; true when the first write returned a row. */
  async run(db: Queryable): Promise<boolean> {
    const [first] = this.names;
    if (!first) return false;
    const { rows } = await executeByShape(db, sql`with ${sql.join(this.parts, sql`, `)} select exists (select 1 from ${first}) as "wrote"`);
    return (rows[0] as { wrote: boolean } | undefined)?.wrote === true;
  }
}

/** The type a value is written as, for a column written from a parameter outside VALUES. */
function columnType(column: PgColumn): string {
  const type = column.getSQLType();
  // serial types are a column's default, not a type a value can be cast to.
  return type === "serial" ? "integer" : type === "bigserial" ? "bigint" : type;
}

/**
 * One row into `table`, only when `when` holds (an earlier write's `wrote`): an INSERT ... SELECT,
 * since a VALUES list cannot be conditional. Each value goes through its column's own mapping
 * (JSON, dates), typed as its column; the columns left out take their defaults. A conflict on
 * `skipOnConflict` writes nothing, as onConflictDoNothing does.
 */
export function insertRowWhen<T extends PgTable>(
  table: T,
  row: Partial<T["$inferInsert"]>,
  when: SQL,
  options: { skipOnConflict?: PgColumn; returning?: PgColumn } = {},
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (value === undefined) continue;
    if (!column) throw new Error(`No column ${key}`);
    names.push(sql`${sql.identifier(column.name)}`);
    values.push(is(value, SQL) ? value : sql`${sql.param(value, column)}::${sql.raw(columnType(column))}`);
  }
  const conflict = options.skipOnConflict ? sql` on conflict (${sql.identifier(options.skipOnConflict.name)}) do nothing` : sql``;
  const returning = options.returning ? sql` returning ${sql.identifier(options.returning.name)}` : sql``;
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} where ${when}${conflict}${returning}`;
}

/** The writes in their order as one statement; true when the first wrote a row. */
export function sendAsOne(db: Database, writes: readonly Write[]): Promise<boolean> {
  const statement = new WritesAsOne();
  const added = new Map<Write, Added>();
  for (const write of writes) {
    const when = write.after && added.get(write.after)?.wrote;
    if (write.after && !when) throw new Error("A write may only follow one before it");
    added.set(write, statement.add(queryOf(db, write, when)));
  }
  return statement.run(db);
}

function queryOf(db: Database, write: Write, when: SQL | undefined): SQLWrapper {
  const { returning } = write;
  if ("insert" in write) return insertRowWhen(write.insert, write.row, when ?? always, { skipOnConflict: write.skipOnConflict, returning });
  const update = db
    .update(write.update)
    .set(write.set)
    .where(when ? and(write.where, when) : write.where);
  return returning ? update.returning({ returned: returning }) : update;
}
