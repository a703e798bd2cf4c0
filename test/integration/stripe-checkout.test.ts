// The final checkout with the Stripe gateway (ARCHITECTURE "Adapters: Card payments"), driven
// through the route's action as a browser would post it, against an MSW stand-in of
// api.stripe.com: the card made by Stripe.js (a test PaymentMethod id), declines, 3-D Secure
// in the page then confirm-payment, the hosted Checkout page for visitors without JavaScript
// and its return, and one PaymentIntent for one checkout attempt however often it is posted.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "../../app/server/log.server";

// config() reads the environment once per process (each test file runs in its own), so the
// keys are set before any app module loads.
vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_123";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_123";
});

import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as consoleLayout from "../../app/routes/owner";
import * as paymentComplete from "../../app/routes/payment-complete.$responderUuid";
import * as paymentReturn from "../../app/routes/payment-return.$responderUuid";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { orders } from "../../app/server/db/schema.server";
import { paymentsAreSandbox } from "../../app/server/payments/index.server";
import { useStripeStandIn } from "../support/fake-stripe/msw";
import { aPerson, anAddress, checkoutForm } from "../support/factories";
import { readyToPay, paymentForm } from "../support/funnel-steps";
import { providerReceipts } from "../support/provider-receipts";
import { resetDatabase, TestBrowser } from "../support/route-harness";

const standIn = useStripeStandIn();

let warnings: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
  warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => warnings.mockRestore());

const origin = "http://localhost";
const jane = aPerson();
const address = anAddress();

/** Welcome, Patch, ADD TO PLAN, her details: on the final checkout page, ready to pay. */
async function onFinalCheckout(browser: TestBrowser) {
  const responderUuid = await readyToPay(browser, { options: ["patch"] });
  const page = await browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params: { responderUuid } });
  expect(page).toHaveStatus(200);
  return { responderUuid, page: page.data };
}

/** The checkout form as the page posts it; paymentMethodId is what Stripe.js made, if anything. */
function purchase(attemptKey: string, paymentMethodId?: string): Record<string, string> {
  return checkoutForm({ attemptKey, ...(paymentMethodId === undefined ? {} : { paymentMethodId }) }, "stripe");
}

async function post(browser: TestBrowser, responderUuid: string, form: Record<string, string>) {
  return browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, form),
  });
}

/** What Stripe.js's page posts after handleNextAction: the same form, intent confirm-payment. */
function confirmPayment(browser: TestBrowser, responderUuid: string, attemptKey: string) {
  return post(browser, responderUuid, { ...purchase(attemptKey), intent: "confirm-payment" });
}

async function allOrders() {
  return (await database()).select().from(orders);
}

const createdIntents = () => standIn.requestsTo("POST", "/v1/payment_intents").filter((r) => !r.replayed);

describe("the final checkout with Stripe", () => {
  it("says nothing of the sandbox: no notice on the console, no sandbox flag on the provider's order", async () => {
    expect(paymentsAreSandbox()).toBe(false);
    expect((await new TestBrowser().call(consoleLayout.loader, "/owner")).data).toMatchObject({ sandboxPayments: false });
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    expect(await post(browser, responderUuid, purchase(page.attemptKey, "pm_card_visa"))).toRedirectTo(
      `/payment-complete/${responderUuid}`,
    );
    const received = await providerReceipts("pre-auth-checkout");
    expect(received).toHaveLength(1);
    expect(received[0]!.body).not.toHaveProperty("sandbox");
  });

  it("tells the page only the publishable key and where Stripe.js comes from", async () => {
    const { page } = await onFinalCheckout(new TestBrowser());
    expect(page.payment).toEqual({ kind: "stripe", publishableKey: "pk_test_123", stripeJsUrl: "https://js.stripe.com/v3/" });
    expect(JSON.stringify(page)).not.toContain("sk_test");
  });

  it("holds the total on her card once (manual capture, kept for renewals), then on to payment-complete", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    const totalCents = page.totals.totalCents as number;
    expect(totalCents).toBe(39900);

    const answer = await post(browser, responderUuid, purchase(page.attemptKey, "pm_card_visa"));
    expect(answer).toRedirectTo(`/payment-complete/${responderUuid}`);

    expect(standIn.created.paymentIntents).toBe(1);
    const [intent] = [...standIn.paymentIntents.values()];
    expect(intent).toMatchObject({
      amount: totalCents,
      currency: "usd",
      capture_method: "manual",
      setup_future_usage: "off_session",
      payment_method: "pm_card_visa",
      status: "requires_capture",
      metadata: { responder_uuid: responderUuid },
    });
    expect(intent!.params.return_url).toBe(`${origin}/final-checkout/${responderUuid}`);
    // The customer carries her billing details from the form.
    expect([...standIn.customers.values()]).toMatchObject([
      { name: "Jane Doe", email: jane.email, address: { line1: address.addressLine1, postal_code: address.zipCode, country: "US" } },
    ]);
    expect(await allOrders()).toMatchObject([
      { responderUuid, status: "authorised", gateway: "stripe", paymentReference: intent!.id, cardBrand: "visa", cardLast4: "4242" },
    ]);

    const complete = await browser.call(paymentComplete.loader, `/payment-complete/${responderUuid}`, { params: { responderUuid } });
    expect(complete).toHaveStatus(200);
    expect(complete.data.card).toBe("visa ending 4242");
  });

  it("holds nothing without her subscription agreement: Stripe is asked nothing, no order is made", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await onFinalCheckout(browser);
    // With JavaScript the page makes no card while the box is unticked; without it, nothing is
    // made either; a client that made one anyway is refused all the same.
    for (const form of [purchase("no-card"), purchase("a-card", "pm_card_visa")]) {
      const unticked = Object.fromEntries(Object.entries(form).filter(([name]) => name !== "subscriptionAgreement"));
      const answer = await post(browser, responderUuid, unticked);
      expect(answer).toHaveStatus(400);
      expect(answer.data.lastResult.error).toEqual({ subscriptionAgreement: ["Agree to the subscription terms to continue"] });
      expect(answer.data.clientSecret).toBeUndefined();
    }
    expect(standIn.requests.filter((request) => request.method === "POST")).toEqual([]);
    expect(await allOrders()).toEqual([]);
    expect(await providerReceipts("pre-auth-checkout")).toEqual([]);
  });

  it("answers a decline with 402 and Stripe's message, and a new attempt key", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    const answer = await post(browser, responderUuid, purchase(page.attemptKey, "pm_card_chargeDeclined"));
    expect(answer).toHaveStatus(402);
    expect(answer.data.lastResult.error).toEqual({ "": ["Your card was declined."] });
    expect(answer.data.attemptKey).toEqual(expect.any(String));
    expect(answer.data.attemptKey).not.toBe(page.attemptKey);
    expect(await allOrders()).toMatchObject([{ status: "declined", failureMessage: "Your card was declined." }]);

    // The next attempt, with another card made in the page, goes through.
    const again = await post(browser, responderUuid, purchase(answer.data.attemptKey, "pm_card_visa"));
    expect(again.location).toBe(`/payment-complete/${responderUuid}`);
    expect(standIn.created.paymentIntents).toBe(2);
  });

  it("asks for 3-D Secure in the page, then confirm-payment checks the PaymentIntent with Stripe", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    const answer = await post(browser, responderUuid, purchase(page.attemptKey, "pm_card_threeDSecure2Required"));
    expect(answer).toHaveStatus(200);
    const [intent] = [...standIn.paymentIntents.values()];
    expect(answer.data.clientSecret).toBe(intent!.client_secret);
    expect(await allOrders()).toMatchObject([{ status: "requires_action", paymentReference: intent!.id }]);

    // Posted before she passed the challenge: Stripe.js is asked to show it again.
    const early = await confirmPayment(browser, responderUuid, page.attemptKey);
    expect(early).toHaveStatus(200);
    expect(early.data.clientSecret).toBe(intent!.client_secret);

    standIn.authenticate(intent!.id);
    const confirmed = await confirmPayment(browser, responderUuid, page.attemptKey);
    expect(confirmed).toRedirectTo(`/payment-complete/${responderUuid}`);
    expect(await allOrders()).toMatchObject([{ status: "authorised", paymentReference: intent!.id, cardLast4: "3184" }]);
    expect(standIn.requestsTo("GET", `/v1/payment_intents/${intent!.id}`)).toHaveLength(2);
    expect(standIn.created.paymentIntents).toBe(1);

    // A second confirm (another tab) finds it paid, and asks Stripe nothing.
    const twice = await confirmPayment(browser, responderUuid, page.attemptKey);
    expect(twice.location).toBe(`/payment-complete/${responderUuid}`);
    expect(standIn.requestsTo("GET", `/v1/payment_intents/${intent!.id}`)).toHaveLength(2);
  });

  it("declines when she fails 3-D Secure, with Stripe's message", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    await post(browser, responderUuid, purchase(page.attemptKey, "pm_card_threeDSecure2Required"));
    const [intent] = [...standIn.paymentIntents.values()];
    standIn.authenticate(intent!.id, false);
    const answer = await confirmPayment(browser, responderUuid, page.attemptKey);
    expect(answer).toHaveStatus(402);
    expect(answer.data.lastResult.error[""]).toEqual([expect.stringMatching(/^We are unable to authenticate your payment method/)]);
    expect(await allOrders()).toMatchObject([{ status: "declined" }]);
  });

  it("refuses confirm-payment from a browser that does not own the flow, and with no payment waiting", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    const stranger = await confirmPayment(new TestBrowser(), responderUuid, page.attemptKey);
    expect(stranger).toHaveStatus(404);

    const nothingWaiting = await confirmPayment(browser, responderUuid, page.attemptKey);
    expect(nothingWaiting).toHaveStatus(402);
    expect(nothingWaiting.data.lastResult.error).toEqual({ "": ["An unexpected error occurred. Please try again."] });
    expect(standIn.requests).toEqual([]);
  });

  it("without JavaScript, sends her to Stripe's hosted Checkout page and takes her back to payment-complete", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    const answer = await post(browser, responderUuid, purchase(page.attemptKey));
    expect(answer).toHaveStatus(303);
    const [session] = [...standIn.checkoutSessions.values()];
    expect(answer.location).toBe(session!.url);
    expect(answer.location).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(standIn.created.paymentIntents).toBe(0);
    expect(session).toMatchObject({
      customer_email: jane.email,
      success_url: `${origin}/payment-return/${responderUuid}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/final-checkout/${responderUuid}`,
    });
    expect(session!.params).toMatchObject({
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: String(page.totals.totalCents) } }],
      payment_intent_data: { capture_method: "manual", setup_future_usage: "off_session" },
    });
    expect(await allOrders()).toMatchObject([{ status: "requires_action", paymentReference: session!.id }]);

    standIn.completeCheckout(session!.id, "pm_card_visa");
    const back = await browser.call(paymentReturn.loader, `/payment-return/${responderUuid}?session_id=${session!.id}`, {
      params: { responderUuid },
    });
    expect(back).toRedirectTo(`/payment-complete/${responderUuid}`);
    const intentId = standIn.checkoutSessions.get(session!.id)!.payment_intent!;
    expect(standIn.paymentIntents.get(intentId)).toMatchObject({ amount: page.totals.totalCents, capture_method: "manual" });
    expect(await allOrders()).toMatchObject([{ status: "authorised", paymentReference: intentId, cardLast4: "4242" }]);

    // The return address again (a reload): nothing is resumed twice.
    const reload = await browser.call(paymentReturn.loader, `/payment-return/${responderUuid}?session_id=${session!.id}`, {
      params: { responderUuid },
    });
    expect(reload.location).toBe(`/final-checkout/${responderUuid}`);
    expect(standIn.requestsTo("GET", `/v1/checkout/sessions/${session!.id}`)).toHaveLength(1);
  });

  it("brings her back to the checkout with the message when the hosted page declined her card", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    await post(browser, responderUuid, purchase(page.attemptKey));
    const [session] = [...standIn.checkoutSessions.values()];
    standIn.completeCheckout(session!.id, "pm_card_chargeDeclined");
    const back = await browser.call(paymentReturn.loader, `/payment-return/${responderUuid}?session_id=${session!.id}`, {
      params: { responderUuid },
    });
    expect(back.location).toBe(`/final-checkout/${responderUuid}#payment-failure`);
    const again = await browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params: { responderUuid } });
    expect(again.data.lastFailure).toBe("Your card was declined.");
  });

  it("sends any other return back to the checkout, asking Stripe nothing", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    await post(browser, responderUuid, purchase(page.attemptKey));
    const [session] = [...standIn.checkoutSessions.values()];
    standIn.completeCheckout(session!.id);
    const returnTo = (who: TestBrowser, query: string) =>
      who.call(paymentReturn.loader, `/payment-return/${responderUuid}${query}`, { params: { responderUuid } });

    for (const query of ["", "?session_id=cs_test_someone_elses", `?session_id=${session!.id}x`]) {
      const answer = await returnTo(browser, query);
      expect(answer).toRedirectTo(`/final-checkout/${responderUuid}`);
    }
    // Another browser with the right session id: not hers to resume.
    expect((await returnTo(new TestBrowser(), `?session_id=${session!.id}`)).location).toBe(`/final-checkout/${responderUuid}`);
    // A confirm-payment post cannot touch a hosted session either.
    expect(await confirmPayment(browser, responderUuid, page.attemptKey)).toHaveStatus(409);
    expect(standIn.requestsTo("GET", `/v1/checkout/sessions/${session!.id}`)).toEqual([]);
    expect(await allOrders()).toMatchObject([{ status: "requires_action", paymentReference: session!.id }]);
  });

  it("makes one PaymentIntent and one order from 20 posts of the same form at once", async () => {
    const browser = new TestBrowser();
    const { responderUuid, page } = await onFinalCheckout(browser);
    const form = purchase(page.attemptKey, "pm_card_visa");
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(browser, responderUuid, form)));
    expect(answers.map((a) => a.location)).toEqual(Array(20).fill(`/payment-complete/${responderUuid}`));
    expect(standIn.created.paymentIntents).toBe(1);
    expect(createdIntents()).toHaveLength(1);
    expect(standIn.created.customers).toBe(1);
    expect(await allOrders()).toHaveLength(1);
    expect((await allOrders())[0]).toMatchObject({ status: "authorised", attempts: 1 });
  });
});
