// The owner's money report, from the payments and disputes of a date range: holds placed,
// captured and released, renewals charged and failed, revenue (first periods captured and
// renewals paid), refunds by reason, disputes open, won and lost, and net revenue (revenue
// less refunds made and disputes lost), overall, by plan and by month; the average order.
// Every movement belongs to the month it happened in: a refund to the month it was made, a
// dispute to the month it opened while it is open, and to the month it closed once closed,
// not to the month of the payment it gives back. Pure: the rows come grouped from the
// database (app/server/console/funnel-report.server.ts). Beside the money, the cancels of the
// range by the reason she gave.
import { herCancelReasonLabels, herCancelReasons, knownCancelReason, noReasonLabel, type HerCancelReason } from "./cancel-reasons";
import { disputeOutcome } from "./disputes";
import { plans, type PlanCode } from "./plans";
import { refundReasonLabels, refundReasons, type PaymentKind, type RefundReason } from "./refunds";

/** Payments of one kind, outcome, plan and month (refunds: of one reason too). */
export interface PaymentGroup {
  kind: PaymentKind;
  status: "succeeded" | "failed" | "pending";
  /** A renewal's charge (period 1 on), not the first period's. */
  renewal: boolean;
  plan: PlanCode;
  /** YYYY-MM. */
  month: string;
  /** A refund's reason; none for other payments. */
  reason?: RefundReason | null;
  count: number;
  cents: number;
}

/** Disputes of one status and plan, in the month of their last change (opened, or closed). */
export interface DisputeGroup {
  /** Stripe's status (app/funnel/disputes.ts). */
  status: string;
  plan: PlanCode;
  /** YYYY-MM. */
  month: string;
  count: number;
  cents: number;
}

export interface Tally {
  count: number;
  cents: number;
}

/** Revenue, what went back and what is left, for the whole range, a plan or a month. */
export interface NetLine {
  revenue: Tally;
  refunds: Tally;
  lostDisputes: Tally;
  /** Revenue less refunds and disputes lost: may be below zero in a month of refunds alone. */
  netCents: number;
}

export interface MoneyReport {
  holdsPlaced: Tally;
  captured: Tally;
  released: Tally;
  renewalsCharged: Tally;
  renewalsFailed: Tally;
  revenue: Tally;
  /** Refunds the gateway made. */
  refunds: Tally;
  /** The same by reason, in the reasons' order, only those with a refund. */
  refundsByReason: { reason: RefundReason; label: string; refunds: Tally }[];
  /** Refunds asked of the gateway and not yet answered: on their way, not yet taken off. */
  refundsPending: Tally;
  disputes: { open: Tally; won: Tally; lost: Tally };
  netRevenueCents: number;
  /** The average first period of the orders placed (their holds); null with none. */
  averageOrderCents: number | null;
  byPlan: ({ plan: PlanCode; label: string } & NetLine)[];
  byMonth: ({ month: string } & NetLine)[];
}

const none = (): Tally => ({ count: 0, cents: 0 });
const noLine = (): NetLine => ({ revenue: none(), refunds: none(), lostDisputes: none(), netCents: 0 });

function add(tally: Tally, group: Tally): void {
  tally.count += group.count;
  tally.cents += group.cents;
}

/** The first period paid: a capture of the hold, or the approval's own charge once the hold had lapsed. */
function isFirstPeriodPaid(group: PaymentGroup): boolean {
  return group.status === "succeeded" && (group.kind === "capture" || (group.kind === "charge" && !group.renewal));
}

function lineOf<Key>(lines: Map<Key, NetLine>, key: Key): NetLine {
  let line = lines.get(key);
  if (!line) lines.set(key, (line = noLine()));
  return line;
}

const netOf = (line: Omit<NetLine, "netCents">) => line.revenue.cents - line.refunds.cents - line.lostDisputes.cents;

export function moneyReport(groups: readonly PaymentGroup[], disputeGroups: readonly DisputeGroup[] = []): MoneyReport {
  const report: MoneyReport = {
    holdsPlaced: none(),
    captured: none(),
    released: none(),
    renewalsCharged: none(),
    renewalsFailed: none(),
    revenue: none(),
    refunds: none(),
    refundsByReason: [],
    refundsPending: none(),
    disputes: { open: none(), won: none(), lost: none() },
    netRevenueCents: 0,
    averageOrderCents: null,
    byPlan: [],
    byMonth: [],
  };
  const byPlan = new Map<PlanCode, NetLine>();
  const byMonth = new Map<string, NetLine>();
  const byReason = new Map<RefundReason, Tally>();
  const lines = (plan: PlanCode, month: string) => [lineOf(byPlan, plan), lineOf(byMonth, month)];
  for (const group of groups) {
    if (group.kind === "hold" && group.status === "succeeded") add(report.holdsPlaced, group);
    if (group.kind === "release" && group.status === "succeeded") add(report.released, group);
    if (group.kind === "charge" && group.renewal && group.status === "failed") add(report.renewalsFailed, group);
    const firstPeriod = isFirstPeriodPaid(group);
    const renewal = group.kind === "charge" && group.renewal && group.status === "succeeded";
    if (firstPeriod) add(report.captured, group);
    if (renewal) add(report.renewalsCharged, group);
    if (firstPeriod || renewal) {
      add(report.revenue, group);
      for (const line of lines(group.plan, group.month)) add(line.revenue, group);
    }
    if (group.kind === "refund" && group.status === "pending") add(report.refundsPending, group);
    if (group.kind === "refund" && group.status === "succeeded") {
      add(report.refunds, group);
      const reason = group.reason ?? "other";
      add(byReason.get(reason) ?? byReason.set(reason, none()).get(reason)!, group);
      for (const line of lines(group.plan, group.month)) add(line.refunds, group);
    }
  }
  for (const group of disputeGroups) {
    const outcome = disputeOutcome(group.status) ?? "open";
    add(report.disputes[outcome], group);
    if (outcome === "lost") for (const line of lines(group.plan, group.month)) add(line.lostDisputes, group);
  }
  for (const line of [...byPlan.values(), ...byMonth.values()]) line.netCents = netOf(line);
  report.netRevenueCents = netOf({ revenue: report.revenue, refunds: report.refunds, lostDisputes: report.disputes.lost });
  const held = report.holdsPlaced;
  report.averageOrderCents = held.count === 0 ? null : Math.round(held.cents / held.count);
  report.refundsByReason = refundReasons
    .filter((reason) => byReason.has(reason))
    .map((reason) => ({ reason, label: refundReasonLabels[reason], refunds: byReason.get(reason)! }));
  report.byPlan = (Object.keys(plans) as PlanCode[])
    .filter((plan) => byPlan.has(plan))
    .map((plan) => ({ plan, label: plans[plan].label, ...byPlan.get(plan)! }));
  report.byMonth = [...byMonth.keys()].sort().map((month) => ({ month, ...byMonth.get(month)! }));
  return report;
}

/** Cancels of one reason code (null: none given), as the database groups them. */
export interface CancelReasonGroup {
  reason: string | null;
  count: number;
}

export interface CancelReasonLine {
  label: string;
  count: number;
}

/**
 * Cancels of the range by her reason: every reason in the question's order (a reason nobody
 * gave shows its 0), then "No reason given"; none at all when nothing was cancelled. A code
 * retired since is counted as Other.
 */
export function cancelReasonLines(groups: readonly CancelReasonGroup[]): CancelReasonLine[] {
  const counts = new Map<HerCancelReason | null, number>();
  for (const group of groups) {
    const reason = knownCancelReason(group.reason);
    counts.set(reason, (counts.get(reason) ?? 0) + group.count);
  }
  if (counts.size === 0) return [];
  return [
    ...herCancelReasons.map((reason) => ({ label: herCancelReasonLabels[reason], count: counts.get(reason) ?? 0 })),
    { label: noReasonLabel, count: counts.get(null) ?? 0 },
  ];
}

/** What an order's row in the console's list says of money that went back. */
export type MoneyBackBadge = "Refunded" | "Partly refunded" | "Disputed" | "Dispute lost";

export interface OrderMoneyBack {
  /** Captures and charges paid. */
  paidCents: number;
  /** Refunds the gateway made. */
  refundedCents: number;
  /** Disputes still open. */
  openDisputeCents: number;
  /** Disputes the bank decided for her. */
  lostDisputeCents: number;
}

export const noMoneyBack: OrderMoneyBack = { paidCents: 0, refundedCents: 0, openDisputeCents: 0, lostDisputeCents: 0 };

/**
 * Refunded: every cent paid given back; partly: some. Disputed while a dispute is open; once
 * closed, only a lost one is still said (a won dispute took nothing).
 */
export function moneyBackBadges(money: OrderMoneyBack): MoneyBackBadge[] {
  const badges: MoneyBackBadge[] = [];
  if (money.refundedCents > 0) badges.push(money.refundedCents >= money.paidCents ? "Refunded" : "Partly refunded");
  if (money.openDisputeCents > 0) badges.push("Disputed");
  else if (money.lostDisputeCents > 0) badges.push("Dispute lost");
  return badges;
}
