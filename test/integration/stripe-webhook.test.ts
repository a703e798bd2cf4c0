// POST /api/stripe/webhook: only an event Stripe signed is heard (the stripe library makes the
// test signatures); a hold Stripe let lapse becomes an expired hold once, whatever the number
// of deliveries; a charge's events change nothing we recorded, and one whose answer we never
// got is left to the worker, which gets the same PaymentIntent with the same key. Stripe mode
// against the MSW stand-in of api.stripe.com.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const secret = vi.hoisted(() => {
  const value = "whsec_test_secret_for_the_webhook_tests";
  process.env.STRIPE_WEBHOOK_SECRET = value;
  return value;
});

import * as webhook from "../../app/routes/api.stripe.webhook";
import { subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { log } from "../../app/server/log.server";
import { stripeGateway } from "../../app/server/payments/stripe.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { billRenewal } from "../../app/server/subscriptions/renewal.server";
import { lifecycleNow } from "../../app/server/subscriptions/clock.server";
import { decideReview, settleDecision } from "../../app/server/subscriptions/review.server";
import { stripeTestSecretKey, useStripeStandIn } from "../support/fake-stripe/msw";
import { loadWithEnvironment, restoreEnvironmentAfterEach } from "../support/fresh-modules";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, moveClockToNextBilling, paymentsOf, providerEventsOf, reload } from "../support/subscriptions";
import { stripeEvent } from "../support/fake-stripe/events";

const standIn = useStripeStandIn();
const gateway = stripeGateway(stripeTestSecretKey);

/** What the log was told during a test, every argument of every call, as text. */
let logged: () => string;

beforeEach(async () => {
  await resetDatabase();
  const spies = (["info", "warn", "error"] as const).map((level) => vi.spyOn(log, level).mockImplementation(() => {}));
  logged = () => JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The PaymentIntent as Stripe would put it in the event (the stand-in's own JSON). */
function intentObject(id: string): Record<string, unknown> {
  const { params: _params, authorisedAt: _authorisedAt, ...intent } = standIn.paymentIntents.get(id)!;
  return intent;
}

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret, timestamp: options.timestamp });

function deliver(payload: string, signature: string | null = sign(payload), action = webhook.action) {
  return new TestBrowser().call(action, "/api/stripe/webhook", {
    body: payload,
    contentType: "application/json; charset=utf-8",
    headers: signature === null ? {} : { "Stripe-Signature": signature },
  });
}

const held = (paymentMethodId = "pm_card_visa") =>
  heldSubscription({ gateway, paymentMethodId, authenticate: (reference) => standIn.authenticate(reference) });

const eventsOf = async (subscription: SubscriptionRow) => (await subscriptionTimeline(subscription.id)).events.map((e) => e.event);

/** An approved subscription, paid with this card, whose first renewal is due now. */
async function dueForRenewal(paymentMethodId?: string): Promise<SubscriptionRow> {
  const subscription = await held(paymentMethodId);
  await decideReview(gateway, subscription, "approved", null, "owner");
  return moveClockToNextBilling(subscription);
}

const renewalIntents = () => [...standIn.paymentIntents.values()].filter((intent) => intent.params.off_session === "true");

describe("a hold Stripe let lapse", () => {
  it("awaiting review: an expired hold, once however often Stripe sends it; an approval then charges the saved card", async () => {
    const subscription = await held();
    standIn.lapse(subscription.holdReference);
    const canceled = stripeEvent("payment_intent.canceled", intentObject(subscription.holdReference));
    expect(await deliver(canceled)).toHaveStatus(200);
    const [again, atOnce] = await Promise.all([deliver(canceled), deliver(canceled)]);
    expect([again.status, atOnce.status]).toEqual([200, 200]);
    // Stripe may also send the same change as a new event.
    expect(await deliver(stripeEvent("payment_intent.canceled", intentObject(subscription.holdReference)))).toHaveStatus(200);

    expect(await reload(subscription)).toMatchObject({ state: "hold_expired", dueAt: null });
    expect(await eventsOf(subscription)).toEqual(["hold_placed", "hold_expired"]);
    expect((await providerEventsOf(subscription)).filter((name) => name === "hold_expired")).toHaveLength(1);

    const approved = await decideReview(gateway, subscription, "approved", null, "owner");
    expect(approved.subscription).toMatchObject({ state: "active", periodsPaid: 1 });
    expect(await eventsOf(subscription)).toEqual(["hold_placed", "hold_expired", "approved_charged"]);
    expect(standIn.requestsTo("POST", `/v1/payment_intents/${subscription.holdReference}/capture`)).toEqual([]);
  });

  it("approved, its capture still to be tried again: left to the worker, which finds the hold gone and charges the card", async () => {
    const subscription = await held();
    standIn.mode = "failing";
    expect((await decideReview(gateway, subscription, "approved", null, "owner")).subscription).toMatchObject({
      state: "on_hold",
      decision: "approved",
    });
    standIn.mode = "up";
    standIn.lapse(subscription.holdReference);
    expect(await deliver(stripeEvent("payment_intent.canceled", intentObject(subscription.holdReference)))).toHaveStatus(200);
    expect(await reload(subscription)).toMatchObject({ state: "on_hold", decision: "approved" });
    expect(logged()).toContain("left to the worker");

    // The worker's next try (the request's claim is held for a minute of real time: called here).
    expect(await settleDecision(gateway, await reload(subscription))).toMatchObject({ state: "active", periodsPaid: 1 });
    expect(await eventsOf(subscription)).toEqual(["hold_placed", "hold_expired", "approved_charged"]);
  });

  it("a decided order is left to its decision", async () => {
    const subscription = await held();
    await decideReview(gateway, subscription, "declined", null, "owner");
    const released = stripeEvent("payment_intent.canceled", intentObject(subscription.holdReference));
    expect(await deliver(released)).toHaveStatus(200);
    expect((await reload(subscription)).state).toBe("declined");
    expect(await eventsOf(subscription)).toEqual(["hold_placed", "declined_released"]);
  });
});

describe("only what Stripe signed", () => {
  it("a signature that does not verify is 400 and changes nothing", async () => {
    const subscription = await held();
    standIn.lapse(subscription.holdReference);
    const canceled = stripeEvent("payment_intent.canceled", intentObject(subscription.holdReference));
    const forged = [
      null,
      "",
      "t=1,v1=abc",
      sign(canceled, { secret: "whsec_another" }),
      sign(canceled, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      // Signed for another body.
      sign(canceled.replace("payment_intent.canceled", "payment_intent.created")),
    ];
    for (const signature of forged) expect(await deliver(canceled, signature)).toHaveStatus(400);
    expect((await reload(subscription)).state).toBe("on_hold");
    expect(await eventsOf(subscription)).toEqual(["hold_placed"]);
  });

  it("signed bodies that are not events are 400; never a 500", async () => {
    for (const payload of ["not json", "null", "[]", '"text"', "42"]) {
      expect(await deliver(payload)).toHaveStatus(400);
    }
  });

  it("a body larger than an event is refused unread (413), declared or not", async () => {
    const big = stripeEvent("customer.created", { id: "cus_1", object: "customer", description: "x".repeat(300 * 1024) });
    expect(await deliver(big)).toHaveStatus(413);

    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=abc" },
      body: endless,
      duplex: "half",
    });
    const answer = await webhook.action({ request, params: {}, context: {} });
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });

  it("GET is not how Stripe calls: 405", async () => {
    const answer = await new TestBrowser().call(webhook.loader, "/api/stripe/webhook");
    expect(answer).toHaveStatus(405);
  });
});

describe("events of charges", () => {
  it("a renewal we recorded: nothing changes, however often", async () => {
    const subscription = await dueForRenewal();
    await runLifecycleRound(gateway);
    const [charge] = renewalIntents();
    const before = await subscriptionTimeline(subscription.id);
    const succeeded = stripeEvent("payment_intent.succeeded", intentObject(charge!.id));
    expect(await deliver(succeeded)).toHaveStatus(200);
    expect(await deliver(succeeded)).toHaveStatus(200);
    expect(await subscriptionTimeline(subscription.id)).toEqual(before);
    expect(logged()).toContain("already recorded");
  });

  it("a renewal refused without her that we recorded: nothing changes", async () => {
    const subscription = await dueForRenewal("pm_card_threeDSecure2Required");
    await runLifecycleRound(gateway);
    const before = await reload(subscription);
    expect(before).toMatchObject({ state: "past_due", failedAttempts: 1 });
    const [charge] = renewalIntents();
    expect(await deliver(stripeEvent("payment_intent.payment_failed", intentObject(charge!.id)))).toHaveStatus(200);
    expect(await reload(subscription)).toEqual(before);
  });

  it("a renewal whose answer we never got is left to the worker, which then records that same PaymentIntent", async () => {
    const subscription = await dueForRenewal();
    // Stripe charged her, but our call's answer (and the client's retry's) was lost.
    standIn.answersLost = 2;
    await runLifecycleRound(gateway);
    const [charge] = renewalIntents();
    expect(charge).toMatchObject({ status: "succeeded", metadata: { subscription_id: subscription.id, period: "1" } });
    expect(await reload(subscription)).toMatchObject({ state: "active", periodsPaid: 1 });

    const succeeded = stripeEvent("payment_intent.succeeded", intentObject(charge!.id));
    expect(await deliver(succeeded)).toHaveStatus(200);
    expect(await reload(subscription)).toMatchObject({ state: "active", periodsPaid: 1 });
    expect(logged()).toContain("left to the worker");

    // The worker's next try (its claim is held for a few minutes of real time: called here).
    await billRenewal(gateway, await reload(subscription), await lifecycleNow());
    expect(await reload(subscription)).toMatchObject({ periodsPaid: 2 });
    expect(renewalIntents()).toHaveLength(1);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "charge")).toMatchObject([
      { period: 1, status: "succeeded", gatewayReference: charge!.id },
    ]);
    expect(await deliver(succeeded)).toHaveStatus(200);
    expect(logged()).toContain("already recorded");
  });

  it("money Stripe took for a period already paid is logged for a person, by ids only", async () => {
    const subscription = await dueForRenewal();
    await runLifecycleRound(gateway);
    const [charge] = renewalIntents();
    const other = { ...intentObject(charge!.id), id: "pi_standin_not_ours" };
    expect(await deliver(stripeEvent("payment_intent.succeeded", other))).toHaveStatus(200);
    expect(logged()).toContain("Stripe took a payment we have no record of");
    expect(logged()).toContain("pi_standin_not_ours");
    expect((await reload(subscription)).periodsPaid).toBe(2);
  });

  it("a captured hold we recorded: nothing changes", async () => {
    const subscription = await held();
    await decideReview(gateway, subscription, "approved", null, "owner");
    const before = await subscriptionTimeline(subscription.id);
    expect(await deliver(stripeEvent("payment_intent.succeeded", intentObject(subscription.holdReference)))).toHaveStatus(200);
    expect(await subscriptionTimeline(subscription.id)).toEqual(before);
  });
});

describe("what it does not know", () => {
  it("is acknowledged (200) and ignored, whatever its shape", async () => {
    const unknownIntent = { id: "pi_unknown", object: "payment_intent", status: "succeeded", metadata: {} };
    const bodies = [
      stripeEvent("customer.created", { id: "cus_1", object: "customer" }),
      stripeEvent("payment_intent.canceled", { id: "pi_unknown", object: "payment_intent" }),
      stripeEvent("payment_intent.succeeded", unknownIntent),
      stripeEvent("payment_intent.payment_failed", {
        ...unknownIntent,
        metadata: { subscription_id: "00000000-0000-4000-8000-000000000000", period: "1" },
      }),
      stripeEvent("payment_intent.succeeded", {
        ...unknownIntent,
        metadata: { subscription_id: "'; drop table subscriptions; --", period: "x" },
      }),
      stripeEvent("payment_intent.succeeded", { id: 42, object: "payment_intent" }),
      stripeEvent("payment_intent.canceled", null),
      stripeEvent("payment_intent.canceled", "pi_text"),
      JSON.stringify({ id: "evt_bare" }),
      JSON.stringify({ type: ["payment_intent.canceled"], data: 1 }),
    ];
    for (const body of bodies) expect(await deliver(body)).toHaveStatus(200);
  });

  it("never logs the payload", async () => {
    const subscription = await held();
    standIn.lapse(subscription.holdReference);
    const marker = "jane.private@example.com";
    const canceled = stripeEvent("payment_intent.canceled", {
      ...intentObject(subscription.holdReference),
      receipt_email: marker,
      description: marker,
    });
    expect(await deliver(canceled)).toHaveStatus(200);
    expect(await deliver(canceled, "t=1,v1=abc")).toHaveStatus(400);
    expect(await deliver(stripeEvent("customer.created", { id: "cus_1", object: "customer", email: marker }))).toHaveStatus(200);
    expect(logged()).toContain("hold expired");
    expect(logged()).not.toContain(marker);
  });
});

describe("without STRIPE_WEBHOOK_SECRET", () => {
  restoreEnvironmentAfterEach();

  it("the route answers 404", async () => {
    const fresh = await loadWithEnvironment({ STRIPE_WEBHOOK_SECRET: "" }, () => import("../../app/routes/api.stripe.webhook"));
    const payload = stripeEvent("customer.created", { id: "cus_1" });
    expect(await deliver(payload, sign(payload), fresh.action)).toHaveStatus(404);
    expect(await new TestBrowser().call(fresh.loader, "/api/stripe/webhook")).toHaveStatus(404);
  });
});
