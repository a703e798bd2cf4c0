// Refunds on Stripe, against the MSW stand-in of api.stripe.com: Stripe's Refunds API on the
// captured PaymentIntent (or a renewal's), with our metadata and the refund row's own
// idempotency key, so a repeated call makes one refund; Stripe's refusal (more than is left on
// the charge) gives the amount back, and Stripe not answering leaves the refund pending until
// the lifecycle worker asks again with the same key.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  findPayment,
  subscriptionTimeline,
  type SubscriptionPaymentRow,
  type SubscriptionRow,
} from "../../app/server/db/stores/subscriptions.server";
import { log } from "../../app/server/log.server";
import type { RefundRequest } from "../../app/server/payments/gateway.server";
import { stripeGateway } from "../../app/server/payments/stripe.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { refundPayment, type RefundAsked } from "../../app/server/subscriptions/refunds.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { stripeTestSecretKey, useStripeStandIn } from "../support/fake-stripe/msw";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, moveClockToNextBilling, paymentsOf, providerEventsOf, reload } from "../support/subscriptions";

const standIn = useStripeStandIn();
const gateway = stripeGateway(stripeTestSecretKey);

beforeEach(async () => {
  await resetDatabase();
  // The gateway says what failed (Stripe's refusals are expected here); the tests read results.
  vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Paid on Stripe ($139.00, Visa) and approved: the PaymentIntent captured. */
async function approvedOnStripe(): Promise<{ subscription: SubscriptionRow; capture: SubscriptionPaymentRow }> {
  const held = await heldSubscription({
    gateway,
    paymentMethodId: "pm_card_visa",
    authenticate: (reference) => standIn.authenticate(reference),
  });
  expect((await decideReview(gateway, held, "approved", null, "owner")).status).toBe("recorded");
  const subscription = await reload(held);
  const capture = (await paymentsOf(subscription)).find((p) => p.kind === "capture")!;
  expect(capture).toMatchObject({ status: "succeeded", amountCents: 13_900, gatewayReference: subscription.holdReference });
  return { subscription, capture };
}

const asked = (payment: SubscriptionPaymentRow, amountCents: number): RefundAsked => ({
  paymentId: payment.id,
  amountCents,
  reason: "service_problem",
  note: null,
  tellHer: true,
});

const refundCalls = () => standIn.requestsTo("POST", "/v1/refunds");
const refundsOf = async (subscription: SubscriptionRow) => (await paymentsOf(subscription)).filter((p) => p.kind === "refund");
const refundedEvents = async (subscription: SubscriptionRow) => (await providerEventsOf(subscription)).filter((e) => e === "refunded");

/** The PaymentIntent's charge as Stripe shows it (what its Dashboard and its webhooks say). */
async function chargeOf(paymentIntentId: string) {
  const stripe = (await import("stripe")).default;
  const client = new stripe(stripeTestSecretKey);
  const intent = await client.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
  return intent.latest_charge as { amount_refunded: number; refunded: boolean };
}

describe("refunds on Stripe", () => {
  it("a refund is a Refund of the PaymentIntent at Stripe, with our metadata and the refund's own key", async () => {
    const { subscription, capture } = await approvedOnStripe();

    const outcome = await refundPayment(gateway, subscription, asked(capture, 5_000));
    expect(outcome.status).toBe("refunded");
    const [row] = await refundsOf(subscription);
    const made = [...standIn.refunds.values()];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: 5_000,
      payment_intent: subscription.holdReference,
      status: "succeeded",
      metadata: { subscription_id: subscription.id, refund_payment_id: String(row!.id), order_reference: subscription.reference },
    });
    expect(row).toMatchObject({ status: "succeeded", amountCents: 5_000, gatewayReference: made[0]!.id, refundOf: capture.id });
    expect(refundCalls().map((call) => [call.idempotencyKey, call.params.amount, call.params.payment_intent])).toEqual([
      [row!.idempotencyKey, "5000", subscription.holdReference],
    ]);
    expect(await chargeOf(subscription.holdReference)).toMatchObject({ amount_refunded: 5_000, refunded: false });

    // The rest: the charge is then refunded in full, at Stripe as here.
    expect((await refundPayment(gateway, subscription, asked(capture, 8_900))).status).toBe("refunded");
    expect(await chargeOf(subscription.holdReference)).toMatchObject({ amount_refunded: 13_900, refunded: true });
    expect((await findPayment(capture.id))!.refundedCents).toBe(13_900);
    expect(await refundedEvents(subscription)).toHaveLength(2);
  });

  it("the same call made again with the same key makes one refund and answers the same", async () => {
    const { subscription } = await approvedOnStripe();
    const request: RefundRequest = {
      paymentReference: subscription.holdReference,
      amountCents: 13_900,
      idempotencyKey: `refund:${subscription.id}:test`,
      metadata: { subscription_id: subscription.id, refund_payment_id: "7", order_reference: subscription.reference },
    };
    const first = await gateway.refund(request);
    const again = await gateway.refund(request);
    expect(first).toMatchObject({ status: "succeeded" });
    expect(again).toEqual(first);
    expect(standIn.refunds.size).toBe(1);
    expect(refundCalls().map((call) => call.replayed)).toEqual([false, true]);
  });

  it("a refund Stripe made but whose answer was lost is pending, and asked again it is the same refund", async () => {
    const { subscription, capture } = await approvedOnStripe();
    // Stripe acts, then the answer and the client's own retry's answer never arrive.
    standIn.answersLost = 2;
    expect((await refundPayment(gateway, subscription, asked(capture, 13_900))).status).toBe("pending");
    expect(standIn.refunds.size).toBe(1);
    expect((await refundsOf(subscription)).map((r) => r.status)).toEqual(["pending"]);

    expect((await runLifecycleRound(gateway)).refunded).toBe(1);
    const [row] = await refundsOf(subscription);
    expect(row).toMatchObject({ status: "succeeded", gatewayReference: [...standIn.refunds.keys()][0] });
    expect(standIn.refunds.size).toBe(1);
    expect(new Set(refundCalls().map((call) => call.idempotencyKey))).toEqual(new Set([row!.idempotencyKey]));
    expect(await refundedEvents(subscription)).toHaveLength(1);
  });

  it("a renewal's charge is refunded at its own PaymentIntent", async () => {
    const { subscription } = await approvedOnStripe();
    await moveClockToNextBilling(subscription);
    expect((await runLifecycleRound(gateway)).renewed).toBe(1);
    const charge = (await paymentsOf(subscription)).find((p) => p.kind === "charge" && p.status === "succeeded")!;
    expect(charge.gatewayReference).not.toBe(subscription.holdReference);

    expect((await refundPayment(gateway, subscription, asked(charge, 6_950))).status).toBe("refunded");
    expect([...standIn.refunds.values()].map((r) => [r.payment_intent, r.amount])).toEqual([[charge.gatewayReference, 6_950]]);
    expect(await chargeOf(charge.gatewayReference!)).toMatchObject({ amount_refunded: 6_950, refunded: false });
    expect(await chargeOf(subscription.holdReference)).toMatchObject({ amount_refunded: 0 });
  });
});

describe("when Stripe does not refund", () => {
  it("more than is left on the charge at Stripe (a refund made in its Dashboard): refused with Stripe's words, the amount given back", async () => {
    const { subscription, capture } = await approvedOnStripe();
    // Someone refunds $100.00 in Stripe's Dashboard; we have not heard of it yet.
    expect(
      await gateway.refund({
        paymentReference: subscription.holdReference,
        amountCents: 10_000,
        idempotencyKey: "dashboard",
        metadata: { subscription_id: subscription.id, refund_payment_id: "0", order_reference: subscription.reference },
      }),
    ).toMatchObject({ status: "succeeded" });

    const outcome = await refundPayment(gateway, subscription, asked(capture, 13_900));
    expect(outcome).toEqual({ status: "refused", message: "Refund amount ($139.00) is greater than unrefunded amount on charge ($39.00)" });
    expect((await refundsOf(subscription)).map((r) => [r.status, r.failureMessage])).toEqual([
      ["failed", "Refund amount ($139.00) is greater than unrefunded amount on charge ($39.00)"],
    ]);
    expect((await findPayment(capture.id))!.refundedCents).toBe(0);
    expect(standIn.refunds.size).toBe(1);
    expect((await subscriptionTimeline(subscription.id)).events.map((e) => e.event)).toEqual([
      "hold_placed",
      "approved_captured",
      "refund_failed",
    ]);
    expect(await refundedEvents(subscription)).toHaveLength(0);
    // Refused is final: the worker does not ask Stripe again.
    expect((await runLifecycleRound(gateway)).refunded).toBe(0);
    expect(refundCalls().filter((call) => call.idempotencyKey !== "dashboard")).toHaveLength(1);

    // What is left at Stripe can still be refunded.
    expect((await refundPayment(gateway, subscription, asked(capture, 3_900))).status).toBe("refunded");
    expect(await chargeOf(subscription.holdReference)).toMatchObject({ amount_refunded: 13_900, refunded: true });
  });

  it("Stripe answering 500: the refund stays pending and set aside, then the worker's round makes it once", async () => {
    const { subscription, capture } = await approvedOnStripe();
    standIn.mode = "failing";
    expect((await refundPayment(gateway, subscription, asked(capture, 4_000))).status).toBe("pending");
    expect(standIn.refunds.size).toBe(0);
    expect((await findPayment(capture.id))!.refundedCents).toBe(4_000);
    // Still failing: still pending, nothing twice.
    expect((await runLifecycleRound(gateway)).refunded).toBe(0);
    expect((await refundsOf(subscription)).map((r) => r.status)).toEqual(["pending"]);

    standIn.mode = "up";
    expect((await runLifecycleRound(gateway)).refunded).toBe(1);
    expect((await runLifecycleRound(gateway)).refunded).toBe(0);
    const [row] = await refundsOf(subscription);
    expect(row).toMatchObject({ status: "succeeded", amountCents: 4_000 });
    expect([...standIn.refunds.values()].map((r) => [r.id, r.amount])).toEqual([[row!.gatewayReference, 4_000]]);
    expect(new Set(refundCalls().map((call) => call.idempotencyKey))).toEqual(new Set([row!.idempotencyKey]));
    expect(await refundedEvents(subscription)).toHaveLength(1);
  });

  it("a PaymentIntent not captured cannot be refunded: Stripe refuses", async () => {
    const held = await heldSubscription({ gateway, paymentMethodId: "pm_card_visa" });
    const answer = await gateway.refund({
      paymentReference: held.holdReference,
      amountCents: 100,
      idempotencyKey: "refund:uncaptured",
      metadata: { subscription_id: held.id, refund_payment_id: "0", order_reference: held.reference },
    });
    expect(answer).toEqual({
      status: "refused",
      message: `This PaymentIntent (${held.holdReference}) does not have a successful charge to refund.`,
    });
    expect(standIn.refunds.size).toBe(0);
  });
});
