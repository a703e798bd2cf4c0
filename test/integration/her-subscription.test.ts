// Her subscription without an account: every email of the order's life (the right one, once,
// kept by the embedded mail store), her private link (signed, revocable), her page, cancelling
// online at each state, her lost link, and another card after a failed payment.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as cancelPage from "../../app/routes/subscription.$token.cancel/route";
import * as paymentPage from "../../app/routes/subscription.$token.payment/route";
import * as lostLink from "../../app/routes/subscription._index";
import { database } from "../../app/server/db/client.server";
import { outboxMessages } from "../../app/server/db/schema.server";
import type { PreAuthOrderBody } from "../../app/funnel/pre-auth-order";
import { findOrder } from "../../app/server/db/stores/orders.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, paidSubscription, reload, deliverAll, moveDays } from "../support/subscriptions";

/** Authorises, then fails every charge without her (3-D Secure each time). */
const failsWithoutHer = "4000002760003184";

async function emailsOf(subscription: SubscriptionRow) {
  await deliverAll();
  return storedEmailsOf(subscription.reference);
}

async function kindsOf(subscription: SubscriptionRow) {
  return (await emailsOf(subscription)).map((email) => email.kind);
}

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

async function openPage(subscription: SubscriptionRow, token?: string) {
  const given = token ?? (await tokenOf(subscription));
  return new TestBrowser().call(herPage.loader, `/subscription/${given}`, { params: { token: given } });
}

async function cancel(subscription: SubscriptionRow) {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(cancelPage.action, `/subscription/${token}/cancel`, { params: { token }, form: {} });
}

beforeEach(async () => {
  await resetDatabase();
});

describe("her emails", () => {
  it("a paid order sends the acknowledgment once: reference, plan, medications, amount and cadence, the hold, the terms, her link", async () => {
    const subscription = await paidSubscription({ plan: "quarterly" });
    await deliverAll();
    await deliverAll();
    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received"]);
    const [email] = emails;
    expect(email!.subject).toBe(`We've received your order ${subscription.reference}`);
    expect(email!.text).toContain(subscription.reference);
    expect(email!.text).toContain("Plan: Quarterly");
    expect(email!.text).toMatch(/Price: \$[\d,]+\.\d\d every 3 months/);
    expect(email!.text).toContain("charged only if a licensed provider prescribes");
    expect(email!.text).toContain("cancel at least 72 hours before your next billing date");
    expect(email!.text).toContain(`/subscription/${await tokenOf(subscription)}`);
    expect(email!.html).toContain('<html lang="en">');
    expect(email!.html).toContain("Open your subscription page");
    // Nothing a stranger could use beyond her order: no card number, phone, address or answers.
    const order = (await findOrder(subscription.responderUuid))!.body as unknown as PreAuthOrderBody;
    for (const text of [email!.text, email!.html]) {
      expect(text).not.toMatch(/4242|hot flash/i);
      expect(text).not.toContain(order.customer.phone);
      expect(text).not.toContain(order.shippingAddress.addressLine1);
      expect(text).not.toContain(order.customer.lastName);
    }
  });

  it("approved sends a receipt with the next billing date; a renewal sends another", async () => {
    const subscription = await heldSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await moveDays(32);
    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "approved", "renewal_charged"]);
    expect(emails[1]!.text).toContain("We charged $139.00 to your card for your first month");
    expect(emails[1]!.text).toMatch(/Your next billing date is \w+ \d+, \d{4}/);
    expect(emails[2]!.subject).toBe(`Receipt: your renewal of ${subscription.reference}`);
  });

  it("declined says the hold is released and when it leaves her statement", async () => {
    const subscription = await heldSubscription();
    await decideReview(paymentGateway(), subscription, "declined", "not suitable", "owner");
    const [, declined] = await emailsOf(subscription);
    expect(declined!.kind).toBe("declined");
    expect(declined!.text).toContain("we released the $139.00 hold");
    expect(declined!.text).toContain("within 5 to 10 business days");
    // The team's own words may touch her health: they stay out of her email.
    expect(declined!.text).not.toContain("not suitable");
  });

  it("a lapsed hold, then a card that fails: hold expired, then payment needed with the way to pay again", async () => {
    const subscription = await heldSubscription({ cardNumber: failsWithoutHer });
    await moveDays(8);
    await decideReview(paymentGateway(), await reload(subscription), "approved", null, "owner");
    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "hold_expired", "payment_needed"]);
    expect(emails[2]!.text).toContain(`/subscription/${await tokenOf(subscription)}/payment`);
  });

  it("a yearly plan is reminded 30 days before it renews, once, with the date, amount and how to cancel", async () => {
    const subscription = await heldSubscription({ plan: "yearly", amountCents: 100_000 });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await moveDays(330);
    await runLifecycleRound(paymentGateway());
    expect(await kindsOf(subscription)).toEqual(["order_received", "approved"]);
    await moveDays(6);
    await runLifecycleRound(paymentGateway());
    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "approved", "renewal_reminder"]);
    expect(emails[2]!.text).toContain("we will charge $1,000.00 to your card for the next 12 months");
    expect(emails[2]!.text).toMatch(/cancel online before \w+ \d+, \d{4}/);
    await moveDays(30);
    const after = await reload(subscription);
    expect({ state: after.state, periodsPaid: after.periodsPaid }).toEqual({ state: "active", periodsPaid: 2 });
    expect(await kindsOf(subscription)).toEqual(["order_received", "approved", "renewal_reminder", "renewal_charged"]);
  });

  it("a monthly plan gets no reminder", async () => {
    const subscription = await heldSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await moveDays(29);
    expect(await kindsOf(subscription)).toEqual(["order_received", "approved"]);
  });

  it("a failing renewal says when it is tried again and how to give another card, then the subscription lapses", async () => {
    const subscription = await heldSubscription({ plan: "monthly", cardNumber: failsWithoutHer });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    for (const days of [31, 1, 2, 2, 1]) await moveDays(days);
    const emails = await emailsOf(subscription);
    expect(emails.map((email) => email.kind)).toEqual([
      "order_received",
      "approved",
      "renewal_failed",
      "renewal_failed",
      "renewal_failed",
      "lapsed",
    ]);
    expect(emails[2]!.text).toMatch(/We will try your card again on \w+ \d+, \d{4}/);
    expect(emails[2]!.text).toContain("/payment");
  });
});

describe("her link", () => {
  it("opens her page with her order, no-store and no-referrer", async () => {
    const subscription = await heldSubscription({ plan: "quarterly" });
    const answer = await openPage(subscription);
    expect(answer).toHaveStatus(200);
    expect(answer.data.reference).toBe(subscription.reference);
    expect(answer.data.status.title).toBe("Under review");
    expect(answer.data.medications).toEqual([{ name: "Estradiol Patch", dosage: "0.05 mg" }]);
    expect(answer.data.payments.map((p: { text: string }) => p.text)).toEqual(["Hold placed"]);
    expect(herPage.headers({} as never)).toMatchObject({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  });

  it("a changed character, a token of another kind, a uuid or a reference opens nothing (404)", async () => {
    const subscription = await heldSubscription();
    const token = await tokenOf(subscription);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [flipped, subscription.id, subscription.reference, "x", `${token}x`]) {
      const answer = await openPage(subscription, bad);
      expect(answer).toHaveStatus(404);
      expect(answer.data.message).toContain("This link does not open an order");
    }
  });

  it("another order's id under this order's signature opens nothing", async () => {
    const mine = await heldSubscription();
    const other = await heldSubscription();
    const [, version, signature] = (await tokenOf(mine)).split(".");
    const [otherId] = (await tokenOf(other)).split(".");
    expect(await openPage(mine, `${otherId}.${version}.${signature}`)).toHaveStatus(404);
  });

  it("the lost-link page answers the same for a known and an unknown email, and sends nothing for the unknown", async () => {
    const subscription = await paidSubscription();
    await deliverAll();
    const email = (await storedEmailsOf(subscription.reference))[0]!.toAddress;
    const known = await new TestBrowser().call(lostLink.action, "/subscription", { form: { email } });
    const unknown = await new TestBrowser().call(lostLink.action, "/subscription", { form: { email: "nobody@example.org" } });
    expect(known.status).toBe(unknown.status);
    expect(Object.keys(known.data)).toEqual(Object.keys(unknown.data));
    expect(known.data.lastResult).toBeNull();
    const pending = await (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "email"));
    expect(pending.filter((row) => (row.payload as { email: string }).email === "your_link")).toHaveLength(1);
  });

  it("the lost-link page refuses a malformed email (400) and limits asks per email (429)", async () => {
    expect(await new TestBrowser().call(lostLink.action, "/subscription", { form: { email: "not-an-email" } })).toHaveStatus(400);
    const ask = () => new TestBrowser().call(lostLink.action, "/subscription", { form: { email: "someone@example.org" } });
    for (let i = 0; i < 5; i++) expect(await ask()).toHaveStatus(200);
    const limited = await ask();
    expect(limited).toHaveStatus(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("cancel online", () => {
  it("before review: the hold is released at once, the provider hears, she gets the cancelled email", async () => {
    const subscription = await heldSubscription();
    const answer = await cancel(subscription);
    expect(answer).toHaveStatus(200);
    expect(answer.data.text).toContain("We released the $139.00 hold on your card; nothing was charged.");
    expect((await reload(subscription)).state).toBe("cancelled");
    const emails = await emailsOf(subscription);
    expect(emails.at(-1)!.kind).toBe("cancelled");
    expect(emails.at(-1)!.text).toContain("before it was reviewed");
    const again = await cancel(subscription);
    expect(again).toHaveStatus(200);
    expect(again.data.text).toBe("This subscription was already canceled or closed. Nothing more will be charged.");
    expect(await kindsOf(subscription)).toEqual(["order_received", "cancelled"]);
  });

  it("active, far from the billing date: nothing more is billed", async () => {
    const subscription = await heldSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    const answer = await cancel(subscription);
    expect(answer.data.text).toContain("No further renewal will be billed");
    await moveDays(40);
    expect((await reload(subscription)).periodsPaid).toBe(1);
  });

  it("within 72 hours of the billing date: the preview and the result say that renewal is still billed, then it ends", async () => {
    const subscription = await heldSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await moveDays(29);
    const token = await tokenOf(subscription);
    const preview = await new TestBrowser().call(cancelPage.loader, `/subscription/${token}/cancel`, { params: { token } });
    expect(preview.data.preview.text).toContain("is less than 72 hours away");
    const answer = await cancel(subscription);
    expect(answer.data.text).toContain("that renewal of $139.00 is still billed");
    expect((await reload(subscription)).state).toBe("ending");
    await moveDays(3);
    const after = await reload(subscription);
    expect(after.state).toBe("cancelled");
    expect(after.periodsPaid).toBe(2);
    expect(await kindsOf(subscription)).toEqual(["order_received", "approved", "cancelled", "renewal_charged"]);
  });

  it("lapsed: nothing to cancel, said plainly", async () => {
    const subscription = await heldSubscription({ plan: "monthly", cardNumber: failsWithoutHer });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    for (const days of [31, 1, 2, 2, 1]) await moveDays(days);
    expect((await reload(subscription)).state).toBe("lapsed");
    const answer = await cancel(subscription);
    expect(answer.data.text).toContain("already canceled or closed");
  });
});

describe("another card", () => {
  const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", securityCode: "123" };

  async function pay(subscription: SubscriptionRow, form: Record<string, string> = card) {
    const token = await tokenOf(subscription);
    return new TestBrowser().call(paymentPage.action, `/subscription/${token}/payment`, { params: { token }, form });
  }

  it("payment needed: the new card is charged the first period once; a second press charges nothing", async () => {
    const subscription = await heldSubscription({ cardNumber: failsWithoutHer });
    await moveDays(8);
    await decideReview(paymentGateway(), await reload(subscription), "approved", null, "owner");
    expect((await reload(subscription)).state).toBe("payment_needed");
    const [first, second] = await Promise.all([pay(subscription), pay(subscription)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([409, 503]).toContain(statuses[1]);
    const after = await reload(subscription);
    expect(after.state).toBe("active");
    expect(after.cardLast4).toBe("4242");
    expect(await kindsOf(subscription)).toEqual(["order_received", "hold_expired", "payment_needed", "approved"]);
    expect(await pay(subscription)).toHaveStatus(409);
  });

  it("a failed renewal is paid with the new card, and later renewals charge it", async () => {
    const subscription = await heldSubscription({ plan: "monthly", cardNumber: failsWithoutHer });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await moveDays(31);
    expect((await reload(subscription)).state).toBe("past_due");
    const answer = await pay(subscription);
    expect(answer).toHaveStatus(200);
    expect(answer.data.text).toContain("We charged $139.00 to your new card");
    await moveDays(31);
    const after = await reload(subscription);
    expect(after.state).toBe("active");
    expect(after.periodsPaid).toBe(3);
  });

  it("a card field she got wrong is refused beside the field (400), a declined card with the bank's words (402)", async () => {
    const subscription = await heldSubscription({ plan: "monthly", cardNumber: failsWithoutHer });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await moveDays(31);
    const wrong = await pay(subscription, { ...card, cardNumber: "1234" });
    expect(wrong).toHaveStatus(400);
    expect(Object.keys(wrong.data.lastResult.error)).toContain("cardNumber");
    const declined = await pay(subscription, { ...card, cardNumber: "4000000000000002" });
    expect(declined).toHaveStatus(402);
    expect((await reload(subscription)).state).toBe("past_due");
  });

  it("nothing due: the page says so and takes no card", async () => {
    const subscription = await heldSubscription();
    expect(await pay(subscription)).toHaveStatus(409);
  });
});

describe("her link's spelling", () => {
  it("every other last character of the signature opens nothing (base64url's spare bits included)", async () => {
    const subscription = await heldSubscription();
    const token = await tokenOf(subscription);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const last of alphabet.replace(token.at(-1)!, "")) {
      expect((await openPage(subscription, `${token.slice(0, -1)}${last}`)).status).toBe(404);
    }
    // The id's last character has spare bits too.
    const [id, ...rest] = token.split(".");
    for (const last of alphabet.replace(id!.at(-1)!, "")) {
      expect((await openPage(subscription, [`${id!.slice(0, -1)}${last}`, ...rest].join("."))).status).toBe(404);
    }
  });
});
