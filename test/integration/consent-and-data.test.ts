// Her consent to automatic renewal, kept as she gave it (one record per agreement, with the
// exact words beside COMPLETE PURCHASE, shown on the owner's order page), and "Download my
// data": everything we hold about her, hers alone, never a card number.
import { vi } from "vitest";

/** Switches the mail to an SMTP server (nothing kept), for one test. */
const mail = vi.hoisted(() => ({ smtp: false }));
vi.mock("../../app/server/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../app/server/config.server")>();
  return { ...actual, config: () => (mail.smtp ? { ...actual.config(), SMTP_URL: "smtp://127.0.0.1:1" } : actual.config()) };
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as preAuthApi from "../../app/routes/api.pre-auth-checkout/route";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as herData from "../../app/routes/subscription.$token.data";
import * as cardPage from "../../app/routes/subscription.$token.card/route";
import { formatEmailDate } from "../../app/funnel/amounts-and-dates";
import { formatCents } from "../../app/funnel/cart";
import { lastDayToCancelFirstRenewal } from "../../app/funnel/last-day-to-cancel";
import { defaultDestination, type PreAuthOrderBody } from "../../app/funnel/pre-auth-order";
import { claimOrder, recordFoundAuthorisation } from "../../app/server/checkout/place-order.server";
import { purchaseAgreedWith } from "../../app/funnel/consent";
import { database } from "../../app/server/db/client.server";
import { consentRecords, orders, outboxMessages, subscriptionPayments } from "../../app/server/db/schema.server";
import { findSubscriptionByResponder, nextLinkVersion, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { changeHerPlan } from "../../app/server/subscriptions/plan-change.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { aPerson, anAddress, checkoutForm, type Person } from "../support/factories";
import { flowWithPlan, paymentForm, readyToPay, saveDetails } from "../support/funnel-steps";
import { heldSubscription, reload, deliverAll } from "../support/subscriptions";
import { signedInAs } from "../support/staff";
import { resetDatabase, TestBrowser } from "../support/route-harness";

/** The spec's subscription terms (section 9), word for word, as she read them in English. */
const subscriptionTerms = [
  "Your subscription renews automatically at the end of each billing period until you cancel it.",
  "To stop the next renewal, cancel at least 72 hours before your next billing date.",
  "Payments are not refunded once charged, unless you are medically disqualified from the treatment.",
];

beforeEach(async () => {
  mail.smtp = false;
  await resetDatabase();
});
afterEach(() => {
  mail.smtp = false;
});

const mary: Person = { firstName: "Mary", lastName: "Stone", email: "mary.stone@example.org", phone: "(646) 555-0142" };

async function allConsents() {
  return (await database()).select().from(consentRecords).orderBy(consentRecords.id);
}

/** The final checkout as she sees it: the plan and the amounts beside COMPLETE PURCHASE. */
async function checkoutPage(browser: TestBrowser, responderUuid: string) {
  const page = await browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params: { responderUuid } });
  expect(page).toHaveStatus(200);
  return page.data as { cart: { selectedPlan: string }; totals: { subtotalCents: number; totalCents: number }; lastDayToCancel: string };
}

function completePurchase(browser: TestBrowser, responderUuid: string, form: Record<string, string>) {
  return paymentForm(browser, responderUuid, form).then((signed) =>
    browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, { params: { responderUuid }, form: signed }),
  );
}

/** She pays as `person` through the funnel (monthly, the Patch); her subscription. */
async function herOrder(person: Person = aPerson()): Promise<SubscriptionRow> {
  const browser = new TestBrowser();
  const responderUuid = await readyToPay(browser, { plan: "monthly", options: ["patch"] });
  await saveDetails(browser, responderUuid, person);
  const paid = await completePurchase(browser, responderUuid, checkoutForm(person));
  expect(paid).toHaveStatus(303);
  return (await findSubscriptionByResponder(responderUuid))!;
}

async function download(subscription: SubscriptionRow, token?: string) {
  const given = token ?? subscriptionLinkToken(await reload(subscription));
  return new TestBrowser().call(herData.loader, `/subscription/${given}/data`, { params: { token: given } });
}

describe("her consent at COMPLETE PURCHASE", () => {
  it("keeps one record with the exact disclosure she saw, her last day to cancel in it, the terms, how and when she agreed", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, { plan: "monthly", options: ["patch"] });
    const { cart, totals, lastDayToCancel } = await checkoutPage(browser, responderUuid);
    expect(lastDayToCancel).toBe(formatEmailDate(lastDayToCancelFirstRenewal("monthly", new Date())));
    expect(cart.selectedPlan).toBe("monthly");
    expect(await allConsents()).toEqual([]);

    const before = new Date();
    expect(await completePurchase(browser, responderUuid, checkoutForm({ attemptKey: "page-1" }))).toHaveStatus(303);

    const [order] = await (await database()).select().from(orders);
    const consents = await allConsents();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      responderUuid,
      kind: "purchase",
      plan: "monthly",
      firstPeriodCents: totals.totalCents,
      renewalCents: totals.subtotalCents,
      disclosure: [
        `${formatCents(totals.subtotalCents)} every month, renewing automatically until you cancel.`,
        `We place a hold of ${formatCents(totals.totalCents)} on your card now and charge it only if a provider prescribes your treatment; otherwise the hold is released.`,
        "You can cancel online at any time from the link we email you.",
        `Your last day to cancel before the first renewal is ${lastDayToCancel}.`,
      ],
      terms: [...subscriptionTerms],
      agreedWith: "Ticked the subscription agreement and pressed COMPLETE PURCHASE",
      agreementKey: `${order!.id}:page-1`,
    });
    expect(consents[0]!.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // A legal record without her contact details: it stays when she asks us to delete them.
    const kept = JSON.stringify(consents[0]);
    for (const contact of [aPerson().email, aPerson().phone, aPerson().lastName, anAddress().addressLine1])
      expect(kept).not.toContain(contact);
  });

  it("keeps one record for 20 presses of the same page at once, and none for a declined card", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, { options: ["patch"] });
    const declined = await completePurchase(
      browser,
      responderUuid,
      checkoutForm({ attemptKey: "declined", cardNumber: "4000 0000 0000 0002" }),
    );
    expect(declined).toHaveStatus(402);
    expect(await allConsents()).toEqual([]);

    const form = checkoutForm({ attemptKey: "double-press" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => completePurchase(browser, responderUuid, form)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(303));
    // A second tab's own attempt finds the order paid: no second agreement.
    expect(await completePurchase(browser, responderUuid, checkoutForm({ attemptKey: "second-tab" }))).toHaveStatus(303);
    const consents = await allConsents();
    expect(consents).toHaveLength(1);
    expect(consents[0]!.agreementKey).toMatch(/:double-press$/);
    expect(consents[0]!.plan).toBe("quarterly");
    expect(consents[0]!.disclosure[0]).toMatch(/^\$[\d,]+\.\d\d every 3 months, renewing automatically until you cancel\.$/);
  });

  it("keeps it for an order placed through POST /api/pre-auth-checkout, at the price we charged", async () => {
    const browser = new TestBrowser();
    const responderUuid = await flowWithPlan(browser, { plan: "monthly", options: ["patch"] });
    const person = aPerson();
    const name = { firstName: person.firstName, lastName: person.lastName };
    const body = {
      customer: person,
      shippingAddress: { ...name, ...anAddress() },
      billingAddress: { sameAsShipping: true, ...name, ...anAddress() },
      medications: [{ id: "patch", product_id: "patch", name: "Patch", dosage: "x", price: 0.01, planType: "monthly" }],
      pricing: { subtotal: 0.01, shipping: 0, tax: 0, total: 0.01, currency: "USD" },
      payment: { stripePaymentMethodId: "pm_card_visa", currency: "usd" },
      metadata: { orderSource: "website", checkoutFlow: "three-step", timestamp: new Date().toISOString(), responder_uuid: responderUuid },
      subscriptionAgreement: true,
    };
    const post = () =>
      browser.call(preAuthApi.action, "/api/pre-auth-checkout", {
        body: JSON.stringify(body),
        contentType: "application/json",
        headers: { "Idempotency-Key": "api-1" },
      });
    expect(await post()).toHaveStatus(200);
    expect(await post()).toHaveStatus(200);
    const [order] = await (await database()).select().from(orders);
    const consents = await allConsents();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      kind: "purchase",
      plan: "monthly",
      firstPeriodCents: order!.amountCents,
      agreementKey: `${order!.id}:api-1`,
    });
    expect(consents[0]!.disclosure[0]).toBe(
      `${formatCents(consents[0]!.renewalCents)} every month, renewing automatically until you cancel.`,
    );
    expect(consents[0]!.renewalCents).toBeGreaterThan(1);
  });

  it("keeps it, once, when a hold whose answer was lost is found again at the gateway", async () => {
    const responderUuid = randomUUID();
    const body = {
      customer: aPerson(),
      medications: [{ name: "Patch", dosage: "x", planType: "quarterly" }],
      pricing: { subtotal: 129, total: 99 },
      metadata: { responder_uuid: responderUuid },
    } as unknown as PreAuthOrderBody;
    const claim = await claimOrder(responderUuid, "cut-off", { body, amountCents: 9_900, gateway: "sandbox", language: "en" });
    if (claim.status !== "claimed") throw new Error("the order was not claimed");
    const card = { reference: "sandbox_found", cardBrand: "visa", cardLast4: "4242" };
    const hold = { reference: card.reference, expiresAt: undefined, placedAt: new Date() };
    expect(await recordFoundAuthorisation(claim.order, card, hold, defaultDestination)).toBe(true);
    expect(await recordFoundAuthorisation(claim.order, card, hold, defaultDestination)).toBe(false);
    const consents = await allConsents();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      plan: "quarterly",
      firstPeriodCents: 9_900,
      renewalCents: 12_900,
      agreementKey: `${claim.order.id}:cut-off`,
    });
    expect(consents[0]!.disclosure.slice(0, 2)).toEqual([
      "$129.00 every 3 months, renewing automatically until you cancel.",
      "We place a hold of $99.00 (your first period, promo code applied) on your card now and charge it only if a provider prescribes your treatment; otherwise the hold is released.",
    ]);
    // An order body without its timestamp dates her last day to cancel from the order's claim.
    expect(consents[0]!.disclosure[3]).toBe(
      `Your last day to cancel before the first renewal is ${formatEmailDate(lastDayToCancelFirstRenewal("quarterly", claim.order.createdAt))}.`,
    );
  });
});

describe("the owner's order page", () => {
  it("shows support her consent: when, how, the plan and amounts, the disclosure and terms as she saw them", async () => {
    const subscription = await herOrder();
    const [consent] = await allConsents();
    const { browser } = await signedInAs("support");
    const page = await browser.call(orderPage.loader, `/owner/orders/${subscription.reference}`, {
      params: { reference: subscription.reference },
    });
    expect(page).toHaveStatus(200);
    expect(page.data.consents).toEqual([
      {
        kind: "purchase",
        occasion: "At checkout (COMPLETE PURCHASE)",
        at: consent!.at.toISOString(),
        agreedWith: purchaseAgreedWith,
        plan: "Monthly",
        cadence: "every month",
        firstPeriodCents: subscription.firstPeriodCents,
        renewalCents: subscription.renewalCents,
        disclosure: consent!.disclosure,
        terms: [...subscriptionTerms],
      },
    ]);
  });

  it("shows only this order's consent, and none for an order that has none kept", async () => {
    await herOrder(mary);
    const held = await heldSubscription();
    const { browser } = await signedInAs("owner");
    const page = await browser.call(orderPage.loader, `/owner/orders/${held.reference}`, { params: { reference: held.reference } });
    expect(page.data.consents).toEqual([]);
  });
});

describe("Download my data", () => {
  it("is linked from her page", async () => {
    const subscription = await herOrder();
    const token = subscriptionLinkToken(subscription);
    const page = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
    expect(page).toHaveStatus(200);
    expect(`${page.data.address}/data`).toBe(`/subscription/${token}/data`);
  });

  it("gives her every part we hold, as a private attachment, hers alone and never a card number", async () => {
    const other = await herOrder(mary);
    const subscription = await herOrder();
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await deliverAll();

    const answer = await download(subscription);
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="my-data-${subscription.reference}.json"`);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    const file = answer.data;
    const jane = aPerson();
    const address = anAddress();

    expect(file.about.orderReference).toBe(subscription.reference);
    expect(file.yourDetails).toEqual({ firstName: jane.firstName, lastName: jane.lastName, email: jane.email, phone: jane.phone });
    expect(file.shippingAddress).toMatchObject({
      addressLine1: address.addressLine1,
      city: address.city,
      state: address.state,
      zipCode: address.zipCode,
    });
    expect(file.billingAddress).toBe("Same as your shipping address");
    expect(file.yourAnswers.whyYouAreHereToday).toEqual([{ code: "nothing_else_has_helped", words: "Nothing else has helped" }]);
    expect(file.yourAnswers.yourConcernsAboutHrt).toEqual([]);
    expect(file.yourPlan).toMatchObject({ plan: "Monthly", cadence: "every month", status: "Active", periodsPaid: 1 });
    expect(file.yourPlan.medications.map((medication: { name: string }) => medication.name).length).toBeGreaterThan(0);
    expect(file.yourPlan.cardOnFile).toEqual({ brand: "visa", last4: "4242" });
    expect(file.orders).toHaveLength(1);
    expect(file.orders[0]).toMatchObject({
      reference: subscription.reference,
      status: "authorised",
      card: { brand: "visa", last4: "4242" },
    });
    expect(file.orders[0].amount.cents).toBe(subscription.firstPeriodCents);
    expect(file.payments.map((payment: { kind: string }) => payment.kind)).toEqual(["hold", "capture"]);
    expect(file.payments[1]).toMatchObject({
      what: "Charged (from the hold)",
      status: "succeeded",
      period: 1,
      card: { brand: "visa", last4: "4242" },
    });
    expect(file.timeline.map((line: { event: string }) => line.event)).toEqual(["hold_placed", "approved_captured"]);
    expect(file.emailsSentToYou.wordsKept).toBe(true);
    expect(file.emailsSentToYou.list.map((email: { kind: string }) => email.kind)).toEqual(["order_received", "approved"]);
    expect(file.emailsSentToYou.list[0].subject).toBe(`We've received your order ${subscription.reference}`);
    expect(file.emailsSentToYou.list[0].text).toContain(subscription.reference);
    expect(file.yourConsents).toHaveLength(1);
    expect(file.yourConsents[0]).toMatchObject({ kind: "purchase", agreedWith: purchaseAgreedWith, plan: "Monthly" });
    expect(file.yourConsents[0].disclosure).toEqual(
      (await allConsents()).find((row) => row.responderUuid === subscription.responderUuid)!.disclosure,
    );

    const text = JSON.stringify(file);
    // Never a card number, a gateway's reference or key.
    expect(text).not.toMatch(/4242[ -]?4242/);
    const [order] = await (await database()).select().from(orders).where(eq(orders.responderUuid, subscription.responderUuid));
    const payments = await (
      await database()
    )
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.subscriptionId, subscription.id));
    for (const secret of [
      order!.paymentReference!,
      order!.attemptKey!,
      subscription.holdReference,
      ...payments.map((p) => p.idempotencyKey),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("attemptKey");
    // Nothing of the other woman's.
    for (const hers of [mary.email, mary.lastName, mary.phone, other.reference]) expect(text).not.toContain(hers);
  });

  it("names the plan change ahead with her consent to it, the card she gave last, and why she cancelled in her own words", async () => {
    const subscription = await herOrder();
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    const active = await reload(subscription);
    const changed = await changeHerPlan(active, "quarterly", { plan: "monthly", pendingPlan: null, nextBillingAt: active.nextBillingAt! });
    expect(changed.status).toBe("changed");
    const token = subscriptionLinkToken(active);
    const cardForm = (await new TestBrowser().call(cardPage.loader, `/subscription/${token}/card`, { params: { token } })).data;
    const card = { cardNumber: "5555 5555 5555 4444", expiry: "12/34", securityCode: "123", shown: cardForm.shown };
    expect(await new TestBrowser().call(cardPage.action, `/subscription/${token}/card`, { params: { token }, form: card })).toHaveStatus(
      303,
    );

    const before = (await download(subscription)).data;
    expect(before.yourPlan.planChangeAhead).toMatchObject({
      plan: "Quarterly",
      cadence: "every 3 months",
      from: active.nextBillingAt!.toISOString(),
    });
    expect(before.yourPlan.planChangeAhead.words).toMatch(/^Your plan changes to Quarterly on /);
    expect(before.yourConsents.map((consent: { kind: string; plan: string }) => [consent.kind, consent.plan])).toEqual([
      ["purchase", "Monthly"],
      ["plan_change", "Quarterly"],
    ]);
    expect(before.yourPlan.cardOnFile).toEqual({ brand: "mastercard", last4: "4444" });
    expect(before.yourPlan.whyYouCancelled).toBeNull();

    const words = "My doctor moved me to another clinic";
    expect((await cancelSubscription(paymentGateway(), await reload(subscription), { reason: "other", note: words })).status).toBe(
      "cancelled",
    );
    const after = (await download(subscription)).data;
    expect(after.yourPlan.whyYouCancelled).toEqual({ reason: { code: "other", words: "Other" }, yourWords: words });
    expect(after.yourPlan.planChangeAhead).toBeNull();
    expect(JSON.stringify(after)).not.toMatch(/5555[ -]?5555/);
  });

  it("lists what was sent and when, without the words, when the mail goes out by SMTP", async () => {
    const subscription = await herOrder();
    // Sent by the mail server: the outbox marks them delivered and nothing is kept here.
    await (
      await database()
    )
      .update(outboxMessages)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(outboxMessages.kind, "email"));
    mail.smtp = true;
    const file = (await download(subscription)).data;
    expect(file.emailsSentToYou.wordsKept).toBe(false);
    expect(file.emailsSentToYou.list).toEqual([
      { kind: "order_received", subject: `We've received your order ${subscription.reference}`, sentAt: expect.any(String) },
    ]);
  });

  it("another link, a changed one or a replaced one goes to her page's refusal, and hands out nothing", async () => {
    const subscription = await herOrder();
    const token = subscriptionLinkToken(subscription);
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const given of [changed, "not-a-token", subscription.reference]) {
      const answer = await download(subscription, given);
      expect(answer, given).toHaveStatus(303);
      expect(answer.location).toBe(`/subscription/${encodeURIComponent(given)}`);
      expect(answer.headers.get("Content-Disposition")).toBeNull();
      const refusal = await new TestBrowser().call(herPage.loader, answer.location!, { params: { token: given } });
      expect(refusal).toHaveStatus(404);
    }
    // She asked for a new link: the old one no longer opens anything.
    await nextLinkVersion(await database(), subscription.id);
    const replaced = await download(subscription, token);
    expect(replaced).toHaveStatus(303);
    expect(await new TestBrowser().call(herPage.loader, replaced.location!, { params: { token } })).toHaveStatus(410);
    expect(await download(subscription)).toHaveStatus(200);
  });

  it("may be downloaded ten times an hour for one order", async () => {
    const subscription = await herOrder();
    const other = await herOrder(mary);
    for (let time = 0; time < 10; time++) expect(await download(subscription)).toHaveStatus(200);
    const refused = await download(subscription);
    expect(refused).toHaveStatus(429);
    expect(refused.data).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    // Another order's downloads are counted apart.
    expect(await download(other)).toHaveStatus(200);
  });
});
