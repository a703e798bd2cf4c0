// Medically disqualified, on the sandbox gateway and clock: the plan ends at once from any
// state that still runs, a hold not captured is released, the most recent charge is refunded
// in full (a renewal's, not the first period's), she gets one email and the provider hears it,
// nothing is ever billed after it, and two people pressing at once end it once.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as cancelPage from "../../app/routes/subscription.$token.cancel/route";
import { database } from "../../app/server/db/client.server";
import { outboxMessages, sandboxPayments } from "../../app/server/db/schema.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import { recordDecision, subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import type { PaymentGateway } from "../../app/server/payments/gateway.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { disqualify } from "../../app/server/subscriptions/disqualify.server";
import { refundPayment } from "../../app/server/subscriptions/refunds.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import {
  heldSubscription,
  paidSubscription,
  paymentsOf,
  providerEventsOf,
  reload,
  sandboxCharges,
  sandboxHold,
  deliverAll,
  moveDays,
} from "../support/subscriptions";

const day = 24 * 60 * 60 * 1000;
const note = "Contraindication found on review: history of clotting disorder";
/** Authorises, then fails every charge without her (3-D Secure each time). */
const failsWithoutHer = "4000002760003184";

async function emailsOf(subscription: SubscriptionRow) {
  await deliverAll();
  return storedEmailsOf(subscription.reference);
}

async function eventsOf(subscription: SubscriptionRow) {
  return (await subscriptionTimeline(subscription.id)).events.map((event) => event.event);
}

/** The sandbox's refunds of one of its payments (what the "bank" gave back). */
async function sandboxRefundsOf(paymentReference: string) {
  return (await database())
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.kind, "refund"), eq(sandboxPayments.savedFrom, paymentReference)));
}

async function activeSubscription(options: Parameters<typeof heldSubscription>[0] = {}) {
  const subscription = await heldSubscription({ plan: "monthly", ...options });
  await decideReview(paymentGateway(), subscription, "approved", null, "owner");
  const active = await reload(subscription);
  expect(active.state).toBe("active");
  return active;
}

/** What a disqualified subscription always looks like: ended now, nothing left to bill. */
async function expectEnded(subscription: SubscriptionRow) {
  const ended = await reload(subscription);
  expect(ended).toMatchObject({ state: "disqualified", dueAt: null, nextBillingAt: null, reminderDueAt: null, disqualificationNote: note });
  expect(ended.cancelledAt).not.toBeNull();
  return ended;
}

beforeEach(async () => {
  await resetDatabase();
});

describe("before the hold is captured", () => {
  it("releases the hold at the sandbox, refunds nothing, sends one email and tells the provider", async () => {
    const subscription = await heldSubscription();
    const outcome = await disqualify(paymentGateway(), subscription, { note });
    expect(outcome).toMatchObject({ status: "disqualified", released: true });
    await expectEnded(subscription);
    expect((await sandboxHold(subscription)).status).toBe("released");
    expect((await paymentsOf(subscription)).map((p) => p.kind)).toEqual(["hold", "release"]);
    expect(await providerEventsOf(subscription)).toEqual(["medically_disqualified"]);

    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "disqualified"]);
    expect(emails[1]!.text).toContain("we released the $139.00 hold on your card");
    expect(emails[1]!.text).not.toContain("refund");
    // The clinician's words stay in the clinical record.
    expect(emails[1]!.text).not.toContain("clotting");
    expect(JSON.stringify(await (await database()).select().from(outboxMessages))).not.toContain("clotting");
  });

  it("a decision recorded but not settled yet: the hold is released, and the worker never captures it after", async () => {
    const subscription = await heldSubscription();
    await recordDecision(subscription.id, "approved", null, "provider", await lifecycleNow());
    expect((await disqualify(paymentGateway(), await reload(subscription), { note })).status).toBe("disqualified");
    await runLifecycleRound(paymentGateway());
    await moveDays(40);
    await expectEnded(subscription);
    expect((await sandboxHold(subscription)).status).toBe("released");
    expect((await paymentsOf(subscription)).map((p) => p.kind)).toEqual(["hold", "release"]);
    expect(await sandboxCharges(subscription)).toHaveLength(0);
  });

  it("after the hold lapsed: nothing to release, her email says nothing was charged", async () => {
    const subscription = await heldSubscription();
    await moveDays(8);
    expect((await reload(subscription)).state).toBe("hold_expired");
    expect(await disqualify(paymentGateway(), await reload(subscription), { note })).toMatchObject({
      status: "disqualified",
      released: false,
    });
    await expectEnded(subscription);
    expect((await paymentsOf(subscription)).map((p) => p.kind)).toEqual(["hold"]);
    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "hold_expired", "disqualified"]);
    expect(emails[2]!.text).toContain("the hold on your card had already ended");
  });
});

describe("after the first period was paid", () => {
  it("refunds the first period in full at the sandbox, with one email that says so (no second refund email)", async () => {
    const subscription = await activeSubscription();
    const outcome = await disqualify(paymentGateway(), subscription, { note });
    expect(outcome.status).toBe("disqualified");
    expect(outcome.status === "disqualified" && outcome.refund?.status).toBe("refunded");
    await expectEnded(subscription);

    const payments = await paymentsOf(subscription);
    const capture = payments.find((p) => p.kind === "capture")!;
    expect(capture.refundedCents).toBe(13_900);
    expect(payments.filter((p) => p.kind === "refund")).toEqual([
      expect.objectContaining({
        status: "succeeded",
        amountCents: 13_900,
        period: 0,
        refundOf: capture.id,
        reason: "medically_disqualified",
        note: null,
      }),
    ]);
    expect((await sandboxRefundsOf(subscription.holdReference)).map((r) => r.amountCents)).toEqual([13_900]);
    expect(await eventsOf(subscription)).toEqual(["hold_placed", "approved_captured", "medically_disqualified", "refunded"]);
    expect(await providerEventsOf(subscription)).toEqual(["approved_captured", "medically_disqualified", "refunded"]);

    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "approved", "disqualified"]);
    expect(emails[2]!.subject).toBe(`Your treatment plan ${subscription.reference} has ended`);
    expect(emails[2]!.text).toContain("we are refunding your most recent payment in full: $139.00");
    expect(emails[2]!.text).toContain("5 to 10 business days");
    expect(emails[2]!.text).not.toContain("clotting");
  });

  it("a paid order names the card the refund goes to", async () => {
    const subscription = await paidSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await disqualify(paymentGateway(), await reload(subscription), { note });
    const emails = await emailsOf(subscription);
    expect(emails.at(-1)!.kind).toBe("disqualified");
    expect(emails.at(-1)!.text).toMatch(/to your Visa ending \d{4}\./);
  });

  it("a gateway that does not answer leaves the refund pending; the worker makes it, still one email", async () => {
    const subscription = await activeSubscription();
    const real = paymentGateway();
    const silent: PaymentGateway = { ...real, refund: async () => ({ status: "failed", message: "no answer" }) };
    const outcome = await disqualify(silent, subscription, { note });
    expect(outcome.status === "disqualified" && outcome.refund?.status).toBe("pending");
    await expectEnded(subscription);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(0);

    expect((await runLifecycleRound(real)).refunded).toBe(1);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "refund").map((p) => p.status)).toEqual(["succeeded"]);
    expect((await sandboxRefundsOf(subscription.holdReference)).map((r) => r.amountCents)).toEqual([13_900]);
    expect((await emailsOf(subscription)).map((email) => email.kind)).toEqual(["order_received", "approved", "disqualified"]);
  });

  it("what an earlier refund left is what is refunded", async () => {
    const subscription = await activeSubscription();
    const capture = (await paymentsOf(subscription)).find((p) => p.kind === "capture")!;
    expect(
      (
        await refundPayment(paymentGateway(), subscription, {
          paymentId: capture.id,
          amountCents: 4_000,
          reason: "goodwill",
          note: null,
          tellHer: true,
        })
      ).status,
    ).toBe("refunded");
    await disqualify(paymentGateway(), await reload(subscription), { note });
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "refund").map((p) => p.amountCents)).toEqual([4_000, 9_900]);
    expect((await sandboxRefundsOf(subscription.holdReference)).reduce((sum, r) => sum + r.amountCents, 0)).toBe(13_900);
    expect((await emailsOf(subscription)).at(-1)!.text).toContain("in full: $99.00");
  });
});

describe("after a renewal", () => {
  it("refunds the renewal's charge, not the first period, and nothing is billed ever again", async () => {
    const subscription = await activeSubscription({ amountCents: 13_900, renewalCents: 15_900 });
    expect((await moveDays(32)).renewed).toBe(1);
    const [renewal] = await sandboxCharges(subscription);
    expect(renewal!.amountCents).toBe(15_900);

    const outcome = await disqualify(paymentGateway(), await reload(subscription), { note });
    expect(outcome.status === "disqualified" && outcome.refund?.status).toBe("refunded");
    await expectEnded(subscription);
    const payments = await paymentsOf(subscription);
    expect(payments.find((p) => p.kind === "capture")!.refundedCents).toBe(0);
    expect(payments.find((p) => p.kind === "charge" && p.period === 1)!.refundedCents).toBe(15_900);
    expect(payments.filter((p) => p.kind === "refund").map((p) => [p.period, p.amountCents])).toEqual([[1, 15_900]]);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(0);
    expect((await sandboxRefundsOf(renewal!.reference)).map((r) => r.amountCents)).toEqual([15_900]);

    // A year on: not one more renewal, reminder or email.
    for (const days of [31, 31, 100, 300]) {
      const round = await moveDays(days);
      expect(round).toMatchObject({ renewed: 0, failed: 0, lapsed: 0, reminded: 0 });
    }
    expect(await sandboxCharges(subscription)).toHaveLength(1);
    await expectEnded(subscription);
    expect((await emailsOf(subscription)).map((email) => email.kind)).toEqual([
      "order_received",
      "approved",
      "renewal_charged",
      "disqualified",
    ]);
    expect((await emailsOf(subscription)).at(-1)!.text).toContain("in full: $159.00");
  });

  it("while a renewal is failing: the last paid charge is refunded and no retry follows", async () => {
    const subscription = await activeSubscription({ cardNumber: failsWithoutHer });
    await moveDays(32);
    expect((await reload(subscription)).state).toBe("past_due");
    await disqualify(paymentGateway(), await reload(subscription), { note });
    await expectEnded(subscription);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "refund").map((p) => [p.period, p.amountCents])).toEqual([
      [0, 13_900],
    ]);
    const tried = (await paymentsOf(subscription)).filter((p) => p.kind === "charge").length;
    await moveDays(10);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "charge")).toHaveLength(tried);
  });
});

describe("from any state that still runs", () => {
  it("from ending (cancelled within 72 hours): the last renewal she was still to pay is not billed", async () => {
    const subscription = await activeSubscription();
    const untilBilling = (await reload(subscription)).nextBillingAt!.getTime() - (await lifecycleNow()).getTime();
    await moveDays(Math.floor(untilBilling / day) - 1);
    expect((await cancelSubscription(paymentGateway(), await reload(subscription))).status).toBe("ending");

    const outcome = await disqualify(paymentGateway(), await reload(subscription), { note });
    expect(outcome.status === "disqualified" && outcome.refund?.status).toBe("refunded");
    await expectEnded(subscription);
    await moveDays(5);
    expect(await sandboxCharges(subscription)).toHaveLength(0);
    expect(await eventsOf(subscription)).toEqual([
      "hold_placed",
      "approved_captured",
      "cancelled_after_renewal",
      "medically_disqualified",
      "refunded",
    ]);
    expect((await emailsOf(subscription)).map((email) => email.kind)).toEqual(["order_received", "approved", "cancelled", "disqualified"]);
  });

  it("payment needed: nothing was paid, so nothing is refunded", async () => {
    const subscription = await heldSubscription({ cardNumber: failsWithoutHer });
    await moveDays(8);
    await decideReview(paymentGateway(), await reload(subscription), "approved", null, "owner");
    expect((await reload(subscription)).state).toBe("payment_needed");
    const outcome = await disqualify(paymentGateway(), await reload(subscription), { note });
    expect(outcome).toMatchObject({ status: "disqualified" });
    expect(outcome.status === "disqualified" && outcome.refund).toBeUndefined();
    await expectEnded(subscription);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "refund")).toHaveLength(0);
    const last = (await emailsOf(subscription)).at(-1)!;
    expect(last.kind).toBe("disqualified");
    expect(last.text).not.toMatch(/refund|released/);
  });

  it("a closed order stays closed: declined, or disqualified already", async () => {
    const declined = await heldSubscription();
    await decideReview(paymentGateway(), declined, "declined", null, "owner");
    expect((await disqualify(paymentGateway(), await reload(declined), { note })).status).toBe("closed");
    expect((await reload(declined)).state).toBe("declined");

    const active = await activeSubscription();
    await disqualify(paymentGateway(), active, { note });
    // A second press with the page's stale row: nothing moves twice.
    expect((await disqualify(paymentGateway(), active, { note: "again" })).status).toBe("closed");
    expect((await reload(active)).disqualificationNote).toBe(note);
    expect((await paymentsOf(active)).filter((p) => p.kind === "refund")).toHaveLength(1);
  });
});

describe("at the same moment", () => {
  it("two presses at once: one transition, one refund, one email, one audit row", async () => {
    const subscription = await activeSubscription();
    let recorded = 0;
    const alsoRecord = async () => {
      recorded++;
    };
    const outcomes = await Promise.all([
      disqualify(paymentGateway(), subscription, { note, alsoRecord }),
      disqualify(paymentGateway(), subscription, { note, alsoRecord }),
    ]);
    expect(outcomes.filter((o) => o.status === "disqualified")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "busy" || o.status === "closed")).toHaveLength(1);
    expect(recorded).toBe(1);
    expect((await eventsOf(subscription)).filter((e) => e === "medically_disqualified")).toHaveLength(1);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "refund")).toHaveLength(1);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(1);
    expect((await emailsOf(subscription)).filter((email) => email.kind === "disqualified")).toHaveLength(1);
  });

  it("a worker renewing at the same moment: whatever wins, no charge stands after the plan ends", async () => {
    const subscription = await activeSubscription();
    await moveSandboxClock(32);
    const [outcome] = await Promise.all([disqualify(paymentGateway(), subscription, { note }), runLifecycleRound(paymentGateway())]);
    // Busy while the worker was billing: pressed again, it ends the plan then.
    if (outcome.status === "busy")
      expect((await disqualify(paymentGateway(), await reload(subscription), { note })).status).toBe("disqualified");
    else expect(outcome.status).not.toBe("closed");
    await expectEnded(subscription);
    await moveDays(100);
    const payments = await paymentsOf(subscription);
    const paid = payments.filter((p) => (p.kind === "capture" || p.kind === "charge") && p.status === "succeeded");
    // The last money she paid is given back in full, whichever it was; at most one renewal was made.
    expect(paid.length).toBeLessThanOrEqual(2);
    expect(paid.at(-1)!.refundedCents).toBe(paid.at(-1)!.amountCents);
    expect(await sandboxCharges(subscription)).toHaveLength(paid.length - 1);
  });
});

describe("her pages", () => {
  const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

  it("her page says it ended and shows the refund; cancelling is not offered", async () => {
    const subscription = await activeSubscription();
    await disqualify(paymentGateway(), subscription, { note });
    const token = await tokenOf(subscription);
    const page = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
    expect(page).toHaveStatus(200);
    expect(page.data.status.title).toBe("Ended by the medical team");
    expect(page.data.money).toContain("refunded in full: $139.00");
    expect(page.data.nextBilling).toBeNull();
    expect(page.data.canCancel).toBe(false);
    expect(page.data.anotherCard).toBeNull();
    expect(page.data.payments.map((p: { text: string; amountCents: number }) => [p.text, p.amountCents])).toEqual([
      ["Hold placed", 13_900],
      ["Charged (from the hold)", 13_900],
      ["Refunded to your card", 13_900],
    ]);
    const timeline = page.data.timeline.map((entry: { text: string; amountCents: number | null }) => [entry.text, entry.amountCents]);
    expect(timeline.slice(-2)).toEqual([
      ["Ended by the medical team; nothing more will be charged", null],
      ["Refunded to your card", 13_900],
    ]);
    expect(JSON.stringify(page.data)).not.toContain("clotting");

    const cancel = await new TestBrowser().call(cancelPage.loader, `/subscription/${token}/cancel`, { params: { token } });
    expect(cancel.data.preview.can).toBe(false);
    const pressed = await new TestBrowser().call(cancelPage.action, `/subscription/${token}/cancel`, { params: { token }, form: {} });
    expect(pressed.data.text).toContain("already canceled or closed");
    expect((await reload(subscription)).state).toBe("disqualified");
  });

  it("ended before capture, her page says the hold was released", async () => {
    const subscription = await heldSubscription();
    await disqualify(paymentGateway(), subscription, { note });
    const token = await tokenOf(subscription);
    const page = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
    expect(page.data.money).toBe("Nothing was charged: the hold on your card was released.");
    expect(page.data.payments.map((p: { text: string }) => p.text)).toEqual(["Hold placed", "Hold released"]);
  });
});
