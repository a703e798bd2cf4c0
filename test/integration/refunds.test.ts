// Refunds on the sandbox gateway: money given back from the captured first period or a
// renewal, never more than was paid however many people press at once, each refund a row of
// the order's payments, a line of its timeline, one event to the provider and one email to
// her; a gateway that does not answer leaves the refund pending until the lifecycle worker
// asks again, and a gateway that says no gives the amount back.
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formatCents } from "../../app/funnel/cart";
import { database } from "../../app/server/db/client.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { provider } from "../../app/server/provider/index.server";
import { outboxMessages, sandboxPayments } from "../../app/server/db/schema.server";
import {
  findPayment,
  subscriptionTimeline,
  type SubscriptionPaymentRow,
  type SubscriptionRow,
} from "../../app/server/db/stores/subscriptions.server";
import type { PaymentGateway, RefundRequest, RefundResult } from "../../app/server/payments/gateway.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { refundPayment, retryPendingRefunds, type RefundAsked } from "../../app/server/subscriptions/refunds.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, moveClockToNextBilling, paidSubscription, paymentsOf, reload } from "../support/subscriptions";

const gateway = () => paymentGateway();

beforeEach(async () => {
  await resetDatabase();
});

/** An order paid (Visa 4242, $139.00) and approved: its first period captured. */
async function approvedOrder(
  options: Parameters<typeof heldSubscription>[0] = {},
): Promise<{ subscription: SubscriptionRow; capture: SubscriptionPaymentRow }> {
  const held = await heldSubscription({ amountCents: 13_900, ...options });
  expect((await decideReview(gateway(), held, "approved", null, "owner")).status).toBe("recorded");
  const subscription = await reload(held);
  expect(subscription.state).toBe("active");
  const capture = (await paymentsOf(subscription)).find((p) => p.kind === "capture")!;
  expect(capture).toMatchObject({ status: "succeeded", amountCents: 13_900, refundedCents: 0 });
  return { subscription, capture };
}

const asked = (payment: SubscriptionPaymentRow, amountCents: number, overrides: Partial<RefundAsked> = {}): RefundAsked => ({
  paymentId: payment.id,
  amountCents,
  reason: "goodwill",
  note: null,
  tellHer: true,
  ...overrides,
});

const refundsOf = async (subscription: SubscriptionRow) => (await paymentsOf(subscription)).filter((p) => p.kind === "refund");

/** What the provider and her mailer were given about this order's refunds. */
async function messagesAbout(subscription: SubscriptionRow) {
  const rows = await (await database()).select().from(outboxMessages).orderBy(asc(outboxMessages.id));
  const payloads = rows.map((row) => ({ kind: row.kind, payload: row.payload }));
  return {
    events: payloads
      .filter((m) => m.kind === "order-event" && m.payload.order_reference === subscription.reference && m.payload.event === "refunded")
      .map((m) => m.payload),
    emails: payloads
      .filter((m) => m.kind === "email" && m.payload.reference === subscription.reference && m.payload.email === "refunded")
      .map((m) => m.payload),
  };
}

async function timelineOf(subscription: SubscriptionRow) {
  return (await subscriptionTimeline(subscription.id)).events.filter((e) => e.event === "refunded" || e.event === "refund_failed");
}

/** The sandbox's own refunds of a payment it made (what the "bank" gave back). */
async function sandboxRefundsOf(paymentReference: string) {
  return (await database())
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.kind, "refund"), eq(sandboxPayments.savedFrom, paymentReference)))
    .orderBy(asc(sandboxPayments.createdAt));
}

async function sandboxPayment(reference: string) {
  const [row] = await (await database()).select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
  return row!;
}

/** The real gateway, but its refunds answer `first` the first `times` times (a gateway that did not answer, or said no). */
function refundsAnswering(first: RefundResult, times = 1): PaymentGateway & { calls: RefundRequest[] } {
  const real = gateway();
  const calls: RefundRequest[] = [];
  return {
    ...real,
    calls,
    async refund(request) {
      calls.push(request);
      return calls.length <= times ? first : real.refund(request);
    },
  };
}

describe("refunding a paid payment", () => {
  it("refunds part, then the rest, of the captured first period: rows, timeline, one event and one email each, the sandbox's records", async () => {
    const { subscription, capture } = await approvedOrder();

    const part = await refundPayment(gateway(), subscription, asked(capture, 4_000, { reason: "service_problem" }));
    expect(part.status).toBe("refunded");
    expect((await findPayment(capture.id))!.refundedCents).toBe(4_000);

    const rest = await refundPayment(gateway(), subscription, asked(capture, 9_900, { reason: "other", note: "Parcel lost twice" }));
    expect(rest.status).toBe("refunded");
    expect((await findPayment(capture.id))!.refundedCents).toBe(13_900);

    const refunds = await refundsOf(subscription);
    expect(refunds.map((r) => [r.status, r.amountCents, r.refundOf, r.period, r.reason, r.note])).toEqual([
      ["succeeded", 4_000, capture.id, 0, "service_problem", null],
      ["succeeded", 9_900, capture.id, 0, "other", "Parcel lost twice"],
    ]);
    const atSandbox = await sandboxRefundsOf(subscription.holdReference);
    expect(atSandbox.map((r) => [r.status, r.amountCents])).toEqual([
      ["succeeded", 4_000],
      ["succeeded", 9_900],
    ]);
    // Our row names the gateway's refund, so each can be found again at the gateway.
    expect(refunds.map((r) => r.gatewayReference)).toEqual(atSandbox.map((r) => r.reference));
    expect((await sandboxPayment(subscription.holdReference)).refundedCents).toBe(13_900);

    expect((await timelineOf(subscription)).map((e) => [e.event, e.fromState, e.toState, e.detail])).toEqual([
      ["refunded", "active", "active", { amount_cents: 4_000, period: 0, reason: "service_problem" }],
      ["refunded", "active", "active", { amount_cents: 9_900, period: 0, reason: "other" }],
    ]);
    const { events, emails } = await messagesAbout(subscription);
    expect(events.map((e) => [e.amount_cents, e.period, e.reason, e.state])).toEqual([
      [4_000, 0, "service_problem", "active"],
      [9_900, 0, "other", "active"],
    ]);
    // The owner's note stays in the console: the provider hears the reason alone.
    expect(JSON.stringify(events)).not.toContain("Parcel");
    expect(emails.map((e) => [e.amount_cents, e.period])).toEqual([
      [4_000, 0],
      [9_900, 0],
    ]);
    // Refunds move no state: her plan goes on.
    expect((await reload(subscription)).state).toBe("active");

    // Nothing is left now: any more is refused, saying so.
    expect(await refundPayment(gateway(), subscription, asked(capture, 1))).toEqual({
      status: "too_much",
      leftCents: 0,
      message: "Nothing is left to refund of this payment.",
    });
  });

  it("her email names the card the money goes back to: the one she paid with at the checkout", async () => {
    const held = await paidSubscription({ plan: "monthly" });
    expect((await decideReview(gateway(), held, "approved", null, "owner")).status).toBe("recorded");
    const subscription = await reload(held);
    const capture = (await paymentsOf(subscription)).find((p) => p.kind === "capture")!;
    expect((await refundPayment(gateway(), subscription, asked(capture, capture.amountCents))).status).toBe("refunded");
    expect((await messagesAbout(subscription)).emails.map((e) => [e.amount_cents, e.card])).toEqual([
      [capture.amountCents, "Visa ending 4242"],
    ]);
    expect((await sandboxPayment(subscription.holdReference)).refundedCents).toBe(capture.amountCents);

    // Delivered, it is the one email of the refund: amount, card, and when she sees the money.
    const to = await provider();
    while ((await deliverDueOutboxMessages(to, 100)).delivered > 0);
    const refunded = (await storedEmailsOf(subscription.reference)).filter((email) => email.kind === "refunded");
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.text).toContain(
      `We have refunded ${formatCents(capture.amountCents)} of your first payment to your Visa ending 4242.`,
    );
    expect(refunded[0]!.text).toContain("5 to 10 business days");
  });

  it("refuses more than is left, saying how much is, and writes nothing", async () => {
    const { subscription, capture } = await approvedOrder();
    expect((await refundPayment(gateway(), subscription, asked(capture, 2_550))).status).toBe("refunded");
    const before = await paymentsOf(subscription);
    let audited = 0;

    const outcome = await refundPayment(gateway(), subscription, asked(capture, 11_351, { alsoRecord: async () => void audited++ }));
    expect(outcome).toEqual({ status: "too_much", leftCents: 11_350, message: "At most $113.50 is left to refund of this payment." });
    expect(audited).toBe(0);
    expect(await paymentsOf(subscription)).toEqual(before);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(1);
    expect((await messagesAbout(subscription)).emails).toHaveLength(1);
    expect(await timelineOf(subscription)).toHaveLength(1);

    // Exactly what is left is accepted.
    expect((await refundPayment(gateway(), subscription, asked(capture, 11_350, { alsoRecord: async () => void audited++ }))).status).toBe(
      "refunded",
    );
    expect(audited).toBe(1);
  });

  it("refuses what is not a paid payment of this order: the hold, a refund, another order's capture", async () => {
    const { subscription, capture } = await approvedOrder();
    const other = await approvedOrder();
    const hold = (await paymentsOf(subscription)).find((p) => p.kind === "hold")!;
    expect(await refundPayment(gateway(), subscription, asked(hold, 100))).toEqual({ status: "not_refundable" });
    expect(await refundPayment(gateway(), subscription, asked(other.capture, 100))).toEqual({ status: "not_refundable" });
    expect(await refundPayment(gateway(), subscription, { ...asked(capture, 100), paymentId: 987_654 })).toEqual({
      status: "not_refundable",
    });
    const made = await refundPayment(gateway(), subscription, asked(capture, 100));
    expect(made.status).toBe("refunded");
    const refundRow = (await refundsOf(subscription))[0]!;
    expect(await refundPayment(gateway(), subscription, asked(refundRow, 50))).toEqual({ status: "not_refundable" });
    expect((await findPayment(other.capture.id))!.refundedCents).toBe(0);
  });

  it("20 people refunding the rest at once refund it exactly once", async () => {
    const { subscription, capture } = await approvedOrder();
    expect((await refundPayment(gateway(), subscription, asked(capture, 1_900))).status).toBe("refunded");
    let audited = 0;

    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        refundPayment(gateway(), subscription, asked(capture, 12_000, { alsoRecord: async () => void audited++ })),
      ),
    );
    const elapsedMs = performance.now() - started;

    const refunded = outcomes.filter((o) => o.status === "refunded");
    const refused = outcomes.filter((o) => o.status === "too_much");
    expect(refunded).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused)
      expect(answer).toEqual({ status: "too_much", leftCents: 0, message: "Nothing is left to refund of this payment." });
    expect(audited).toBe(1);
    expect((await findPayment(capture.id))!.refundedCents).toBe(13_900);
    const rest = (await refundsOf(subscription)).filter((r) => r.amountCents === 12_000);
    expect(rest.map((r) => r.status)).toEqual(["succeeded"]);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(2);
    expect((await sandboxPayment(subscription.holdReference)).refundedCents).toBe(13_900);
    expect((await messagesAbout(subscription)).emails).toHaveLength(2);
    expect((await messagesAbout(subscription)).events).toHaveLength(2);
    if (process.env.REFUND_TIMINGS) {
      console.info(
        `20 concurrent refunds of the rest: ${refunded.length} refunded, ${refused.length} too_much, ${elapsedMs.toFixed(0)} ms`,
      );
    }
  });

  it("20 people refunding $10 each at once, with $120 left, refund exactly 12 of them", async () => {
    const { subscription, capture } = await approvedOrder();
    expect((await refundPayment(gateway(), subscription, asked(capture, 1_900))).status).toBe("refunded");

    const outcomes = await Promise.all(Array.from({ length: 20 }, () => refundPayment(gateway(), subscription, asked(capture, 1_000))));

    expect(outcomes.filter((o) => o.status === "refunded")).toHaveLength(12);
    expect(outcomes.filter((o) => o.status === "too_much")).toHaveLength(8);
    expect((await findPayment(capture.id))!.refundedCents).toBe(13_900);
    expect((await refundsOf(subscription)).filter((r) => r.status === "succeeded")).toHaveLength(13);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(13);
    expect((await sandboxPayment(subscription.holdReference)).refundedCents).toBe(13_900);
    // Each refund is told once, even twelve alike at one moment.
    const { events, emails } = await messagesAbout(subscription);
    expect([events.length, emails.length]).toEqual([13, 13]);
  });

  it.each([
    ["all", 13_900],
    ["part", 1_000],
  ])(
    "the sandbox asked for %s of a payment at once, five times with one refund's key, refunds once and answers all alike",
    async (_, amountCents) => {
      const { subscription } = await approvedOrder();
      const request: RefundRequest = {
        paymentReference: subscription.holdReference,
        amountCents,
        idempotencyKey: "refund:at-once",
        metadata: { subscription_id: subscription.id, refund_payment_id: "1", order_reference: subscription.reference },
      };
      const answers = await Promise.all(Array.from({ length: 5 }, () => gateway().refund(request)));
      expect(answers[0]).toMatchObject({ status: "succeeded" });
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(1);
      expect((await sandboxPayment(subscription.holdReference)).refundedCents).toBe(amountCents);
      expect(await gateway().refund(request)).toEqual(answers[0]);
      // Another key is another refund, of what is left.
      expect(await gateway().refund({ ...request, idempotencyKey: "refund:another", amountCents: 13_901 - amountCents })).toMatchObject({
        status: "refused",
      });
    },
  );

  it("refunds half of a renewal's charge, leaving the first period alone", async () => {
    const { subscription, capture } = await approvedOrder({ plan: "monthly" });
    await moveClockToNextBilling(subscription);
    expect((await runLifecycleRound(gateway())).renewed).toBe(1);
    const charge = (await paymentsOf(subscription)).find((p) => p.kind === "charge" && p.status === "succeeded")!;
    expect(charge).toMatchObject({ period: 1, amountCents: 13_900 });

    const outcome = await refundPayment(gateway(), subscription, asked(charge, 6_950, { reason: "duplicate" }));
    expect(outcome.status).toBe("refunded");
    expect((await findPayment(charge.id))!.refundedCents).toBe(6_950);
    expect((await findPayment(capture.id))!.refundedCents).toBe(0);
    expect((await refundsOf(subscription)).map((r) => [r.status, r.refundOf, r.period, r.amountCents])).toEqual([
      ["succeeded", charge.id, 1, 6_950],
    ]);
    // At the sandbox the renewal's charge is what gave money back, not the hold.
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(0);
    expect((await sandboxRefundsOf(charge.gatewayReference!)).map((r) => r.amountCents)).toEqual([6_950]);
    expect((await sandboxPayment(charge.gatewayReference!)).refundedCents).toBe(6_950);
    const { events, emails } = await messagesAbout(subscription);
    expect(events.map((e) => [e.amount_cents, e.period])).toEqual([[6_950, 1]]);
    expect(emails.map((e) => [e.amount_cents, e.period])).toEqual([[6_950, 1]]);

    const more = await refundPayment(gateway(), subscription, asked(charge, 7_000));
    expect(more).toMatchObject({ status: "too_much", leftCents: 6_950, message: "At most $69.50 is left to refund of this payment." });
  });
});

describe("when the gateway does not say yes", () => {
  it("a gateway that does not answer leaves the refund pending and set aside; the lifecycle round settles it once, with one email", async () => {
    const { subscription, capture } = await approvedOrder();
    const silent = refundsAnswering({ status: "failed", message: "timeout" });

    const outcome = await refundPayment(silent, subscription, asked(capture, 5_000));
    expect(outcome.status).toBe("pending");
    const [pending] = await refundsOf(subscription);
    expect(pending).toMatchObject({ status: "pending", amountCents: 5_000, gatewayReference: null });
    // Set aside: nobody can refund it twice while the gateway is silent.
    expect((await findPayment(capture.id))!.refundedCents).toBe(5_000);
    expect(await refundPayment(gateway(), subscription, asked(capture, 8_901))).toMatchObject({ status: "too_much", leftCents: 8_900 });
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(0);
    expect(await messagesAbout(subscription)).toEqual({ events: [], emails: [] });
    expect(await timelineOf(subscription)).toHaveLength(0);

    const round = await runLifecycleRound(gateway());
    expect(round.refunded).toBe(1);
    const [settled] = await refundsOf(subscription);
    expect(settled).toMatchObject({ id: pending!.id, status: "succeeded", amountCents: 5_000 });
    const atSandbox = await sandboxRefundsOf(subscription.holdReference);
    expect(atSandbox.map((r) => r.amountCents)).toEqual([5_000]);
    expect(settled!.gatewayReference).toBe(atSandbox[0]!.reference);
    // Asked again with the refund's own key: the one the silent gateway was given.
    expect(silent.calls.map((c) => c.idempotencyKey)).toEqual([pending!.idempotencyKey]);

    expect((await runLifecycleRound(gateway())).refunded).toBe(0);
    expect(await retryPendingRefunds(gateway())).toBe(0);
    const { events, emails } = await messagesAbout(subscription);
    expect(emails).toHaveLength(1);
    expect(events).toHaveLength(1);
    expect(await timelineOf(subscription)).toHaveLength(1);
    expect((await findPayment(capture.id))!.refundedCents).toBe(5_000);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(1);
  });

  it("a refund the gateway made but whose answer was lost is not made twice when asked again", async () => {
    const { subscription, capture } = await approvedOrder();
    const real = gateway();
    // The sandbox carries the refund out, then the answer never reaches us.
    const lost: PaymentGateway = {
      ...real,
      async refund(request) {
        await real.refund(request);
        return { status: "failed", message: "connection lost" };
      },
    };
    expect((await refundPayment(lost, subscription, asked(capture, 13_900))).status).toBe("pending");
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(1);
    expect(await retryPendingRefunds(real)).toBe(1);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(1);
    expect((await sandboxPayment(subscription.holdReference)).refundedCents).toBe(13_900);
    expect((await refundsOf(subscription)).map((r) => r.status)).toEqual(["succeeded"]);
    expect((await messagesAbout(subscription)).emails).toHaveLength(1);
  });

  it("the worker asking again while the owner's refund is still at the gateway settles it once, with one email", async () => {
    const { subscription, capture } = await approvedOrder();
    const real = gateway();
    let atGateway!: () => void;
    const reached = new Promise<void>((resolve) => (atGateway = resolve));
    let letAnswer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (letAnswer = resolve));
    const slow: PaymentGateway = {
      ...real,
      async refund(request) {
        atGateway();
        await answerHeld;
        return real.refund(request);
      },
    };

    const owners = refundPayment(slow, subscription, asked(capture, 13_900));
    await reached;
    expect(await retryPendingRefunds(real)).toBe(1);
    letAnswer();
    expect((await owners).status).toBe("refunded");

    expect((await refundsOf(subscription)).map((r) => r.status)).toEqual(["succeeded"]);
    expect(await sandboxRefundsOf(subscription.holdReference)).toHaveLength(1);
    expect((await findPayment(capture.id))!.refundedCents).toBe(13_900);
    const { events, emails } = await messagesAbout(subscription);
    expect([events.length, emails.length]).toEqual([1, 1]);
    expect(await timelineOf(subscription)).toHaveLength(1);
  });

  it("a refund the gateway refuses gives the amount back, with a line on the timeline and no email", async () => {
    const { subscription, capture } = await approvedOrder();
    const refusing = refundsAnswering({ status: "refused", message: "The charge was disputed" });

    const outcome = await refundPayment(refusing, subscription, asked(capture, 13_900));
    expect(outcome).toEqual({ status: "refused", message: "The charge was disputed" });
    expect((await findPayment(capture.id))!.refundedCents).toBe(0);
    expect((await refundsOf(subscription)).map((r) => [r.status, r.failureMessage])).toEqual([["failed", "The charge was disputed"]]);
    expect((await timelineOf(subscription)).map((e) => [e.event, e.detail])).toEqual([
      ["refund_failed", { amount_cents: 13_900, period: 0 }],
    ]);
    expect(await messagesAbout(subscription)).toEqual({ events: [], emails: [] });
    // A refused refund is settled: the worker does not ask again.
    expect(await retryPendingRefunds(gateway())).toBe(0);

    // The amount is free again: all of it can still be refunded.
    expect((await refundPayment(gateway(), subscription, asked(capture, 13_900))).status).toBe("refunded");
    expect((await findPayment(capture.id))!.refundedCents).toBe(13_900);
  });

  it("a pending refund the gateway throws on does not keep the others waiting", async () => {
    const first = await approvedOrder();
    const second = await approvedOrder();
    const silent = refundsAnswering({ status: "failed", message: "timeout" }, 2);
    expect((await refundPayment(silent, first.subscription, asked(first.capture, 1_000))).status).toBe("pending");
    expect((await refundPayment(silent, second.subscription, asked(second.capture, 2_000))).status).toBe("pending");
    const real = gateway();
    const brokenForFirst: PaymentGateway = {
      ...real,
      async refund(request) {
        if (request.paymentReference === first.subscription.holdReference) throw new Error("the sandbox's database went away");
        return real.refund(request);
      },
    };
    expect(await retryPendingRefunds(brokenForFirst)).toBe(1);
    expect((await refundsOf(first.subscription)).map((r) => r.status)).toEqual(["pending"]);
    expect((await refundsOf(second.subscription)).map((r) => r.status)).toEqual(["succeeded"]);
    expect(await retryPendingRefunds(real)).toBe(1);
    expect((await refundsOf(first.subscription)).map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("a pending refund the gateway then refuses, on the worker's round, gives the amount back once", async () => {
    const { subscription, capture } = await approvedOrder();
    expect(
      (await refundPayment(refundsAnswering({ status: "failed", message: "timeout" }), subscription, asked(capture, 3_000))).status,
    ).toBe("pending");
    const refusing = refundsAnswering({ status: "refused", message: "No" }, 10);
    expect(await retryPendingRefunds(refusing)).toBe(1);
    expect(await retryPendingRefunds(refusing)).toBe(0);
    expect((await findPayment(capture.id))!.refundedCents).toBe(0);
    expect((await refundsOf(subscription)).map((r) => r.status)).toEqual(["failed"]);
  });
});
