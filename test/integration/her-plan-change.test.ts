// Her plan changed from her link: previewed in the words her email uses; from her next billing
// date when it is more than 72 hours away (that renewal billed at the new price, the one before
// at the old); behind a fixed renewal when it is not (that one at the old price, the next at the
// new); a plan that leaves out one of her medications refused with the spec's message; once
// under a double press, with one consent record, one email and one provider event; only while
// active; counted per subscription.
import { beforeEach, describe, expect, it } from "vitest";
import * as planPage from "../../app/routes/subscription.$token.plan/route";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import { addMonths } from "../../app/funnel/subscription-life";
import { consentRecordsOf } from "../../app/server/db/stores/consent-records.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import { subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { changeHerBillingDate } from "../../app/server/subscriptions/billing-date.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { activeWithMedications, deliverAll, paymentsOf, providerEventsOf, reload } from "../support/subscriptions";

const day = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  await resetDatabase();
});

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

async function openPage(subscription: SubscriptionRow, query = "") {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(planPage.loader, `/subscription/${token}/plan${query}`, { params: { token } });
}

/** Her press of the preview's button for `plan`, carrying what the page showed (now, unless given). */
async function confirm(subscription: SubscriptionRow, plan: string, shownFrom?: SubscriptionRow) {
  const token = await tokenOf(subscription);
  const shown = shownFrom ?? (await reload(subscription));
  const form = { plan, shownPlan: shown.plan, shownPending: shown.pendingPlan ?? "none", shown: shown.nextBillingAt!.toISOString() };
  return new TestBrowser().call(planPage.action, `/subscription/${token}/plan?plan=${plan}`, { params: { token }, form });
}

const messageOf = (answer: { data: { lastResult: { error: Record<string, string[]> } } }) =>
  Object.values(answer.data.lastResult.error).flat().join(" ");

/** The lifecycle clock moved on to `at` (whole days, so at or just past it), and the worker's rounds run. */
async function billUpTo(at: Date, rounds = 3) {
  const days = Math.ceil((at.getTime() - (await lifecycleNow()).getTime()) / day);
  if (days > 0) expect((await moveSandboxClock(days)).status).toBe("moved");
  await Promise.all(Array.from({ length: rounds }, () => runLifecycleRound(paymentGateway())));
}

const charges = async (subscription: SubscriptionRow) =>
  (await paymentsOf(subscription)).filter((p) => p.kind === "charge" && p.status === "succeeded").map((p) => p.amountCents);

async function emailsOf(subscription: SubscriptionRow) {
  await deliverAll();
  return storedEmailsOf(subscription.reference);
}

describe("changing her plan from her next billing date", () => {
  it("previews the words her email uses, then bills the new price from her next billing date and not before", async () => {
    const subscription = await activeWithMedications();
    const next = subscription.nextBillingAt!;
    const choose = await openPage(subscription);
    expect(choose.data.choices).toEqual([{ code: "quarterly", label: "Quarterly: $399.00 every 3 months" }]);

    const preview = await openPage(subscription, "?plan=quarterly");
    expect(preview.status).toBe(200);
    const { summary, undo, disclosure } = preview.data.preview;
    expect(summary).toMatch(
      /^Your plan changes from Monthly to Quarterly on your next billing date, .+\. From then on it costs \$399\.00 every 3 months\./,
    );
    expect(disclosure[0]).toMatch(/^\$399\.00 every 3 months from .+, renewing automatically until you cancel\.$/);

    const answer = await confirm(subscription, "quarterly");
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/subscription/${await tokenOf(subscription)}/plan?changed=1`);
    expect((await openPage(subscription, "?changed=1")).data.done.text).toBe(summary);
    const changed = await reload(subscription);
    expect({ plan: changed.plan, cents: changed.renewalCents, anchor: changed.firstPeriodStart, next: changed.nextBillingAt }).toEqual({
      plan: "quarterly",
      cents: 39_900,
      anchor: next,
      next,
    });
    const token = await tokenOf(subscription);
    const her = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
    expect(her.data.planAhead).toMatch(/^Your plan changes to Quarterly on .+: \$399\.00 every 3 months\.$/);

    // The day before: nothing billed. On the day: the new price, and the next date three months on.
    await billUpTo(new Date(next.getTime() - day));
    expect(await charges(subscription)).toEqual([]);
    await billUpTo(next);
    expect(await charges(subscription)).toEqual([39_900]);
    expect((await reload(subscription)).nextBillingAt).toEqual(addMonths(next, 3));
    expect((await paymentsOf(subscription)).find((p) => p.kind === "capture")!.amountCents).toBe(13_900);

    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "approved", "plan_changed", "renewal_charged"]);
    expect(emails[2]!.subject).toMatch(/^Your plan for MC-.+ changes to Quarterly on /);
    expect(emails[2]!.text).toContain(summary);
    expect(emails[2]!.text).toContain(undo);
    const [consent] = (await consentRecordsOf(subscription.responderUuid)).filter((record) => record.kind === "plan_change");
    expect({ plan: consent!.plan, cents: consent!.renewalCents, disclosure: consent!.disclosure }).toEqual({
      plan: "quarterly",
      cents: 39_900,
      disclosure,
    });
    expect(await providerEventsOf(subscription)).toEqual(["approved_captured", "plan_changed", "renewal_charged"]);
  });

  it("within 72 hours the renewal is fixed at the old price; the new plan starts on the date after it, or not at all if she keeps hers", async () => {
    const subscription = await activeWithMedications();
    const fixed = subscription.nextBillingAt!;
    await billUpTo(new Date(fixed.getTime() - 2 * day), 1);
    const preview = await openPage(subscription, "?plan=quarterly");
    expect(preview.data.preview.summary).toMatch(
      /is less than 72 hours away, so, as the terms say, that renewal is fixed: \$139\.00 for one more month of your Monthly plan\. Your plan then changes to Quarterly on /,
    );
    expect((await confirm(subscription, "quarterly")).status).toBe(303);
    const waiting = await reload(subscription);
    const startsAt = addMonths(fixed, 1);
    expect({ plan: waiting.plan, pending: waiting.pendingPlan, cents: waiting.pendingRenewalCents, from: waiting.pendingPlanFrom }).toEqual(
      {
        plan: "monthly",
        pending: "quarterly",
        cents: 39_900,
        from: startsAt,
      },
    );
    expect((await openPage(subscription)).data.ahead).toMatch(/^Your plan changes to Quarterly on /);

    await billUpTo(fixed);
    expect(await charges(subscription)).toEqual([13_900]);
    const started = await reload(subscription);
    expect({
      plan: started.plan,
      cents: started.renewalCents,
      next: started.nextBillingAt,
      anchor: started.firstPeriodStart,
      pending: started.pendingPlan,
    }).toEqual({
      plan: "quarterly",
      cents: 39_900,
      next: startsAt,
      anchor: startsAt,
      pending: null,
    });
    await billUpTo(startsAt);
    expect(await charges(subscription)).toEqual([13_900, 39_900]);
    expect((await reload(subscription)).nextBillingAt).toEqual(addMonths(startsAt, 3));
    const renewal = (await emailsOf(subscription)).filter((email) => email.kind === "renewal_charged")[0]!;
    expect(renewal.text).toContain("We charged $139.00 to your card for the next month of your plan.");
    expect(renewal.text).toContain("As you asked, your plan now changes to Quarterly");
  });

  it("shipped sooner while a change waits: the fixed period billed now at the old price, the new plan from where it ends", async () => {
    const subscription = await activeWithMedications();
    await billUpTo(new Date(subscription.nextBillingAt!.getTime() - 2 * day), 1);
    expect((await confirm(subscription, "quarterly")).status).toBe(303);
    const waiting = await reload(subscription);
    const now = await lifecycleNow();
    const sooner = await changeHerBillingDate(paymentGateway(), waiting, { kind: "sooner" }, waiting.nextBillingAt!);
    expect(sooner.status).toBe("changed");
    expect(await charges(subscription)).toEqual([13_900]);
    const started = await reload(subscription);
    const periodEnds = addMonths(now, 1);
    expect({ plan: started.plan, cents: started.renewalCents, pending: started.pendingPlan, anchor: started.firstPeriodStart }).toEqual({
      plan: "quarterly",
      cents: 39_900,
      pending: null,
      anchor: started.nextBillingAt,
    });
    expect(Math.abs(started.nextBillingAt!.getTime() - periodEnds.getTime())).toBeLessThan(day);
    await billUpTo(started.nextBillingAt!);
    expect(await charges(subscription)).toEqual([13_900, 39_900]);
  });

  it("choosing her own plan while a change waits cancels it", async () => {
    const subscription = await activeWithMedications();
    await billUpTo(new Date(subscription.nextBillingAt!.getTime() - 2 * day), 1);
    expect((await confirm(subscription, "quarterly")).status).toBe(303);
    expect((await openPage(subscription)).data.choices[0]).toEqual({
      code: "monthly",
      label: "Keep my Monthly plan (cancel the change to Quarterly)",
    });
    expect((await confirm(subscription, "monthly")).status).toBe(303);
    expect((await reload(subscription)).pendingPlan).toBeNull();
    await billUpTo(subscription.nextBillingAt!);
    expect(await charges(subscription)).toEqual([13_900]);
    expect((await reload(subscription)).plan).toBe("monthly");
    const kept = (await emailsOf(subscription)).filter((email) => email.kind === "plan_changed")[1]!;
    expect(kept.subject).toMatch(/stays Monthly$/);
    // Keeping her plan agrees to nothing new.
    expect((await consentRecordsOf(subscription.responderUuid)).filter((record) => record.kind === "plan_change")).toHaveLength(1);
  });
});

describe("what cannot be changed", () => {
  it("a plan that leaves out one of her medications is refused with the spec's plan-unavailable message", async () => {
    const subscription = await activeWithMedications("quarterly", true);
    const message = "Cream: This medication isn't available with the monthly plan. Please select the quarterly plan to continue.";
    const page = await openPage(subscription);
    expect(page.data.choices).toEqual([]);
    expect(page.data.unavailable).toEqual([{ plan: "Monthly", text: message }]);
    const asked = await openPage(subscription, "?plan=monthly");
    expect(asked.status).toBe(400);
    expect(asked.data.refusal.error.plan).toEqual([message]);
    const refused = await confirm(subscription, "monthly");
    expect(refused.status).toBe(400);
    expect(messageOf(refused)).toBe(message);
    expect((await reload(subscription)).plan).toBe("quarterly");
  });

  it("a double press changes it once: one line, one consent record, one email, one provider event", async () => {
    const subscription = await activeWithMedications();
    const shown = await reload(subscription);
    const answers = await Promise.all([confirm(subscription, "quarterly", shown), confirm(subscription, "quarterly", shown)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    const { events } = await subscriptionTimeline(subscription.id);
    expect(events.filter((event) => event.event === "plan_changed")).toHaveLength(1);
    expect((await consentRecordsOf(subscription.responderUuid)).filter((record) => record.kind === "plan_change")).toHaveLength(1);
    expect((await emailsOf(subscription)).filter((email) => email.kind === "plan_changed")).toHaveLength(1);
    expect((await providerEventsOf(subscription)).filter((event) => event === "plan_changed")).toHaveLength(1);
    // A page shown before the change cannot change it again.
    const stale = await confirm(subscription, "monthly", shown);
    expect(stale.status).toBe(409);
    expect(messageOf(stale)).toContain("Your plan changed since this page was shown");
  });

  it("only while active: a cancelled subscription's page says so and a post is refused", async () => {
    const subscription = await activeWithMedications();
    const shown = await reload(subscription);
    await cancelSubscription(paymentGateway(), subscription);
    expect((await openPage(subscription, "?plan=quarterly")).data.closed).toBe(
      "Your plan can be changed only while your subscription is active.",
    );
    const refused = await confirm(subscription, "quarterly", shown);
    expect(refused.status).toBe(409);
    expect((await reload(subscription)).plan).toBe("monthly");
  });

  it("is counted per subscription: the eleventh post in an hour waits", async () => {
    const subscription = await activeWithMedications();
    const token = await tokenOf(subscription);
    for (let i = 0; i < 10; i++) {
      const bad = await new TestBrowser().call(planPage.action, `/subscription/${token}/plan`, {
        params: { token },
        form: { plan: "weekly" },
      });
      expect(bad.status).toBe(400);
    }
    const refused = await confirm(subscription, "quarterly");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
