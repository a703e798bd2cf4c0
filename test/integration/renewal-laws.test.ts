// The automatic renewal laws on her pages: the subscription agreement starts unticked and is
// required (ROSCA), nothing held without it, and AGREEMENT_STARTS_TICKED drawing it ticked;
// the renewal's terms with her last day to cancel above every card she gives for a plan (New
// York, Massachusetts); and no break offered before she cancels when her order ships to
// Minnesota, which asks her afterwards instead. Each page drawn as the server draws it.
import { vi } from "vitest";

/** AGREEMENT_STARTS_TICKED, switched for one test. */
const setting = vi.hoisted(() => ({ agreementStartsTicked: false }));
vi.mock("../../app/server/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../app/server/config.server")>();
  return { ...actual, config: () => ({ ...actual.config(), AGREEMENT_STARTS_TICKED: setting.agreementStartsTicked }) };
});
// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as cancelRoute from "../../app/routes/subscription.$token.cancel/route";
import * as cardRoute from "../../app/routes/subscription.$token.card/route";
import * as paymentRoute from "../../app/routes/subscription.$token.payment/route";
import { formatEmailDate } from "../../app/funnel/amounts-and-dates";
import { formatCents } from "../../app/funnel/cart";
import { lastDayToCancelFirstRenewal, lastDayToCancelShown } from "../../app/funnel/last-day-to-cancel";
import { billingDate } from "../../app/funnel/subscription-life";
import { database } from "../../app/server/db/client.server";
import { orders, sandboxPayments } from "../../app/server/db/schema.server";
import { findSubscriptionByResponder, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { translator } from "../../app/i18n/messages";
import { drawIn } from "../support/drawn-page";
import { checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { providerReceipts } from "../support/provider-receipts";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, moveDays, reload } from "../support/subscriptions";

const draw = drawIn("en");
const drawSpanish = drawIn("es");
const agreementMissing = "Agree to the subscription terms to continue";

beforeEach(async () => {
  setting.agreementStartsTicked = false;
  await resetDatabase();
  clearProviderCaches();
});
afterEach(() => {
  setting.agreementStartsTicked = false;
});

/** Her plan (monthly, the Patch) and details saved, on the final checkout. */
async function onFinalCheckout(query = "") {
  const browser = new TestBrowser();
  const responderUuid = await readyToPay(browser, { plan: "monthly", options: ["patch"], query });
  const params = { responderUuid };
  const page = () => browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params });
  const post = async (form: Record<string, string>) =>
    browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
      params,
      form: await paymentForm(browser, responderUuid, form),
    });
  return { responderUuid, page, post };
}

/** The form as a browser posts it with the box unticked: no subscriptionAgreement at all. */
function unticked(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([name]) => name !== "subscriptionAgreement"));
}

/** The agreement's checkbox as drawn. */
function agreementBox(html: string): string {
  const box = /<input type="checkbox"[^>]*name="subscriptionAgreement"[^>]*>/.exec(html)?.[0];
  expect(box, "the subscription agreement's box").toBeDefined();
  return box!;
}

async function nothingHeld() {
  const db = await database();
  expect(await db.select().from(orders)).toEqual([]);
  expect(await db.select().from(sandboxPayments)).toEqual([]);
  expect(await providerReceipts("pre-auth-checkout")).toEqual([]);
}

describe("her consent at the final checkout", () => {
  it("starts unticked; COMPLETE PURCHASE without it keeps her on the page, says so beside the box and in the summary, and holds nothing", async () => {
    const { page, post } = await onFinalCheckout();
    const loaded = await page();
    expect(loaded.data.agreementStartsTicked).toBe(false);
    expect(agreementBox(draw(finalCheckout.default, loaded.data))).not.toContain("checked");

    const refused = await post(unticked(checkoutForm()));
    expect(refused).toHaveStatus(400);
    expect(refused.data.lastResult.error).toEqual({ subscriptionAgreement: [agreementMissing] });
    const html = draw(finalCheckout.default, loaded.data, refused.data);
    expect(html).toContain(`<a href="#final-checkout-subscriptionAgreement">${agreementMissing}</a>`);
    expect(html).toMatch(
      new RegExp(
        `<p class="field-error" id="final-checkout-subscriptionAgreement-error">.*${agreementMissing}</p><label class="checkbox">`,
      ),
    );
    expect(agreementBox(html)).toContain('aria-invalid="true"');
    expect(agreementBox(html)).not.toContain("checked");
    // What she typed is kept for her to tick the box and press again.
    expect(refused.data.lastResult.initialValue).toMatchObject({ addressLine1: "1 Main Street", city: "New York" });
    await nothingHeld();

    // Ticked, the same form pays.
    expect(await post(checkoutForm())).toHaveStatus(303);
    expect(await (await database()).select().from(orders)).toMatchObject([{ status: "authorised" }]);
  });

  it("AGREEMENT_STARTS_TICKED=true draws the box ticked, as the original did; unticked it is refused all the same", async () => {
    setting.agreementStartsTicked = true;
    const { page, post } = await onFinalCheckout();
    const loaded = await page();
    expect(loaded.data.agreementStartsTicked).toBe(true);
    expect(agreementBox(draw(finalCheckout.default, loaded.data))).toContain('checked=""');

    const refused = await post(unticked(checkoutForm()));
    expect(refused).toHaveStatus(400);
    expect(refused.data.lastResult.error).toEqual({ subscriptionAgreement: [agreementMissing] });
    // Unticked by her, it stays unticked on the page that answers.
    expect(agreementBox(draw(finalCheckout.default, loaded.data, refused.data))).not.toContain("checked");
    await nothingHeld();
  });
});

/** Where `text` is drawn, before the card fields (the sandbox's card number, or Stripe's element). */
function expectAboveTheCard(html: string, text: string) {
  const terms = html.indexOf(text);
  const card = html.indexOf('name="cardNumber"');
  expect(terms, `"${text}" on the page`).toBeGreaterThan(-1);
  expect(card, "the card fields on the page").toBeGreaterThan(-1);
  expect(terms).toBeLessThan(card);
}

describe("the renewal's terms above the card", () => {
  it("on the final checkout: amount, cadence, renewing until she cancels, how to cancel, and her last day to cancel, in her language", async () => {
    const { page } = await onFinalCheckout();
    const loaded = await page();
    const lastDay = formatEmailDate(lastDayToCancelFirstRenewal("monthly", new Date()));
    expect(loaded.data.lastDayToCancel).toBe(lastDay);
    const html = draw(finalCheckout.default, loaded.data);
    expectAboveTheCard(html, `${formatCents(loaded.data.totals.subtotalCents)} every month, renewing automatically until you cancel.`);
    expectAboveTheCard(html, "You can cancel online at any time from the link we email you.");
    expectAboveTheCard(html, `Your last day to cancel before the first renewal is ${lastDay}.`);
    // The box and the button stay together after the card.
    expect(html.indexOf('name="cardNumber"')).toBeLessThan(html.indexOf('name="subscriptionAgreement"'));

    const spanish = await onFinalCheckout("?lang=es");
    const spanishPage = (await spanish.page()).data;
    const spanishDay = formatEmailDate(lastDayToCancelFirstRenewal("monthly", new Date()), translator("es"));
    expect(spanishPage.lastDayToCancel).toBe(spanishDay);
    expectAboveTheCard(
      drawSpanish(finalCheckout.default, spanishPage),
      `Su último día para cancelar antes de la primera renovación es el ${spanishDay}.`,
    );
  });

  it("on her card page and her pay-with-another-card page: the renewal that follows, and her last day to cancel before it", async () => {
    const held = await heldSubscription({ plan: "monthly", cardNumber: "4000002760003184" });
    const token = () => subscriptionLinkToken(held);
    const underReview = await new TestBrowser().call(cardRoute.loader, `/subscription/${token()}/card`, { params: { token: token() } });
    expect(underReview.data.terms).toHaveLength(3);
    expect(underReview.data.terms[2]).toMatch(/^Your last day to cancel before the next renewal is \w+ \d{1,2}, \d{4}\.$/);
    expectAboveTheCard(draw(cardRoute.default, underReview.data), underReview.data.terms[2]);

    await decideReview(paymentGateway(), held, "approved", null, "owner");
    const active = await reload(held);
    const cardPage = await new TestBrowser().call(cardRoute.loader, `/subscription/${subscriptionLinkToken(active)}/card`, {
      params: { token: subscriptionLinkToken(active) },
    });
    expect(cardPage.data.terms).toEqual([
      "$139.00 every month, renewing automatically until you cancel.",
      "You can cancel online at any time from the link we email you.",
      `Your last day to cancel before the next renewal is ${formatEmailDate(lastDayToCancelShown(active.nextBillingAt!))}.`,
    ]);
    expectAboveTheCard(draw(cardRoute.default, cardPage.data), cardPage.data.terms[2]);

    // Its renewal fails (this card fails every charge without her): another card pays it.
    await moveDays(31);
    const pastDue = await reload(held);
    expect(pastDue.state).toBe("past_due");
    const address = `/subscription/${subscriptionLinkToken(pastDue)}/payment`;
    const paymentPage = await new TestBrowser().call(paymentRoute.loader, address, { params: { token: subscriptionLinkToken(pastDue) } });
    // Paid now, the renewal due is the second period: the next is the third's date.
    const next = billingDate(pastDue.firstPeriodStart!, "monthly", 2);
    expect(pastDue.nextBillingAt).toEqual(billingDate(pastDue.firstPeriodStart!, "monthly", 1));
    expect(paymentPage.data.page.terms).toEqual([
      "$139.00 every month, renewing automatically until you cancel.",
      "You can cancel online at any time from the link we email you.",
      `Your last day to cancel before the next renewal is ${formatEmailDate(lastDayToCancelShown(next))}.`,
    ]);
    expectAboveTheCard(draw(paymentRoute.default, paymentPage.data), paymentPage.data.page.terms[2]);
  });
});

/** She pays monthly for the Patch, shipped to `address`, and is approved: her plan runs. */
async function runningPlanShippedTo(address: Record<string, string>): Promise<SubscriptionRow> {
  const { responderUuid, post } = await onFinalCheckout();
  expect(await post(checkoutForm(address))).toHaveStatus(303);
  const held = (await findSubscriptionByResponder(responderUuid))!;
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const active = await reload(held);
  expect(active.state).toBe("active");
  return active;
}

async function cancelPageOf(subscription: SubscriptionRow) {
  const token = subscriptionLinkToken(subscription);
  const address = `/subscription/${token}/cancel`;
  return {
    open: () => new TestBrowser().call(cancelRoute.loader, address, { params: { token } }),
    press: () => new TestBrowser().call(cancelRoute.action, address, { params: { token }, form: { reason: "too_expensive" } }),
    billingDate: `/subscription/${token}/billing-date`,
  };
}

describe("a break offered instead of cancelling, by her state", () => {
  it("shipped to Minnesota: no offer beside the cancel button, which cancels at once; then she is asked whether she would like to hear one", async () => {
    const subscription = await runningPlanShippedTo({
      addressLine1: "100 Nicollet Mall",
      city: "Minneapolis",
      state: "MN",
      zipCode: "55401",
    });
    const page = await cancelPageOf(subscription);
    const open = await page.open();
    expect(open).toHaveStatus(200);
    expect(open.data.preview.can).toBe(true);
    expect(open.data.pause).toBeNull();
    const html = draw(cancelRoute.default, open.data);
    expect(html).not.toMatch(/Need a break instead\?|Move my billing date|Skip my next period/);
    expect(html).toContain("Yes, cancel my subscription");

    const done = await page.press();
    expect(done).toHaveStatus(200);
    expect(done.data).toMatchObject({ done: true, askOffer: page.billingDate });
    expect((await reload(subscription)).state).toBe("cancelled");
    const result = draw(cancelRoute.default, open.data, done.data);
    expect(result).toContain(
      `Would you like to hear of an offer to keep your plan instead, such as moving your billing date? <a href="${page.billingDate}">Yes, show me my billing date options</a>`,
    );
  });

  it("shipped elsewhere: the break offered beside the cancel button, and nothing asked after", async () => {
    const subscription = await runningPlanShippedTo({ addressLine1: "1 Main Street", city: "New York", state: "NY", zipCode: "10001" });
    const page = await cancelPageOf(subscription);
    const open = await page.open();
    expect(open.data.pause).toMatchObject({ move: `${page.billingDate}#move-title` });
    const html = draw(cancelRoute.default, open.data);
    expect(html).toContain("Need a break instead?");
    expect(html).toContain("Yes, cancel my subscription");

    const done = await page.press();
    expect(done.data).toMatchObject({ done: true, askOffer: null });
    expect((await reload(subscription)).state).toBe("cancelled");
    expect(draw(cancelRoute.default, open.data, done.data)).not.toContain("Would you like to hear of an offer");
  });
});
