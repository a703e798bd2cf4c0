// The audit log (table audit_log): rows are only ever added here. The database refuses an
// update, a delete or a truncate of it (a trigger, migration 0012), so nothing in the app can
// rewrite who did what. A row's detail is an `AuditDetail` (app/funnel/audit.ts): the code's
// own words, never text someone typed, as nothing can take it out again.
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { AuditAction, AuditDetail } from "../../../funnel/audit";
import { database, type Queryable } from "../client.server";
import { auditLog } from "../schema.server";

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, "id" | "detail"> & { detail?: AuditDetail | null };

export async function appendAudit(row: NewAuditRow, tx?: Queryable): Promise<void> {
  await (tx ?? (await database())).insert(auditLog).values(row);
}

/** What the log page filters by; each is optional. `before` is exclusive (the day after the last). */
export interface AuditFilter {
  staffId?: string;
  action?: AuditAction;
  orderReference?: string;
  from?: Date;
  before?: Date;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.orderReference ? eq(auditLog.orderReference, filter.orderReference) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.before ? lt(auditLog.at, filter.before) : undefined,
  );
}

/** One page of the log, newest first, and how many rows the filter finds in all. */
export async function listAudit(filter: AuditFilter, page: number, pageSize: number): Promise<{ rows: AuditRow[]; total: number }> {
  const db = await database();
  const where = whereOf(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** The rows a filter finds, newest first, at most `limit` (the CSV's bound). */
export async function auditRows(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  return (await database()).select().from(auditLog).where(whereOf(filter)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
