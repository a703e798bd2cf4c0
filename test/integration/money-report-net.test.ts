// The money report nets it out: two orders paid through the funnel and approved, a third held
// and approved, a quarter on (each renewed), half of one renewal refunded, a dispute lost on
// another's first period and a dispute still open on the third. The report's net revenue is
// captures plus renewals less refunds less disputes lost, to the cent, overall, by plan and by
// month (each movement in the month it happened); the orders CSV gives each order's refunded
// and disputed dollars; the orders list says it in words beside the state.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import * as funnelPage from "../../app/routes/owner.funnel/route";
import { MoneyReport } from "../../app/routes/owner.funnel/money-report";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import { OrdersTable } from "../../app/routes/owner.orders._index/orders-table";
import * as ordersCsv from "../../app/routes/owner.orders[.]csv";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { lifecycleNow } from "../../app/server/subscriptions/clock.server";
import { recordDispute } from "../../app/server/subscriptions/disputes.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { refundPayment } from "../../app/server/subscriptions/refunds.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { parseCsv } from "../support/csv";
import { resetDatabase, type TestBrowser } from "../support/route-harness";
import { signedInOwner } from "../support/staff";
import { heldSubscription, moveClockToNextBilling, paidSubscription, paymentsOf, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

async function approve(owner: TestBrowser, subscription: SubscriptionRow): Promise<void> {
  const { reference } = subscription;
  await owner.call(orderPage.action, `/owner/orders/${reference}`, { params: { reference }, form: { intent: "approve" } });
  expect((await reload(subscription)).state).toBe("active");
}

async function paymentOf(subscription: SubscriptionRow, kind: "capture" | "charge", period: number) {
  const payment = (await paymentsOf(subscription)).find((row) => row.kind === kind && row.period === period && row.status === "succeeded");
  if (!payment) throw new Error(`no paid ${kind} of period ${period}`);
  return payment;
}

const month = (at: Date) => at.toISOString().slice(0, 7);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("net revenue", () => {
  it("equals captures plus renewals less refunds less disputes lost, to the cent, and the CSV and the orders list say what went back", async () => {
    const owner = await signedInOwner();
    const refunded = await paidSubscription({ plan: "quarterly" });
    const lost = await paidSubscription({ plan: "quarterly" });
    await approve(owner, refunded);
    await approve(owner, lost);
    const disputed = await heldSubscription({ plan: "monthly", amountCents: 12_345, renewalCents: 9_999 });
    await decideReview(paymentGateway(), disputed, "approved", null, "owner");
    expect((await reload(disputed)).state).toBe("active");
    const capturedAt = await lifecycleNow();

    // A quarter on: the quarterly orders renew (and the monthly one, every month of it).
    await moveClockToNextBilling(refunded);
    await runLifecycleRound(paymentGateway());
    const renewal = await paymentOf(refunded, "charge", 1);
    const lostCapture = await paymentOf(lost, "capture", 0);
    const lostRenewal = await paymentOf(lost, "charge", 1);
    const disputedCapture = await paymentOf(disputed, "capture", 0);
    const renewedAt = await lifecycleNow();
    expect(month(renewedAt)).not.toBe(month(capturedAt));

    // Half of the renewal refunded (an odd amount rounds down: the cents stay whole).
    const half = Math.floor(renewal.amountCents / 2);
    const outcome = await refundPayment(paymentGateway(), await reload(refunded), {
      paymentId: renewal.id,
      amountCents: half,
      reason: "goodwill",
      note: null,
      tellHer: true,
    });
    expect(outcome.status).toBe("refunded");
    // A dispute on the first period, lost; another, still open, on the third order's capture.
    const lostDispute = {
      id: "du_lost_1",
      paymentReference: lostCapture.gatewayReference!,
      amountCents: lostCapture.amountCents,
      reason: "fraudulent",
      evidenceDueBy: null,
    };
    expect(await recordDispute({ ...lostDispute, status: "needs_response" })).toBe("opened");
    expect(await recordDispute({ ...lostDispute, status: "lost" })).toBe("closed");
    // Told twice, as Stripe retries: counted once.
    expect(await recordDispute({ ...lostDispute, status: "lost" })).toBe("unchanged");
    expect(
      await recordDispute({
        id: "du_open_1",
        paymentReference: disputedCapture.gatewayReference!,
        amountCents: disputedCapture.amountCents,
        reason: "product_not_received",
        status: "needs_response",
        evidenceDueBy: new Date(renewedAt.getTime() + 7 * 86_400_000),
      }),
    ).toBe("opened");

    const answer = await owner.call(funnelPage.loader, `/owner/funnel?from=${day(-2)}&to=${day(200)}`);
    expect(answer).toHaveStatus(200);
    const money = answer.data.report.money;
    const paid = [...(await paymentsOf(refunded)), ...(await paymentsOf(lost)), ...(await paymentsOf(disputed))];
    const captures = paid
      .filter((row) => row.kind === "capture" && row.status === "succeeded")
      .reduce((sum, row) => sum + row.amountCents, 0);
    const renewals = paid
      .filter((row) => row.kind === "charge" && row.status === "succeeded")
      .reduce((sum, row) => sum + row.amountCents, 0);
    expect(captures).toBe(refunded.firstPeriodCents + lost.firstPeriodCents + 12_345);
    expect(renewals).toBeGreaterThanOrEqual(renewal.amountCents + lostRenewal.amountCents + 9_999);

    expect(money.captured.cents).toBe(captures);
    expect(money.renewalsCharged.cents).toBe(renewals);
    expect(money.refunds).toEqual({ count: 1, cents: half });
    expect(money.refundsByReason).toEqual([{ reason: "goodwill", label: "Goodwill", refunds: { count: 1, cents: half } }]);
    expect(money.disputes).toEqual({
      open: { count: 1, cents: 12_345 },
      won: { count: 0, cents: 0 },
      lost: { count: 1, cents: lostCapture.amountCents },
    });
    expect(money.netRevenueCents).toBe(captures + renewals - half - lostCapture.amountCents);

    // By plan and by month, the nets add up to the whole; the refund and the lost dispute are
    // taken off in the month they happened, not in the month of the payments they concern.
    const sum = (lines: { netCents: number }[]) => lines.reduce((total, line) => total + line.netCents, 0);
    expect(sum(money.byPlan)).toBe(money.netRevenueCents);
    expect(sum(money.byMonth)).toBe(money.netRevenueCents);
    const quarterly = money.byPlan.find((line: { plan: string }) => line.plan === "quarterly");
    expect(quarterly.refunds.cents).toBe(half);
    expect(quarterly.lostDisputes.cents).toBe(lostCapture.amountCents);
    const first = money.byMonth.find((line: { month: string }) => line.month === month(capturedAt));
    expect(first).toMatchObject({ refunds: { cents: 0 }, lostDisputes: { cents: 0 } });
    const later = money.byMonth.find((line: { month: string }) => line.month === month(renewedAt));
    expect(later).toMatchObject({ refunds: { cents: half }, lostDisputes: { cents: lostCapture.amountCents } });

    // The page says it: the net beside revenue, refunds by reason, the disputes.
    const page = renderToStaticMarkup(createElement(MoneyReport, { money }));
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(page).toContain("Net revenue");
    expect(page).toContain(dollars(money.netRevenueCents));
    expect(page).toContain(`<th scope="row">Goodwill</th><td class="number">1</td><td class="number">${dollars(half)}</td>`);
    expect(page).toContain(`<th scope="row">Lost</th><td class="number">1</td><td class="number">${dollars(lostCapture.amountCents)}</td>`);

    // The orders CSV: refunded and disputed dollars of each order (disputes open or lost).
    const rows = parseCsv((await owner.call(ordersCsv.loader, "/owner/orders.csv")).data);
    const header = rows[0]!;
    expect(header.slice(-2)).toEqual(["Refunded ($)", "Disputed ($)"]);
    const csvOf = (subscription: SubscriptionRow) => rows.find((row) => row[0] === subscription.reference)!.slice(-2);
    expect(csvOf(refunded)).toEqual([(half / 100).toFixed(2), "0.00"]);
    expect(csvOf(lost)).toEqual(["0.00", (lostCapture.amountCents / 100).toFixed(2)]);
    expect(csvOf(disputed)).toEqual(["0.00", "123.45"]);

    // The orders list: a badge in words beside the state.
    const list = await owner.call(ordersList.loader, "/owner/orders");
    const orders = list.data.orders as { reference: string; badges: string[] }[];
    const badgesOf = (subscription: SubscriptionRow) => orders.find((order) => order.reference === subscription.reference)!.badges;
    expect(badgesOf(refunded)).toEqual(["Partly refunded"]);
    expect(badgesOf(lost)).toEqual(["Dispute lost"]);
    expect(badgesOf(disputed)).toEqual(["Disputed"]);
    const table = renderToStaticMarkup(createElement(OrdersTable, { rows: list.data.orders }));
    expect(table).toContain(`Active <span class="owner-money-badge">Partly refunded</span>`);
    expect(table).toContain(`Active <span class="owner-money-badge owner-money-badge-dispute">Disputed</span>`);

    // Refunding the rest of everything the order paid: "Refunded".
    for (const payment of await paymentsOf(refunded)) {
      if ((payment.kind !== "capture" && payment.kind !== "charge") || payment.status !== "succeeded") continue;
      const left = payment.amountCents - payment.refundedCents;
      if (left === 0) continue;
      const more = await refundPayment(paymentGateway(), await reload(refunded), {
        paymentId: payment.id,
        amountCents: left,
        reason: "service_problem",
        note: null,
        tellHer: true,
      });
      expect(more.status).toBe("refunded");
    }
    const after = (await owner.call(ordersList.loader, "/owner/orders")).data.orders as { reference: string; badges: string[] }[];
    expect(after.find((order) => order.reference === refunded.reference)!.badges).toEqual(["Refunded"]);
  });
});
