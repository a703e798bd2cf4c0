// POST /api/stripe/webhook: only an event Stripe signed is heard; a hold Stripe let lapse
// becomes an expired hold once, whatever the number of deliveries.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const secret = vi.hoisted(() => {
  const value = "whsec_test_secret_for_the_webhook_tests";
  process.env.STRIPE_WEBHOOK_SECRET = value;
  return value;
});

import * as webhook from "../../app/routes/api.stripe.webhook";
import { subscriptionTimeline } from "../../app/server/db/stores/subscriptions.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, reload } from "../support/subscriptions";

function event(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: "event", type, data: { object }, api_version: "2024-06-20", created: Math.floor(Date.now() / 1000) });
}

function deliver(payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret }), action = webhook.action) {
  return new TestBrowser().call(action, "/api/stripe/webhook", {
    body: payload,
    contentType: "application/json",
    headers: { "Stripe-Signature": signature },
  });
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the Stripe webhook", () => {
  it("a canceled hold awaiting review becomes an expired hold, once however often Stripe sends it", async () => {
    const subscription = await heldSubscription();
    const canceled = event("payment_intent.canceled", { id: subscription.holdReference, object: "payment_intent", status: "canceled" });
    expect(await deliver(canceled)).toHaveStatus(200);
    expect(await deliver(canceled)).toHaveStatus(200);
    expect((await reload(subscription)).state).toBe("hold_expired");
    expect((await subscriptionTimeline(subscription.id)).events.map((e) => e.event)).toEqual(["hold_placed", "hold_expired"]);
  });

  it("a signature that does not verify is 400 and changes nothing", async () => {
    const subscription = await heldSubscription();
    const canceled = event("payment_intent.canceled", { id: subscription.holdReference, object: "payment_intent" });
    expect(await deliver(canceled, "t=1,v1=abc")).toHaveStatus(400);
    expect(await deliver(canceled, Stripe.webhooks.generateTestHeaderString({ payload: canceled, secret: "whsec_another" }))).toHaveStatus(400);
    expect(await deliver(canceled, Stripe.webhooks.generateTestHeaderString({ payload: canceled, secret, timestamp: Math.floor(Date.now() / 1000) - 600 }))).toHaveStatus(400);
    expect((await reload(subscription)).state).toBe("on_hold");
  });

  it("events about what it does not know are acknowledged and ignored", async () => {
    expect(await deliver(event("payment_intent.canceled", { id: "pi_unknown", object: "payment_intent" }))).toHaveStatus(200);
    expect(await deliver(event("customer.created", { id: "cus_1", object: "customer" }))).toHaveStatus(200);
  });

  it("a decided order is left to its decision", async () => {
    const subscription = await heldSubscription();
    const { decideReview } = await import("../../app/server/subscriptions/review.server");
    const { paymentGateway } = await import("../../app/server/payments/index.server");
    await decideReview(paymentGateway(), subscription, "declined", null, "owner");
    expect(await deliver(event("payment_intent.canceled", { id: subscription.holdReference, object: "payment_intent" }))).toHaveStatus(200);
    expect((await reload(subscription)).state).toBe("declined");
  });
});

describe("without STRIPE_WEBHOOK_SECRET", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("the route answers 404", async () => {
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
    vi.resetModules();
    const fresh = await import("../../app/routes/api.stripe.webhook");
    expect(await deliver(event("customer.created", { id: "cus_1" }), undefined, fresh.action)).toHaveStatus(404);
  });
});
