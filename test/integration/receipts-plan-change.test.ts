// Her receipts after she changed plan: each names the plan the payment was made on, not her
// plan now, with the period that plan covers and each item priced on it. Before the mend the
// first period's receipt named the new plan, and the renewal's showed the old per-item prices.
import { beforeEach, describe, expect, it } from "vitest";
import * as receiptPage from "../../app/routes/subscription.$token.receipts.$paymentId/route";
import type { PreAuthOrderBody } from "../../app/funnel/pre-auth-order";
import { addMonths } from "../../app/funnel/subscription-life";
import { findOrder } from "../../app/server/db/stores/orders.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { changeHerPlan } from "../../app/server/subscriptions/plan-change.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { moveClockToNextBilling, paidSubscription, paymentsOf, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

async function openReceipt(subscription: SubscriptionRow, paymentId: number) {
  const token = subscriptionLinkToken(await reload(subscription));
  const answer = await new TestBrowser().call(receiptPage.loader, `/subscription/${token}/receipts/${paymentId}`, {
    params: { token, paymentId: String(paymentId) },
  });
  expect(answer).toHaveStatus(200);
  return answer.data.receipt as {
    plan: string;
    lines: { item: string; period: string; amount: string | null }[];
    total: { amount: string };
  };
}

const day = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("a receipt after a plan change", () => {
  it("names the plan each payment was made on, its period, and each item priced on that plan", async () => {
    const held = await paidSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), held, "approved", null, "owner");
    const active = await reload(held);
    const body = (await findOrder(active.responderUuid))!.body as unknown as PreAuthOrderBody;
    const changed = await changeHerPlan(active, "quarterly", { plan: "monthly", pendingPlan: null, nextBillingAt: active.nextBillingAt! });
    expect(changed.status).toBe("changed");
    const due = await moveClockToNextBilling(active);
    await runLifecycleRound(paymentGateway());
    const payments = await paymentsOf(active);
    const capture = payments.find((p) => p.kind === "capture" && p.status === "succeeded")!;
    const renewal = payments.find((p) => p.kind === "charge" && p.status === "succeeded" && p.period === 1);
    expect(renewal, "the renewal on the new plan").toBeDefined();
    expect((await reload(active)).plan).toBe("quarterly");

    // The first period was paid on Monthly: its plan, its month and the checkout's prices.
    const first = await openReceipt(active, capture.id);
    expect(first.plan).toBe("Monthly (billed every month)");
    expect(first.lines.map((line) => line.amount)).toEqual(body.medications.map((m) => dollars(Math.round(m.price * 100))));
    expect(first.lines[0]!.period).toBe(`${day(capture.at)} to ${day(new Date(due.nextBillingAt!.getTime() - 24 * 60 * 60 * 1000))}`);

    // The renewal was paid on Quarterly: its plan, three months, and items that add up to what she paid.
    const second = await openReceipt(active, renewal!.id);
    expect(second.plan).toBe("Quarterly (billed every 3 months)");
    expect(second.total.amount).toBe(dollars(renewal!.amountCents));
    expect(second.lines.map((line) => line.item)).toEqual(body.medications.map((m) => m.name));
    const amounts = second.lines.map((line) => line.amount);
    expect(amounts.every((amount) => amount !== null)).toBe(true);
    const sum = amounts.reduce((total, amount) => total + Math.round(Number(amount!.replace(/[$,]/g, "")) * 100), 0);
    expect(sum).toBe(renewal!.amountCents);
    expect(amounts).not.toEqual(first.lines.map((line) => line.amount));
    const lastDay = new Date(addMonths(due.nextBillingAt!, 3).getTime() - 24 * 60 * 60 * 1000);
    expect(second.lines[0]!.period).toBe(`${day(renewal!.at)} to ${day(lastDay)}`);
  });
});
