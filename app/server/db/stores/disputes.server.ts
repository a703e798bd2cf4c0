// Chargebacks as the gateway tells them: one row per dispute, written in place, so an event
// told twice (Stripe retries its webhooks) or out of order changes nothing it should not.
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { closedDisputeStatuses, isClosedDispute, respondableDisputeStatuses } from "../../../funnel/disputes";
import { database, type Queryable } from "../client.server";
import { disputes } from "../schema.server";

export { closedDisputeStatuses, isClosedDispute };

export type DisputeRow = typeof disputes.$inferSelect;

export interface DisputeWrite {
  id: string;
  subscriptionId: string;
  paymentId: number;
  amountCents: number;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
  /** On the lifecycle clock. */
  at: Date;
}

/**
 * Writes what the gateway says of a dispute, in the caller's transaction: a new dispute is
 * opened, a known one takes the new status, and a closed one stays closed (a late "created"
 * or "updated" never reopens it). Answers the row before and after (before undefined: new;
 * after undefined: nothing changed). Two events of one new dispute at once (Stripe sends
 * "created" and "closed" close together): the second waits for the first's row and then
 * writes its status over it, so neither is lost.
 */
export async function writeDispute(
  tx: Queryable,
  write: DisputeWrite,
): Promise<{ before: DisputeRow | undefined; after: DisputeRow | undefined }> {
  let [before] = await tx.select().from(disputes).where(eq(disputes.id, write.id)).for("update");
  if (!before) {
    const [after] = await tx
      .insert(disputes)
      .values({
        id: write.id,
        subscriptionId: write.subscriptionId,
        paymentId: write.paymentId,
        amountCents: write.amountCents,
        reason: write.reason,
        status: write.status,
        evidenceDueBy: write.evidenceDueBy,
        openedAt: write.at,
        closedAt: isClosedDispute(write.status) ? write.at : null,
      })
      .onConflictDoNothing({ target: disputes.id })
      .returning();
    if (after) return { before: undefined, after };
    [before] = await tx.select().from(disputes).where(eq(disputes.id, write.id)).for("update");
    if (!before) return { before: undefined, after: undefined };
  }
  if (before.status === write.status || before.closedAt !== null) return { before, after: undefined };
  const [after] = await tx
    .update(disputes)
    .set({
      status: write.status,
      reason: write.reason,
      amountCents: write.amountCents,
      evidenceDueBy: write.evidenceDueBy ?? before.evidenceDueBy,
      closedAt: isClosedDispute(write.status) ? write.at : null,
      updatedAt: new Date(),
    })
    .where(and(eq(disputes.id, write.id), isNull(disputes.closedAt)))
    .returning();
  return { before, after };
}

/** An order's disputes, the newest first. */
export async function disputesOf(subscriptionId: string): Promise<DisputeRow[]> {
  return (await database())
    .select()
    .from(disputes)
    .where(eq(disputes.subscriptionId, subscriptionId))
    .orderBy(desc(disputes.openedAt), desc(disputes.id));
}

const respondable = inArray(disputes.status, [...respondableDisputeStatuses]);

/**
 * Disputes whose bank waits for our evidence, the nearest deadline first (one without a
 * deadline last), at most `limit`, with how many there are in all.
 */
export async function disputesNeedingResponse(limit: number): Promise<{ rows: DisputeRow[]; total: number }> {
  const db = await database();
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(disputes)
      .where(respondable)
      .orderBy(sql`${disputes.evidenceDueBy} asc nulls last`, asc(disputes.openedAt), asc(disputes.id))
      .limit(limit),
    db.select({ total: count() }).from(disputes).where(respondable),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
