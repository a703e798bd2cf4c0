// Her billing date from her link: moved later (the worker then bills the new date, once,
// however many rounds run at once), refused a second time in a period, past the cap or within
// 72 hours; a period skipped; a move moved back; ship sooner billed once under a double press
// with the dates counted from today; each with its email and provider event, once.
import { beforeEach, describe, expect, it } from "vitest";
import * as billingDatePage from "../../app/routes/subscription.$token.billing-date/route";
import { billingDate } from "../../app/funnel/subscription-life";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import { subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import type { PlanCode } from "../../app/funnel/plans";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, providerEventsOf, reload, sandboxCharges, deliverAll } from "../support/subscriptions";

const day = 24 * 60 * 60 * 1000;
/** Authorises (3-D Secure at checkout), then every charge without her is declined. */
const failsWithoutHer = "4000002760003184";

beforeEach(async () => {
  await resetDatabase();
});

async function activeSubscription(plan: PlanCode = "monthly", cardNumber?: string): Promise<SubscriptionRow> {
  const held = await heldSubscription({ plan, cardNumber });
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const active = await reload(held);
  expect(active.state).toBe("active");
  return active;
}

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

async function post(subscription: SubscriptionRow, form: Record<string, string>, browser = new TestBrowser()) {
  const token = await tokenOf(subscription);
  const shown = form.shown ?? (await reload(subscription)).nextBillingAt!.toISOString();
  return browser.call(billingDatePage.action, `/subscription/${token}/billing-date`, { params: { token }, form: { shown, ...form } });
}

async function openPage(subscription: SubscriptionRow, query = "") {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(billingDatePage.loader, `/subscription/${token}/billing-date${query}`, { params: { token } });
}

const messageOf = (answer: { data: { lastResult: { error: Record<string, string[]> } } }) =>
  Object.values(answer.data.lastResult.error).flat().join(" ");

async function emailsOf(subscription: SubscriptionRow) {
  await deliverAll();
  return storedEmailsOf(subscription.reference);
}

/** The lifecycle clock moved on to `at` (whole days, so at or just past it). */
async function moveClockTo(at: Date) {
  const days = Math.ceil((at.getTime() - (await lifecycleNow()).getTime()) / day);
  if (days > 0) expect((await moveSandboxClock(days)).status).toBe("moved");
}

const rounds = (count: number) => Promise.all(Array.from({ length: count }, () => runLifecycleRound(paymentGateway())));

describe("moving her billing date", () => {
  it("moved 2 weeks: the worker bills the new date and not the old one, once with 20 rounds at once", async () => {
    const subscription = await activeSubscription();
    const oldDate = subscription.nextBillingAt!;
    const answer = await post(subscription, { intent: "move", weeks: "2" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/subscription/${await tokenOf(subscription)}/billing-date?changed=1`);
    const newDate = new Date(oldDate.getTime() + 14 * day);
    const moved = await reload(subscription);
    expect({ next: moved.nextBillingAt, due: moved.dueAt, state: moved.state }).toEqual({ next: newDate, due: newDate, state: "active" });
    expect((await openPage(subscription, "?changed=1")).data.done).toContain("Your next billing date is now");

    await moveClockTo(oldDate);
    await rounds(20);
    expect(await sandboxCharges(subscription)).toHaveLength(0);
    expect((await reload(subscription)).periodsPaid).toBe(1);

    await moveClockTo(newDate);
    await rounds(20);
    expect(await sandboxCharges(subscription)).toHaveLength(1);
    const renewed = await reload(subscription);
    expect(renewed.periodsPaid).toBe(2);
    // The period after counts on from the new date.
    expect(renewed.nextBillingAt).toEqual(billingDate(newDate, "monthly", 1));

    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "approved", "billing_date_moved", "renewal_charged"]);
    const email = emails[2]!;
    expect(email.subject).toContain("Your next billing date for");
    expect(email.text).toContain("As you asked, we moved your next billing date from");
    expect(email.text).toContain("You can move it back to");
    expect(email.text).toContain("from your subscription page");
    expect(await providerEventsOf(subscription)).toEqual(["approved_captured", "billing_date_moved", "renewal_charged"]);
    const { events } = await subscriptionTimeline(subscription.id);
    expect(events.filter((event) => event.event === "billing_date_moved").map((event) => event.detail)).toMatchObject([
      { period: 1, weeks: 2 },
    ]);
  });

  it("a second move in the same period is refused, and a double press moves it once", async () => {
    const subscription = await activeSubscription();
    const shown = subscription.nextBillingAt!.toISOString();
    const [first, second] = await Promise.all([
      post(subscription, { intent: "move", weeks: "1", shown }),
      post(subscription, { intent: "move", weeks: "1", shown }),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect((await reload(subscription)).nextBillingAt).toEqual(new Date(subscription.nextBillingAt!.getTime() + 7 * day));
    const again = await post(subscription, { intent: "move", weeks: "1" });
    expect(again.status).toBe(409);
    expect(messageOf(again)).toBe("You have already moved or skipped this billing date. You can change it once each period.");
    expect((await emailsOf(subscription)).filter((email) => email.kind === "billing_date_moved")).toHaveLength(1);
    expect((await providerEventsOf(subscription)).filter((event) => event === "billing_date_moved")).toHaveLength(1);
  });

  it("past the cap of 12 weeks a year: refused, with the weeks left said", async () => {
    const subscription = await activeSubscription();
    expect((await post(subscription, { intent: "move", weeks: "8" })).status).toBe(303);
    await moveClockTo((await reload(subscription)).nextBillingAt!);
    await rounds(1);
    const renewed = await reload(subscription);
    expect(renewed.periodsPaid).toBe(2);
    const page = await openPage(subscription);
    expect(page.data.left).toBe("You have 4 weeks left to move it in the next 12 months.");
    expect(page.data.move.choices.map(([weeks]: [string, string]) => weeks)).toEqual(["1", "2", "3", "4"]);
    const refused = await post(subscription, { intent: "move", weeks: "5" });
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toContain("you have 4 weeks left, so it cannot move 5 weeks");
    expect((await reload(subscription)).nextBillingAt).toEqual(renewed.nextBillingAt);
  });

  it("within 72 hours of the billing date: refused, as the terms fix that renewal", async () => {
    const subscription = await activeSubscription();
    const at = subscription.nextBillingAt!;
    const days = Math.floor((at.getTime() - (await lifecycleNow()).getTime()) / day) - 1;
    expect((await moveSandboxClock(days)).status).toBe("moved");
    const refused = await post(subscription, { intent: "move", weeks: "1" });
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toContain("is less than 72 hours away. As the terms say, that renewal is fixed");
    expect((await post(subscription, { intent: "skip" })).status).toBe(409);
    expect((await reload(subscription)).nextBillingAt).toEqual(at);
  });

  it("a date shown before another change is not changed again, and bad forms are refused with a 400", async () => {
    const subscription = await activeSubscription();
    const stale = await post(subscription, {
      intent: "move",
      weeks: "1",
      shown: new Date(subscription.nextBillingAt!.getTime() - day).toISOString(),
    });
    expect(stale.status).toBe(409);
    expect(messageOf(stale)).toContain("Your billing date changed since this page was shown");
    expect((await post(subscription, { intent: "move", weeks: "9" })).status).toBe(400);
    expect((await post(subscription, { intent: "move" })).status).toBe(400);
    expect((await post(subscription, { intent: "later" })).status).toBe(400);
    expect((await post(subscription, { intent: "move", weeks: "1", shown: "yesterday" })).status).toBe(400);
    expect((await reload(subscription)).nextBillingAt).toEqual(subscription.nextBillingAt);
  });

  it("is counted per subscription: the eleventh post in an hour waits", async () => {
    const subscription = await activeSubscription();
    for (let i = 0; i < 10; i++) expect((await post(subscription, { intent: "later" })).status).toBe(400);
    const refused = await post(subscription, { intent: "move", weeks: "1" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("only while active: a cancelled subscription's page says so and a post is refused", async () => {
    const subscription = await activeSubscription();
    const shown = subscription.nextBillingAt!.toISOString();
    await cancelSubscription(paymentGateway(), subscription);
    expect((await openPage(subscription)).data.closed).toBe("Your billing date can be changed only while your subscription is active.");
    expect((await post(subscription, { intent: "skip", shown })).status).toBe(409);
  });
});

describe("skipping and moving back", () => {
  it("a skipped period is billed one period on, with its email and provider event once", async () => {
    const subscription = await activeSubscription();
    const start = subscription.firstPeriodStart!;
    expect((await post(subscription, { intent: "skip" })).status).toBe(303);
    const skipped = await reload(subscription);
    expect(skipped.nextBillingAt).toEqual(billingDate(start, "monthly", 2));
    await moveClockTo(subscription.nextBillingAt!);
    await rounds(5);
    expect(await sandboxCharges(subscription)).toHaveLength(0);
    await moveClockTo(skipped.nextBillingAt!);
    await rounds(5);
    expect(await sandboxCharges(subscription)).toHaveLength(1);
    expect((await reload(subscription)).nextBillingAt).toEqual(billingDate(start, "monthly", 3));
    const emails = (await emailsOf(subscription)).filter((email) => email.kind === "period_skipped");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("nothing is charged or shipped on");
    expect((await providerEventsOf(subscription)).filter((event) => event === "period_skipped")).toHaveLength(1);
  });

  it("a quarterly plan's skip is longer than the cap: the page says why and a post is refused", async () => {
    const subscription = await activeSubscription("quarterly");
    const page = await openPage(subscription);
    expect(page.data.skip.open).toBe(false);
    expect(page.data.skip.text).toMatch(/Skipping a period of your quarterly plan would move your billing date by 1[34] weeks/);
    expect((await post(subscription, { intent: "skip" })).status).toBe(409);
  });

  it("a move moved back restores the date and the schedule, and mails what was done", async () => {
    const subscription = await activeSubscription();
    const original = subscription.nextBillingAt!;
    expect((await post(subscription, { intent: "move", weeks: "3" })).status).toBe(303);
    expect((await openPage(subscription)).data.moveBack).toMatch(/^Move it back to /);
    expect((await post(subscription, { intent: "move_back" })).status).toBe(303);
    const back = await reload(subscription);
    expect({ next: back.nextBillingAt, anchor: back.firstPeriodStart }).toEqual({ next: original, anchor: subscription.firstPeriodStart });
    const moved = (await emailsOf(subscription)).filter((email) => email.kind === "billing_date_moved");
    expect(moved).toHaveLength(2);
    expect(moved[1]!.text).toContain("As you asked, we moved your next billing date back from");
    // Moved back, the period has had its change.
    expect((await post(subscription, { intent: "move", weeks: "1" })).status).toBe(409);
  });
});

describe("ship sooner", () => {
  it("charges the next period once under a double press, and the dates count from today", async () => {
    const subscription = await activeSubscription();
    const oldDate = subscription.nextBillingAt!;
    // Ten days into her first month: the dates from today are ten days after the old ones.
    expect((await moveSandboxClock(10)).status).toBe("moved");
    const browser = new TestBrowser();
    const shown = oldDate.toISOString();
    const answers = await Promise.all([
      post(subscription, { intent: "sooner", shown }, browser),
      post(subscription, { intent: "sooner", shown }, browser),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await sandboxCharges(subscription)).toHaveLength(1);
    const sooner = await reload(subscription);
    const now = await lifecycleNow();
    expect(sooner.periodsPaid).toBe(2);
    expect(Math.abs(sooner.firstPeriodStart!.getTime() - now.getTime())).toBeLessThan(60_000);
    expect(sooner.nextBillingAt).toEqual(billingDate(sooner.firstPeriodStart!, "monthly", 1));
    expect((await openPage(subscription, "?changed=1")).data.done).toContain("Your billing dates now count from today");

    // The old date bills nothing; the new one bills once.
    expect(sooner.nextBillingAt!.getTime() - oldDate.getTime()).toBeGreaterThan(9 * day);
    await moveClockTo(oldDate);
    await rounds(20);
    expect(await sandboxCharges(subscription)).toHaveLength(1);
    await moveClockTo(sooner.nextBillingAt!);
    await rounds(20);
    expect(await sandboxCharges(subscription)).toHaveLength(2);

    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "approved", "shipped_sooner", "renewal_charged"]);
    expect(emails[2]!.text).toContain("we charged $139.00 to your card today for your next month");
    expect(await providerEventsOf(subscription)).toEqual(["approved_captured", "shipped_sooner", "renewal_charged"]);
  });

  it("a declined card keeps her date and charges nothing", async () => {
    const subscription = await activeSubscription("monthly", failsWithoutHer);
    const answer = await post(subscription, { intent: "sooner" });
    expect(answer.status).toBe(402);
    expect(messageOf(answer)).toContain("Nothing was charged and your billing date has not changed");
    const after = await reload(subscription);
    expect({ state: after.state, next: after.nextBillingAt, periodsPaid: after.periodsPaid }).toEqual({
      state: "active",
      next: subscription.nextBillingAt,
      periodsPaid: 1,
    });
    expect((await post(subscription, { intent: "sooner" })).status).toBe(409);
    expect((await emailsOf(subscription)).map((email) => email.kind)).toEqual(["order_received", "approved"]);
  });
});
