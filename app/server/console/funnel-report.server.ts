// The owner's funnel report: flows counted by step, variant and grouping; the range's money; the
// outbox's, holds' and prunes' health; the orders export. The database aggregates, so a million
// flows cost an index range scan per query, never a row in Node.
import { and, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import {
  addCounts,
  funnelSteps,
  noValue,
  rangeInstants,
  recordedSteps,
  funnelStepBit,
  type FunnelCounts,
  type ReportDimension,
  type ReportFilters,
  type ReportQuery,
} from "../../funnel/funnel-report";
import {
  cancelReasonLines,
  moneyReport,
  type CancelReasonLine,
  type DisputeGroup,
  type MoneyReport,
  type PaymentGroup,
} from "../../funnel/money-report";
import { deliveredOutboxKeptDays, pruneNames, unknownSignInsKeptDays, type PruneName } from "../../funnel/prunes";
import type { PlanCode } from "../../funnel/plans";
import type { SubscriptionState } from "../../funnel/subscription-life";
import { variants, type Variant } from "../../funnel/variant";
import { config } from "../config.server";
import { database, databaseEngine } from "../db/client.server";
import { databaseSize, type DatabaseSize } from "../db/database-size.server";
import { latestHealthDataRequests } from "../db/stores/health-data-requests.server";
import {
  checkoutCarts,
  disputes,
  flowProgress,
  outboxMessages,
  subscriptionEvents,
  subscriptionPayments,
  subscriptions,
} from "../db/schema.server";
import { listPruneRuns } from "../db/stores/prune-runs.server";
import { unknownSignInsSince } from "../db/stores/sign-in-tries.server";
import { disputeTotals, moneyBackOf, paymentTotals } from "./order-money-back.server";

const dimensionColumns = {
  source: flowProgress.utmSource,
  campaign: flowProgress.utmCampaign,
  referral: flowProgress.referralCode,
  variant: flowProgress.variant,
} as const satisfies Record<ReportDimension, unknown>;

/** The rest become "Other values". */
export const groupsShown = 20;
/** The most frequent in the range. */
export const filterValuesOffered = 50;

function asNumber(value: unknown): number {
  return Number(value ?? 0);
}

function flowConditions(query: ReportQuery, filters: ReportFilters): SQL | undefined {
  const { start, end } = rangeInstants(query);
  const conditions: (SQL | undefined)[] = [gte(flowProgress.startedAt, start), lt(flowProgress.startedAt, end)];
  for (const [dimension, value] of Object.entries(filters) as [ReportDimension, string][]) {
    const column = dimensionColumns[dimension];
    conditions.push(value === noValue ? isNull(column) : eq(column, value));
  }
  return and(...conditions);
}

// In funnelSteps order after `flows`. The bits are constants written into the statement, so the planner sees them.
const stepCounts = {
  flows: sql<number>`count(*)`.mapWith(asNumber),
  ...Object.fromEntries(
    recordedSteps.map((step) => [
      step,
      sql<number>`count(*) filter (where (${flowProgress.steps} & ${sql.raw(String(funnelStepBit(step)))}) <> 0)`.mapWith(asNumber),
    ]),
  ),
  "hold-placed": sql<number>`count(${subscriptions.id})`.mapWith(asNumber),
  approved: sql<number>`count(*) filter (where ${subscriptions.decision} = 'approved')`.mapWith(asNumber),
  "first-renewal": sql<number>`count(*) filter (where ${subscriptions.periodsPaid} >= 2)`.mapWith(asNumber),
};

function countsOf(row: Record<string, unknown>): FunnelCounts {
  return { flows: asNumber(row.flows), steps: funnelSteps.map((step) => asNumber(row[step.code])) };
}

const emptyCounts = (): FunnelCounts => ({ flows: 0, steps: funnelSteps.map(() => 0) });

async function groupedCounts(
  dimension: ReportDimension,
  query: ReportQuery,
  filters: ReportFilters,
): Promise<{ value: string | null; counts: FunnelCounts }[]> {
  const column = dimensionColumns[dimension];
  // A flow's subscription comes after the flow (both on the database's clock): only those made since
  // the range began are joined, by their index.
  const { start } = rangeInstants(query);
  const rows = await (
    await database()
  )
    .select({ value: column, ...stepCounts })
    .from(flowProgress)
    .leftJoin(subscriptions, and(eq(subscriptions.responderUuid, flowProgress.responderUuid), gte(subscriptions.createdAt, start)))
    .where(flowConditions(query, filters))
    .groupBy(column)
    .orderBy(desc(sql`count(*)`), column);
  return rows.map((row) => ({ value: row.value, counts: countsOf(row) }));
}

export interface FunnelGroup {
  /** The value as stored; null: flows without it. */
  value: string | null;
  counts: FunnelCounts;
}

export interface VariantCounts {
  variant: Variant;
  counts: FunnelCounts;
}

export interface FunnelFigures {
  total: FunnelCounts;
  /** Each with every filter but the variant's. */
  variants: VariantCounts[];
  /** The largest groups, then the rest summed as `other`. */
  groups: { shown: FunnelGroup[]; other: FunnelCounts | null; count: number } | null;
}

export async function funnelFigures(
  query: ReportQuery,
  filters: ReportFilters,
  group: ReportDimension | undefined,
): Promise<FunnelFigures> {
  const { variant: variantFilter, ...otherFilters } = filters;
  const [byVariant, byGroup] = await Promise.all([
    groupedCounts("variant", query, otherFilters),
    group && group !== "variant" ? groupedCounts(group, query, filters) : undefined,
  ]);
  const variantCounts = variants.map((variant) => ({
    variant,
    counts: byVariant.find((row) => row.value === variant)?.counts ?? emptyCounts(),
  }));
  const total = byVariant
    .filter((row) => variantFilter === undefined || row.value === variantFilter)
    .reduce((sum, row) => addCounts(sum, row.counts), emptyCounts());
  const grouped = group === "variant" ? byVariant.filter((row) => variantFilter === undefined || row.value === variantFilter) : byGroup;
  return {
    total,
    variants: variantCounts,
    groups: grouped
      ? {
          shown: grouped.slice(0, groupsShown),
          other:
            grouped.length > groupsShown
              ? grouped.slice(groupsShown).reduce((sum, row) => addCounts(sum, row.counts), emptyCounts())
              : null,
          count: grouped.length,
        }
      : null,
  };
}

export interface FilterChoice {
  value: string;
  flows: number;
}

/** Most frequent first. */
export async function filterChoices(query: ReportQuery): Promise<Record<Exclude<ReportDimension, "variant">, FilterChoice[]>> {
  const db = await database();
  const conditions = flowConditions(query, {});
  const choicesOf = async (dimension: "source" | "campaign" | "referral") => {
    const column = dimensionColumns[dimension];
    const rows = await db
      .select({ value: column, flows: sql<number>`count(*)`.mapWith(asNumber) })
      .from(flowProgress)
      .where(conditions)
      .groupBy(column)
      .orderBy(desc(sql`count(*)`), column)
      .limit(filterValuesOffered);
    return rows.map((row) => ({ value: row.value ?? noValue, flows: row.flows }));
  };
  const [source, campaign, referral] = await Promise.all([choicesOf("source"), choicesOf("campaign"), choicesOf("referral")]);
  return { source, campaign, referral };
}

export interface PromoUse {
  code: string;
  orders: number;
  discountCents: number;
}

export interface MoneyFigures extends MoneyReport {
  promos: PromoUse[];
  cancelReasons: CancelReasonLine[];
}

/** One per subscription at most. */
const cancelEvents = ["cancelled_released", "cancelled", "cancelled_after_renewal"] as const;

/**
 * On the lifecycle clock. A refund counts when made; a dispute at its last change (opened while
 * open, closed once won or lost), so a dispute lost this month takes its money off this month.
 */
export async function moneyFigures(query: ReportQuery): Promise<MoneyFigures> {
  const db = await database();
  const { start, end } = rangeInstants(query);
  const month = sql<string>`to_char(${subscriptionPayments.at} at time zone 'UTC', 'YYYY-MM')`;
  const renewal = sql<boolean>`${subscriptionPayments.period} > 0`;
  const disputeAt = sql<Date>`coalesce(${disputes.closedAt}, ${disputes.openedAt})`;
  const disputeMonth = sql<string>`to_char(${disputeAt} at time zone 'UTC', 'YYYY-MM')`;
  const [payments, disputeRows, promos, cancels] = await Promise.all([
    db
      .select({
        kind: subscriptionPayments.kind,
        status: subscriptionPayments.status,
        renewal,
        plan: subscriptions.plan,
        month,
        reason: subscriptionPayments.reason,
        count: sql<number>`count(*)`.mapWith(asNumber),
        cents: sql<number>`coalesce(sum(${subscriptionPayments.amountCents}), 0)`.mapWith(asNumber),
      })
      .from(subscriptionPayments)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPayments.subscriptionId))
      .where(and(gte(subscriptionPayments.at, start), lt(subscriptionPayments.at, end)))
      .groupBy(subscriptionPayments.kind, subscriptionPayments.status, renewal, subscriptions.plan, month, subscriptionPayments.reason),
    db
      .select({
        status: disputes.status,
        plan: subscriptions.plan,
        month: disputeMonth,
        count: sql<number>`count(*)`.mapWith(asNumber),
        cents: sql<number>`coalesce(sum(${disputes.amountCents}), 0)`.mapWith(asNumber),
      })
      .from(disputes)
      .innerJoin(subscriptions, eq(subscriptions.id, disputes.subscriptionId))
      .where(and(sql`${disputeAt} >= ${start.toISOString()}::timestamptz`, sql`${disputeAt} < ${end.toISOString()}::timestamptz`))
      .groupBy(disputes.status, subscriptions.plan, disputeMonth),
    db
      .select({
        code: sql<string>`upper(${checkoutCarts.promoCode})`,
        orders: sql<number>`count(*)`.mapWith(asNumber),
        discountCents: sql<number>`coalesce(sum(${checkoutCarts.promoDiscountCents}), 0)`.mapWith(asNumber),
      })
      .from(subscriptions)
      .innerJoin(checkoutCarts, eq(checkoutCarts.responderUuid, subscriptions.responderUuid))
      .where(and(gte(subscriptions.holdPlacedAt, start), lt(subscriptions.holdPlacedAt, end), sql`${checkoutCarts.promoCode} is not null`))
      .groupBy(sql`upper(${checkoutCarts.promoCode})`)
      .orderBy(desc(sql`count(*)`), sql`upper(${checkoutCarts.promoCode})`),
    // Counted when she cancelled, whatever happened to the plan since.
    db
      .select({ reason: subscriptions.cancelReason, count: sql<number>`count(*)`.mapWith(asNumber) })
      .from(subscriptionEvents)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEvents.subscriptionId))
      .where(and(inArray(subscriptionEvents.event, [...cancelEvents]), gte(subscriptionEvents.at, start), lt(subscriptionEvents.at, end)))
      .groupBy(subscriptions.cancelReason),
  ]);
  const groups: PaymentGroup[] = payments.map((row) => ({ ...row, renewal: Boolean(row.renewal), plan: row.plan }));
  const disputeGroups: DisputeGroup[] = disputeRows.map((row) => ({ ...row, plan: row.plan }));
  return { ...moneyReport(groups, disputeGroups), promos, cancelReasons: cancelReasonLines(cancels) };
}

const dayMs = 86_400_000;

export interface OutboxHealth {
  kind: string;
  pending: number;
  /** The outbox retries them. */
  failing: number;
  oldestPendingAt: string | null;
}

/** `ranAt` null when it has never run. */
export interface PruneHealth {
  name: PruneName;
  ranAt: string | null;
  rows: number;
  batches: number;
  caughtUp: boolean;
  failed: boolean;
}

export interface HealthFigures {
  outbox: OutboxHealth[];
  emails: { sent: number; failing: number };
  /** Lifecycle clock, undecided. */
  expiringHolds: { reference: string; holdExpiresAt: string }[];
  /** In their fixed order. */
  prunes: PruneHealth[];
  pruneAges: { abandonedFlowDays: number; deliveredOutboxKeptDays: number; unknownSignInsKeptDays: number };
  /** Real time: the last 24 hours, and all kept. */
  unknownSignIns: { lastDay: number; kept: number };
  /** The latest requests for her health data and their outcomes, newest first, whatever the range. */
  healthDataRequests: { kind: "access" | "deletion"; askedAt: string; outcome: string; outcomeAt: string }[];
  database: DatabaseSize & { engine: "pglite" | "postgresql" };
}

/** Health data requests listed in the health part. */
const healthDataRequestsListed = 20;

/** Now, whatever the range; emails sent: in the range. */
export async function healthFigures(query: ReportQuery, lifecycleNow: Date): Promise<HealthFigures> {
  const db = await database();
  const { start, end } = rangeInstants(query);
  const realNow = Date.now();
  const [outbox, [emails], expiring, pruneRuns, unknownLastDay, unknownKept, size, engine] = await Promise.all([
    db
      .select({
        kind: outboxMessages.kind,
        pending: sql<number>`count(*)`.mapWith(asNumber),
        failing: sql<number>`count(*) filter (where ${outboxMessages.attempts} > 0)`.mapWith(asNumber),
        oldest: sql<Date | string | null>`min(${outboxMessages.createdAt})`,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.status, "pending"))
      .groupBy(outboxMessages.kind)
      .orderBy(outboxMessages.kind),
    db
      .select({
        sent: sql<number>`count(*) filter (where ${outboxMessages.status} = 'delivered' and ${outboxMessages.deliveredAt} >= ${start.toISOString()}::timestamptz and ${outboxMessages.deliveredAt} < ${end.toISOString()}::timestamptz)`.mapWith(
          asNumber,
        ),
        failing: sql<number>`count(*) filter (where ${outboxMessages.status} = 'pending' and ${outboxMessages.attempts} > 0)`.mapWith(
          asNumber,
        ),
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "email")),
    db
      .select({ reference: subscriptions.reference, holdExpiresAt: subscriptions.holdExpiresAt })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.state, "on_hold"),
          isNull(subscriptions.decision),
          lte(subscriptions.holdExpiresAt, new Date(lifecycleNow.getTime() + 24 * 3_600_000)),
        ),
      )
      .orderBy(subscriptions.holdExpiresAt)
      .limit(100),
    listPruneRuns(),
    unknownSignInsSince(new Date(realNow - dayMs)),
    unknownSignInsSince(new Date(realNow - unknownSignInsKeptDays * dayMs)),
    databaseSize(),
    databaseEngine(),
  ]);
  const healthDataRequests = await latestHealthDataRequests(healthDataRequestsListed);
  return {
    outbox: outbox.map((row) => ({
      kind: row.kind,
      pending: row.pending,
      failing: row.failing,
      oldestPendingAt: row.oldest === null ? null : new Date(row.oldest).toISOString(),
    })),
    emails: { sent: emails?.sent ?? 0, failing: emails?.failing ?? 0 },
    expiringHolds: expiring.map((row) => ({ reference: row.reference, holdExpiresAt: row.holdExpiresAt.toISOString() })),
    prunes: pruneNames.map((name) => {
      const run = pruneRuns.find((row) => row.name === name);
      return run
        ? { name, ranAt: run.ranAt.toISOString(), rows: run.rows, batches: run.batches, caughtUp: run.caughtUp, failed: run.failed }
        : { name, ranAt: null, rows: 0, batches: 0, caughtUp: false, failed: false };
    }),
    pruneAges: { abandonedFlowDays: config().ABANDONED_FLOW_DAYS, deliveredOutboxKeptDays, unknownSignInsKeptDays },
    unknownSignIns: { lastDay: unknownLastDay, kept: unknownKept },
    healthDataRequests: healthDataRequests.map((line) => ({
      kind: line.kind,
      askedAt: line.askedAt.toISOString(),
      outcome: line.outcome,
      outcomeAt: line.outcomeAt.toISOString(),
    })),
    database: { ...size, engine },
  };
}

export interface OrderExportRow {
  reference: string;
  holdPlacedAt: Date;
  plan: PlanCode;
  firstPeriodCents: number;
  renewalCents: number;
  state: SubscriptionState;
  variant: Variant;
  decision: string | null;
  periodsPaid: number;
  nextBillingAt: Date | null;
  utmSource: string | null;
  utmCampaign: string | null;
  referralCode: string | null;
  promoCode: string | null;
  promoDiscountCents: number | null;
  refundedCents: number;
  /** A won dispute took nothing. */
  disputedCents: number;
}

/** Newest first, with where its flow came from: no name, contact or answer. */
export async function ordersForExport(range?: Pick<ReportQuery, "from" | "to">): Promise<OrderExportRow[]> {
  const instants = range && rangeInstants(range);
  const db = await database();
  const paid = paymentTotals(db);
  const disputed = disputeTotals(db);
  const rows = await db
    .select({
      reference: subscriptions.reference,
      holdPlacedAt: subscriptions.holdPlacedAt,
      plan: subscriptions.plan,
      firstPeriodCents: subscriptions.firstPeriodCents,
      renewalCents: subscriptions.renewalCents,
      state: subscriptions.state,
      variant: subscriptions.variant,
      decision: subscriptions.decision,
      periodsPaid: subscriptions.periodsPaid,
      nextBillingAt: subscriptions.nextBillingAt,
      utmSource: flowProgress.utmSource,
      utmCampaign: flowProgress.utmCampaign,
      referralCode: flowProgress.referralCode,
      promoCode: checkoutCarts.promoCode,
      promoDiscountCents: checkoutCarts.promoDiscountCents,
      paidCents: paid.paidCents,
      refundedCents: paid.refundedCents,
      openCents: disputed.openCents,
      lostCents: disputed.lostCents,
    })
    .from(subscriptions)
    .leftJoin(flowProgress, eq(flowProgress.responderUuid, subscriptions.responderUuid))
    .leftJoin(checkoutCarts, eq(checkoutCarts.responderUuid, subscriptions.responderUuid))
    .leftJoin(paid, eq(paid.subscriptionId, subscriptions.id))
    .leftJoin(disputed, eq(disputed.subscriptionId, subscriptions.id))
    .where(instants && and(gte(subscriptions.holdPlacedAt, instants.start), lt(subscriptions.holdPlacedAt, instants.end)))
    .orderBy(desc(subscriptions.holdPlacedAt), subscriptions.reference);
  return rows.map(({ paidCents, refundedCents, openCents, lostCents, ...order }) => {
    const money = moneyBackOf({ paidCents, refundedCents, openCents, lostCents });
    return { ...order, refundedCents: money.refundedCents, disputedCents: money.openDisputeCents + money.lostDisputeCents };
  });
}
