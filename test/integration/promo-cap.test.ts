// A promo code's cap and dates hold when she pays, not only when she applies it: the use is
// counted as her attempt claims the order, in one conditional statement, before any card is
// tried. A code that ran out between applying and paying comes off her cart and she is shown
// the full price; no card is held for her. A card that is then declined gives the use back.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as preAuthApi from "../../app/routes/api.pre-auth-checkout/route";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as sandboxAuthenticate from "../../app/routes/sandbox.authenticate.$reference";
import { promoNoLongerAvailable, promoWithdrawnMessage } from "../../app/funnel/promo";
import { database } from "../../app/server/db/client.server";
import { orders, promoCodes, sandboxPayments } from "../../app/server/db/schema.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { aPerson, anAddress, aTestCard, checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { providerReceipts } from "../support/provider-receipts";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";

/** FIRST100 as migration 0004 seeds it: $100 off, at most 100 uses. */
const code = "FIRST100";
let seeded: typeof promoCodes.$inferSelect;

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
  [seeded] = (await (await database()).select().from(promoCodes).where(eq(promoCodes.code, code))) as [typeof seeded];
});

// promo_codes is seeded, not emptied between tests: the code is put back as it was.
afterEach(async () => {
  const { redemptions, active, endsAt, maxRedemptions } = seeded;
  await (await database()).update(promoCodes).set({ redemptions, active, endsAt, maxRedemptions }).where(eq(promoCodes.code, code));
});

const visa = aTestCard();
/** Patch on the quarterly plan: $399, or $299 with FIRST100. */
const patchWithPromoBox = { options: ["patch"], query: "?referral_code=friend" };
const fullCents = 39_900;
const discountedCents = 29_900;

async function setCode(values: Partial<typeof promoCodes.$inferInsert>) {
  await (await database()).update(promoCodes).set(values).where(eq(promoCodes.code, code));
}

async function redemptions(): Promise<number> {
  const [row] = await (await database()).select().from(promoCodes).where(eq(promoCodes.code, code));
  return row!.redemptions;
}

function pageOf(browser: TestBrowser, responderUuid: string) {
  return browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params: { responderUuid } });
}

async function post(browser: TestBrowser, responderUuid: string, form: Record<string, string>) {
  return browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, form),
  });
}

const purchase = (attemptKey: string, card = visa) => checkoutForm({ ...card, attemptKey });

/** On the final checkout with FIRST100 applied to her cart ($299 shown). */
async function readyWithCode(): Promise<{ browser: TestBrowser; uuid: string }> {
  const browser = new TestBrowser();
  const uuid = await readyToPay(browser, patchWithPromoBox);
  expect(await post(browser, uuid, { intent: "apply-promo", promoCode: code })).toHaveStatus(200);
  expect((await pageOf(browser, uuid)).data.totals).toEqual({
    subtotalCents: fullCents,
    discountCents: 10_000,
    totalCents: discountedCents,
  });
  return { browser, uuid };
}

async function cardsTried(): Promise<number> {
  const [row] = await (await database()).select({ count: sql<number>`count(*)::int` }).from(sandboxPayments);
  return row!.count;
}

const ordersSentToProvider = () => providerReceipts("pre-auth-checkout");

describe("a promo code's cap when she pays", () => {
  // 20 flows walked to the checkout first: on PGlite under a loaded machine that takes a while.
  it(
    "gives the last use to exactly one of 20 orders paying at once; the others see the full price and no card is tried",
    { timeout: 60_000 },
    async () => {
      await setCode({ redemptions: 99 });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => readyWithCode()));
      expect(await redemptions()).toBe(99);

      const answers = await Promise.all(buyers.map(({ browser, uuid }) => post(browser, uuid, purchase(`pay-${uuid}`))));

      const paid = answers.filter((answer) => answer.status === 303);
      expect(paid).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status !== 303);
      expect(refused).toHaveLength(19);
      for (const answer of refused) {
        expect(answer).toHaveStatus(409);
        expect(answer.data.lastResult.error[""]).toEqual([promoWithdrawnMessage(fullCents)]);
        // Her details are kept for her next press; the security code she types again.
        expect(answer.data.lastResult.initialValue).toMatchObject({ ...aPerson(), ...anAddress() });
        expect(answer.data.lastResult.initialValue.securityCode).toBeUndefined();
      }
      expect(promoWithdrawnMessage(fullCents)).toBe(
        "This promo code is no longer available, so it has been removed from your order. Your order total is now $399.00. Please review your order and try again.",
      );

      expect(await redemptions()).toBe(100);
      expect(await cardsTried()).toBe(1);
      const rows = await (await database()).select().from(orders);
      expect(rows.filter((row) => row.status === "authorised")).toMatchObject([{ amountCents: discountedCents }]);
      // The others' orders were never claimed: the claim that would have made each was undone with its promo use.
      expect(rows.filter((row) => row.status !== "authorised")).toEqual([]);
      const sent = await ordersSentToProvider();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toMatchObject({ pricing: { total: 299, discount_amount: 100 }, metadata: { discount_code: code } });

      // Each of the others now sees the full price and why; paying it is her choice, and works.
      const winner = buyers[answers.findIndex((answer) => answer.status === 303)]!;
      const other = buyers.find((buyer) => buyer !== winner)!;
      const page = await pageOf(other.browser, other.uuid);
      expect(page.data.totals).toEqual({ subtotalCents: fullCents, discountCents: 0, totalCents: fullCents });
      expect(page.data.promo).toEqual({ code: null, message: promoNoLongerAvailable, applied: false });
      expect(await post(other.browser, other.uuid, purchase("full-price"))).toRedirectTo(`/payment-complete/${other.uuid}`);
      const [order] = await (await database()).select().from(orders).where(eq(orders.responderUuid, other.uuid));
      expect(order).toMatchObject({ status: "authorised", amountCents: fullCents });
      expect(await redemptions()).toBe(100);
    },
  );

  it("re-checks the code's dates when she pays: one that ended after she applied it is taken off before any card is tried", async () => {
    const { browser, uuid } = await readyWithCode();
    await setCode({ endsAt: new Date(Date.now() - 1000) });
    const answer = await post(browser, uuid, purchase("after-the-end"));
    expect(answer).toHaveStatus(409);
    expect(answer.data.lastResult.error[""]).toEqual([promoWithdrawnMessage(fullCents)]);
    expect(await cardsTried()).toBe(0);
    expect(await redemptions()).toBe(seeded.redemptions);
    expect((await pageOf(browser, uuid)).data.totals.totalCents).toBe(fullCents);
  });

  it("refuses a code made inactive after she applied it, the same way", async () => {
    const { browser, uuid } = await readyWithCode();
    await setCode({ active: false });
    expect(await post(browser, uuid, purchase("inactive"))).toHaveStatus(409);
    expect(await cardsTried()).toBe(0);
  });

  it("gives the use back when her card is declined, so the last use is still there for her next card", async () => {
    await setCode({ redemptions: 99 });
    const { browser, uuid } = await readyWithCode();
    const declined = await post(browser, uuid, purchase("declined", { ...visa, cardNumber: "4000 0000 0000 0002" }));
    expect(declined).toHaveStatus(402);
    expect(await redemptions()).toBe(99);
    expect(await post(browser, uuid, purchase(declined.data.attemptKey))).toRedirectTo(`/payment-complete/${uuid}`);
    expect(await redemptions()).toBe(100);
    const [order] = await (await database()).select().from(orders);
    expect(order).toMatchObject({ status: "authorised", amountCents: discountedCents });
  });

  it("keeps the use for her while her bank checks her (3-D Secure), and gives it back if that fails", async () => {
    await setCode({ redemptions: 99 });
    const first = await readyWithCode();
    const second = await readyWithCode();
    const waiting = await post(first.browser, first.uuid, purchase("3ds", { ...visa, cardNumber: "4000 0027 6000 3184" }));
    expect(waiting.location).toMatch(/^\/sandbox\/authenticate\//);
    expect(await redemptions()).toBe(100);
    // Meanwhile the last use is hers: another order is shown the full price, no card tried.
    expect(await post(second.browser, second.uuid, purchase("meanwhile"))).toHaveStatus(409);
    expect(await cardsTried()).toBe(1);

    const reference = locationOf(waiting).pathname.split("/").pop()!;
    const failed = await first.browser.call(sandboxAuthenticate.action, waiting.location!, {
      params: { reference },
      form: { outcome: "fail" },
    });
    expect(failed.location).toBe(`/final-checkout/${first.uuid}#payment-failure`);
    expect(await redemptions()).toBe(99);
  });

  it("answers a JSON client 409 price_changed with the full amount when the code ran out after it was applied", async () => {
    const { browser, uuid } = await readyWithCode();
    await setCode({ redemptions: 100 });
    const jane = aPerson();
    const address = anAddress();
    const name = { firstName: jane.firstName, lastName: jane.lastName };
    const answer = await browser.call(preAuthApi.action, "/api/pre-auth-checkout", {
      contentType: "application/json",
      body: JSON.stringify({
        customer: jane,
        shippingAddress: { ...name, ...address },
        billingAddress: { sameAsShipping: true, ...name, ...address },
        medications: [],
        pricing: { subtotal: 399, shipping: 0, tax: 0, total: 299, currency: "USD" },
        payment: { stripePaymentMethodId: "pm_card_visa", amount: discountedCents, currency: "usd" },
        metadata: { responder_uuid: uuid, discount_code: code, timestamp: new Date().toISOString() },
        subscriptionAgreement: true,
      }),
    });
    expect(answer).toHaveStatus(409);
    expect(answer.data).toEqual({ success: false, price_changed: true, amount: fullCents, message: promoWithdrawnMessage(fullCents) });
    expect(await cardsTried()).toBe(0);
    expect(await redemptions()).toBe(100);
  });
});
