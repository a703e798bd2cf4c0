// The final checkout with the sandbox gateway and the embedded provider, against a real
// Postgres engine: the page, the order placed exactly once, declines, 3-D Secure, promo codes.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as paymentComplete from "../../app/routes/payment-complete.$responderUuid";
import * as sandboxAuthenticate from "../../app/routes/sandbox.authenticate.$reference";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { orders } from "../../app/server/db/schema.server";
import { aPerson, anAddress, aTestCard, checkoutForm } from "../support/factories";
import { readyToPay, startFlow, paymentForm } from "../support/funnel-steps";
import { providerReceipts } from "../support/provider-receipts";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

afterEach(() => {
  vi.useRealTimers();
});

const jane = aPerson();
const address = anAddress();
const visa = aTestCard();

/** What she chose before paying: Patch, on the default (quarterly) plan. */
const patchPlan = { options: ["patch"] };

function pageOf(browser: TestBrowser, responderUuid: string, query = "") {
  return browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}${query}`, { params: { responderUuid } });
}

async function post(browser: TestBrowser, responderUuid: string, form: Record<string, string>, query = "") {
  return browser.call(finalCheckout.action, `/final-checkout/${responderUuid}${query}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, form),
  });
}

const purchase = (attemptKey: string, card = visa) => checkoutForm({ ...card, attemptKey });

async function allOrders() {
  return (await database()).select().from(orders);
}

const receivedOrders = () => providerReceipts("pre-auth-checkout");

describe("the final checkout page", () => {
  it("shows her cart priced on her plan, her details, and a countdown that keeps its end", async () => {
    // Her clock stands still until it is moved, so a slow machine cannot eat into the countdown.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const page = await pageOf(browser, uuid);
    expect(page).toHaveStatus(200);
    expect(page.data.cart.medications.map((m: { product_id: string; selected_price: number }) => [m.product_id, m.selected_price])).toEqual(
      [
        ["patch", 399],
        ["progesterone_pill", 0],
      ],
    );
    expect(page.data.totals).toEqual({ subtotalCents: 39900, discountCents: 0, totalCents: 39900 });
    expect(page.data.values).toMatchObject(jane);
    expect(page.data.secondsLeft).toBe(900);
    expect(page.data.payment).toEqual({ kind: "sandbox" });
    // Without a referral code there is no promo box (spec section 5).
    expect(page.data.promoBoxShown).toBe(false);
    // Her clock moves on a minute; the countdown's end does not move with it.
    vi.setSystemTime(start + 60_000);
    expect((await pageOf(browser, uuid)).data.secondsLeft).toBe(840);
  });

  it("shows an empty cart when she has chosen nothing", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    const page = await pageOf(browser, uuid);
    expect(page.data.cart.medications).toEqual([]);
    const answer = await post(browser, uuid, purchase("empty"));
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error[""]).toEqual(["No medications selected"]);
    expect(await allOrders()).toEqual([]);
  });

  it("refuses missing shipping fields with the spec's message, and a PO Box plainly", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const missing = await post(browser, uuid, { ...purchase("a"), city: "" });
    expect(missing).toHaveStatus(400);
    expect(missing.data.toast.description).toBe("Please fill in all shipping address fields");
    expect(missing.data.lastResult.error.city).toEqual(["Enter your city"]);
    const account = await post(browser, uuid, { ...purchase("a"), phone: "" });
    expect(account.data.toast.description).toBe("Please fill in all account details");
    const poBox = await post(browser, uuid, { ...purchase("a"), addressLine1: "P.O. Box 123" });
    expect(poBox).toHaveStatus(400);
    expect(poBox.data.lastResult.error.addressLine1).toEqual(["We cannot deliver to a PO Box. Enter a street address."]);
    const unticked = await post(browser, uuid, { ...purchase("a"), subscriptionAgreement: "" });
    expect(unticked.data.lastResult.error.subscriptionAgreement).toEqual(["Agree to the subscription terms to continue"]);
    expect(await allOrders()).toEqual([]);
  });
});

describe("paying", () => {
  it("authorises 4242, sends the provider the spec's order, and goes on to the thank-you page", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { ...patchPlan, query: "?utm_source=mail&referral_code=friend" });
    const answer = await post(browser, uuid, purchase("attempt-1"));
    expect(answer).toRedirectTo(`/payment-complete/${uuid}`);

    const [order] = await allOrders();
    expect(order).toMatchObject({ status: "authorised", amountCents: 39900, cardBrand: "visa", cardLast4: "4242" });
    const [received] = await receivedOrders();
    expect(received?.body).toMatchObject({
      customer: jane,
      shippingAddress: { firstName: "Jane", lastName: "Doe", ...address },
      billingAddress: { sameAsShipping: true, ...address },
      medications: [
        { product_id: "patch", price: 399, planType: "quarterly", billing_frequency: "every 3 months", category_name: "Estrogen" },
        { product_id: "progesterone_pill", price: 0, planType: "quarterly" },
      ],
      pricing: { subtotal: 399, shipping: 0, tax: 0, total: 399, currency: "USD" },
      payment: { amount: 39900, currency: "usd" },
      metadata: { orderSource: "website", checkoutFlow: "three-step", responder_uuid: uuid, referral_code: "friend", utm_source: "mail" },
    });
    expect(JSON.stringify(received?.body)).not.toContain("4242 4242");

    const done = await browser.call(paymentComplete.loader, `/payment-complete/${uuid}`, { params: { responderUuid: uuid } });
    expect(done.data).toMatchObject({ destination: "/thank-you", message: "Payment successful! Redirecting you...", delayMs: 3000 });
    expect(done.headers.get("Refresh")).toBe("3;url=/thank-you");
    // Her data for the flow is no longer this browser's.
    const again = await pageOf(browser, uuid);
    expect(again).toHaveStatus(303);
    expect(again.location).not.toContain(uuid);
  });

  it("makes one order and one authorisation of 20 identical posts at once", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(browser, uuid, purchase("double-click"))));
    expect(answers.map((answer) => answer.location)).toEqual(Array(20).fill(`/payment-complete/${uuid}`));
    expect(await allOrders()).toHaveLength(1);
    expect((await allOrders())[0]?.attempts).toBe(1);
    expect(await receivedOrders()).toHaveLength(1);
    // A second tab with its own attempt key sees the same paid order.
    const secondTab = await post(browser, uuid, purchase("second-tab"));
    expect(secondTab.location).toBe(`/payment-complete/${uuid}`);
    expect((await allOrders())[0]?.attempts).toBe(1);
  });

  it("shows a decline, keeps what she typed but the security code, and lets her try another card", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const declined = await post(browser, uuid, purchase("first", { ...visa, cardNumber: "4000 0000 0000 0002" }));
    expect(declined).toHaveStatus(402);
    expect(declined.data.lastResult.error[""]).toEqual(["Your card was declined."]);
    expect(declined.data.lastResult.initialValue).toMatchObject({ ...jane, ...address, cardNumber: "4000 0000 0000 0002" });
    expect(declined.data.lastResult.initialValue.securityCode).toBeUndefined();
    expect((await allOrders())[0]?.status).toBe("declined");
    // The same page posted again is the same attempt: it answers the decline, it does not retry.
    expect(await post(browser, uuid, purchase("first"))).toHaveStatus(402);
    const retried = await post(browser, uuid, purchase(declined.data.attemptKey));
    expect(retried.location).toBe(`/payment-complete/${uuid}`);
    expect((await allOrders())[0]).toMatchObject({ status: "authorised", attempts: 2 });
  });

  it("refuses a card that is not a test card without keeping it", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const answer = await post(browser, uuid, purchase("real", { ...visa, cardNumber: "4111 1111 1111 1111" }));
    expect(answer).toHaveStatus(402);
    expect(answer.data.lastResult.error[""][0]).toMatch(/sandbox/);
    const [order] = await allOrders();
    expect(JSON.stringify(order)).not.toContain("4111");
  });

  it("asks for 3-D Secure on the sandbox page, and authorises once it is completed", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const answer = await post(browser, uuid, purchase("3ds", { ...visa, cardNumber: "4000 0027 6000 3184" }));
    expect(answer).toHaveStatus(303);
    const reference = locationOf(answer).pathname.split("/").pop()!;
    expect(answer.location).toBe(`/sandbox/authenticate/${reference}`);
    // Nobody else may complete it.
    const stranger = await new TestBrowser().call(sandboxAuthenticate.loader, answer.location!, { params: { reference } });
    expect(stranger).toHaveStatus(404);
    const completed = await browser.call(sandboxAuthenticate.action, answer.location!, {
      params: { reference },
      form: { outcome: "complete" },
    });
    expect(completed.location).toBe(`/payment-complete/${uuid}`);
    expect((await allOrders())[0]?.status).toBe("authorised");
  });

  it("declines when 3-D Secure fails, and shows why on the page", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const answer = await post(browser, uuid, purchase("3ds", { ...visa, cardNumber: "4000 0027 6000 3184" }));
    const reference = locationOf(answer).pathname.split("/").pop()!;
    const failed = await browser.call(sandboxAuthenticate.action, answer.location!, { params: { reference }, form: { outcome: "fail" } });
    expect(failed.location).toBe(`/final-checkout/${uuid}#payment-failure`);
    const page = await pageOf(browser, uuid);
    expect(page.data.lastFailure).toBe("We could not authenticate your payment. Please try again or use another card.");
    expect(page.data.values).toMatchObject(address);
  });

  it("lets her pay with another card after leaving 3-D Secure unfinished", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const waiting = await post(browser, uuid, purchase("3ds", { ...visa, cardNumber: "4000 0027 6000 3184" }));
    expect(waiting.location).toMatch(/^\/sandbox\/authenticate\//);
    // She comes back to the checkout instead, and pays with 4242 on a new page.
    const paid = await post(browser, uuid, purchase("after-3ds"));
    expect(paid.location).toBe(`/payment-complete/${uuid}`);
    expect((await allOrders())[0]).toMatchObject({ status: "authorised", attempts: 2, cardLast4: "4242" });
    expect(await receivedOrders()).toHaveLength(1);
  });

  it("settles an attempt cut off mid-way with the gateway, then pays under her new page's key", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { options: ["patch"] });
    await post(browser, uuid, purchase("first", { ...visa, cardNumber: "4000 0000 0000 0002" }));
    // As a crash would leave it: still processing, an hour ago, under the key "first".
    const db = await database();
    await db
      .update(orders)
      .set({ status: "processing", updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.responderUuid, uuid));
    // Without settling it every new page would wait 20 s and answer 409 for ever.
    const next = await post(browser, uuid, purchase("second-page"));
    expect(next.location).toBe(`/payment-complete/${uuid}`);
    // The sandbox never held anything under "first": that attempt failed, and hers ran under its own key.
    expect((await allOrders())[0]).toMatchObject({ status: "authorised", attemptKey: "second-page", attempts: 2 });
    expect(await receivedOrders()).toHaveLength(1);
  });

  it("stops trying cards after five failures", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    for (let i = 0; i < 5; i++) {
      const answer = await post(browser, uuid, purchase(`try-${i}`, { ...visa, cardNumber: "4000 0000 0000 0002" }));
      expect(answer).toHaveStatus(402);
    }
    const blocked = await post(browser, uuid, purchase("try-6"));
    expect(blocked).toHaveStatus(429);
    expect(blocked.data.lastResult.error[""][0]).toMatch(/^Too many payment attempts\. Please try again in \d+ minutes?\.$/);
    expect((await allOrders())[0]?.status).toBe("declined");
  });
});

describe("promo codes on the page", () => {
  it("applies a good code to the total and sends it with the order", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { ...patchPlan, query: "?referral_code=friend" });
    expect((await pageOf(browser, uuid)).data.promoBoxShown).toBe(true);
    const applied = await post(browser, uuid, { ...jane, city: "Boston", intent: "apply-promo", promoCode: " save50 " });
    expect(applied).toHaveStatus(200);
    // What she had typed comes back with the page.
    expect(applied.data.lastResult.initialValue).toMatchObject({ city: "Boston" });
    const page = await pageOf(browser, uuid);
    expect(page.data.totals).toEqual({ subtotalCents: 39900, discountCents: 5000, totalCents: 34900 });
    expect(page.data.promo).toEqual({ code: "SAVE50", message: "Promo code applied! You saved $50.00", applied: true });

    await post(browser, uuid, purchase("with-promo"));
    const [received] = await receivedOrders();
    expect(received?.body).toMatchObject({
      pricing: { subtotal: 399, total: 349, discount_amount: 50, original_price: 399 },
      payment: { amount: 34900 },
      metadata: { discount_code: "SAVE50" },
    });
  });

  it("drops a percentage discount when the cart changes, and asks for the code again", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { query: "?referral_code=friend", options: ["patch"] });
    await post(browser, uuid, { intent: "apply-promo", promoCode: "WELCOME20" });
    expect((await pageOf(browser, uuid)).data.totals).toEqual({ subtotalCents: 39900, discountCents: 7980, totalCents: 31920 });
    // Back on the selection page she moves to the monthly plan: $149, not $149 − $79.80.
    const params = { responderUuid: uuid };
    await browser.call(checkout.action, `/checkout/${uuid}`, { params, form: { intent: "plan", plan: "monthly" } });
    await browser.call(checkout.action, `/checkout/${uuid}`, { params, form: { intent: "add-to-plan" } });
    const page = await pageOf(browser, uuid);
    expect(page.data.totals).toEqual({ subtotalCents: 14900, discountCents: 0, totalCents: 14900 });
    expect(page.data.promo).toEqual({
      code: null,
      message: "Your order has changed. Please apply your promo code again.",
      applied: false,
    });
    await post(browser, uuid, { intent: "apply-promo", promoCode: "WELCOME20" });
    expect((await pageOf(browser, uuid)).data.totals).toEqual({ subtotalCents: 14900, discountCents: 2980, totalCents: 11920 });
  });

  it("ignores a code posted where the promo box is not shown", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { options: ["patch"] });
    await post(browser, uuid, { intent: "apply-promo", promoCode: "SAVE50" });
    expect((await pageOf(browser, uuid)).data.totals.discountCents).toBe(0);
  });

  it("says why a code is refused, and ignores a blank one", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { ...patchPlan, query: "?referral_code=friend" });
    await post(browser, uuid, { intent: "apply-promo", promoCode: "SPRING2025" });
    expect((await pageOf(browser, uuid)).data.promo).toEqual({ code: null, message: "This promo code has expired.", applied: false });
    await post(browser, uuid, { intent: "apply-promo", promoCode: "   " });
    expect((await pageOf(browser, uuid)).data.promo.message).toBe("This promo code has expired.");
    const [row] = await (await database()).select().from(orders).where(eq(orders.responderUuid, uuid));
    expect(row).toBeUndefined();
  });
});

describe("the payment form's CSRF token", () => {
  it("refuses a purchase without the page's token, keeping what she typed and ordering nothing", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    for (const csrf of ["", "forged-token"]) {
      const answer = await post(browser, uuid, { ...purchase(`no-token-${csrf}`), csrf });
      expect(answer).toHaveStatus(403);
      expect(answer.data.lastResult.error[""]).toEqual(["This page has expired. Please reload it and try again."]);
      expect(answer.data.lastResult.initialValue).toMatchObject({ addressLine1: address.addressLine1 });
    }
    expect(await allOrders()).toHaveLength(0);
  });

  it("refuses the token of another flow or another browser", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const other = await readyToPay(browser, patchPlan);
    const otherToken = (await paymentForm(browser, other, {})).csrf!;
    expect(await post(browser, uuid, { ...purchase("wrong-flow"), csrf: otherToken })).toHaveStatus(403);
    const stranger = new TestBrowser();
    await readyToPay(stranger, patchPlan);
    const strangerToken = (await paymentForm(stranger, uuid, {})).csrf!;
    expect(await post(browser, uuid, { ...purchase("wrong-browser"), csrf: strangerToken })).toHaveStatus(403);
    expect(await allOrders()).toHaveLength(0);
    // The page's own token goes through.
    expect(await post(browser, uuid, purchase("right"))).toHaveStatus(303);
  });

  it("puts the token in the page", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, patchPlan);
    const page = await pageOf(browser, uuid);
    expect(page.data.csrfToken).toBe((await paymentForm(browser, uuid, {})).csrf);
  });
});
