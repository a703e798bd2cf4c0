// The subscriptions: one per authorised order, its timeline (subscription_events) and every
// movement of its money (subscription_payments). A transition moves the state only from the
// state it was read in (a conditional update) and writes its event and payment with it, so
// that of two workers or requests racing exactly one records it. Each runs in the caller's
// transaction, which also holds what it tells others (app/server/subscriptions/transitions.server.ts),
// so a crash leaves either all of it or none.
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { annualNoticeAt } from "../../../funnel/renewal-notice-rules";
import {
  awaitingReviewStates,
  nextState,
  type HerChangeEvent,
  type MoneyBackEvent,
  type NoticeEvent,
  type SubscriptionEvent,
} from "../../../funnel/subscription-life";
import { database, type Queryable } from "../client.server";
import { subscriptionEvents, subscriptionPayments, subscriptions } from "../schema.server";
import type { Write } from "../writes-as-one.server";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;
export type SubscriptionPaymentRow = typeof subscriptionPayments.$inferSelect;
export type NewPayment = Omit<typeof subscriptionPayments.$inferInsert, "id" | "subscriptionId" | "at">;

export interface NewSubscription {
  orderId: string;
  responderUuid: string;
  reference: string;
  plan: SubscriptionRow["plan"];
  variant: SubscriptionRow["variant"];
  gateway: SubscriptionRow["gateway"];
  language: SubscriptionRow["language"];
  firstPeriodCents: number;
  renewalCents: number;
  holdReference: string;
  holdExpiresAt: Date;
  /** Her shipping address's state: which laws' renewal notices she gets. */
  shipState: string | null;
  /** On the lifecycle clock. */
  at: Date;
}

/**
 * The subscription, its first event and its hold, written with the order's writes as one
 * statement after `after` (writes-as-one.server.ts). None of them when the order has its
 * subscription already. The subscription's write comes first: what follows it only once it is
 * written names it as `after`.
 */
export function subscriptionStartWrites(values: NewSubscription, after: Write | undefined): [started: Write, ...Write[]] {
  const { at, ...row } = values;
  // Its id made here: the event and the hold name it in the same statement.
  const id = randomUUID();
  const started: Write = {
    insert: subscriptions,
    // Her order's acknowledgment told her the terms: her year of notices starts from it.
    row: {
      id,
      ...row,
      state: "on_hold",
      holdPlacedAt: at,
      dueAt: values.holdExpiresAt,
      termsToldAt: at,
      annualNoticeDueAt: annualNoticeAt(at, null),
    },
    skipOnConflict: subscriptions.orderId,
    returning: subscriptions.id,
    after,
  };
  const event: typeof subscriptionEvents.$inferInsert = {
    subscriptionId: id,
    event: "hold_placed",
    fromState: null,
    toState: "on_hold",
    at,
    detail: { amount_cents: values.firstPeriodCents },
  };
  const hold: typeof subscriptionPayments.$inferInsert = {
    subscriptionId: id,
    kind: "hold",
    period: 0,
    status: "succeeded",
    amountCents: values.firstPeriodCents,
    gatewayReference: values.holdReference,
    idempotencyKey: `hold:${values.holdReference}`,
    at,
  };
  return [started, { insert: subscriptionEvents, row: event, after: started }, { insert: subscriptionPayments, row: hold, after: started }];
}

async function findOne(where: ReturnType<typeof eq>): Promise<SubscriptionRow | undefined> {
  const [row] = await (await database()).select().from(subscriptions).where(where);
  return row;
}

export const findSubscription = (id: string) => findOne(eq(subscriptions.id, id));
export const findSubscriptionByReference = (reference: string) => findOne(eq(subscriptions.reference, reference));
export const findSubscriptionByResponder = (responderUuid: string) => findOne(eq(subscriptions.responderUuid, responderUuid));
export const findSubscriptionByHold = (holdReference: string) => findOne(eq(subscriptions.holdReference, holdReference));

export async function findPaymentByGatewayReference(reference: string): Promise<SubscriptionPaymentRow | undefined> {
  const [row] = await (await database()).select().from(subscriptionPayments).where(eq(subscriptionPayments.gatewayReference, reference));
  return row;
}

export interface SubscriptionPage {
  rows: SubscriptionRow[];
  total: number;
}

/** Newest first, `pageSize` a page. */
export async function listSubscriptions(page: number, pageSize: number): Promise<SubscriptionPage> {
  const db = await database();
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(pageSize)
      .offset(Math.max(0, page - 1) * pageSize),
    db.select({ total: count() }).from(subscriptions),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export interface Timeline {
  events: SubscriptionEventRow[];
  payments: SubscriptionPaymentRow[];
}

export async function subscriptionTimeline(subscriptionId: string): Promise<Timeline> {
  const db = await database();
  const [events, payments] = await Promise.all([
    db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId)).orderBy(asc(subscriptionEvents.id)),
    db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.subscriptionId, subscriptionId))
      .orderBy(asc(subscriptionPayments.id)),
  ]);
  return { events, payments };
}

/**
 * The medical team's decision, written once: undefined when one was written before (the
 * caller reads which). The money moves after, in a transition. `alsoRecord` writes in the
 * same transaction, only when the decision was written.
 */
export async function recordDecision(
  subscriptionId: string,
  decision: "approved" | "declined",
  message: string | null,
  by: NonNullable<SubscriptionRow["decidedBy"]>,
  at: Date,
  alsoRecord?: (tx: Queryable) => Promise<void>,
): Promise<SubscriptionRow | undefined> {
  const write = async (db: Queryable) => {
    const [row] = await db
      .update(subscriptions)
      .set({ decision, decisionMessage: message, decidedBy: by, decidedAt: at, updatedAt: new Date() })
      .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.decision)))
      .returning();
    // What goes with the decision (the console's audit row) is written only when it was.
    if (row && alsoRecord) await alsoRecord(db);
    return row;
  };
  const db = await database();
  return alsoRecord ? db.transaction((tx) => write(tx)) : write(db);
}

export interface Transition {
  event: SubscriptionEvent;
  /** On the lifecycle clock. */
  at: Date;
  /** Columns that change with it (billing dates, counters). */
  changes?: Partial<
    Pick<
      SubscriptionRow,
      | "periodsPaid"
      | "firstPeriodStart"
      | "nextBillingAt"
      | "failedAttempts"
      | "dueAt"
      | "cancelledAt"
      | "cancelReason"
      | "cancelReasonNote"
      | "cancelForHerNote"
      | "reminderDueAt"
      | "cardReference"
      | "cardBrand"
      | "cardLast4"
      | "disqualificationNote"
      // A plan change that waited behind a fixed renewal starts with the renewal after it.
      | "plan"
      | "renewalCents"
      | "pendingPlan"
      | "pendingRenewalCents"
      | "pendingPlanFrom"
    >
  >;
  /** Only while the subscription still has this many periods paid (a renewal's guard). */
  whilePeriodsPaid?: number;
  detail?: Record<string, unknown>;
  payment?: NewPayment;
}

/**
 * Moves the subscription by `transition.event` from the state it has in `from`, with its event
 * and payment, in the caller's transaction. Undefined when the event cannot happen in that
 * state or another call moved it first (then nothing is written).
 */
export async function moveSubscription(tx: Queryable, from: SubscriptionRow, transition: Transition): Promise<SubscriptionRow | undefined> {
  const to = nextState(from.state, transition.event);
  if (to === undefined) return undefined;
  const [moved] = await tx
    .update(subscriptions)
    .set({ ...transition.changes, state: to, lockedUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.id, from.id),
        eq(subscriptions.state, from.state),
        transition.whilePeriodsPaid === undefined ? undefined : eq(subscriptions.periodsPaid, transition.whilePeriodsPaid),
      ),
    )
    .returning();
  if (!moved) return undefined;
  await tx.insert(subscriptionEvents).values({
    subscriptionId: from.id,
    event: transition.event,
    fromState: from.state,
    toState: to,
    at: transition.at,
    detail: transition.detail ?? {},
  });
  if (transition.payment) {
    await tx
      .insert(subscriptionPayments)
      .values({ ...transition.payment, subscriptionId: from.id, at: transition.at })
      .onConflictDoNothing({ target: subscriptionPayments.idempotencyKey });
  }
  return moved;
}

/** A movement of money that changes no state (a failed try that will be tried again). */
export async function recordPayment(subscriptionId: string, payment: NewPayment, at: Date): Promise<void> {
  await (
    await database()
  )
    .insert(subscriptionPayments)
    .values({ ...payment, subscriptionId, at })
    .onConflictDoNothing({ target: subscriptionPayments.idempotencyKey });
}

/** She was told her terms (a reminder or the yearly notice sent): when, and when her next yearly notice is looked at. */
export type TermsTold = Pick<SubscriptionRow, "termsToldAt" | "annualNoticeDueAt">;

/**
 * The renewal reminder, once: taken off the subscription in the caller's transaction, only
 * while it is still the reminder that was read (another worker's is not taken again), with
 * `told` when it is sent (none when dropped unsent).
 */
export async function takeReminderDue(tx: Queryable, subscription: SubscriptionRow, told?: TermsTold): Promise<boolean> {
  const due = subscription.reminderDueAt;
  if (due === null) return false;
  const [taken] = await tx
    .update(subscriptions)
    .set({ reminderDueAt: null, ...told, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.reminderDueAt, due)))
    .returning({ id: subscriptions.id });
  return taken !== undefined;
}

/**
 * The yearly notice of her terms, once: moved on in the caller's transaction, only while it is
 * still the notice that was read, to `changes` (told now, or looked at again later).
 */
export async function takeAnnualNoticeDue(tx: Queryable, subscription: SubscriptionRow, changes: Partial<TermsTold>): Promise<boolean> {
  const due = subscription.annualNoticeDueAt;
  if (due === null) return false;
  const [taken] = await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.annualNoticeDueAt, due)))
    .returning({ id: subscriptions.id });
  return taken !== undefined;
}

/**
 * Her shipping address's state changed, in the caller's transaction: its laws choose her
 * reminders from now on, and a reminder still to come is moved to `reminderDueAt`.
 */
export async function moveShipState(tx: Queryable, subscriptionId: string, shipState: string, reminderDueAt: Date | null): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      shipState,
      reminderDueAt: sql`case when ${subscriptions.reminderDueAt} is null then null else ${reminderDueAt === null ? null : reminderDueAt.toISOString()}::timestamptz end`,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, subscriptionId));
}

/** The card she gave after the hold's lapsed, for the approval to charge (no state moves). */
export async function useCard(
  subscriptionId: string,
  card: Pick<SubscriptionRow, "cardReference" | "cardBrand" | "cardLast4">,
): Promise<SubscriptionRow | undefined> {
  const [row] = await (
    await database()
  )
    .update(subscriptions)
    .set({ ...card, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  return row;
}

/** The subscription as it is now, locked in the caller's transaction until it ends. */
export async function lockSubscription(tx: Queryable, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
  return row;
}

/**
 * Her card for the charges to come (she updated it), in the caller's transaction, only while
 * the subscription is in the state and charges the card `from` was read with, and no worker
 * holds it (a charge under way reads the card it began with). Undefined when it was not so.
 */
export async function replaceCard(
  tx: Queryable,
  from: SubscriptionRow,
  card: Pick<SubscriptionRow, "cardReference" | "cardBrand" | "cardLast4">,
): Promise<SubscriptionRow | undefined> {
  const realNow = new Date();
  const [row] = await tx
    .update(subscriptions)
    .set({ ...card, updatedAt: realNow })
    .where(
      and(
        eq(subscriptions.id, from.id),
        eq(subscriptions.state, from.state),
        from.cardReference === null ? isNull(subscriptions.cardReference) : eq(subscriptions.cardReference, from.cardReference),
        or(isNull(subscriptions.lockedUntil), lte(subscriptions.lockedUntil, realNow)),
      ),
    )
    .returning();
  return row;
}

/**
 * A new generation of her link that opens at once, in the caller's transaction: every older
 * link stops opening, those sent and not yet opened too.
 */
export async function nextLinkVersion(tx: Queryable, subscriptionId: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      linkVersion: sql`${subscriptions.newestLinkVersion} + 1`,
      newestLinkVersion: sql`${subscriptions.newestLinkVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * A new generation of her link that waits to be opened, in the caller's transaction: the links
 * she has keep opening until it (or a newer one) is first opened. Its number, to send.
 */
export async function offerLinkVersion(tx: Queryable, subscriptionId: string): Promise<number | undefined> {
  const [row] = await tx
    .update(subscriptions)
    .set({ newestLinkVersion: sql`${subscriptions.newestLinkVersion} + 1`, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId))
    .returning({ version: subscriptions.newestLinkVersion });
  return row?.version;
}

/**
 * A generation sent and not yet opened made the one that opens, now that it is first opened:
 * every older link stops opening; newer ones sent stay waiting. Only forward, and never once
 * her data is erased: the subscription as it is then, or undefined when this open did not move
 * it (another open did, or nothing was to move).
 */
export async function openLinkVersion(subscriptionId: string, version: number): Promise<SubscriptionRow | undefined> {
  const [row] = await (
    await database()
  )
    .update(subscriptions)
    .set({ linkVersion: version, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        lt(subscriptions.linkVersion, version),
        gte(subscriptions.newestLinkVersion, version),
        isNull(subscriptions.erasedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * The subscription still in the state, period and billing date `from` was read with: the
 * condition of a change she makes to a running plan (of two presses, or a press and a renewal,
 * one writes). Undefined when `from` has no billing date: nothing to change.
 */
function stillOnItsDate(from: SubscriptionRow): SQL | undefined {
  if (from.nextBillingAt === null) return undefined;
  return and(
    eq(subscriptions.id, from.id),
    eq(subscriptions.state, from.state),
    eq(subscriptions.periodsPaid, from.periodsPaid),
    eq(subscriptions.nextBillingAt, from.nextBillingAt),
  );
}

/**
 * Her next billing date moved (later, back, a period skipped), or a try of ship sooner
 * declined (counted with the period's failed tries), in the caller's transaction,
 * only while the subscription still has the date, state and period it was read with: of two
 * presses, or a press and a renewal, one writes. No state moves. Undefined when it was not so.
 */
export async function changeBillingDate(
  tx: Queryable,
  from: SubscriptionRow,
  changes: Partial<Pick<SubscriptionRow, "nextBillingAt" | "dueAt" | "reminderDueAt" | "firstPeriodStart" | "failedAttempts">>,
): Promise<SubscriptionRow | undefined> {
  const still = stillOnItsDate(from);
  if (!still) return undefined;
  const [row] = await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(still)
    .returning();
  return row;
}

/**
 * Her plan changed (from her next billing date, or waiting behind a fixed renewal, or a waiting
 * change cancelled), in the caller's transaction, only while the subscription still has the
 * state, period, billing date, plan and waiting plan it was read with: of two presses, or a
 * press and a renewal, one writes. No state moves. Undefined when it was not so.
 */
export async function changePlan(
  tx: Queryable,
  from: SubscriptionRow,
  changes: Pick<SubscriptionRow, "plan" | "renewalCents" | "firstPeriodStart" | "pendingPlan" | "pendingRenewalCents" | "pendingPlanFrom"> &
    Partial<Pick<SubscriptionRow, "reminderDueAt">>,
): Promise<SubscriptionRow | undefined> {
  const still = stillOnItsDate(from);
  if (!still) return undefined;
  const [row] = await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        still,
        eq(subscriptions.plan, from.plan),
        from.pendingPlan === null ? isNull(subscriptions.pendingPlan) : eq(subscriptions.pendingPlan, from.pendingPlan),
      ),
    )
    .returning();
  return row;
}

/** Changes that move no state: the next try's time after a failure the gateway could not answer. */
export async function postpone(subscriptionId: string, dueAt: Date | null, lockedUntil: Date | null): Promise<void> {
  await (
    await database()
  )
    .update(subscriptions)
    .set({ dueAt, lockedUntil, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * Takes the subscriptions that need a worker now (a renewal due, a hold lapsing, a decision
 * whose money has not moved), each for one worker for `lockMs` of real time.
 */
export async function claimDueSubscriptions(now: Date, lockMs: number, limit: number): Promise<SubscriptionRow[]> {
  const db = await database();
  const realNow = new Date();
  const due = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        or(
          and(inArray(subscriptions.state, ["active", "past_due", "ending", "on_hold"]), lte(subscriptions.dueAt, now)),
          and(inArray(subscriptions.state, ["on_hold", "hold_expired"]), isNotNull(subscriptions.decision)),
          and(eq(subscriptions.state, "active"), lte(subscriptions.reminderDueAt, now)),
          and(eq(subscriptions.state, "active"), lte(subscriptions.annualNoticeDueAt, now)),
        ),
        or(isNull(subscriptions.lockedUntil), lte(subscriptions.lockedUntil, realNow)),
      ),
    )
    .orderBy(asc(subscriptions.dueAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(subscriptions)
    .set({ lockedUntil: new Date(realNow.getTime() + lockMs) })
    .where(and(inArray(subscriptions.id, due), or(isNull(subscriptions.lockedUntil), lte(subscriptions.lockedUntil, realNow))))
    .returning();
}

/** Takes one subscription for this request (an approval, a cancel), unless a worker has it. */
export async function claimSubscription(subscriptionId: string, lockMs: number): Promise<SubscriptionRow | undefined> {
  const realNow = new Date();
  const [row] = await (
    await database()
  )
    .update(subscriptions)
    .set({ lockedUntil: new Date(realNow.getTime() + lockMs) })
    .where(and(eq(subscriptions.id, subscriptionId), or(isNull(subscriptions.lockedUntil), lte(subscriptions.lockedUntil, realNow))))
    .returning();
  return row;
}

export async function releaseClaim(subscriptionId: string): Promise<void> {
  await (await database()).update(subscriptions).set({ lockedUntil: null }).where(eq(subscriptions.id, subscriptionId));
}

/** Awaiting review and made at least `seconds` ago on the lifecycle clock (embedded auto-approval). */
export async function undecidedSince(before: Date, limit: number): Promise<SubscriptionRow[]> {
  return (await database())
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.state, "on_hold"), isNull(subscriptions.decision), lte(subscriptions.holdPlacedAt, before)))
    .limit(limit);
}

/**
 * The review queue: orders waiting for the medical team's decision (held or lapsed, nothing
 * decided yet), the oldest hold first, as it has waited longest; `pageSize` a page.
 */
export async function listAwaitingDecision(page: number, pageSize: number): Promise<SubscriptionPage> {
  const db = await database();
  const waiting = and(isNull(subscriptions.decision), inArray(subscriptions.state, [...awaitingReviewStates]));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(waiting)
      .orderBy(asc(subscriptions.holdPlacedAt), asc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(pageSize)
      .offset(Math.max(0, page - 1) * pageSize),
    db.select({ total: count() }).from(subscriptions).where(waiting),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The subscriptions of these references (at most as many as given), in no particular order. */
export async function findSubscriptionsByReferences(references: readonly string[]): Promise<SubscriptionRow[]> {
  if (references.length === 0) return [];
  return (await database())
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.reference, [...references]));
}

/** A payment money was taken by: a paid capture or charge (what a refund can give back). */
const paidPayment = and(inArray(subscriptionPayments.kind, ["capture", "charge"]), eq(subscriptionPayments.status, "succeeded"));

/** A refund to be made: its row is written "pending" with the amount set aside. */
export interface RefundToMake {
  amountCents: number;
  reason: NonNullable<SubscriptionPaymentRow["reason"]>;
  note: string | null;
  /** The gateway's idempotency key: one per refund. */
  idempotencyKey: string;
  /** On the lifecycle clock. */
  at: Date;
}

/**
 * Sets `refund.amountCents` of a paid capture or charge aside and writes the pending refund,
 * in the caller's transaction. The amount is raised by one conditional statement that never
 * takes the refunded total past what was paid, so of two people refunding the rest at once
 * exactly one gets it. Undefined when the payment is not a paid one of this subscription or
 * less is left than asked (nothing written).
 */
export async function setAsideRefund(
  tx: Queryable,
  subscriptionId: string,
  paymentId: number,
  refund: RefundToMake,
): Promise<SubscriptionPaymentRow | undefined> {
  const [payment] = await tx
    .update(subscriptionPayments)
    .set({ refundedCents: sql`${subscriptionPayments.refundedCents} + ${refund.amountCents}` })
    .where(
      and(
        eq(subscriptionPayments.id, paymentId),
        eq(subscriptionPayments.subscriptionId, subscriptionId),
        paidPayment,
        sql`${subscriptionPayments.refundedCents} + ${refund.amountCents} <= ${subscriptionPayments.amountCents}`,
      ),
    )
    .returning();
  if (!payment) return undefined;
  const [row] = await tx
    .insert(subscriptionPayments)
    .values({
      subscriptionId,
      kind: "refund",
      period: payment.period,
      status: "pending",
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      refundOf: payment.id,
      reason: refund.reason,
      note: refund.note,
      at: refund.at,
    })
    .returning();
  return row;
}

/**
 * A pending refund's answer, in the caller's transaction, once: succeeded with the gateway's
 * reference, or failed (refused), which gives its amount back to what may be refunded.
 * Undefined when it was settled before (nothing written).
 */
export async function settleRefund(
  tx: Queryable,
  refundId: number,
  outcome: { status: "succeeded"; reference: string } | { status: "failed"; message: string },
): Promise<SubscriptionPaymentRow | undefined> {
  const [settled] = await tx
    .update(subscriptionPayments)
    .set(
      outcome.status === "succeeded"
        ? { status: "succeeded", gatewayReference: outcome.reference }
        : { status: "failed", failureMessage: outcome.message },
    )
    .where(and(eq(subscriptionPayments.id, refundId), eq(subscriptionPayments.kind, "refund"), eq(subscriptionPayments.status, "pending")))
    .returning();
  if (settled && outcome.status === "failed" && settled.refundOf !== null) {
    await tx
      .update(subscriptionPayments)
      .set({ refundedCents: sql`${subscriptionPayments.refundedCents} - ${settled.amountCents}` })
      .where(eq(subscriptionPayments.id, settled.refundOf));
  }
  return settled;
}

/**
 * A refund made at the gateway, not by us (Stripe's Dashboard), of a paid payment: recorded
 * once under `idempotencyKey`, at most what is left. Undefined when recorded before or more
 * than is left (nothing written).
 */
export async function recordOutsideRefund(
  tx: Queryable,
  subscriptionId: string,
  paymentId: number,
  refund: RefundToMake & { gatewayReference: string | null },
): Promise<SubscriptionPaymentRow | undefined> {
  const [seen] = await tx
    .select({ id: subscriptionPayments.id })
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.idempotencyKey, refund.idempotencyKey));
  if (seen) return undefined;
  const pending = await setAsideRefund(tx, subscriptionId, paymentId, refund);
  if (!pending) return undefined;
  const [done] = await tx
    .update(subscriptionPayments)
    .set({ status: "succeeded", gatewayReference: refund.gatewayReference })
    .where(eq(subscriptionPayments.id, pending.id))
    .returning();
  return done;
}

/** Refunds still waiting for the gateway's answer (it did not answer): the worker asks again, oldest first. */
export async function pendingRefunds(limit: number): Promise<SubscriptionPaymentRow[]> {
  return (await database())
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.kind, "refund"), eq(subscriptionPayments.status, "pending")))
    .orderBy(asc(subscriptionPayments.id))
    .limit(limit);
}

export async function findPayment(paymentId: number): Promise<SubscriptionPaymentRow | undefined> {
  const [row] = await (await database()).select().from(subscriptionPayments).where(eq(subscriptionPayments.id, paymentId));
  return row;
}

/** The most recent paid capture or charge of a subscription (the last money she paid), if any. */
export async function lastPaidPayment(subscriptionId: string): Promise<SubscriptionPaymentRow | undefined> {
  const [row] = await (
    await database()
  )
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.subscriptionId, subscriptionId), paidPayment))
    .orderBy(desc(subscriptionPayments.id))
    .limit(1);
  return row;
}

/** The paid capture or charge of one period (at most one: a unique index keeps it so), if any. */
export async function paidPaymentOfPeriod(subscriptionId: string, period: number): Promise<SubscriptionPaymentRow | undefined> {
  const [row] = await (
    await database()
  )
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.subscriptionId, subscriptionId), eq(subscriptionPayments.period, period), paidPayment))
    .limit(1);
  return row;
}

/**
 * A line of the timeline that moves no state (a refund, a dispute, a change she made), in the caller's
 * transaction, in the state the subscription has now.
 */
export async function noteOnTimeline(
  tx: Queryable,
  subscriptionId: string,
  event: MoneyBackEvent | HerChangeEvent | NoticeEvent | "personal_data_erased",
  at: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  const [current] = await tx.select({ state: subscriptions.state }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!current) return;
  await tx.insert(subscriptionEvents).values({ subscriptionId, event, fromState: current.state, toState: current.state, at, detail });
}

/**
 * The paid capture or charge the gateway knows by `reference` (a capture keeps its hold's
 * reference, a charge its own), in the caller's transaction and locked there when `lock`
 * (a refund made at the gateway is weighed against what we refunded, one event at a time).
 * The hold and its release share a capture's reference: only the paid one is answered.
 */
export async function paidPaymentByReference(tx: Queryable, reference: string, lock = false): Promise<SubscriptionPaymentRow | undefined> {
  const query = tx
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.gatewayReference, reference), paidPayment))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The references of these subscriptions, by id (at most as many as given). */
export async function referencesOf(subscriptionIds: readonly string[]): Promise<Map<string, string>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await (
    await database()
  )
    .select({ id: subscriptions.id, reference: subscriptions.reference })
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...subscriptionIds]));
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/**
 * Her subscription marked erased at her request, in the caller's transaction, once: only while
 * it is not yet (of two presses, one erases). Her own words with a cancel reason go, a plan
 * change waiting goes with the plan, and her link moves on past every generation sent, so
 * every link drawn for her (her page's, her plan's for her doctor, one sent and not yet
 * opened) stops opening. False when erased already.
 */
export async function markErased(tx: Queryable, subscriptionId: string, at: Date): Promise<boolean> {
  const [row] = await tx
    .update(subscriptions)
    .set({
      erasedAt: at,
      cancelReasonNote: null,
      cancelForHerNote: null,
      // What the team typed about her goes with her data; the decision itself stays.
      decisionMessage: null,
      disqualificationNote: null,
      pendingPlan: null,
      pendingRenewalCents: null,
      pendingPlanFrom: null,
      // Her state is part of her address; with her plan ended no notice is due.
      shipState: null,
      annualNoticeDueAt: null,
      linkVersion: sql`${subscriptions.newestLinkVersion} + 1`,
      newestLinkVersion: sql`${subscriptions.newestLinkVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.erasedAt)))
    .returning({ id: subscriptions.id });
  return row !== undefined;
}

/** The notes the team typed on her payments (a refund's), erased at her request in the caller's transaction. */
export async function erasePaymentNotes(tx: Queryable, subscriptionId: string): Promise<void> {
  await tx
    .update(subscriptionPayments)
    .set({ note: null })
    .where(and(eq(subscriptionPayments.subscriptionId, subscriptionId), isNotNull(subscriptionPayments.note)));
}

/**
 * Her choice of language from her private page: her page and her emails follow it from now.
 * Written only when it differs, so reading her page in the language she has writes nothing.
 */
export async function chooseLanguage(subscriptionId: string, language: SubscriptionRow["language"]): Promise<void> {
  await (
    await database()
  )
    .update(subscriptions)
    .set({ language, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), sql`${subscriptions.language} <> ${language}`));
}
