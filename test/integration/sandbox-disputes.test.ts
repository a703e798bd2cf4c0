// The sandbox behaves as Stripe's dispute test card 4000 0000 0000 0259: it authorises as
// 4242 does, and each payment taken from it (the captured hold, a renewal) is disputed as
// fraudulent at once; the lifecycle round that follows records it (as Stripe's webhook would
// tell it), and a dispute left unanswered past its 7 days is lost. The console flags the
// disputed order on its page and lists the open dispute on the orders page.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import { DisputeNotice } from "../../app/routes/owner.orders.$reference/dispute-notice";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import { OpenDisputes } from "../../app/routes/owner.orders._index/open-disputes";
import { database } from "../../app/server/db/client.server";
import { disputes, sandboxDisputes } from "../../app/server/db/schema.server";
import { findSubscriptionByResponder, subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { sandboxGateway } from "../../app/server/payments/sandbox.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { payForPlan } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedInAs, signedInOwner } from "../support/staff";
import { moveClockToNextBilling, paymentsOf, providerEventsOf, sandboxHold } from "../support/subscriptions";

const gateway = sandboxGateway();
const dayMs = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  await resetDatabase();
});

/** She pays through the funnel with the dispute card; the order is approved and its hold captured. */
async function capturedWithDisputeCard(cardNumber = "4000 0000 0000 0259"): Promise<SubscriptionRow> {
  const { responderUuid } = await payForPlan(new TestBrowser(), { card: { cardNumber } });
  const subscription = (await findSubscriptionByResponder(responderUuid))!;
  expect((await decideReview(gateway, subscription, "approved", null, "owner")).subscription.state).toBe("active");
  return subscription;
}

const linesOf = async (subscription: SubscriptionRow) => (await subscriptionTimeline(subscription.id)).events.map((line) => line.event);
const disputesOf = async (subscription: SubscriptionRow) =>
  (await database()).select().from(disputes).where(eq(disputes.subscriptionId, subscription.id));

describe("the dispute test card", () => {
  it("authorised, captured, and disputed as fraudulent on the next round; lost once its 7 days pass unanswered", async () => {
    const subscription = await capturedWithDisputeCard();
    expect(await sandboxHold(subscription)).toMatchObject({
      status: "captured",
      cardBrand: "visa",
      cardLast4: "0259",
      disputesCharges: true,
    });
    const capturedAt = await lifecycleNow();

    const first = await runLifecycleRound(gateway);
    expect(first.disputes).toBe(1);
    const [capture] = (await paymentsOf(subscription)).filter((payment) => payment.kind === "capture");
    const [opened] = await disputesOf(subscription);
    expect(opened).toMatchObject({
      paymentId: capture!.id,
      amountCents: capture!.amountCents,
      reason: "fraudulent",
      status: "needs_response",
      closedAt: null,
    });
    expect(opened!.id).toMatch(/^sandbox_dp_[0-9a-f]{24}$/);
    // Seven days to answer, on the sandbox clock.
    expect(Math.abs(opened!.evidenceDueBy!.getTime() - (capturedAt.getTime() + 7 * dayMs))).toBeLessThan(60_000);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured", "dispute_opened"]);

    // Told once: the next round hears nothing new.
    expect((await runLifecycleRound(gateway)).disputes).toBe(0);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured", "dispute_opened"]);

    await moveSandboxClock(8);
    expect((await runLifecycleRound(gateway)).disputes).toBe(1);
    expect(await disputesOf(subscription)).toMatchObject([{ status: "lost", closedAt: expect.any(Date) }]);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured", "dispute_opened", "dispute_lost"]);
    expect((await providerEventsOf(subscription)).filter((name) => name.startsWith("dispute"))).toEqual(["dispute_opened", "dispute_lost"]);
    expect((await runLifecycleRound(gateway)).disputes).toBe(0);
  });

  it("a renewal charged without her is disputed in the round that charges it", async () => {
    const subscription = await capturedWithDisputeCard();
    await runLifecycleRound(gateway);
    await moveClockToNextBilling(subscription);
    const round = await runLifecycleRound(gateway);
    expect(round.renewed).toBe(1);
    const [renewal] = (await paymentsOf(subscription)).filter((payment) => payment.kind === "charge");
    const renewalDispute = (await disputesOf(subscription)).find((dispute) => dispute.paymentId === renewal!.id);
    // The first period's dispute was lost meanwhile (its date passed): that news comes in the same round.
    expect(renewalDispute).toMatchObject({ reason: "fraudulent", status: "needs_response", amountCents: renewal!.amountCents });
    expect(round.disputes).toBe(2);
  });

  it("any other card is never disputed", async () => {
    const subscription = await capturedWithDisputeCard("4242 4242 4242 4242");
    expect((await sandboxHold(subscription)).disputesCharges).toBe(false);
    expect((await runLifecycleRound(gateway)).disputes).toBe(0);
    expect(await (await database()).select().from(sandboxDisputes)).toEqual([]);
  });
});

describe("the console's flags", () => {
  it("the order page shows Stripe's reason, the amount and the date to respond by; the orders page lists the open dispute", async () => {
    const quiet = await capturedWithDisputeCard("4242 4242 4242 4242");
    const subscription = await capturedWithDisputeCard();
    await runLifecycleRound(gateway);
    const [dispute] = await disputesOf(subscription);
    const owner = await signedInOwner();

    const page = await owner.call(orderPage.loader, `/owner/orders/${subscription.reference}`, {
      params: { reference: subscription.reference },
    });
    expect(page).toHaveStatus(200);
    expect(page.data.disputes).toMatchObject([
      {
        reason: "Fraudulent",
        amountCents: dispute!.amountCents,
        status: "Needs a response",
        needsResponse: true,
        outcome: null,
        respondBy: dispute!.evidenceDueBy!.toISOString(),
      },
    ]);
    const flag = renderToStaticMarkup(createElement(DisputeNotice, { disputes: page.data.disputes }));
    expect(flag).toContain("Disputed at her bank");
    expect(flag).toContain("Fraudulent");
    expect(flag).toContain(`$${(dispute!.amountCents / 100).toFixed(2)}`);
    expect(flag).toContain(`Respond by <time dateTime="${dispute!.evidenceDueBy!.toISOString()}"`);
    const quietPage = await owner.call(orderPage.loader, `/owner/orders/${quiet.reference}`, { params: { reference: quiet.reference } });
    expect(quietPage.data.disputes).toEqual([]);
    expect(renderToStaticMarkup(createElement(DisputeNotice, { disputes: quietPage.data.disputes }))).toBe("");

    const list = await owner.call(ordersList.loader, "/owner/orders");
    expect(list.data.disputes).toMatchObject({ total: 1, list: [{ orderReference: subscription.reference, reason: "Fraudulent" }] });
    const listed = renderToStaticMarkup(createElement(OpenDisputes, { disputes: list.data.disputes }));
    expect(listed).toContain("1 open dispute needs a response");
    expect(listed).toContain(`href="/owner/orders/${subscription.reference}"`);
    expect(listed).not.toContain(quiet.reference);

    // Support sees the same list; once lost, the dispute needs no response and the order says it was lost.
    const { browser: support } = await signedInAs("support");
    expect((await support.call(ordersList.loader, "/owner/orders")).data.disputes.total).toBe(1);
    await moveSandboxClock(8);
    await runLifecycleRound(gateway);
    expect((await owner.call(ordersList.loader, "/owner/orders")).data.disputes).toEqual({ total: 0, list: [] });
    const closed = await owner.call(orderPage.loader, `/owner/orders/${subscription.reference}`, {
      params: { reference: subscription.reference },
    });
    expect(renderToStaticMarkup(createElement(DisputeNotice, { disputes: closed.data.disputes }))).toContain("Closed: lost");
  });

  it("lists open disputes nearest deadline first", async () => {
    const later = await capturedWithDisputeCard();
    await runLifecycleRound(gateway);
    await moveSandboxClock(2);
    const sooner = await capturedWithDisputeCard();
    await runLifecycleRound(gateway);
    // The first one opened two days earlier: its deadline is the nearer.
    const owner = await signedInOwner();
    const list = await owner.call(ordersList.loader, "/owner/orders");
    expect(list.data.disputes.list.map((row: { orderReference: string }) => row.orderReference)).toEqual([
      later.reference,
      sooner.reference,
    ]);
    expect(renderToStaticMarkup(createElement(OpenDisputes, { disputes: list.data.disputes }))).toContain(
      "2 open disputes need a response",
    );
  });
});
