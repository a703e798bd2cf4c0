// The order's life on Stripe, against the MSW stand-in of api.stripe.com: the hold captured
// or released once, a lapsed hold said so, renewals charged off session on the saved card
// (paid, or refused for want of 3-D Secure), each call once per idempotency key.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stripeGateway } from "../../app/server/payments/stripe.server";
import { runLifecycleRound } from "../../app/server/subscriptions/billing.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { stripeStandIn, stripeTestSecretKey } from "../mocks/stripe";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, paymentsOf, reload } from "../support/subscriptions";

const { standIn, handlers } = stripeStandIn();
const server = setupServer(...handlers);
const gateway = stripeGateway(stripeTestSecretKey);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(async () => {
  standIn.reset();
  await resetDatabase();
});

const held = (paymentMethodId = "pm_card_visa") =>
  heldSubscription({ gateway, paymentMethodId, authenticate: (reference) => standIn.authenticate(reference) });

describe("the hold on Stripe", () => {
  it("keeps Stripe's capture_before as the hold's end", async () => {
    const subscription = await held();
    const intent = standIn.paymentIntents.get(subscription.holdReference)!;
    expect(subscription.holdExpiresAt).toEqual(new Date((intent.created + 7 * 24 * 60 * 60) * 1000));
  });

  it("captures once, whatever the number of calls with one key", async () => {
    const subscription = await held();
    const first = await gateway.capture(subscription.holdReference, 13_900, "capture:test");
    const again = await gateway.capture(subscription.holdReference, 13_900, "capture:test");
    expect(first).toEqual({ status: "done", reference: subscription.holdReference });
    expect(again).toEqual(first);
    const captures = standIn.requestsTo("POST", `/v1/payment_intents/${subscription.holdReference}/capture`);
    expect(captures.map((call) => [call.idempotencyKey, call.replayed, call.params.amount_to_capture])).toEqual([
      ["capture:test", false, "13900"],
      ["capture:test", true, "13900"],
    ]);
    expect(standIn.paymentIntents.get(subscription.holdReference)).toMatchObject({ status: "succeeded", amount_received: 13_900 });
    // Captured already, under another key: still done, nothing more taken.
    expect(await gateway.capture(subscription.holdReference, 13_900, "capture:other")).toEqual(first);
  });

  it("releases a hold; a released or lapsed hold cannot be captured: expired", async () => {
    const subscription = await held();
    expect(await gateway.release(subscription.holdReference, "release:test")).toEqual({ status: "done", reference: subscription.holdReference });
    expect(standIn.paymentIntents.get(subscription.holdReference)!.status).toBe("canceled");
    expect(await gateway.capture(subscription.holdReference, 13_900, "capture:late")).toEqual({ status: "expired" });
  });
});

describe("the review and renewals on Stripe", () => {
  it("an approval captures once; each due period is charged off session once on the saved card", async () => {
    const subscription = await held();
    await Promise.all([
      decideReview(gateway, subscription, "approved", null, "provider"),
      decideReview(gateway, subscription, "approved", null, "provider"),
    ]);
    await runLifecycleRound(gateway);
    expect((await reload(subscription)).state).toBe("active");
    const captureCalls = standIn.requestsTo("POST", `/v1/payment_intents/${subscription.holdReference}/capture`).filter((c) => !c.replayed);
    expect(captureCalls).toHaveLength(1);

    await moveSandboxClock(63);
    await Promise.all([runLifecycleRound(gateway), runLifecycleRound(gateway)]);
    const renewals = standIn.requestsTo("POST", "/v1/payment_intents").filter((call) => call.params.off_session === "true");
    expect(renewals).toHaveLength(2);
    const hold = standIn.paymentIntents.get(subscription.holdReference)!;
    for (const [period, call] of renewals.entries()) {
      expect(call.params).toMatchObject({ customer: hold.customer, payment_method: hold.payment_method, confirm: "true", amount: "13900" });
      expect(call.idempotencyKey).toBe(`renewal:${subscription.id}:${period + 1}:0`);
    }
    const charges = (await paymentsOf(subscription)).filter((p) => p.kind === "charge");
    expect(charges.map((c) => [c.period, c.status])).toEqual([
      [1, "succeeded"],
      [2, "succeeded"],
    ]);
  });

  it("a card that needs 3-D Secure every time fails its renewal without her: retried, with Stripe's message", async () => {
    const subscription = await held("pm_card_threeDSecure2Required");
    await decideReview(gateway, subscription, "approved", null, "provider");
    const { nextBillingAt } = await reload(subscription);
    await moveSandboxClock(Math.ceil((nextBillingAt!.getTime() - (await lifecycleNow()).getTime()) / (24 * 60 * 60 * 1000)));
    await runLifecycleRound(gateway);
    const failed = await reload(subscription);
    expect(failed).toMatchObject({ state: "past_due", failedAttempts: 1 });
    expect((await paymentsOf(subscription)).at(-1)).toMatchObject({
      kind: "charge",
      status: "failed",
      failureMessage: "Your card was declined. This transaction requires authentication.",
    });
  });
});
