// The owner's money report, from the payments of a date range: holds placed, captured and
// released, renewals charged and failed, revenue (first periods captured and renewals paid)
// by plan and by month, and the average order. Pure: the payments come grouped from the
// database (app/server/owner/funnel-report.server.ts).
import { plans, type PlanCode } from "./plans";
import type { PaymentKind } from "./refunds";

/** Payments of one kind, outcome, plan and month. */
export interface PaymentGroup {
  kind: PaymentKind;
  status: "succeeded" | "failed" | "pending";
  /** A renewal's charge (period 1 on), not the first period's. */
  renewal: boolean;
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

export interface MoneyReport {
  holdsPlaced: Tally;
  captured: Tally;
  released: Tally;
  renewalsCharged: Tally;
  renewalsFailed: Tally;
  revenue: Tally;
  /** The average first period of the orders placed (their holds); null with none. */
  averageOrderCents: number | null;
  byPlan: { plan: PlanCode; label: string; revenue: Tally }[];
  byMonth: { month: string; revenue: Tally }[];
}

const none = (): Tally => ({ count: 0, cents: 0 });

function add(tally: Tally, group: PaymentGroup): void {
  tally.count += group.count;
  tally.cents += group.cents;
}

/** The first period paid: a capture of the hold, or the approval's own charge once the hold had lapsed. */
function isFirstPeriodPaid(group: PaymentGroup): boolean {
  return group.status === "succeeded" && (group.kind === "capture" || (group.kind === "charge" && !group.renewal));
}

export function moneyReport(groups: readonly PaymentGroup[]): MoneyReport {
  const report: MoneyReport = {
    holdsPlaced: none(),
    captured: none(),
    released: none(),
    renewalsCharged: none(),
    renewalsFailed: none(),
    revenue: none(),
    averageOrderCents: null,
    byPlan: [],
    byMonth: [],
  };
  const byPlan = new Map<PlanCode, Tally>();
  const byMonth = new Map<string, Tally>();
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
      add(byPlan.get(group.plan) ?? byPlan.set(group.plan, none()).get(group.plan)!, group);
      add(byMonth.get(group.month) ?? byMonth.set(group.month, none()).get(group.month)!, group);
    }
  }
  const held = report.holdsPlaced;
  report.averageOrderCents = held.count === 0 ? null : Math.round(held.cents / held.count);
  report.byPlan = (Object.keys(plans) as PlanCode[])
    .filter((plan) => byPlan.has(plan))
    .map((plan) => ({ plan, label: plans[plan].label, revenue: byPlan.get(plan)! }));
  report.byMonth = [...byMonth.keys()].sort().map((month) => ({ month, revenue: byMonth.get(month)! }));
  return report;
}
