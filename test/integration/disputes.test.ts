// Stripe's chargebacks and Dashboard refunds through POST /api/stripe/webhook, each event
// signed by the stripe library's own test helper and delivered twice (and at once): a
// dispute is one row, one timeline line and one provider event when it opens, one more of
// each when it closes won or lost, and never an email to her; a refund made in Stripe's
// Dashboard is one refund row of "made_at_gateway" however often Stripe says it, while the
// event of our own refund adds nothing. Stripe mode against the MSW stand-in of api.stripe.com.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeEach, describe, expect, it, vi } from "vitest";

const secret = vi.hoisted(() => {
  const value = "whsec_test_secret_for_the_dispute_tests";
  process.env.STRIPE_WEBHOOK_SECRET = value;
  return value;
});

import * as webhook from "../../app/routes/api.stripe.webhook";
import { database } from "../../app/server/db/client.server";
import { disputes } from "../../app/server/db/schema.server";
import { subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { log } from "../../app/server/log.server";
import type { PaymentGateway } from "../../app/server/payments/gateway.server";
import { stripeGateway } from "../../app/server/payments/stripe.server";
import { refundPayment } from "../../app/server/subscriptions/refunds.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { stripeTestSecretKey, useStripeStandIn } from "../support/fake-stripe/msw";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, moveClockToNextBilling, paymentsOf, providerEventsOf, queuedEmailsOf } from "../support/subscriptions";
import { stripeEvent } from "../support/fake-stripe/events";

useStripeStandIn();
const gateway = stripeGateway(stripeTestSecretKey);

beforeEach(async () => {
  await resetDatabase();
  for (const level of ["info", "warn", "error"] as const) vi.spyOn(log, level).mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

function deliver(payload: string) {
  return new TestBrowser().call(webhook.action, "/api/stripe/webhook", {
    body: payload,
    contentType: "application/json; charset=utf-8",
    headers: { "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  });
}

/** Delivered once, again, and twice at once, as Stripe's retries may: each answered 200. */
async function deliverOften(payload: string): Promise<void> {
  expect(await deliver(payload)).toHaveStatus(200);
  const answers = await Promise.all([deliver(payload), deliver(payload)]);
  for (const answer of answers) expect(answer).toHaveStatus(200);
}

/** An order paid with Stripe: held, approved, captured (the capture keeps the hold's PaymentIntent). */
async function captured(): Promise<SubscriptionRow> {
  const subscription = await heldSubscription({ gateway, paymentMethodId: "pm_card_visa" });
  expect((await decideReview(gateway, subscription, "approved", null, "owner")).subscription.state).toBe("active");
  return subscription;
}

const dueBy = Math.floor(Date.UTC(2030, 0, 15, 23, 59, 59) / 1000);

function disputeObject(paymentIntent: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "du_1TestDispute",
    object: "dispute",
    amount: 13_900,
    currency: "usd",
    charge: "ch_1TestCharge",
    payment_intent: paymentIntent,
    reason: "fraudulent",
    status: "needs_response",
    evidence_details: { due_by: dueBy, has_evidence: false, past_due: false, submission_count: 0 },
    ...changes,
  };
}

const linesOf = async (subscription: SubscriptionRow) => (await subscriptionTimeline(subscription.id)).events.map((line) => line.event);
const disputesOf = async (subscription: SubscriptionRow) =>
  (await database()).select().from(disputes).where(eq(disputes.subscriptionId, subscription.id));

describe("a dispute of a captured order", () => {
  it("created: one dispute, one timeline line, one provider event, no email, however often Stripe says it", async () => {
    const subscription = await captured();
    const emailsBefore = await queuedEmailsOf(subscription);
    await deliverOften(stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference)));
    // Stripe may send the same news again as an update, too.
    await deliverOften(stripeEvent("charge.dispute.updated", disputeObject(subscription.holdReference)));

    const [capture] = (await paymentsOf(subscription)).filter((payment) => payment.kind === "capture");
    expect(await disputesOf(subscription)).toMatchObject([
      {
        id: "du_1TestDispute",
        paymentId: capture!.id,
        amountCents: 13_900,
        reason: "fraudulent",
        status: "needs_response",
        evidenceDueBy: new Date(dueBy * 1000),
        closedAt: null,
      },
    ]);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured", "dispute_opened"]);
    expect((await providerEventsOf(subscription)).filter((name) => name.startsWith("dispute"))).toEqual(["dispute_opened"]);
    expect(await queuedEmailsOf(subscription)).toEqual(emailsBefore);
  });

  it("closed lost: one more line and event; news of it after that changes nothing", async () => {
    const subscription = await captured();
    await deliverOften(stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference)));
    await deliverOften(stripeEvent("charge.dispute.updated", disputeObject(subscription.holdReference, { status: "under_review" })));
    await deliverOften(stripeEvent("charge.dispute.closed", disputeObject(subscription.holdReference, { status: "lost" })));
    // Late and out of order: a closed dispute is never reopened.
    await deliverOften(stripeEvent("charge.dispute.updated", disputeObject(subscription.holdReference, { status: "under_review" })));

    expect(await disputesOf(subscription)).toMatchObject([{ status: "lost", closedAt: expect.any(Date) }]);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured", "dispute_opened", "dispute_lost"]);
    expect((await providerEventsOf(subscription)).filter((name) => name.startsWith("dispute"))).toEqual(["dispute_opened", "dispute_lost"]);
    expect(await queuedEmailsOf(subscription)).not.toContain("refunded");
  });

  it("closed won, and the closing event arriving first: opened and won, once each", async () => {
    const subscription = await captured();
    await deliverOften(stripeEvent("charge.dispute.closed", disputeObject(subscription.holdReference, { status: "won" })));
    await deliverOften(stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference)));

    expect(await disputesOf(subscription)).toMatchObject([{ status: "won", closedAt: expect.any(Date) }]);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured", "dispute_opened", "dispute_won"]);
    expect((await providerEventsOf(subscription)).filter((name) => name.startsWith("dispute"))).toEqual(["dispute_opened", "dispute_won"]);
  });

  it("of a renewal: found by the renewal's own PaymentIntent, for its period", async () => {
    const subscription = await captured();
    await moveClockToNextBilling(subscription);
    await runLifecycleRound(gateway);
    const [renewal] = (await paymentsOf(subscription)).filter((payment) => payment.kind === "charge");
    expect(renewal).toMatchObject({ period: 1, status: "succeeded" });
    await deliverOften(
      stripeEvent(
        "charge.dispute.created",
        disputeObject(renewal!.gatewayReference!, { id: "du_1RenewalDispute", reason: "subscription_canceled" }),
      ),
    );
    expect(await disputesOf(subscription)).toMatchObject([
      { id: "du_1RenewalDispute", paymentId: renewal!.id, reason: "subscription_canceled" },
    ]);
    const [line] = (await subscriptionTimeline(subscription.id)).events.filter((row) => row.event === "dispute_opened");
    expect(line!.detail).toMatchObject({ amount_cents: 13_900, period: 1, reason: "subscription_canceled" });
  });

  it("of a payment not ours, or that does not read as Stripe writes it: 200, nothing written", async () => {
    const subscription = await captured();
    const bodies = [
      stripeEvent("charge.dispute.created", disputeObject("pi_NotOneOfOurs")),
      stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference, { id: "not_a_dispute" })),
      stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference, { amount: "13900" })),
      stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference, { amount: 1e20 })),
      stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference, { amount: -1 })),
      stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference, { reason: "<script>" })),
      stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference, { status: null })),
      stripeEvent(
        "charge.dispute.created",
        disputeObject(subscription.holdReference, { payment_intent: { id: subscription.holdReference } }),
      ),
      stripeEvent("charge.dispute.created", { ...disputeObject(subscription.holdReference), object: "charge" }),
      stripeEvent("charge.dispute.created", null),
    ];
    for (const body of bodies) expect(await deliver(body)).toHaveStatus(200);
    expect(await disputesOf(subscription)).toEqual([]);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured"]);
  });

  it("a deadline Stripe does not give is kept as none", async () => {
    const subscription = await captured();
    await deliverOften(
      stripeEvent("charge.dispute.created", disputeObject(subscription.holdReference, { evidence_details: { due_by: null } })),
    );
    expect(await disputesOf(subscription)).toMatchObject([{ evidenceDueBy: null, status: "needs_response" }]);
  });
});

/** The gateway, with Stripe's Refunds API answering as Stripe does (the stand-in has no refunds of its own). */
function refundingAt(reference: string): PaymentGateway {
  return { ...gateway, refund: async () => ({ status: "succeeded", reference }) };
}

function refundedCharge(paymentIntent: string, amountRefunded: number, refundId = "re_1Dashboard"): Record<string, unknown> {
  return {
    id: "ch_1TestCharge",
    object: "charge",
    amount: 13_900,
    amount_captured: 13_900,
    amount_refunded: amountRefunded,
    refunded: amountRefunded === 13_900,
    payment_intent: paymentIntent,
    refunds: { object: "list", data: [{ id: refundId, object: "refund", amount: 1 }] },
  };
}

describe("charge.refunded", () => {
  it("a refund made in Stripe's Dashboard: one refund row of made_at_gateway, its line, event and email, however often", async () => {
    const subscription = await captured();
    await deliverOften(stripeEvent("charge.refunded", refundedCharge(subscription.holdReference, 3_000)));

    const payments = await paymentsOf(subscription);
    const capture = payments.find((payment) => payment.kind === "capture")!;
    expect(payments.filter((payment) => payment.kind === "refund")).toMatchObject([
      {
        status: "succeeded",
        amountCents: 3_000,
        reason: "made_at_gateway",
        refundOf: capture.id,
        period: 0,
        gatewayReference: "re_1Dashboard",
      },
    ]);
    expect(capture.refundedCents).toBe(3_000);
    expect(await linesOf(subscription)).toEqual(["hold_placed", "approved_captured", "refunded"]);
    expect((await providerEventsOf(subscription)).filter((name) => name === "refunded")).toHaveLength(1);
    // She sees the money come back, and hears of it from us once.
    expect((await queuedEmailsOf(subscription)).filter((name) => name === "refunded")).toHaveLength(1);

    // A second Dashboard refund: Stripe's total grows, and only the new part is recorded.
    await deliverOften(stripeEvent("charge.refunded", refundedCharge(subscription.holdReference, 5_000, "re_1DashboardAgain")));
    expect((await paymentsOf(subscription)).filter((payment) => payment.kind === "refund").map((payment) => payment.amountCents)).toEqual([
      3_000, 2_000,
    ]);
  });

  it("our own refund's event adds nothing; a Dashboard refund after it, only its own part", async () => {
    const subscription = await captured();
    const capture = (await paymentsOf(subscription)).find((payment) => payment.kind === "capture")!;
    const ours = await refundPayment(refundingAt("re_1Ours"), subscription, {
      paymentId: capture.id,
      amountCents: 4_000,
      reason: "goodwill",
      note: null,
      tellHer: true,
    });
    expect(ours.status).toBe("refunded");
    const linesBefore = await linesOf(subscription);
    const eventsBefore = await providerEventsOf(subscription);

    await deliverOften(stripeEvent("charge.refunded", refundedCharge(subscription.holdReference, 4_000, "re_1Ours")));
    expect((await paymentsOf(subscription)).filter((payment) => payment.kind === "refund")).toMatchObject([
      { amountCents: 4_000, reason: "goodwill" },
    ]);
    expect(await linesOf(subscription)).toEqual(linesBefore);
    expect(await providerEventsOf(subscription)).toEqual(eventsBefore);

    await deliverOften(stripeEvent("charge.refunded", refundedCharge(subscription.holdReference, 13_900)));
    const refunds = (await paymentsOf(subscription)).filter((payment) => payment.kind === "refund");
    expect(refunds.map((payment) => [payment.amountCents, payment.reason])).toEqual([
      [4_000, "goodwill"],
      [9_900, "made_at_gateway"],
    ]);
    expect((await paymentsOf(subscription)).find((payment) => payment.kind === "capture")!.refundedCents).toBe(13_900);
  });

  it("a charge not ours, or that does not read as Stripe writes it: 200, nothing written", async () => {
    const subscription = await captured();
    const bodies = [
      stripeEvent("charge.refunded", refundedCharge("pi_NotOneOfOurs", 1_000)),
      stripeEvent("charge.refunded", { ...refundedCharge(subscription.holdReference, 1_000), id: "nope" }),
      stripeEvent("charge.refunded", { ...refundedCharge(subscription.holdReference, 1_000), amount_refunded: 10.5 }),
      stripeEvent("charge.refunded", { ...refundedCharge(subscription.holdReference, 1_000), amount_refunded: "1000" }),
      stripeEvent("charge.refunded", { ...refundedCharge(subscription.holdReference, 1_000), payment_intent: null }),
    ];
    for (const body of bodies) expect(await deliver(body)).toHaveStatus(200);
    expect((await paymentsOf(subscription)).filter((payment) => payment.kind === "refund")).toEqual([]);
  });
});
