// Crash-safe payments: a checkout attempt cut off between the gateway's answer and our write
// (the process "dies": the fault is a gateway wrapper of this test whose authorise never
// returns) is settled from what the gateway knows of its idempotency key, by the lifecycle
// round after a 2-minute grace or by her own next press: a hold it placed is recorded as if
// the answer had arrived (her order, her subscription on hold, one "order received" email,
// the provider's copy through the outbox), anything else is failed so she can pay again under
// her new page's key. Every case ends with one hold. The sandbox and Stripe (the MSW stand-in).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentGateway } from "../../app/server/payments/gateway.server";

/** The gateway the checkout pays with: the test's own (a wrapper with its fault), or the configured one. */
const gateways = vi.hoisted(() => ({ current: undefined as PaymentGateway | undefined }));

vi.mock("../../app/server/payments/index.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../app/server/payments/index.server")>();
  return { ...real, paymentGateway: () => gateways.current ?? real.paymentGateway() };
});

import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { reconcileStaleAttempts } from "../../app/server/checkout/place-order.server";
import { database } from "../../app/server/db/client.server";
import { orders, outboxMessages, promoCodes, sandboxPayments } from "../../app/server/db/schema.server";
import { findSubscriptionByResponder } from "../../app/server/db/stores/subscriptions.server";
import { log } from "../../app/server/log.server";
import { sandboxGateway, sandboxReference } from "../../app/server/payments/sandbox.server";
import { stripeGateway } from "../../app/server/payments/stripe.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { stripeTestSecretKey, useStripeStandIn } from "../support/fake-stripe/msw";
import { checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { queuedEmailsOf } from "../support/subscriptions";

const standIn = useStripeStandIn();

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
  gateways.current = undefined;
  for (const level of ["info", "warn", "error"] as const) vi.spyOn(log, level).mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const patchPlan = { options: ["patch"] };

/**
 * `real`, except that its first authorise dies with the process: after the gateway was asked
 * ("after") or before it ever was ("before"), the request never records anything. `reached`
 * resolves once the first call has done what it does.
 */
function crashingOnce(real: PaymentGateway, when: "after" | "before"): { gateway: PaymentGateway; reached: Promise<void> } {
  let calls = 0;
  let signal!: () => void;
  const reached = new Promise<void>((resolve) => (signal = resolve));
  const gateway: PaymentGateway = {
    ...real,
    async authorise(request) {
      if (++calls > 1) return real.authorise(request);
      if (when === "after") await real.authorise(request);
      signal();
      return new Promise<never>(() => {});
    },
  };
  return { gateway, reached };
}

function post(browser: TestBrowser, responderUuid: string, form: Record<string, string>) {
  return paymentForm(browser, responderUuid, form).then((signed) =>
    browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, { params: { responderUuid }, form: signed }),
  );
}

/** Her first press, ready to pay the patch plan, cut off by a crash after `real` was asked to authorise. */
async function cutOffPress(real: PaymentGateway, form: Record<string, string>) {
  const crash = crashingOnce(real, "after");
  gateways.current = crash.gateway;
  const browser = new TestBrowser();
  const uuid = await readyToPay(browser, patchPlan);
  void post(browser, uuid, form);
  await crash.reached;
  return { crash, browser, uuid };
}

/** COMPLETE PURCHASE on the sandbox with 4242 (or `cardNumber`), under the page's `attemptKey`. */
const sandboxPurchase = (attemptKey: string, cardNumber?: string) => checkoutForm({ ...(cardNumber ? { cardNumber } : {}), attemptKey });

/** COMPLETE PURCHASE with Stripe: the PaymentMethod Stripe.js made in her page. */
const stripePurchase = (attemptKey: string, paymentMethodId: string) => checkoutForm({ attemptKey, paymentMethodId }, "stripe");

async function orderOf(responderUuid: string) {
  const [order] = await (await database()).select().from(orders).where(eq(orders.responderUuid, responderUuid));
  return order!;
}

/** As the attempt would look three minutes after the crash: past the grace. */
async function minutesPass(responderUuid: string, minutes = 3): Promise<void> {
  await (
    await database()
  )
    .update(orders)
    .set({ updatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(orders.responderUuid, responderUuid));
}

/** The sandbox's holds: what the "bank" holds on her card, whatever we recorded. */
async function sandboxHolds() {
  return (await database()).select().from(sandboxPayments).where(eq(sandboxPayments.kind, "hold"));
}

/** The provider's copies of orders waiting in (or delivered by) the outbox. */
async function providerCopies() {
  return (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "pre-auth-checkout"));
}

/** Everything she would notice of one paid order: authorised, on hold, one email, one copy for the provider. */
async function expectPaidOnce(responderUuid: string) {
  const order = await orderOf(responderUuid);
  expect(order).toMatchObject({ status: "authorised", cardBrand: "visa", cardLast4: "4242" });
  const subscription = await findSubscriptionByResponder(responderUuid);
  expect(subscription).toMatchObject({ state: "on_hold", holdReference: order.paymentReference, firstPeriodCents: order.amountCents });
  expect(await queuedEmailsOf(order)).toEqual(["order_received"]);
  const copies = await providerCopies();
  expect(copies).toHaveLength(1);
  expect(copies[0]!.payload).toMatchObject({
    orderId: order.id,
    body: { payment: { stripePaymentMethodId: order.paymentReference, amount: order.amountCents } },
  });
  return order;
}

describe("the sandbox", () => {
  it("records a hold whose answer was lost when the lifecycle round finds it after the grace, and her second press is told so", async () => {
    const { crash, browser, uuid } = await cutOffPress(sandboxGateway(), sandboxPurchase("first"));
    expect(await sandboxHolds()).toMatchObject([{ status: "held", amountCents: 39_900 }]);
    expect(await orderOf(uuid)).toMatchObject({ status: "processing", attemptKey: "first" });

    // Within the grace the attempt may still be running: the round leaves it alone.
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 0 });
    expect((await orderOf(uuid)).status).toBe("processing");
    expect(await findSubscriptionByResponder(uuid)).toBeUndefined();

    await minutesPass(uuid);
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 1 });
    const order = await expectPaidOnce(uuid);
    expect(order.paymentReference).toBe(sandboxReference(`${order.id}:first`));

    // She presses again on a new page: her order is paid, nothing more is held.
    const again = await post(browser, uuid, sandboxPurchase("second"));
    expect(again).toRedirectTo(`/payment-complete/${uuid}`);
    expect(await sandboxHolds()).toHaveLength(1);
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 0 });
    await expectPaidOnce(uuid);
  });

  it("fails an attempt the sandbox never saw, gives its promo use back, and lets her pay under her new key", async () => {
    const crash = crashingOnce(sandboxGateway(), "before");
    gateways.current = crash.gateway;
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { ...patchPlan, query: "?referral_code=friend" });
    expect(await post(browser, uuid, { intent: "apply-promo", promoCode: "SAVE50" })).toHaveStatus(200);
    const uses = async () => (await (await database()).select().from(promoCodes).where(eq(promoCodes.code, "SAVE50")))[0]!.redemptions;
    const before = await uses();
    void post(browser, uuid, sandboxPurchase("first"));
    await crash.reached;
    expect(await uses()).toBe(before + 1);

    await minutesPass(uuid);
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 1 });
    expect(await orderOf(uuid)).toMatchObject({ status: "failed", failureMessage: "An unexpected error occurred. Please try again." });
    expect(await uses()).toBe(before);
    expect(await sandboxHolds()).toHaveLength(0);

    const paid = await post(browser, uuid, sandboxPurchase("second"));
    expect(paid).toRedirectTo(`/payment-complete/${uuid}`);
    const order = await expectPaidOnce(uuid);
    expect(order).toMatchObject({ attemptKey: "second", amountCents: 34_900 });
    expect(order.paymentReference).toBe(sandboxReference(`${order.id}:second`));
    expect(await sandboxHolds()).toHaveLength(1);
    expect(await uses()).toBe(before + 1);
  });

  it("settles the cut-off attempt in her own press when no worker ran: told it is paid, one hold", async () => {
    const { browser, uuid } = await cutOffPress(sandboxGateway(), sandboxPurchase("first"));
    await minutesPass(uuid);

    const again = await post(browser, uuid, sandboxPurchase("second", "5555 5555 5555 4444"));
    expect(again).toRedirectTo(`/payment-complete/${uuid}`);
    // The hold of her first card is the payment; her second card was never tried.
    const order = await expectPaidOnce(uuid);
    expect(order.attemptKey).toBe("first");
    expect(await sandboxHolds()).toMatchObject([{ cardLast4: "4242" }]);
  });

  it("closes a 3-D Secure hold nobody will authenticate now, so it never becomes a second hold", async () => {
    const { crash, browser, uuid } = await cutOffPress(sandboxGateway(), sandboxPurchase("first", "4000 0027 6000 3184"));
    await minutesPass(uuid);
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 1 });
    expect((await orderOf(uuid)).status).toBe("failed");
    const [waiting] = await sandboxHolds();
    expect(waiting).toMatchObject({ status: "failed" });
    // Authenticating it later (its page's address was never given, but whoever tried) holds nothing.
    expect(await sandboxGateway().resume(waiting!.reference, { authenticated: true })).toMatchObject({ status: "declined" });
    expect((await sandboxHolds())[0]).toMatchObject({ status: "failed" });

    expect(await post(browser, uuid, sandboxPurchase("second"))).toRedirectTo(`/payment-complete/${uuid}`);
    await expectPaidOnce(uuid);
    expect((await sandboxHolds()).filter((hold) => hold.status === "held")).toHaveLength(1);
  });

  it("looks the attempt up once when the gateway throws after holding, rather than failing it", async () => {
    const real = sandboxGateway();
    gateways.current = {
      ...real,
      async authorise(request) {
        await real.authorise(request);
        throw new Error("socket hang up");
      },
    };
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    expect(await post(browser, uuid, sandboxPurchase("first"))).toRedirectTo(`/payment-complete/${uuid}`);
    await expectPaidOnce(uuid);
    expect(await sandboxHolds()).toHaveLength(1);
  });

  it("records once with 10 reconcilers and 5 presses of hers at once", async () => {
    const { crash, browser, uuid } = await cutOffPress(sandboxGateway(), sandboxPurchase("first"));
    await minutesPass(uuid);

    const [settled, presses] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => reconcileStaleAttempts(crash.gateway))),
      Promise.all(Array.from({ length: 5 }, (_, i) => post(browser, uuid, sandboxPurchase(`press-${i}`)))),
    ]);
    // One of the 15 recorded it (a reconciler, or one of her presses); every press was told it is paid.
    expect(settled.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);
    for (const press of presses) expect(press).toRedirectTo(`/payment-complete/${uuid}`);
    const order = await expectPaidOnce(uuid);
    expect(order).toMatchObject({ attemptKey: "first", attempts: 1 });
    expect(await sandboxHolds()).toHaveLength(1);
  });

  it("records once with 2 lifecycle rounds at once", async () => {
    const { crash, uuid } = await cutOffPress(sandboxGateway(), sandboxPurchase("first"));
    await minutesPass(uuid);
    const rounds = await Promise.all([runLifecycleRound(crash.gateway), runLifecycleRound(crash.gateway)]);
    expect(rounds.map((round) => round.reconciled).sort()).toEqual([0, 1]);
    await expectPaidOnce(uuid);
    expect(await sandboxHolds()).toHaveLength(1);
  });
});

describe("Stripe", () => {
  const stripe = () => stripeGateway(stripeTestSecretKey);
  const searches = () => standIn.requestsTo("GET", "/v1/payment_intents/search");

  it("finds the PaymentIntent of a cut-off attempt by its metadata and records its hold", async () => {
    const { crash, browser, uuid } = await cutOffPress(stripe(), stripePurchase("first", "pm_card_visa"));
    const [intent] = [...standIn.paymentIntents.values()];
    expect(intent).toMatchObject({ status: "requires_capture" });
    expect((await orderOf(uuid)).status).toBe("processing");

    await minutesPass(uuid);
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 1 });
    const order = await expectPaidOnce(uuid);
    expect(order.paymentReference).toBe(intent!.id);
    expect(searches().map((search) => search.params.query)).toEqual([`metadata['attempt_key']:'${order.id}:first'`]);

    expect(await post(browser, uuid, stripePurchase("second", "pm_card_mastercard"))).toRedirectTo(`/payment-complete/${uuid}`);
    expect(standIn.created.paymentIntents).toBe(1);
    expect(intent!.status).toBe("requires_capture");
  });

  it("cancels a PaymentIntent left waiting for 3-D Secure, fails the order, and her next press pays", async () => {
    const { crash, browser, uuid } = await cutOffPress(stripe(), stripePurchase("first", "pm_card_threeDSecure2Required"));
    const [waiting] = [...standIn.paymentIntents.values()];
    expect(waiting).toMatchObject({ status: "requires_action" });

    await minutesPass(uuid);
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 1 });
    const failed = await orderOf(uuid);
    expect(failed.status).toBe("failed");
    expect(waiting).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(standIn.requestsTo("POST", `/v1/payment_intents/${waiting!.id}/cancel`).map((r) => r.idempotencyKey)).toEqual([
      `${failed.id}:first:cancel`,
    ]);

    expect(await post(browser, uuid, stripePurchase("second", "pm_card_visa"))).toRedirectTo(`/payment-complete/${uuid}`);
    const order = await expectPaidOnce(uuid);
    const held = [...standIn.paymentIntents.values()].filter((intent) => intent.status === "requires_capture");
    expect(held).toHaveLength(1);
    expect(held[0]!.metadata).toMatchObject({ attempt_key: `${order.id}:second` });
    expect(order.paymentReference).toBe(held[0]!.id);
  });

  it("answers none for an attempt Stripe never saw, and quotes a key with quotes safely", async () => {
    const gateway = stripe();
    expect(await gateway.lookupAttempt({ idempotencyKey: "order:it's \\ odd", orderId: "order" })).toEqual({ status: "none" });
    expect(searches()[0]!.params.query).toBe("metadata['attempt_key']:'order:it\\'s \\\\ odd'");
  });

  it("looks the attempt up once when Stripe's answer is lost, and records the hold it made", async () => {
    const real = stripe();
    gateways.current = {
      ...real,
      async authorise(request) {
        await real.authorise(request);
        return { status: "failed", message: "An unexpected error occurred. Please try again.", unanswered: true };
      },
    };
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    expect(await post(browser, uuid, stripePurchase("first", "pm_card_visa"))).toRedirectTo(`/payment-complete/${uuid}`);
    await expectPaidOnce(uuid);
    expect(standIn.created.paymentIntents).toBe(1);
    expect(searches()).toHaveLength(1);
  });

  it("keeps an unanswered attempt Stripe's search does not show yet waiting, then fails it after the grace so she pays once", async () => {
    const real = stripe();
    gateways.current = {
      ...real,
      // The call got no answer and never reached Stripe: its search has nothing, which right
      // after the call may only mean the search has not caught up.
      authorise: async () => ({ status: "failed", message: "An unexpected error occurred. Please try again.", unanswered: true }),
    };
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    expect(await post(browser, uuid, stripePurchase("first", "pm_card_visa"))).toHaveStatus(409);
    expect((await orderOf(uuid)).status).toBe("processing");
    gateways.current = real;
    await minutesPass(uuid);
    expect(await runLifecycleRound(real)).toMatchObject({ reconciled: 1 });
    expect((await orderOf(uuid)).status).toBe("failed");
    expect(await post(browser, uuid, stripePurchase("second", "pm_card_visa"))).toRedirectTo(`/payment-complete/${uuid}`);
    await expectPaidOnce(uuid);
    expect(standIn.created.paymentIntents).toBe(1);
  });

  it("leaves the attempt waiting when Stripe cannot be asked, and settles it once it can", async () => {
    const { crash, uuid } = await cutOffPress(stripe(), stripePurchase("first", "pm_card_visa"));
    await minutesPass(uuid);
    standIn.mode = "failing";
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 0 });
    expect((await orderOf(uuid)).status).toBe("processing");
    standIn.mode = "up";
    expect(await runLifecycleRound(crash.gateway)).toMatchObject({ reconciled: 1 });
    await expectPaidOnce(uuid);
    expect(standIn.created.paymentIntents).toBe(1);
  });
});
