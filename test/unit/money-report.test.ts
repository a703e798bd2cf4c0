// The money report nets it out: whatever payments, refunds and disputes a range holds, net
// revenue is revenue less refunds made less disputes lost, to the cent, and the lines by plan
// and by month add up to the whole; refunds on their way, disputes open or won take nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closedDisputeStatuses } from "../../app/funnel/disputes";
import { moneyBackBadges, moneyReport, type DisputeGroup, type PaymentGroup } from "../../app/funnel/money-report";
import { planCodes } from "../../app/funnel/plans";
import { paymentKinds, refundReasons } from "../../app/funnel/refunds";

const month = fc.constantFrom("2026-09", "2026-10", "2026-11", "2027-01");
const plan = fc.constantFrom(...planCodes);
const count = fc.integer({ min: 1, max: 50 });
const cents = fc.integer({ min: 0, max: 5_000_000 });

const paymentGroup: fc.Arbitrary<PaymentGroup> = fc.record({
  kind: fc.constantFrom(...paymentKinds),
  status: fc.constantFrom("succeeded", "failed", "pending"),
  renewal: fc.boolean(),
  plan,
  month,
  reason: fc.option(fc.constantFrom(...refundReasons), { nil: null }),
  count,
  cents,
});

const disputeGroup: fc.Arbitrary<DisputeGroup> = fc.record({
  status: fc.constantFrom(
    ...closedDisputeStatuses,
    "needs_response",
    "under_review",
    "warning_needs_response",
    "a_status_stripe_adds_later",
  ),
  plan,
  month,
  count,
  cents,
});

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe("net revenue", () => {
  it("is revenue less refunds made less disputes lost, and by plan and by month adds up to it, for any payments and disputes", () => {
    fc.assert(
      fc.property(fc.array(paymentGroup, { maxLength: 40 }), fc.array(disputeGroup, { maxLength: 20 }), (payments, disputes) => {
        const report = moneyReport(payments, disputes);
        const paidRevenue = sum(
          payments
            .filter((group) => group.status === "succeeded" && (group.kind === "capture" || group.kind === "charge"))
            .map((group) => group.cents),
        );
        const refunded = sum(
          payments.filter((group) => group.kind === "refund" && group.status === "succeeded").map((group) => group.cents),
        );
        const lost = sum(disputes.filter((group) => group.status === "lost").map((group) => group.cents));
        expect(report.revenue.cents).toBe(paidRevenue);
        expect(report.refunds.cents).toBe(refunded);
        expect(report.disputes.lost.cents).toBe(lost);
        expect(report.netRevenueCents).toBe(paidRevenue - refunded - lost);
        expect(report.netRevenueCents).toBe(report.revenue.cents - report.refunds.cents - report.disputes.lost.cents);

        expect(sum(report.byPlan.map((line) => line.netCents))).toBe(report.netRevenueCents);
        expect(sum(report.byMonth.map((line) => line.netCents))).toBe(report.netRevenueCents);
        for (const line of [...report.byPlan, ...report.byMonth]) {
          expect(line.netCents).toBe(line.revenue.cents - line.refunds.cents - line.lostDisputes.cents);
        }
        expect(sum(report.byPlan.map((line) => line.refunds.cents))).toBe(refunded);
        expect(sum(report.byMonth.map((line) => line.lostDisputes.cents))).toBe(lost);
        expect(sum(report.refundsByReason.map((line) => line.refunds.cents))).toBe(refunded);
        expect(sum(report.refundsByReason.map((line) => line.refunds.count))).toBe(report.refunds.count);
        // Every dispute is counted once: open, won or lost.
        const { open, won } = report.disputes;
        expect(open.count + won.count + report.disputes.lost.count).toBe(sum(disputes.map((group) => group.count)));
        expect(open.cents + won.cents + lost).toBe(sum(disputes.map((group) => group.cents)));
      }),
    );
  });

  const payment = (values: Partial<PaymentGroup>): PaymentGroup => ({
    kind: "capture",
    status: "succeeded",
    renewal: false,
    plan: "quarterly",
    month: "2026-10",
    count: 1,
    cents: 29_900,
    ...values,
  });

  it("takes a refund and a lost dispute off in the month they happened, by reason, and leaves pending refunds and open or won disputes apart", () => {
    const report = moneyReport(
      [
        payment({ count: 2, cents: 2 * 29_900 }),
        payment({ kind: "charge", renewal: true, month: "2027-01" }),
        payment({ kind: "refund", month: "2027-02", reason: "goodwill", cents: 14_950 }),
        payment({ kind: "refund", month: "2027-02", reason: "medically_disqualified", plan: "monthly", cents: 13_900 }),
        payment({ kind: "refund", status: "pending", month: "2027-02", reason: "goodwill", cents: 5_000 }),
        payment({ kind: "refund", status: "failed", month: "2027-02", reason: "goodwill", cents: 7_000 }),
      ],
      [
        { status: "lost", plan: "quarterly", month: "2027-03", count: 1, cents: 29_900 },
        { status: "needs_response", plan: "quarterly", month: "2027-03", count: 2, cents: 2 * 29_900 },
        { status: "won", plan: "monthly", month: "2027-03", count: 1, cents: 13_900 },
      ],
    );
    expect(report.revenue).toEqual({ count: 3, cents: 3 * 29_900 });
    expect(report.refunds).toEqual({ count: 2, cents: 14_950 + 13_900 });
    expect(report.refundsPending).toEqual({ count: 1, cents: 5_000 });
    expect(report.refundsByReason).toEqual([
      { reason: "medically_disqualified", label: "Medically disqualified", refunds: { count: 1, cents: 13_900 } },
      { reason: "goodwill", label: "Goodwill", refunds: { count: 1, cents: 14_950 } },
    ]);
    expect(report.disputes).toEqual({
      open: { count: 2, cents: 2 * 29_900 },
      won: { count: 1, cents: 13_900 },
      lost: { count: 1, cents: 29_900 },
    });
    expect(report.netRevenueCents).toBe(3 * 29_900 - 14_950 - 13_900 - 29_900);
    expect(report.byMonth.map((line) => [line.month, line.netCents])).toEqual([
      ["2026-10", 2 * 29_900],
      ["2027-01", 29_900],
      ["2027-02", -14_950 - 13_900],
      ["2027-03", -29_900],
    ]);
    // A plan with a refund and no revenue in the range is listed all the same.
    expect(report.byPlan.map((line) => [line.label, line.revenue.cents, line.netCents])).toEqual([
      ["Monthly", 0, -13_900],
      ["Quarterly", 3 * 29_900, 3 * 29_900 - 14_950 - 29_900],
    ]);
  });
});

describe("an order's badges", () => {
  it("say refunded, partly refunded, disputed or a dispute lost, in words", () => {
    const paid = { paidCents: 2 * 29_900, refundedCents: 0, openDisputeCents: 0, lostDisputeCents: 0 };
    expect(moneyBackBadges(paid)).toEqual([]);
    expect(moneyBackBadges({ ...paid, refundedCents: 14_950 })).toEqual(["Partly refunded"]);
    expect(moneyBackBadges({ ...paid, refundedCents: 2 * 29_900 })).toEqual(["Refunded"]);
    expect(moneyBackBadges({ ...paid, openDisputeCents: 29_900 })).toEqual(["Disputed"]);
    expect(moneyBackBadges({ ...paid, lostDisputeCents: 29_900 })).toEqual(["Dispute lost"]);
    expect(moneyBackBadges({ ...paid, refundedCents: 100, openDisputeCents: 29_900, lostDisputeCents: 29_900 })).toEqual([
      "Partly refunded",
      "Disputed",
    ]);
  });
});
