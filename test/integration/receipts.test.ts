// Her receipts from her link: a paid and approved order's first period, a renewal and a refund
// each have one with every field a plan administrator asks for; her page's billing history
// links them; a hold, a failed charge or another order's payment is refused as her pages
// refuse (404); and each receipt email's link opens its receipt.
import { beforeEach, describe, expect, it } from "vitest";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as receiptPage from "../../app/routes/subscription.$token.receipts.$paymentId/route";
import type { PreAuthOrderBody } from "../../app/funnel/pre-auth-order";
import { prescribedWords, receiptMessages } from "../../app/funnel/receipt";
import { translator, type MessageId } from "../../app/i18n/messages";
import { findOrder } from "../../app/server/db/stores/orders.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { config } from "../../app/server/config.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { refundPayment } from "../../app/server/subscriptions/refunds.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, paidSubscription, paymentsOf, reload, deliverAll, moveDays } from "../support/subscriptions";

/** Authorises, then fails every charge without her. */
const failsWithoutHer = "4000002760003184";

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

async function openReceipt(subscription: SubscriptionRow, paymentId: number | string) {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(receiptPage.loader, `/subscription/${token}/receipts/${paymentId}`, {
    params: { token, paymentId: String(paymentId) },
  });
}

async function approvedOrder() {
  const subscription = await paidSubscription({ plan: "monthly" });
  await decideReview(paymentGateway(), subscription, "approved", null, "owner");
  const body = (await findOrder(subscription.responderUuid))!.body as unknown as PreAuthOrderBody;
  return { subscription: await reload(subscription), body };
}

async function paymentOf(subscription: SubscriptionRow, kind: string, period = 0) {
  const payment = (await paymentsOf(subscription)).find((p) => p.kind === kind && p.period === period && p.status === "succeeded");
  expect(payment, `a ${kind} of period ${period}`).toBeDefined();
  return payment!;
}

beforeEach(async () => {
  await resetDatabase();
});

/** Approved, renewed a month on, and $10.00 of the first period given back (she is told). */
async function renewedAndPartlyRefunded() {
  const { subscription } = await approvedOrder();
  await moveDays(32);
  const capture = await paymentOf(subscription, "capture");
  await refundPayment(paymentGateway(), subscription, {
    paymentId: capture.id,
    amountCents: 1_000,
    reason: "goodwill",
    note: null,
    tellHer: true,
  });
  return { subscription, capture };
}

describe("a receipt of hers", () => {
  it("a paid and approved order's first period: merchant, date, her name, reference, each medication with its dosage and period, amounts, card, the prescription", async () => {
    const { subscription, body } = await approvedOrder();
    const capture = await paymentOf(subscription, "capture");
    const answer = await openReceipt(subscription, capture.id);
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(translator("en")(receiptPage.handle.title as MessageId)).toBe("Receipt");
    const { receipt } = answer.data;
    expect(receipt).toMatchObject({
      kind: "payment",
      label: "Payment",
      receiptNumber: `${subscription.reference}-${capture.id}`,
      merchant: { name: "Menopause Care", address: config().MERCHANT_ADDRESS, phone: "1-888-555-0142", email: "care@example.com" },
      customerName: `${body.customer.firstName} ${body.customer.lastName}`,
      reference: subscription.reference,
      card: "Visa ending 4242",
      total: { label: "Total paid", amount: `$${(capture.amountCents / 100).toFixed(2)}` },
      prescribed: prescribedWords,
    });
    expect(receipt.date).toMatch(/^\w+ \d{1,2}, \d{4}$/);
    expect(receipt.lines.map((line: { item: string; dosage: string }) => [line.item, line.dosage])).toEqual(
      body.medications.map((m) => [m.name, m.dosage]),
    );
    // The first period: from the capture to the day before her next billing date.
    const day = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    const lastDay = new Date(subscription.nextBillingAt!.getTime() - 24 * 60 * 60 * 1000);
    for (const line of receipt.lines) expect(line.period).toBe(`${day(capture.at)} to ${day(lastDay)}`);
    expect(receipt.lines.every((line: { amount: string | null }) => line.amount !== null)).toBe(true);
  });

  it("a renewal has its own receipt: its amount and the period it began", async () => {
    const { subscription } = await approvedOrder();
    await moveDays(32);
    const charge = await paymentOf(subscription, "charge", 1);
    const answer = await openReceipt(subscription, charge.id);
    expect(answer).toHaveStatus(200);
    const { receipt } = answer.data;
    expect(receipt.receiptNumber).toBe(`${subscription.reference}-${charge.id}`);
    expect(receipt.total.amount).toBe(`$${(charge.amountCents / 100).toFixed(2)}`);
    const day = charge.at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    expect(receipt.date).toBe(day);
    expect(receipt.lines[0].period.startsWith(`${day} to `)).toBe(true);
    expect(receipt.card).toBe("Visa ending 4242");
    expect(receipt.prescribed).toBe(prescribedWords);
  });

  it("a refund's receipt says Refund and the amount back, beside the payment it gives back", async () => {
    const { subscription } = await approvedOrder();
    const capture = await paymentOf(subscription, "capture");
    const outcome = await refundPayment(paymentGateway(), subscription, {
      paymentId: capture.id,
      amountCents: 2_500,
      reason: "goodwill",
      note: null,
      tellHer: true,
    });
    expect(outcome.status).toBe("refunded");
    const refund = await paymentOf(subscription, "refund");
    const answer = await openReceipt(subscription, refund.id);
    expect(answer).toHaveStatus(200);
    const { receipt } = answer.data;
    expect(receipt).toMatchObject({
      kind: "refund",
      label: "Refund",
      receiptNumber: `${subscription.reference}-${refund.id}`,
      total: { label: "Refund: amount back to your card", amount: "$25.00" },
      summary: "Refund of $25.00 to Visa ending 4242.",
    });
    expect(receipt.adjustments[0].label).toContain(`receipt ${subscription.reference}-${capture.id}`);
  });

  it("before a provider prescribed there is nothing to print: the hold has no receipt (404)", async () => {
    const subscription = await paidSubscription();
    const hold = await paymentOf(subscription, "hold");
    const answer = await openReceipt(subscription, hold.id);
    expect(answer).toHaveStatus(404);
    expect(answer.data.message).toBe(receiptMessages.none);
    expect(answer.data.returnTo).toBe(`/subscription/${await tokenOf(subscription)}`);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  it("a charge that did not go through has no receipt (404)", async () => {
    const subscription = await heldSubscription({ plan: "monthly", cardNumber: failsWithoutHer });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await moveDays(31);
    const failed = (await paymentsOf(subscription)).find((p) => p.kind === "charge" && p.status === "failed");
    expect(failed).toBeDefined();
    expect(await openReceipt(subscription, failed!.id)).toHaveStatus(404);
  });

  it("another order's payment, under her link, opens nothing (404), as an id that names nothing", async () => {
    const { subscription: mine } = await approvedOrder();
    const { subscription: other } = await approvedOrder();
    const theirs = await paymentOf(other, "capture");
    const answer = await openReceipt(mine, theirs.id);
    expect(answer).toHaveStatus(404);
    expect(answer.data.message).toBe(receiptMessages.none);
    for (const bad of ["0", "-1", "1e3", "abc", "99999999999999999999", String(theirs.id + 1000)]) {
      expect((await openReceipt(mine, bad)).status).toBe(404);
    }
    // Her own receipt still opens; a changed link opens no receipt at all.
    expect(await openReceipt(other, theirs.id)).toHaveStatus(200);
    const token = await tokenOf(other);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const refused = await new TestBrowser().call(receiptPage.loader, `/subscription/${flipped}/receipts/${theirs.id}`, {
      params: { token: flipped, paymentId: String(theirs.id) },
    });
    expect(refused).toHaveStatus(404);
    expect(refused.data.message).toContain("This link does not open an order");
  });
});

describe("her billing history", () => {
  it("lists every payment; the ones taken and the refunds made link to their receipt", async () => {
    const { subscription } = await renewedAndPartlyRefunded();
    const token = await tokenOf(subscription);
    const page = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
    expect(page).toHaveStatus(200);
    const rows = page.data.payments.map((p: { text: string; receipt: boolean }) => [p.text, p.receipt]);
    expect(rows).toEqual([
      ["Hold placed", false],
      ["Charged (from the hold)", true],
      ["Charged", true],
      ["Refunded to your card", true],
    ]);
  });
});

describe("her receipt emails", () => {
  it("the approved, renewal and refund emails each link to their receipt, and the link opens it", async () => {
    const { subscription, capture } = await renewedAndPartlyRefunded();
    await deliverAll();
    const emails = await storedEmailsOf(subscription.reference);
    const expected = {
      approved: capture.id,
      renewal_charged: (await paymentOf(subscription, "charge", 1)).id,
      refunded: (await paymentOf(subscription, "refund")).id,
    };
    const token = await tokenOf(subscription);
    for (const [kind, paymentId] of Object.entries(expected)) {
      const email = emails.find((e) => e.kind === kind);
      expect(email, kind).toBeDefined();
      const link = /View and print your receipt: (\S+)/.exec(email!.text)?.[1];
      expect(link, kind).toBeDefined();
      const { pathname } = new URL(link!);
      expect(pathname).toBe(`/subscription/${token}/receipts/${paymentId}`);
      expect(email!.html).toContain(`href="${link}"`);
      const [, , linkToken, , linkPayment] = pathname.split("/");
      const opened = await new TestBrowser().call(receiptPage.loader, pathname, { params: { token: linkToken!, paymentId: linkPayment! } });
      expect(opened).toHaveStatus(200);
      expect(opened.data.receipt.receiptNumber).toBe(`${subscription.reference}-${paymentId}`);
    }
    // The other emails carry no receipt link.
    const others = emails.filter((e) => !(e.kind in expected));
    expect(others.length).toBeGreaterThan(0);
    for (const email of others) expect(email.text).not.toContain("View and print your receipt");
  });
});
