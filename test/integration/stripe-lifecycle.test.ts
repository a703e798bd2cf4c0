// The order's life on Stripe, against the MSW stand-in of api.stripe.com: the hold captured
// or released once, a lapsed hold said so, renewals charged off session on the saved card
// (paid, declined, or refused for want of 3-D Secure), each call once per idempotency key,
// also when Stripe acted and its answer was lost; then the same through the review and the
// lifecycle worker; and another card she gives after a failed payment (a SetupIntent on the
// hold's Customer, with the card element or on the hosted page in setup mode), charged later.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "../../app/server/log.server";
import { paymentMessages, type SaveCardRequest, type SavedCardCharge } from "../../app/server/payments/gateway.server";
import { stripeGateway } from "../../app/server/payments/stripe.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { stripeTestSecretKey, useStripeStandIn } from "../support/fake-stripe/msw";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, moveClockToNextBilling, paymentsOf, reload } from "../support/subscriptions";

const standIn = useStripeStandIn();
const gateway = stripeGateway(stripeTestSecretKey);

const authenticationRequired = "Your card was declined. This transaction requires authentication.";

beforeEach(async () => {
  await resetDatabase();
  // The gateway says what failed (a dropped answer is expected here); the tests read results.
  vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const held = (paymentMethodId = "pm_card_visa") =>
  heldSubscription({ gateway, paymentMethodId, authenticate: (reference) => standIn.authenticate(reference) });

const renewal = (holdReference: string, overrides: Partial<SavedCardCharge> = {}): SavedCardCharge => ({
  savedCard: holdReference,
  amountCents: 13_900,
  currency: "usd",
  idempotencyKey: "renewal:test:1:0",
  description: "Order TEST, period 2",
  metadata: { subscription_id: "00000000-0000-4000-8000-000000000001", period: "1", order_reference: "TEST" },
  ...overrides,
});

const offSessionCalls = () => standIn.requestsTo("POST", "/v1/payment_intents").filter((call) => call.params.off_session === "true");

describe("the hold on Stripe", () => {
  it("keeps Stripe's capture_before as the hold's end", async () => {
    const subscription = await held();
    const intent = standIn.paymentIntents.get(subscription.holdReference)!;
    expect(subscription.holdExpiresAt).toEqual(new Date((intent.authorisedAt! + 7 * 24 * 60 * 60) * 1000));
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
    expect(standIn.paymentIntents.get(subscription.holdReference)!.amount_received).toBe(13_900);
  });

  it("a capture whose answer was lost fails, and the same key then says done without a second capture", async () => {
    const subscription = await held();
    standIn.answersLost = 2;
    expect(await gateway.capture(subscription.holdReference, 13_900, "capture:lost")).toMatchObject({ status: "failed" });
    expect(standIn.paymentIntents.get(subscription.holdReference)!.status).toBe("succeeded");
    expect(await gateway.capture(subscription.holdReference, 13_900, "capture:lost")).toEqual({
      status: "done",
      reference: subscription.holdReference,
    });
    const calls = standIn.requestsTo("POST", `/v1/payment_intents/${subscription.holdReference}/capture`);
    expect(calls.filter((call) => !call.replayed)).toHaveLength(1);
  });

  it("never captures more than was held", async () => {
    const subscription = await held();
    expect(await gateway.capture(subscription.holdReference, 13_901, "capture:too-much")).toMatchObject({ status: "failed" });
    expect(standIn.paymentIntents.get(subscription.holdReference)!.status).toBe("requires_capture");
  });

  it("releases a hold; a released hold cannot be captured: expired", async () => {
    const subscription = await held();
    expect(await gateway.release(subscription.holdReference, "release:test")).toEqual({
      status: "done",
      reference: subscription.holdReference,
    });
    expect(await gateway.release(subscription.holdReference, "release:test")).toEqual({
      status: "done",
      reference: subscription.holdReference,
    });
    expect(standIn.paymentIntents.get(subscription.holdReference)).toMatchObject({
      status: "canceled",
      cancellation_reason: "requested_by_customer",
    });
    expect(await gateway.capture(subscription.holdReference, 13_900, "capture:late")).toEqual({ status: "expired" });
  });

  it("a hold Stripe let lapse (after capture_before) is expired, to capture and to release", async () => {
    const subscription = await held();
    standIn.lapse(subscription.holdReference);
    expect(await gateway.capture(subscription.holdReference, 13_900, "capture:lapsed")).toEqual({ status: "expired" });
    expect(await gateway.release(subscription.holdReference, "release:lapsed")).toEqual({ status: "expired" });
    expect(standIn.paymentIntents.get(subscription.holdReference)!.amount_received).toBe(0);
  });
});

describe("charging the saved card off session", () => {
  it("charges the hold's customer and card without her, once per key", async () => {
    const subscription = await held();
    const hold = standIn.paymentIntents.get(subscription.holdReference)!;
    const charge = renewal(subscription.holdReference);
    const first = await gateway.chargeSavedCard(charge);
    expect(first).toEqual({ status: "paid", reference: expect.stringMatching(/^pi_/) });
    expect(await gateway.chargeSavedCard(charge)).toEqual(first);
    expect(standIn.created.paymentIntents).toBe(2);

    const calls = offSessionCalls();
    expect(calls.map((call) => [call.idempotencyKey, call.replayed])).toEqual([
      ["renewal:test:1:0", false],
      ["renewal:test:1:0", true],
    ]);
    expect(calls[0]!.params).toEqual({
      amount: "13900",
      currency: "usd",
      customer: hold.customer,
      payment_method: hold.payment_method,
      off_session: "true",
      confirm: "true",
      description: "Order TEST, period 2",
      metadata: { ...charge.metadata, saved_card: subscription.holdReference },
    });
    if (first.status !== "paid") throw new Error("expected paid");
    expect(standIn.paymentIntents.get(first.reference)).toMatchObject({
      status: "succeeded",
      amount_received: 13_900,
      capture_method: "automatic_async",
    });
  });

  it("a charge whose answer was lost fails; the same key then gets the PaymentIntent Stripe made", async () => {
    const subscription = await held();
    const charge = renewal(subscription.holdReference);
    standIn.answersLost = 2;
    expect(await gateway.chargeSavedCard(charge)).toMatchObject({ status: "failed" });
    const [made] = [...standIn.paymentIntents.values()].filter((intent) => intent.id !== subscription.holdReference);
    expect(made).toMatchObject({ status: "succeeded" });
    expect(await gateway.chargeSavedCard(charge)).toEqual({ status: "paid", reference: made!.id });
    expect(standIn.created.paymentIntents).toBe(2);
  });

  it("a card that asks for 3-D Secure every time is declined without her (authentication_required), once per key", async () => {
    const subscription = await held("pm_card_threeDSecure2Required");
    const charge = renewal(subscription.holdReference);
    const first = await gateway.chargeSavedCard(charge);
    expect(first).toEqual({ status: "declined", reference: expect.stringMatching(/^pi_/), message: authenticationRequired });
    expect(await gateway.chargeSavedCard(charge)).toEqual(first);
    expect(standIn.created.paymentIntents).toBe(2);
    if (first.status !== "declined") throw new Error("expected declined");
    expect(standIn.paymentIntents.get(first.reference!)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { type: "card_error", code: "authentication_required" },
    });
  });

  it("a card authenticated once for later use is charged without her", async () => {
    const subscription = await held("pm_card_authenticationRequiredSetupForOffSession");
    expect(await gateway.chargeSavedCard(renewal(subscription.holdReference))).toMatchObject({ status: "paid" });
  });

  it("a card her bank now declines: card_declined, with the bank's message", async () => {
    const subscription = await held();
    standIn.declineFromNow("pm_card_visa", "Your card has insufficient funds.");
    const result = await gateway.chargeSavedCard(renewal(subscription.holdReference));
    expect(result).toEqual({ status: "declined", reference: expect.stringMatching(/^pi_/), message: "Your card has insufficient funds." });
    if (result.status !== "declined") throw new Error("expected declined");
    expect(standIn.paymentIntents.get(result.reference!)!.last_payment_error).toMatchObject({ code: "card_declined" });
  });

  it("a hold whose card was not saved cannot be charged again: declined, not retried as a failure", async () => {
    const subscription = await held();
    standIn.paymentIntents.get(subscription.holdReference)!.customer = null;
    expect(await gateway.chargeSavedCard(renewal(subscription.holdReference))).toEqual({
      status: "declined",
      reference: null,
      message: expect.stringContaining("not saved"),
    });
    expect(offSessionCalls()).toEqual([]);
  });

  it("charges a card held on the hosted Checkout page (Checkout makes her Customer and saves the card)", async () => {
    const session = await gateway.startHostedCheckout!({
      amountCents: 13_900,
      currency: "usd",
      orderId: "order-hosted",
      responderUuid: "6f1c1d5e-8a47-4d3c-9a57-2f0c6a1b9e10",
      customer: {
        name: "Jane Doe",
        email: "jane@example.com",
        phone: "+12125550123",
        address: { line1: "1 Main Street", city: "Springfield", state: "IL", postal_code: "62701", country: "US" },
      },
      idempotencyKey: "attempt-hosted",
      returnUrl: "https://shop.test/payment-return",
      cancelUrl: "https://shop.test/final-checkout",
    });
    standIn.completeCheckout(session.reference, "pm_card_visa");
    const hold = await gateway.resumeHostedCheckout!(session.reference);
    if (hold.status !== "authorised") throw new Error("expected authorised");
    expect(await gateway.chargeSavedCard(renewal(hold.reference))).toMatchObject({ status: "paid" });
  });
});

describe("the review and renewals on Stripe", () => {
  it("the owner's approval captures once, however often it is given", async () => {
    const subscription = await held();
    const first = await decideReview(gateway, subscription, "approved", null, "owner");
    const again = await decideReview(gateway, subscription, "approved", null, "owner");
    expect([first.status, again.status]).toEqual(["recorded", "unchanged"]);
    expect(first.subscription).toMatchObject({ state: "active", periodsPaid: 1, decidedBy: "owner" });
    const captureCalls = standIn.requestsTo("POST", `/v1/payment_intents/${subscription.holdReference}/capture`);
    expect(captureCalls.map((call) => [call.idempotencyKey, call.replayed])).toEqual([[`capture:${subscription.id}`, false]]);
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "capture")).toMatchObject([
      { status: "succeeded", amountCents: 13_900, gatewayReference: subscription.holdReference },
    ]);
  });

  it("an approval after Stripe let the hold lapse charges the saved card off session, once", async () => {
    const subscription = await held();
    standIn.lapse(subscription.holdReference);
    await Promise.all([
      decideReview(gateway, subscription, "approved", null, "owner"),
      decideReview(gateway, subscription, "approved", null, "owner"),
    ]);
    await runLifecycleRound(gateway);
    expect(await reload(subscription)).toMatchObject({ state: "active", periodsPaid: 1 });
    expect((await subscriptionTimeline(subscription.id)).events.map((e) => e.event)).toEqual([
      "hold_placed",
      "hold_expired",
      "approved_charged",
    ]);
    const charges = offSessionCalls().filter((call) => !call.replayed);
    expect(charges.map((call) => [call.idempotencyKey, call.params.amount])).toEqual([[`approval:${subscription.id}`, "13900"]]);
  });

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
    const renewals = offSessionCalls();
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
    // Another round bills nothing more.
    await runLifecycleRound(gateway);
    expect(offSessionCalls()).toHaveLength(2);
  });

  it("a card that needs 3-D Secure every time fails its renewal without her: retried, with Stripe's message", async () => {
    const subscription = await held("pm_card_threeDSecure2Required");
    await decideReview(gateway, subscription, "approved", null, "provider");
    await moveClockToNextBilling(subscription);
    await runLifecycleRound(gateway);
    const failed = await reload(subscription);
    expect(failed).toMatchObject({ state: "past_due", failedAttempts: 1 });
    expect((await paymentsOf(subscription)).at(-1)).toMatchObject({
      kind: "charge",
      status: "failed",
      failureMessage: authenticationRequired,
    });
    expect(offSessionCalls()).toHaveLength(1);
  });
});

describe("another card", () => {
  const anotherCard = (subscription: SubscriptionRow, overrides: Partial<SaveCardRequest> = {}): SaveCardRequest => ({
    idempotencyKey: "another-card:test:0",
    holdReference: subscription.holdReference,
    subscriptionId: subscription.id,
    customer: { name: "Jane Doe", email: "jane@example.com" },
    returnUrl: "https://shop.test/orders/TEST/another-card/return",
    paymentMethodId: "pm_card_mastercard",
    ...overrides,
  });
  const setupCalls = () => standIn.requestsTo("POST", "/v1/setup_intents");
  const ownerOf = (subscription: SubscriptionRow) => ({ holdReference: subscription.holdReference, subscriptionId: subscription.id });
  const onlySetupIntent = () => {
    const made = [...standIn.setupIntents.values()];
    expect(made).toHaveLength(1);
    return made[0]!;
  };

  it("keeps the card on the hold's Customer for use without her: saved, with its brand and last four", async () => {
    const subscription = await held();
    const hold = standIn.paymentIntents.get(subscription.holdReference)!;
    const saved = await gateway.saveCard(anotherCard(subscription));
    expect(saved).toEqual({ status: "saved", reference: onlySetupIntent().id, cardBrand: "mastercard", cardLast4: "4444" });
    expect(setupCalls().map((call) => [call.idempotencyKey, call.params])).toEqual([
      [
        "another-card:test:0",
        {
          customer: hold.customer,
          payment_method: "pm_card_mastercard",
          usage: "off_session",
          confirm: "true",
          return_url: "https://shop.test/orders/TEST/another-card/return",
          allowed_payment_method_types: ["card"],
          metadata: { subscription_id: subscription.id },
          expand: ["payment_method"],
        },
      ],
    ]);
    expect(standIn.savedCards.get(hold.customer!)?.has("pm_card_mastercard")).toBe(true);
    expect(standIn.created.customers).toBe(1);
  });

  it("a hold without a Customer: one is made with her email, and the card kept there", async () => {
    const subscription = await held();
    standIn.paymentIntents.get(subscription.holdReference)!.customer = null;
    expect(await gateway.saveCard(anotherCard(subscription))).toMatchObject({ status: "saved" });
    const customers = standIn.requestsTo("POST", "/v1/customers");
    expect(customers.at(-1)).toMatchObject({ idempotencyKey: "another-card:test:0:customer", params: { email: "jane@example.com" } });
    expect(onlySetupIntent().customer).toBe([...standIn.customers.keys()].at(-1));
    expect(standIn.created.customers).toBe(2);
  });

  it("a card her bank declines: declined with the bank's message, nothing kept", async () => {
    const subscription = await held();
    const hold = standIn.paymentIntents.get(subscription.holdReference)!;
    const result = await gateway.saveCard(anotherCard(subscription, { paymentMethodId: "pm_card_chargeDeclinedInsufficientFunds" }));
    expect(result).toEqual({ status: "declined", message: "Your card has insufficient funds." });
    expect(standIn.savedCards.get(hold.customer!)?.has("pm_card_chargeDeclinedInsufficientFunds")).toBe(false);
  });

  it("no card made in the browser, or Stripe not answering: failed, with the spec's messages", async () => {
    const subscription = await held();
    expect(await gateway.saveCard(anotherCard(subscription, { paymentMethodId: undefined }))).toEqual({
      status: "failed",
      message: paymentMessages.cardMethodFailed,
    });
    expect(setupCalls()).toEqual([]);
    standIn.mode = "failing";
    expect(await gateway.saveCard(anotherCard(subscription))).toEqual({ status: "failed", message: paymentMessages.unexpected });
  });

  it("a card whose bank checks her on setup: requires_action (a redirect), then saved once she passed it", async () => {
    const subscription = await held();
    const asked = await gateway.saveCard(
      anotherCard(subscription, { paymentMethodId: "pm_card_authenticationRequiredSetupForOffSession" }),
    );
    const setup = onlySetupIntent();
    expect(asked).toEqual({ status: "requires_action", url: `https://hooks.stripe.com/3d_secure_2/hosted/${setup.id}` });
    // Back without passing it: nothing kept.
    expect(await gateway.resumeSaveCard!(setup.id, ownerOf(subscription))).toEqual({
      status: "declined",
      message: paymentMessages.authenticationFailed,
    });
    standIn.authenticate(setup.id);
    expect(await gateway.resumeSaveCard!(setup.id, ownerOf(subscription))).toEqual({
      status: "saved",
      reference: setup.id,
      cardBrand: "visa",
      cardLast4: "3155",
    });
    // Kept for later: charged without her.
    expect(await gateway.chargeSavedCard(renewal(setup.id))).toMatchObject({ status: "paid" });
  });

  it("a check on setup she fails: declined, and the SetupIntent has no card to charge", async () => {
    const subscription = await held();
    await gateway.saveCard(anotherCard(subscription, { paymentMethodId: "pm_card_authenticationRequiredSetupForOffSession" }));
    const setup = onlySetupIntent();
    standIn.authenticate(setup.id, false);
    expect(await gateway.resumeSaveCard!(setup.id, ownerOf(subscription))).toEqual({
      status: "declined",
      message: paymentMessages.authenticationFailed,
    });
    expect(await gateway.chargeSavedCard(renewal(setup.id))).toMatchObject({ status: "declined", reference: null });
    expect(offSessionCalls()).toEqual([]);
  });

  it("the same key twice makes one SetupIntent and answers the same", async () => {
    const subscription = await held();
    const first = await gateway.saveCard(anotherCard(subscription));
    expect(await gateway.saveCard(anotherCard(subscription))).toEqual(first);
    expect(setupCalls().map((call) => [call.idempotencyKey, call.replayed])).toEqual([
      ["another-card:test:0", false],
      ["another-card:test:0", true],
    ]);
    expect(standIn.setupIntents.size).toBe(1);
  });

  it("charges the SetupIntent's Customer and card without her, once per key", async () => {
    const subscription = await held();
    const hold = standIn.paymentIntents.get(subscription.holdReference)!;
    const saved = await gateway.saveCard(anotherCard(subscription));
    if (saved.status !== "saved") throw new Error("expected saved");
    const charge = renewal(saved.reference, { idempotencyKey: "another-card:test:charge" });
    const first = await gateway.chargeSavedCard(charge);
    expect(first).toEqual({ status: "paid", reference: expect.stringMatching(/^pi_/) });
    expect(await gateway.chargeSavedCard(charge)).toEqual(first);
    const calls = offSessionCalls();
    expect(calls.map((call) => [call.idempotencyKey, call.replayed])).toEqual([
      ["another-card:test:charge", false],
      ["another-card:test:charge", true],
    ]);
    expect(calls[0]!.params).toMatchObject({
      customer: hold.customer,
      payment_method: "pm_card_mastercard",
      off_session: "true",
      confirm: "true",
      metadata: { ...charge.metadata, saved_card: saved.reference },
    });
    expect(standIn.created.paymentIntents).toBe(2);
  });

  it("her return with another order's SetupIntent, one without her metadata, or one Stripe does not know: not_this_order", async () => {
    const mine = await held();
    const theirs = await held();
    await gateway.saveCard(anotherCard(theirs, { paymentMethodId: "pm_card_authenticationRequiredSetupForOffSession" }));
    const setup = onlySetupIntent();
    standIn.authenticate(setup.id);
    // Theirs is a good card, saved for their order: never for hers.
    expect(await gateway.resumeSaveCard!(setup.id, ownerOf(theirs))).toMatchObject({ status: "saved" });
    expect(await gateway.resumeSaveCard!(setup.id, ownerOf(mine))).toEqual({ status: "not_this_order" });
    // Her order's id on another Customer's SetupIntent (a forged metadata): not hers either.
    setup.metadata = { subscription_id: mine.id };
    expect(await gateway.resumeSaveCard!(setup.id, ownerOf(mine))).toEqual({ status: "not_this_order" });
    // On her Customer but without her order's metadata (made elsewhere on the account).
    setup.customer = standIn.paymentIntents.get(mine.holdReference)!.customer;
    setup.metadata = {};
    expect(await gateway.resumeSaveCard!(setup.id, ownerOf(mine))).toEqual({ status: "not_this_order" });
    expect(await gateway.resumeSaveCard!("seti_unknown000", ownerOf(mine))).toEqual({ status: "not_this_order" });
    expect(await gateway.resumeSaveCard!("pi_notasetup", ownerOf(mine))).toEqual({ status: "not_this_order" });
    expect(offSessionCalls()).toEqual([]);
  });

  it("her return with another order's setup session, or a payment-mode session: not_this_order", async () => {
    const mine = await held();
    const theirs = await held();
    const setupFor = (subscription: SubscriptionRow) =>
      gateway.startHostedCardSetup!({
        holdReference: subscription.holdReference,
        subscriptionId: subscription.id,
        customer: { email: "x@example.com" },
        returnUrl: "https://shop.test/return",
        cancelUrl: "https://shop.test/cancel",
      });
    await setupFor(theirs);
    const [session] = [...standIn.checkoutSessions.values()];
    standIn.completeCheckout(session!.id, "pm_card_mastercard");
    expect(await gateway.resumeHostedCardSetup!(session!.id, ownerOf(theirs))).toMatchObject({ status: "saved" });
    expect(await gateway.resumeHostedCardSetup!(session!.id, ownerOf(mine))).toEqual({ status: "not_this_order" });
    // Her session, but the SetupIntent swapped for another order's: the card is not hers.
    await setupFor(mine);
    const [, hers] = [...standIn.checkoutSessions.values()];
    standIn.completeCheckout(hers!.id, "pm_card_visa");
    hers!.setup_intent = session!.setup_intent;
    expect(await gateway.resumeHostedCardSetup!(hers!.id, ownerOf(mine))).toEqual({ status: "not_this_order" });
    // The final checkout's hosted payment session is no card setup.
    const payment = await gateway.startHostedCheckout!({
      amountCents: 13_900,
      currency: "usd",
      orderId: "order-1",
      responderUuid: mine.responderUuid,
      customer: {
        name: "Jane",
        email: "x@example.com",
        phone: "2125550100",
        address: { line1: "1 Main St", city: "Portland", state: "OR", postal_code: "97201", country: "US" },
      },
      idempotencyKey: "hosted:test",
      returnUrl: "https://shop.test/return",
      cancelUrl: "https://shop.test/cancel",
    });
    expect(await gateway.resumeHostedCardSetup!(payment.reference, ownerOf(mine))).toEqual({ status: "not_this_order" });
    expect(await gateway.resumeHostedCardSetup!("cs_test_unknown", ownerOf(mine))).toEqual({ status: "not_this_order" });
    expect(offSessionCalls()).toEqual([]);
  });

  it("the hosted page in setup mode: started on the hold's Customer, and saved once she gave her card there", async () => {
    const subscription = await held();
    const hold = standIn.paymentIntents.get(subscription.holdReference)!;
    const started = await gateway.startHostedCardSetup!({
      holdReference: subscription.holdReference,
      subscriptionId: subscription.id,
      customer: { email: "jane@example.com" },
      returnUrl: "https://shop.test/orders/TEST/another-card/return?hosted=1",
      cancelUrl: "https://shop.test/orders/TEST/another-card",
    });
    const [session] = [...standIn.checkoutSessions.values()];
    expect(started).toEqual({ url: session!.url });
    expect(session!.params).toEqual({
      mode: "setup",
      customer: hold.customer,
      allowed_payment_method_types: ["card"],
      metadata: { subscription_id: subscription.id },
      setup_intent_data: { metadata: { subscription_id: subscription.id } },
      success_url: "https://shop.test/orders/TEST/another-card/return?hosted=1&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://shop.test/orders/TEST/another-card",
    });
    // Back before giving a card: nothing kept.
    expect(await gateway.resumeHostedCardSetup!(session!.id, ownerOf(subscription))).toMatchObject({ status: "failed" });
    standIn.completeCheckout(session!.id, "pm_card_mastercard");
    const saved = await gateway.resumeHostedCardSetup!(session!.id, ownerOf(subscription));
    expect(saved).toEqual({ status: "saved", reference: session!.setup_intent, cardBrand: "mastercard", cardLast4: "4444" });
    expect(await gateway.chargeSavedCard(renewal(session!.setup_intent!))).toMatchObject({ status: "paid" });
    expect(offSessionCalls()[0]!.params).toMatchObject({ customer: hold.customer, payment_method: "pm_card_mastercard" });
  });
});
