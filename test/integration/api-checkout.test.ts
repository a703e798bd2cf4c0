// The JSON checkout routes: GET /api/check-promo-code/{code}/{price_in_cents} and
// POST /api/pre-auth-checkout, against a real Postgres engine and the sandbox gateway.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "../../app/server/log.server";
import * as promoApi from "../../app/routes/api.check-promo-code.$code.$priceInCents";
import * as preAuthApi from "../../app/routes/api.pre-auth-checkout/route";
import { shippingMessages } from "../../app/funnel/final-checkout";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { orders, sandboxPayments, shippingAddresses } from "../../app/server/db/schema.server";
import { openCheckoutCart } from "../../app/server/checkout/cart.server";
import { promoNotOffered } from "../../app/server/checkout/pay-for-flow.server";
import type { Provider } from "../../app/server/provider/index.server";
import { aPerson, anAddress } from "../support/factories";
import { flowWithPlan, type PlanChoice, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedToken, testTokenSecret } from "../support/tokens";

/** Lets a test put another provider in place of the configured one. */
const providerOverride = vi.hoisted(() => ({ wrap: undefined as undefined | ((real: Provider) => Provider) }));
vi.mock("../../app/server/provider/index.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../app/server/provider/index.server")>();
  return {
    ...actual,
    provider: async () => {
      const real = await actual.provider();
      return providerOverride.wrap ? providerOverride.wrap(real) : real;
    },
  };
});

let errors: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await resetDatabase();
  await (await database()).execute(sql`truncate table rate_limit_counters`);
  clearProviderCaches();
  providerOverride.wrap = undefined;
  errors = vi.spyOn(log, "error");
});
afterEach(() => {
  // No answer of these routes may come from an unexpected failure.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

/** What a visitor here chooses after /welcome: Patch on the monthly plan. */
const monthlyPatch: PlanChoice = { plan: "monthly", options: ["patch"] };

describe("GET /api/check-promo-code/{code}/{price_in_cents}", () => {
  const price = 39_900;

  function check(browser: TestBrowser, code: string, priceInCents: string | number = price) {
    return browser.call(promoApi.loader, `/api/check-promo-code/${encodeURIComponent(code)}/${priceInCents}`, {
      params: { code, priceInCents: String(priceInCents) },
    });
  }

  it.each([
    ["WELCOME20", { valid: true, adjusted_price: 31_920, discount_amount: 7_980, message: "Promo code applied! You saved $79.80" }],
    [" welcome20 ", { valid: true, adjusted_price: 31_920, discount_amount: 7_980, message: "Promo code applied! You saved $79.80" }],
    ["SAVE50", { valid: true, adjusted_price: 34_900, discount_amount: 5_000, message: "Promo code applied! You saved $50.00" }],
    ["SPRING2025", { valid: false, adjusted_price: price, discount_amount: 0, message: "This promo code has expired." }],
    ["NOSUCHCODE", { valid: false, adjusted_price: price, discount_amount: 0, message: "This promo code is not valid." }],
  ])("answers %j on a 39,900-cent price", async (code, expected) => {
    const answer = await check(new TestBrowser(), code);
    expect(answer).toHaveStatus(200);
    expect(answer.data).toEqual(expected);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  it("never takes off more than the price, and takes a price of 0 or 10,000,000", async () => {
    const browser = new TestBrowser();
    expect((await check(browser, "SAVE50", 3_000)).data).toEqual({
      valid: true,
      adjusted_price: 0,
      discount_amount: 3_000,
      message: "Promo code applied! You saved $30.00",
    });
    expect(await check(browser, "SAVE50", 0)).toHaveStatus(200);
    expect((await check(browser, "WELCOME20", 10_000_000)).data).toMatchObject({ valid: true, discount_amount: 2_000_000 });
  });

  it.each(["SAVE 50", "SAVE50!", "A".repeat(41), "../x", "   "])("refuses the code %j with 400", async (code) => {
    const answer = await check(new TestBrowser(), code);
    expect(answer).toHaveStatus(400);
    expect(answer.data).toEqual({ valid: false, message: "The promo code must be 1 to 40 letters, digits, - or _." });
  });

  it.each(["abc", "-1", "1.5", "1e3", "10000001", "99999999999", ""])("refuses the price %j with 400", async (priceInCents) => {
    const answer = await check(new TestBrowser(), "SAVE50", priceInCents);
    expect(answer).toHaveStatus(400);
    expect(answer.data).toEqual({
      valid: false,
      message: "The price must be a whole number of cents from 0 to 10000000.",
    });
  });

  it("applies the $100 HRT100 fallback when the provider answers 500, and says so when it cannot answer", async () => {
    const browser = new TestBrowser();
    providerOverride.wrap = (real) => ({ ...real, checkPromoCode: async () => ({ outcome: "http-error", status: 500 }) });
    expect((await check(browser, "hrt100", 19_900)).data).toEqual({
      valid: true,
      adjusted_price: 9_900,
      discount_amount: 10_000,
      message: "Promo code applied! You saved $100.00",
    });
    const other = await check(browser, "SAVE50", 19_900);
    expect(other).toHaveStatus(503);
    expect(other.data).toEqual({
      valid: false,
      adjusted_price: 19_900,
      discount_amount: 0,
      message: "Unable to validate promo code. Please try again.",
    });
    providerOverride.wrap = (real) => ({ ...real, checkPromoCode: async () => ({ outcome: "unreachable" }) });
    expect(await check(browser, "HRT100", 19_900)).toHaveStatus(503);
  });

  it("answers 429 with Retry-After on the 11th check of a visitor, and still answers another", async () => {
    const browser = new TestBrowser();
    await flowWithPlan(browser, monthlyPatch);
    for (let i = 0; i < 10; i++) expect(await check(browser, `GUESS${i}`)).toHaveStatus(200);
    const limited = await check(browser, "WELCOME20");
    expect(limited).toHaveStatus(429);
    expect(limited.data).toEqual({
      valid: false,
      message: expect.stringMatching(/^Too many promo codes tried\. Please try again in (1 minute|([2-9]|10) minutes)\.$/),
    });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(600);

    const another = new TestBrowser();
    await flowWithPlan(another, monthlyPatch);
    expect(await check(another, "WELCOME20")).toHaveStatus(200);
  });

  it("refuses a POST with 405", async () => {
    const answer = await new TestBrowser().call(promoApi.action, "/api/check-promo-code/SAVE50/39900", {
      params: { code: "SAVE50", priceInCents: "39900" },
      body: "{}",
      contentType: "application/json",
    });
    expect(answer).toHaveStatus(405);
    expect(answer.headers.get("Allow")).toBe("GET");
  });
});

describe("POST /api/pre-auth-checkout", () => {
  const jane = aPerson();
  const address = anAddress();
  const name = { firstName: jane.firstName, lastName: jane.lastName };

  /** The spec section 7 body, with medications and prices the server must not believe. */
  function orderBody(
    responderUuid: string,
    overrides: { payment?: object; shippingAddress?: object; customer?: object; metadata?: object } = {},
  ) {
    return {
      customer: { ...jane, ...overrides.customer },
      shippingAddress: { ...name, ...address, ...overrides.shippingAddress },
      billingAddress: { sameAsShipping: true, ...name, ...address },
      medications: [{ id: "patch", product_id: "patch", name: "Patch", dosage: "x", price: 0.01, planType: "monthly" }],
      pricing: { subtotal: 0.01, shipping: 0, tax: 0, total: 0.01, currency: "USD" },
      payment: { stripePaymentMethodId: "pm_card_visa", currency: "usd", ...overrides.payment },
      metadata: {
        orderSource: "website",
        checkoutFlow: "three-step",
        timestamp: new Date().toISOString(),
        responder_uuid: responderUuid,
        ...overrides.metadata,
      },
      subscriptionAgreement: true,
    };
  }

  function post(browser: TestBrowser, body: unknown, headers: Record<string, string> = {}) {
    return browser.call(preAuthApi.action, "/api/pre-auth-checkout", {
      body: typeof body === "string" ? body : JSON.stringify(body),
      contentType: "application/json",
      headers,
    });
  }

  async function storedOrders() {
    return (await database()).select().from(orders);
  }

  it("authorises the owner's order at our price, not the body's, and answers where she goes", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const { totals } = await openCheckoutCart(uuid, "current");
    expect(totals.totalCents).toBeGreaterThan(100);

    const answer = await post(browser, orderBody(uuid));
    expect(answer).toHaveStatus(200);
    expect(answer.data).toEqual({ success: true, redirect_url: "/thank-you", redirect_type: "other" });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");

    const rows = await storedOrders();
    expect(rows).toHaveLength(1);
    const [order] = rows;
    expect(order).toMatchObject({
      responderUuid: uuid,
      status: "authorised",
      amountCents: totals.totalCents,
      cardLast4: "4242",
      attempts: 1,
    });
    const body = order!.body as {
      medications: { product_id: string; price: number }[];
      pricing: { total: number };
      payment: { amount: number };
    };
    expect(body.medications.map((medication) => medication.product_id)).toEqual(["patch", "progesterone_pill"]);
    expect(body.pricing.total).toBe(totals.totalCents / 100);
    expect(body.payment.amount).toBe(totals.totalCents);
    const [shipping] = await (await database()).select().from(shippingAddresses);
    expect(shipping).toMatchObject({ responderUuid: uuid, addressLine1: address.addressLine1, zipCode: address.zipCode });
  });

  it("places one order for the same Idempotency-Key posted twice, with the same answer", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const { totals } = await openCheckoutCart(uuid, "current");
    const body = orderBody(uuid, { payment: { amount: totals.totalCents } });
    const headers = { "Idempotency-Key": "attempt-0001" };
    const first = await post(browser, body, headers);
    const second = await post(browser, body, headers);
    expect(first).toHaveStatus(200);
    expect(second).toHaveStatus(first.status);
    expect(second.data).toEqual(first.data);
    const rows = await storedOrders();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "authorised", attempts: 1, attemptKey: "attempt-0001" });
  });

  it("answers a declined card with 402 and its message, and the same key again without paying again", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const body = orderBody(uuid, { payment: { stripePaymentMethodId: "pm_card_chargeDeclined" } });
    const declined = await post(browser, body, { "Idempotency-Key": "k1" });
    expect(declined).toHaveStatus(402);
    expect(declined.data).toEqual({ success: false, message: "Your card was declined." });
    expect(await storedOrders()).toMatchObject([{ status: "declined", failureMessage: "Your card was declined.", attempts: 1 }]);
    expect((await post(browser, body, { "Idempotency-Key": "k1" })).data).toEqual(declined.data);
    expect(await storedOrders()).toMatchObject([{ attempts: 1 }]);

    const poor = await post(browser, orderBody(uuid, { payment: { stripePaymentMethodId: "pm_card_chargeDeclinedInsufficientFunds" } }));
    expect(poor).toHaveStatus(402);
    expect(poor.data.message).toBe("Your card has insufficient funds.");
    // A new attempt after a refusal goes through.
    expect(await post(browser, orderBody(uuid))).toHaveStatus(200);
    expect(await storedOrders()).toMatchObject([{ status: "authorised", attempts: 3 }]);
  });

  it("asks for authentication with 202 for a 3-D Secure card", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await post(browser, orderBody(uuid, { payment: { stripePaymentMethodId: "pm_card_threeDSecure2Required" } }));
    expect(answer).toHaveStatus(202);
    expect(answer.data).toEqual({
      success: false,
      requires_action: true,
      redirect_url: expect.stringMatching(/^\/sandbox\/authenticate\/sandbox_pi_[0-9a-f]{24}$/),
    });
    expect(await storedOrders()).toMatchObject([{ status: "requires_action" }]);
  });

  it("answers 429 with Retry-After once she has had 5 payments refused", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const declined = orderBody(uuid, { payment: { stripePaymentMethodId: "pm_card_chargeDeclined" } });
    for (let i = 0; i < 5; i++) expect(await post(browser, declined)).toHaveStatus(402);
    const limited = await post(browser, orderBody(uuid));
    expect(limited).toHaveStatus(429);
    expect(limited.data.message).toMatch(/^Too many payment attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await storedOrders()).toMatchObject([{ status: "declined", attempts: 5 }]);
  });

  it("lets the bearer of a valid token for the uuid pay, and nobody else", async () => {
    const uuid = await flowWithPlan(new TestBrowser(), monthlyPatch);
    const token = await signedToken({ responder_uuid: uuid, email: "jane@example.org" }, testTokenSecret);
    const otherToken = await signedToken(
      { responder_uuid: "0b9f8c1e-2d3a-4b5c-8d6e-7f8091a2b3c4", email: "jane@example.org" },
      testTokenSecret,
    );
    const stranger = await post(new TestBrowser(), orderBody(uuid));
    expect(stranger).toHaveStatus(404);
    expect(stranger.data.success).toBe(false);
    expect(await post(new TestBrowser(), orderBody(uuid), { Authorization: `Bearer ${otherToken}` })).toHaveStatus(404);
    expect(await post(new TestBrowser(), orderBody(uuid), { Authorization: "Bearer not-a-token" })).toHaveStatus(404);
    expect(await storedOrders()).toEqual([]);

    const answer = await post(new TestBrowser(), orderBody(uuid), { Authorization: `Bearer ${token}` });
    expect(answer).toHaveStatus(200);
    expect(answer.data.success).toBe(true);
    expect(await storedOrders()).toMatchObject([{ responderUuid: uuid, status: "authorised" }]);
  });

  it("refuses a PO Box with 400 and writes nothing", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await post(browser, orderBody(uuid, { shippingAddress: { addressLine1: "P.O. Box 123" } }));
    expect(answer).toHaveStatus(400);
    expect(answer.data).toEqual({
      success: false,
      message: shippingMessages.poBox,
      errors: { "shippingAddress.addressLine1": shippingMessages.poBox },
    });
    expect(await storedOrders()).toEqual([]);
    expect(await (await database()).select().from(shippingAddresses)).toEqual([]);
  });

  it.each([
    ["without it", undefined],
    ["false", false],
    ['"on" rather than true', "on"],
  ])("refuses an order whose subscription agreement is %s with 400, and holds nothing", async (_, agreement) => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await post(browser, { ...orderBody(uuid), subscriptionAgreement: agreement });
    expect(answer).toHaveStatus(400);
    expect(answer.data).toEqual({
      success: false,
      message: "Agree to the subscription terms to continue",
      errors: { subscriptionAgreement: "Agree to the subscription terms to continue" },
    });
    expect(await storedOrders()).toEqual([]);
    expect(await (await database()).select().from(sandboxPayments)).toEqual([]);
  });

  it.each([
    ["a missing account field", { customer: { phone: "" } }, "Please fill in all account details", "customer.phone"],
    ["a missing shipping field", { shippingAddress: { city: " " } }, "Please fill in all shipping address fields", "shippingAddress.city"],
    [
      "a bad email",
      { customer: { email: "nope" } },
      "Enter an email address in the correct format, like name@example.com",
      "customer.email",
    ],
    ["an unknown test PaymentMethod", { payment: { stripePaymentMethodId: "pm_card_amex" } }, undefined, "payment.stripePaymentMethodId"],
    ["a currency other than usd", { payment: { currency: "eur" } }, "payment.currency must be usd", "payment.currency"],
    ["a malformed discount code", { metadata: { discount_code: "SAVE 50" } }, undefined, "metadata.discount_code"],
  ])("refuses %s with 400", async (_, overrides, message, field) => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await post(browser, orderBody(uuid, overrides));
    expect(answer).toHaveStatus(400);
    expect(answer.data.success).toBe(false);
    if (message) expect(answer.data.message).toBe(message);
    expect(Object.keys(answer.data.errors)).toEqual([field]);
    expect(await storedOrders()).toEqual([]);
  });

  it("refuses an empty cart with 400 No medications selected", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    const answer = await post(browser, orderBody(uuid));
    expect(answer).toHaveStatus(400);
    expect(answer.data).toEqual({ success: false, message: "No medications selected" });
    expect(await storedOrders()).toEqual([]);
  });

  it("refuses to charge another amount than the one the client showed", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const { totals } = await openCheckoutCart(uuid, "current");
    const answer = await post(browser, orderBody(uuid, { payment: { amount: 1 } }));
    expect(answer).toHaveStatus(409);
    expect(answer.data).toMatchObject({ success: false, price_changed: true, amount: totals.totalCents });
    expect(await storedOrders()).toEqual([]);
  });

  it("refuses a discount code where the promo box is not shown (no referral code), and charges nothing", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await post(browser, orderBody(uuid, { metadata: { discount_code: "WELCOME20" } }));
    expect(answer).toHaveStatus(400);
    expect(answer.data).toMatchObject({ success: false, errors: { "metadata.discount_code": promoNotOffered } });
    expect(await storedOrders()).toEqual([]);
  });

  it("applies the discount code the client names, at our price, and refuses one that is not valid", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, { ...monthlyPatch, query: "?referral_code=friend" });
    const { totals } = await openCheckoutCart(uuid, "current");

    const refused = await post(browser, orderBody(uuid, { metadata: { discount_code: "NOSUCHCODE" } }));
    expect(refused).toHaveStatus(400);
    expect(refused.data).toMatchObject({ success: false, message: "This promo code is not valid." });
    expect(await storedOrders()).toEqual([]);

    const discounted = totals.subtotalCents - Math.round(totals.subtotalCents * 0.2);
    const answer = await post(browser, orderBody(uuid, { metadata: { discount_code: "welcome20" }, payment: { amount: discounted } }));
    expect(answer).toHaveStatus(200);
    const [order] = await storedOrders();
    expect(order).toMatchObject({ amountCents: discounted });
    expect(order!.body).toMatchObject({ metadata: { discount_code: "WELCOME20" }, payment: { amount: discounted } });
  });

  it("refuses a form post with 415, a body without a uuid with 400, and a GET with 405", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const form = await browser.call(preAuthApi.action, "/api/pre-auth-checkout", { form: { responder_uuid: uuid } });
    expect(form).toHaveStatus(415);
    expect(form.data.success).toBe(false);
    expect(await post(browser, "[]")).toHaveStatus(400);
    const noUuid = await post(browser, { ...orderBody(uuid), metadata: {} });
    expect(noUuid).toHaveStatus(400);
    expect(noUuid.data.errors).toEqual({ "metadata.responder_uuid": "metadata.responder_uuid is required" });
    expect(await post(browser, orderBody("not-a-uuid"))).toHaveStatus(404);
    const get = await browser.call(preAuthApi.loader, "/api/pre-auth-checkout");
    expect(get).toHaveStatus(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(await storedOrders()).toEqual([]);
  });
});
