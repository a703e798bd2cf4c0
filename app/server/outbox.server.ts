// The durable outbox (ARCHITECTURE.md, "Reliability rules"): a provider call or an email is written in
// the same transaction as the change it reports, then delivered at least once, with backoff,
// by a worker in the server process. The idempotency key travels with every attempt.
import { createHash } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { PreAuthOrderBody } from "../funnel/pre-auth-order";
import type { OrderEventBody } from "../funnel/order-event";
import type { PreCheckoutBody } from "../funnel/pre-checkout";
import type { ProductSelectionBody } from "../funnel/product-selection";
import type { SalesFunnelRecordBody } from "../funnel/sales-funnel-record";
import { database, type Queryable } from "./db/client.server";
import type { DoctorEmailPayload, EmailPayload } from "./mail/email-message.server";
import { deliverDoctorEmail, deliverEmail } from "./mail/her-emails.server";
import { outboxMessages } from "./db/schema.server";
import type { Provider } from "./provider/provider.server";

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
  | { kind: "doctor-email"; payload: DoctorEmailPayload };

/** The authorised order for the provider (orders.server.ts); one per order. */
export interface PreAuthCheckoutPayload {
  responderUuid: string;
  orderId: string;
  body: PreAuthOrderBody;
}

type LatestSave = Extract<OutboxMessage, { kind: "save-product-selection" | "save-pre-checkout" }>;

/** A key that is the same for the same message, so a repeated post is delivered once. */
export function idempotencyKeyOf(message: OutboxMessage): string {
  const digest = createHash("sha256").update(JSON.stringify(message.payload)).digest("base64url");
  return `${message.kind}:${digest}`;
}

/** Writes the message in the caller's transaction; a message already there is kept once. */
export async function enqueueOutboxMessage(
  tx: Queryable,
  message: OutboxMessage,
  /** When the worker may first try it: later when the caller tries to deliver it at once. */
  notBefore: Date = new Date(),
): Promise<void> {
  await tx
    .insert(outboxMessages)
    .values({
      kind: message.kind,
      idempotencyKey: idempotencyKeyOf(message),
      payload: message.payload as unknown as Record<string, unknown>,
      nextAttemptAt: notBefore,
    })
    .onConflictDoNothing({ target: outboxMessages.idempotencyKey });
}

/**
 * The messages of `kind` written since `since` (delivered or not), and when the oldest of them
 * was: for a ceiling on what one kind may send in a period, whoever asked.
 */
export async function outboxMessagesSince(tx: Queryable, kind: OutboxMessage["kind"], since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: sql<Date | null>`min(${outboxMessages.createdAt})`.mapWith(outboxMessages.createdAt) })
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

const firstRetryMs = 1_000;
const longestRetryMs = 15 * 60_000;

/** How long to wait after the n-th failed attempt: doubling from 1 s, at most 15 minutes. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** How long a claimed message stays with one worker before another may try it. */
const claimMs = 60_000;

async function deliver(provider: Provider, kind: string, payload: unknown, key: string): Promise<void> {
  switch (kind) {
    case "sales-funnel":
      return provider.postSalesFunnelRecord(payload as SalesFunnelRecordBody, key);
    case "save-product-selection": {
      const { responderUuid, body } = payload as LatestSavePayload<ProductSelectionBody>;
      return provider.saveProductSelection(responderUuid, body, key);
    }
    case "save-pre-checkout": {
      const { responderUuid, body } = payload as LatestSavePayload<PreCheckoutBody>;
      return provider.savePreCheckout(responderUuid, body, key);
    }
    case "pre-auth-checkout": {
      const { body } = payload as PreAuthCheckoutPayload;
      await provider.preAuthCheckout(body, key);
      return;
    }
    case "order-event":
      return provider.reportOrderEvent(payload as OrderEventBody, key);
    case "email":
      return deliverEmail(payload as EmailPayload, key);
    case "doctor-email":
      return deliverDoctorEmail(payload as DoctorEmailPayload, key);
    default:
      throw new Error(`unknown outbox kind ${kind}`);
  }
}

export interface DeliveryRound {
  delivered: number;
  failed: number;
}

/** Claims the messages that are due and tries each once. Several instances may run it. */
export async function deliverDueOutboxMessages(provider: Provider, batchSize = 20): Promise<DeliveryRound> {
  const db = await database();
  const now = new Date();
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

  const round: DeliveryRound = { delivered: 0, failed: 0 };
  // In the order they were written (RETURNING keeps none): her approval email before the
  // renewal receipt that follows it.
  claimed.sort((a, b) => a.id - b.id);
  for (const message of claimed) {
    try {
      await deliver(provider, message.kind, message.payload, message.idempotencyKey);
      await db
        .update(outboxMessages)
        .set({ status: "delivered", deliveredAt: new Date(), lockedUntil: null, attempts: message.attempts + 1 })
        .where(eq(outboxMessages.id, message.id));
      round.delivered++;
    } catch (error) {
      const attempts = message.attempts + 1;
      await db
        .update(outboxMessages)
        .set({
          attempts,
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 200),
        })
        .where(eq(outboxMessages.id, message.id));
      round.failed++;
    }
  }
  return round;
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
