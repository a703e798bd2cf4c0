// The order's life after the hold, on the sandbox gateway and the sandbox clock: the review's
// outcome moves the hold once, holds lapse, renewals are billed once per period, failing
// cards are retried and then lapse, and cancelling follows the 72-hour rule.
import { beforeEach, describe, expect, it } from "vitest";
import { billingDate, readOrderReference } from "../../app/funnel/subscription-life";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { subscriptionTimeline } from "../../app/server/db/stores/subscriptions.server";
import { resetDatabase } from "../support/route-harness";
import {
  heldSubscription,
  paidSubscription,
  paymentsOf,
  providerEventsOf,
  reload,
  sandboxCharges,
  sandboxHold,
  moveDays,
} from "../support/subscriptions";

const gateway = () => paymentGateway();
const day = 24 * 60 * 60 * 1000;
/** Stripe's test card that authorises with 3-D Secure and then fails every charge without her. */
const failsWithoutHer = "4000002760003184";

async function eventsOf(subscriptionId: string) {
  return (await subscriptionTimeline(subscriptionId)).events.map((event) => event.event);
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the hold", () => {
  it("a paid order begins on hold with a reference she can quote, its hold for 7 days and its first event", async () => {
    const subscription = await paidSubscription({ plan: "monthly" });
    expect(subscription.state).toBe("on_hold");
    expect(readOrderReference(subscription.reference)).toBe(subscription.reference);
    // The sandbox keeps the hold from the moment it authorised, a few milliseconds earlier.
    expect(Math.abs(subscription.holdExpiresAt.getTime() - subscription.holdPlacedAt.getTime() - 7 * day)).toBeLessThan(1000);
    expect(subscription.plan).toBe("monthly");
    expect(await eventsOf(subscription.id)).toEqual(["hold_placed"]);
    expect((await paymentsOf(subscription)).map((p) => [p.kind, p.status, p.amountCents])).toEqual([
      ["hold", "succeeded", subscription.firstPeriodCents],
    ]);
    expect((await sandboxHold(subscription)).status).toBe("held");
  });

  it("lapses after 7 days with no decision; the provider hears of it", async () => {
    const subscription = await heldSubscription();
    expect((await moveDays(6)).expired).toBe(0);
    expect((await reload(subscription)).state).toBe("on_hold");
    expect((await moveDays(1)).expired).toBe(1);
    expect((await reload(subscription)).state).toBe("hold_expired");
    expect(await providerEventsOf(subscription)).toEqual(["hold_expired"]);
  });
});

describe("the review's outcome", () => {
  it("an approval captures the hold once, however many times and at once it comes", async () => {
    const subscription = await paidSubscription({ plan: "quarterly" });
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => decideReview(gateway(), subscription, "approved", null, "provider")),
    );
    expect(outcomes.filter((o) => o.status === "recorded")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "unchanged")).toHaveLength(4);
    await runLifecycleRound(gateway());

    const active = await reload(subscription);
    expect(active.state).toBe("active");
    expect(active.periodsPaid).toBe(1);
    expect(active.nextBillingAt).toEqual(billingDate(active.firstPeriodStart!, "quarterly", 1));
    const captures = (await paymentsOf(subscription)).filter((p) => p.kind === "capture");
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ status: "succeeded", amountCents: subscription.firstPeriodCents, period: 0 });
    expect((await sandboxHold(subscription)).status).toBe("captured");
    expect(await providerEventsOf(subscription)).toEqual(["approved_captured"]);
    expect(await eventsOf(subscription.id)).toEqual(["hold_placed", "approved_captured"]);
  });

  it("a decline releases the hold; a later approval is a conflict and moves nothing", async () => {
    const subscription = await heldSubscription();
    expect((await decideReview(gateway(), subscription, "declined", "Not suitable", "provider")).status).toBe("recorded");
    const declined = await reload(subscription);
    expect(declined).toMatchObject({ state: "declined", decision: "declined", decisionMessage: "Not suitable" });
    expect((await sandboxHold(subscription)).status).toBe("released");
    expect((await paymentsOf(subscription)).map((p) => p.kind)).toEqual(["hold", "release"]);

    expect((await decideReview(gateway(), declined, "approved", null, "provider")).status).toBe("conflict");
    expect((await decideReview(gateway(), declined, "declined", null, "provider")).status).toBe("unchanged");
    expect((await sandboxHold(subscription)).status).toBe("released");
    expect(await providerEventsOf(subscription)).toEqual(["declined_released"]);
    // Declined never bills, whatever the time.
    await moveDays(400);
    expect(await sandboxCharges(subscription)).toHaveLength(0);
  });

  it("an approval after the hold lapsed charges the saved card instead", async () => {
    const subscription = await heldSubscription();
    await moveDays(8);
    expect((await reload(subscription)).state).toBe("hold_expired");
    await decideReview(gateway(), await reload(subscription), "approved", null, "owner");
    const active = await reload(subscription);
    expect(active.state).toBe("active");
    expect((await paymentsOf(subscription)).map((p) => [p.kind, p.period, p.status])).toEqual([
      ["hold", 0, "succeeded"],
      ["charge", 0, "succeeded"],
    ]);
    expect((await sandboxHold(subscription)).status).toBe("held");
    expect(await sandboxCharges(subscription)).toHaveLength(1);
    expect(await eventsOf(subscription.id)).toEqual(["hold_placed", "hold_expired", "approved_charged"]);
  });

  it("a late approval whose card fails without her waits for her to pay again", async () => {
    const subscription = await heldSubscription({ cardNumber: failsWithoutHer });
    await moveDays(8);
    await decideReview(gateway(), await reload(subscription), "approved", null, "owner");
    const waiting = await reload(subscription);
    expect(waiting.state).toBe("payment_needed");
    expect((await paymentsOf(subscription)).at(-1)).toMatchObject({ kind: "charge", status: "failed" });
    expect(await providerEventsOf(subscription)).toEqual(["hold_expired", "approved_payment_failed"]);
    // Nothing is billed while she has not paid.
    await moveDays(200);
    expect((await reload(subscription)).state).toBe("payment_needed");
  });

  it("a decline after the hold lapsed moves no money", async () => {
    const subscription = await heldSubscription();
    await moveDays(8);
    await decideReview(gateway(), await reload(subscription), "declined", null, "owner");
    expect((await reload(subscription)).state).toBe("declined");
    expect((await paymentsOf(subscription)).map((p) => p.kind)).toEqual(["hold"]);
  });
});

describe("renewals", () => {
  it("bills every monthly period of two years exactly once, at the plan's price without the first period's discount", async () => {
    const subscription = await heldSubscription({ plan: "monthly", amountCents: 3_900, renewalCents: 13_900 });
    await decideReview(gateway(), subscription, "approved", null, "owner");
    const start = (await reload(subscription)).firstPeriodStart!;
    // Forward in uneven steps, a round after each, as a worker polling every so often would.
    for (const days of [10, 25, 31, 60, 1, 90, 183, 331]) await moveDays(days);
    const now = await lifecycleNow();
    const due = Array.from({ length: 40 }, (_, period) => period).filter(
      (period) => period >= 1 && billingDate(start, "monthly", period) <= now,
    );
    expect(due.length).toBeGreaterThanOrEqual(24);

    const charges = (await paymentsOf(subscription)).filter((p) => p.kind === "charge");
    expect(charges.map((c) => c.period)).toEqual(due);
    expect(new Set(charges.map((c) => c.amountCents))).toEqual(new Set([13_900]));
    expect(charges.every((c) => c.status === "succeeded")).toBe(true);
    expect(await sandboxCharges(subscription)).toHaveLength(due.length);
    const active = await reload(subscription);
    expect(active).toMatchObject({ state: "active", periodsPaid: due.length + 1 });
    expect(active.nextBillingAt).toEqual(billingDate(start, "monthly", due.length + 1));
    expect((await providerEventsOf(subscription)).filter((e) => e === "renewal_charged")).toHaveLength(due.length);
  });

  it("a yearly plan moved two years on in one go bills its two renewals, on the same day of the year", async () => {
    const subscription = await heldSubscription({ plan: "yearly", amountCents: 100_000 });
    await decideReview(gateway(), subscription, "approved", null, "owner");
    const start = (await reload(subscription)).firstPeriodStart!;
    await moveDays(731);
    const charges = (await paymentsOf(subscription)).filter((p) => p.kind === "charge");
    expect(charges.map((c) => [c.period, c.at.getTime() >= billingDate(start, "yearly", c.period).getTime()])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it("a card that fails without her is retried after 1, 3 and 5 days, then the subscription lapses and never bills again", async () => {
    const subscription = await heldSubscription({ cardNumber: failsWithoutHer, plan: "monthly" });
    await decideReview(gateway(), subscription, "approved", null, "owner");
    const billedAt = (await reload(subscription)).nextBillingAt!;
    await moveDays(Math.ceil((billedAt.getTime() - (await lifecycleNow()).getTime()) / day));
    expect(await reload(subscription)).toMatchObject({ state: "past_due", failedAttempts: 1 });
    expect((await reload(subscription)).dueAt).toEqual(new Date(billedAt.getTime() + day));
    await moveDays(1);
    expect(await reload(subscription)).toMatchObject({ state: "past_due", failedAttempts: 2 });
    await moveDays(2);
    expect(await reload(subscription)).toMatchObject({ state: "past_due", failedAttempts: 3 });
    await moveDays(2);
    expect((await reload(subscription)).state).toBe("lapsed");

    const tries = (await paymentsOf(subscription)).filter((p) => p.kind === "charge");
    expect(tries.map((t) => [t.period, t.status])).toEqual([
      [1, "failed"],
      [1, "failed"],
      [1, "failed"],
      [1, "failed"],
    ]);
    expect(tries[0]!.failureMessage).toBe("Your card was declined. This transaction requires authentication.");
    await moveDays(400);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "charge")).toHaveLength(4);
    expect(await providerEventsOf(subscription)).toEqual([
      "approved_captured",
      "renewal_failed",
      "renewal_failed",
      "renewal_failed",
      "lapsed",
    ]);
  });

  it("twenty worker rounds at once bill a due period once", async () => {
    const subscription = await heldSubscription({ plan: "monthly" });
    await decideReview(gateway(), subscription, "approved", null, "owner");
    await moveSandboxClock(32);
    const rounds = await Promise.all(Array.from({ length: 20 }, () => runLifecycleRound(gateway())));
    expect(rounds.reduce((sum, round) => sum + round.renewed, 0)).toBe(1);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "charge")).toHaveLength(1);
    expect(await sandboxCharges(subscription)).toHaveLength(1);
    expect((await reload(subscription)).periodsPaid).toBe(2);
  });
});

describe("cancelling", () => {
  it("before the review releases the hold at once", async () => {
    const subscription = await heldSubscription();
    expect((await cancelSubscription(gateway(), subscription)).status).toBe("cancelled");
    expect((await sandboxHold(subscription)).status).toBe("released");
    expect((await decideReview(gateway(), await reload(subscription), "approved", null, "provider")).status).toBe("closed");
    expect(await providerEventsOf(subscription)).toEqual(["cancelled_released"]);
  });

  it("more than 72 hours before the next billing date: nothing more is billed", async () => {
    const subscription = await heldSubscription({ plan: "monthly" });
    await decideReview(gateway(), subscription, "approved", null, "owner");
    await moveSandboxClock(20);
    expect((await cancelSubscription(gateway(), await reload(subscription))).status).toBe("cancelled");
    await moveDays(400);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "charge")).toHaveLength(0);
    expect((await reload(subscription)).state).toBe("cancelled");
  });

  it("within 72 hours of the next billing date: that renewal is still billed, once, and then nothing", async () => {
    const subscription = await heldSubscription({ plan: "monthly" });
    await decideReview(gateway(), subscription, "approved", null, "owner");
    const { nextBillingAt } = await reload(subscription);
    const daysToBilling = Math.floor((nextBillingAt!.getTime() - (await lifecycleNow()).getTime()) / day);
    await moveSandboxClock(daysToBilling - 1);
    expect((await cancelSubscription(gateway(), await reload(subscription))).status).toBe("ending");
    await moveDays(400);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "charge").map((p) => p.period)).toEqual([1]);
    expect((await reload(subscription)).state).toBe("cancelled");
    expect(await eventsOf(subscription.id)).toEqual(["hold_placed", "approved_captured", "cancelled_after_renewal", "renewal_charged"]);
  });
});
