// Chargebacks as the gateway tells them: one row per dispute, written in place, so an event
// told twice (Stripe retries its webhooks) or out of order changes nothing it should not.
import { and, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { database, type Queryable } from "../client.server";
import { disputes } from "../schema.server";

export type DisputeRow = typeof disputes.$inferSelect;

/** Stripe's statuses that end a dispute. */
export const closedDisputeStatuses = ["won", "lost", "warning_closed", "charge_refunded"] as const;

export function isClosedDispute(status: string): boolean {
  return (closedDisputeStatuses as readonly string[]).includes(status);
}

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
 * after undefined: nothing changed).
 */
export async function writeDispute(tx: Queryable, write: DisputeWrite): Promise<{ before: DisputeRow | undefined; after: DisputeRow | undefined }> {
  const [before] = await tx.select().from(disputes).where(eq(disputes.id, write.id)).for("update");
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
    return { before: undefined, after };
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
  return (await database()).select().from(disputes).where(eq(disputes.subscriptionId, subscriptionId)).orderBy(desc(disputes.openedAt));
}

/** Disputes still open (a response may be due), the nearest deadline first; at most `limit`. */
export async function openDisputes(limit: number): Promise<DisputeRow[]> {
  return (await database())
    .select()
    .from(disputes)
    .where(notInArray(disputes.status, [...closedDisputeStatuses]))
    .orderBy(disputes.evidenceDueBy, disputes.openedAt)
    .limit(limit);
}

/** The disputes of these orders (for the order list's badges). */
export async function disputesOfSubscriptions(subscriptionIds: readonly string[]): Promise<DisputeRow[]> {
  if (subscriptionIds.length === 0) return [];
  return (await database()).select().from(disputes).where(inArray(disputes.subscriptionId, [...subscriptionIds]));
}
