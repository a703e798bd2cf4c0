// The durable outbox's queue (table outbox_messages): a provider call or an email is written
// in the same transaction as the change it reports, by whoever makes the change, then
// delivered at least once, with backoff, by the outbox worker (app/server/outbox/). The
// idempotency key travels with every attempt.
import { createHash } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { DoctorEmailPayload, EmailPayload } from "../../../funnel/email-messages";
import { erasedProviderPayload } from "../../../funnel/her-erasure";
import type { OrderEventBody } from "../../../funnel/order-event";
import type { PreAuthOrderBody } from "../../../funnel/pre-auth-order";
import type { PreCheckoutBody } from "../../../funnel/pre-checkout";
import type { ProductSelectionBody } from "../../../funnel/product-selection";
import type { SalesFunnelRecordBody } from "../../../funnel/sales-funnel-record";
import type { HealthDataEmailPayload } from "../../../funnel/health-data";
import type { StaffEmailPayload } from "../../../funnel/staff-setup";
import { database, type Queryable } from "../client.server";
import { outboxMessages } from "../schema.server";
import type { Write } from "../writes-as-one.server";

/** A save for one responder, of which the provider keeps only the latest. */
export interface LatestSavePayload<Body> {
  responderUuid: string;
  body: Body;
  /** When she saved it: makes each save its own message (see enqueueLatestSave). */
  savedAt: string;
}

export type OutboxMessage =
  | { kind: "sales-funnel"; payload: SalesFunnelRecordBody }
  | { kind: "save-product-selection"; payload: LatestSavePayload<ProductSelectionBody> }
  | { kind: "save-pre-checkout"; payload: LatestSavePayload<PreCheckoutBody> }
  | { kind: "pre-auth-checkout"; payload: PreAuthCheckoutPayload }
  | { kind: "order-event"; payload: OrderEventBody }
  /** One of her emails (app/server/mail), sent by the mailer rather than the provider. */
  | { kind: "email"; payload: EmailPayload }
  | { kind: "doctor-email"; payload: DoctorEmailPayload }
  /** A setup link emailed to a person of the staff (app/server/mail/staff-emails.server.ts). */
  | { kind: "staff-email"; payload: StaffEmailPayload }
  /** The link to her consumer health data, asked for by email (app/server/health-data/). */
  | { kind: "health-data-email"; payload: HealthDataEmailPayload };

/** The authorised order for the provider (app/server/checkout); one per order. */
export interface PreAuthCheckoutPayload {
  responderUuid: string;
  orderId: string;
  body: PreAuthOrderBody;
}

type LatestSave = Extract<OutboxMessage, { kind: "save-product-selection" | "save-pre-checkout" }>;

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** A key that is the same for the same message, so a repeated post is delivered once. */
export function idempotencyKeyOf(message: OutboxMessage): string {
  const digest = createHash("sha256").update(JSON.stringify(message.payload)).digest("base64url");
  return `${message.kind}:${digest}`;
}

function outboxRow(message: OutboxMessage, notBefore: Date) {
  return {
    kind: message.kind,
    idempotencyKey: idempotencyKeyOf(message),
    payload: message.payload as unknown as Record<string, unknown>,
    nextAttemptAt: notBefore,
  };
}

/** Writes the message in the caller's transaction; a message already there is kept once. */
export async function enqueueOutboxMessage(
  tx: Queryable,
  message: OutboxMessage,
  /** When the worker may first try it: later when the caller tries to deliver it at once. */
  notBefore: Date = new Date(),
): Promise<void> {
  await tx.insert(outboxMessages).values(outboxRow(message, notBefore)).onConflictDoNothing({ target: outboxMessages.idempotencyKey });
}

/** The message, written with other writes as one statement after `after` (writes-as-one.server.ts); kept once. */
export function outboxMessageWrite(message: OutboxMessage, after: Write | undefined, notBefore: Date = new Date()): Write {
  return { insert: outboxMessages, row: outboxRow(message, notBefore), skipOnConflict: outboxMessages.idempotencyKey, after };
}

/**
 * The messages of `kind` written since `since` (delivered or not), and when the oldest of them
 * was: for a ceiling on what one kind may send in a period, whoever asked.
 */
export async function outboxMessagesSince(
  tx: Queryable,
  kind: OutboxMessage["kind"],
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<Date | null>`min(${outboxMessages.createdAt})`.mapWith(outboxMessages.createdAt),
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, kind), gte(outboxMessages.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/**
 * ADD TO PLAN and the pre-checkout submit (spec section 4): the save for the provider, written
 * in the caller's transaction. The provider keeps only the latest save of a responder, so a
 * newer save replaces any older one of the same kind not yet delivered: otherwise a retried
 * old message could land after the new one and undo it. The save time is part of the message,
 * so saving A, then B, then A again sends A again rather than being taken for the first A.
 */
export async function enqueueLatestSave(
  tx: Queryable,
  kind: LatestSave["kind"],
  responderUuid: string,
  body: LatestSave["payload"]["body"],
  savedAt: Date = new Date(),
): Promise<void> {
  await tx
    .delete(outboxMessages)
    .where(
      and(
        eq(outboxMessages.kind, kind),
        eq(outboxMessages.status, "pending"),
        sql`${outboxMessages.payload}->>'responderUuid' = ${responderUuid}`,
      ),
    );
  await enqueueOutboxMessage(tx, {
    kind,
    payload: { responderUuid, body, savedAt: savedAt.toISOString() },
  } as LatestSave);
}

/**
 * A message the caller tried to deliver itself (the authorised order): delivered, or due now
 * for the worker, counted as one attempt either way; written with other writes, after `after`.
 */
export function ownDeliveryWrite(message: OutboxMessage, delivered: boolean, after: Write): Write {
  return {
    update: outboxMessages,
    set: delivered ? { status: "delivered", deliveredAt: new Date(), attempts: 1 } : { attempts: 1, nextAttemptAt: new Date() },
    where: eq(outboxMessages.idempotencyKey, idempotencyKeyOf(message)),
    after,
  };
}

/**
 * Claims up to `batchSize` messages that are due, each for `claimMs`, oldest first (in the
 * order they were written: her approval email before the renewal receipt that follows it).
 * Several instances may claim at once: each message goes to one of them.
 */
export async function claimDueOutboxMessages(now: Date, claimMs: number, batchSize: number): Promise<OutboxRow[]> {
  const db = await database();
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lte(outboxMessages.nextAttemptAt, now),
        or(isNull(outboxMessages.lockedUntil), lte(outboxMessages.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outboxMessages.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({ lockedUntil: new Date(now.getTime() + claimMs) })
    .where(inArray(outboxMessages.id, due))
    .returning();
  // RETURNING keeps no order.
  return claimed.sort((a, b) => a.id - b.id);
}

export async function markOutboxDelivered(message: OutboxRow): Promise<void> {
  await (
    await database()
  )
    .update(outboxMessages)
    .set({ status: "delivered", deliveredAt: new Date(), lockedUntil: null, attempts: message.attempts + 1 })
    .where(eq(outboxMessages.id, message.id));
}

/** An attempt that failed: counted, with its reason, and the message due again at `nextAttemptAt`. */
export async function markOutboxAttemptFailed(message: OutboxRow, nextAttemptAt: Date, reason: string): Promise<void> {
  await (
    await database()
  )
    .update(outboxMessages)
    .set({ attempts: message.attempts + 1, lockedUntil: null, nextAttemptAt, lastError: reason.slice(0, 200) })
    .where(eq(outboxMessages.id, message.id));
}

/** Messages not yet delivered, of one kind when given. */
export async function countPendingOutboxMessages(kind?: OutboxMessage["kind"]): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, "pending"), kind === undefined ? undefined : eq(outboxMessages.kind, kind)));
  return row?.count ?? 0;
}

/**
 * Removes up to `limit` messages delivered before `deliveredBefore`, oldest first, and never
 * one still pending: how many went. A delivered message has done its work; what it said lives
 * on where it went (the provider, her inbox, the stored emails). Rows another instance is
 * removing at the same moment are skipped, not waited for.
 */
export async function deleteDeliveredOutboxMessages(deliveredBefore: Date, limit: number): Promise<number> {
  const db = await database();
  const old = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, "delivered"), lt(outboxMessages.deliveredAt, deliveredBefore)))
    .orderBy(asc(outboxMessages.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(outboxMessages).where(inArray(outboxMessages.id, old)).returning({ id: outboxMessages.id });
  return deleted.length;
}

/**
 * Her emails the outbox still holds, delivered ones first sent first: what was sent to one
 * order and when (her data, when the words are not kept in the embedded mail store). At most
 * `limit`; delivered messages are pruned after 30 days, so this is the recent part.
 */
export async function deliveredEmailsOf(orderReference: string, limit: number): Promise<OutboxRow[]> {
  return (await database())
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.kind, "email"),
        eq(outboxMessages.status, "delivered"),
        sql`${outboxMessages.payload}->>'reference' = ${orderReference}`,
      ),
    )
    .orderBy(asc(outboxMessages.id))
    .limit(limit);
}

/**
 * Her messages erased at her request, in the caller's transaction: those of her flow (by its
 * uuid, as each kind names it) or of her order (by its reference, when she placed one). Delivered ones are deleted:
 * they have done their work, as the prune would find. Emails still waiting are dropped (to her,
 * we no longer have her address; to her doctor, they carry her name). Messages to the provider
 * still waiting keep their place, with her details taken out (erasedProviderPayload): the
 * provider still hears each event in order, then the erasure's own. The keys of the emails
 * dropped or deleted, so the mail store's copies go with them.
 */
export async function eraseOutboxMessagesOf(tx: Queryable, her: { responderUuid: string; reference: string | null }): Promise<string[]> {
  const ofOrder =
    her.reference === null
      ? []
      : [
          sql`${outboxMessages.payload}->>'reference' = ${her.reference}`,
          sql`${outboxMessages.payload}->>'order_reference' = ${her.reference}`,
        ];
  const rows = await tx
    .select()
    .from(outboxMessages)
    .where(
      or(
        sql`${outboxMessages.payload}->>'responderUuid' = ${her.responderUuid}`,
        sql`${outboxMessages.payload}->>'responder_uuid' = ${her.responderUuid}`,
        ...ofOrder,
      ),
    )
    .for("update");
  const emails = new Set<OutboxMessage["kind"]>(["email", "doctor-email"]);
  const gone = rows.filter((row) => row.status === "delivered" || emails.has(row.kind as OutboxMessage["kind"]));
  if (gone.length > 0)
    await tx.delete(outboxMessages).where(
      inArray(
        outboxMessages.id,
        gone.map((row) => row.id),
      ),
    );
  for (const row of rows) {
    if (gone.includes(row)) continue;
    const payload = erasedProviderPayload(row.kind, row.payload);
    if (JSON.stringify(payload) !== JSON.stringify(row.payload))
      await tx.update(outboxMessages).set({ payload }).where(eq(outboxMessages.id, row.id));
  }
  return gone.filter((row) => emails.has(row.kind as OutboxMessage["kind"])).map((row) => row.idempotencyKey);
}

/**
 * The links to her health data emailed to any of these addresses, in the caller's transaction,
 * as her data is deleted: they name her address. The keys of those removed, for the mail store.
 */
export async function eraseHealthDataEmailsTo(tx: Queryable, addresses: readonly string[]): Promise<string[]> {
  const hers = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter((address) => address !== ""))];
  if (hers.length === 0) return [];
  const gone = await tx
    .delete(outboxMessages)
    .where(and(eq(outboxMessages.kind, "health-data-email"), inArray(sql`lower(${outboxMessages.payload}->>'to')`, hers)))
    .returning({ key: outboxMessages.idempotencyKey });
  return gone.map((row) => row.key);
}
