// Her card for the payments to come, updated from her link on the sandbox: nothing charged,
// the next renewal charged to the new card (and never again to the old one), with its timeline
// line, her email and the provider's event (the brand and last four only); a declined card
// changes nothing and says the bank's words; a double press changes the card once; a payment
// due now is paid on the other card page; the cards tried are limited per order.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { herCardMessages, tooManyCardUpdatesMessage } from "../../app/funnel/her-card";
import type { OrderEventBody } from "../../app/funnel/order-event";
import * as cardRoute from "../../app/routes/subscription.$token.card/route";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import { database } from "../../app/server/db/client.server";
import { outboxMessages, sandboxPayments, subscriptionEvents } from "../../app/server/db/schema.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { deliverAll, heldSubscription, paidSubscription, moveClockToNextBilling, reload, sandboxCharges } from "../support/subscriptions";

const mastercard = { cardNumber: "5555 5555 5555 4444", expiry: "12/34", securityCode: "123" };
const declined = { cardNumber: "4000 0000 0000 0002", expiry: "12/34", securityCode: "123" };

beforeEach(async () => {
  await resetDatabase();
});

async function activeSubscription(options: { throughCheckout?: boolean } = {}): Promise<SubscriptionRow> {
  // Through the checkout, her order keeps the card she paid with, as her page shows it.
  const held = options.throughCheckout ? await paidSubscription() : await heldSubscription();
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const active = await reload(held);
  expect(active.state).toBe("active");
  return active;
}

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

async function openCardPage(subscription: SubscriptionRow, query = "") {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(cardRoute.loader, `/subscription/${token}/card${query}`, { params: { token } });
}

/** The form posted with what her page showed when `shown` is not given (an older page's otherwise). */
async function postCard(subscription: SubscriptionRow, card: Record<string, string>, shown?: string) {
  const token = await tokenOf(subscription);
  const showing = shown ?? (await openCardPage(subscription)).data.shown;
  return new TestBrowser().call(cardRoute.action, `/subscription/${token}/card`, { params: { token }, form: { ...card, shown: showing } });
}

const messageOf = (answer: { data: { lastResult: { error: Record<string, string[]> } } }) =>
  Object.values(answer.data.lastResult.error).flat().join(" ");

async function cardLines(subscription: SubscriptionRow) {
  return (await database())
    .select()
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.subscriptionId, subscription.id), eq(subscriptionEvents.event, "card_updated")));
}

async function cardEvents(subscription: SubscriptionRow): Promise<OrderEventBody[]> {
  const rows = await (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "order-event"));
  return rows
    .map((row) => row.payload as unknown as OrderEventBody)
    .filter((payload) => payload.order_reference === subscription.reference && payload.event === "card_updated");
}

async function cardEmails(subscription: SubscriptionRow) {
  await deliverAll();
  return (await storedEmailsOf(subscription.reference)).filter((email) => email.subject.includes("card"));
}

describe("updating her card", () => {
  it("keeps the new card, charges nothing now, and the next renewal charges the new card, not the old", async () => {
    const subscription = await activeSubscription({ throughCheckout: true });
    const page = await openCardPage(subscription);
    expect(page).toHaveStatus(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.data).toMatchObject({ open: true, current: "Visa ending 4242", updated: false });
    expect(page.data.firstUse).toContain("from your next payment, on");

    const token = await tokenOf(subscription);
    const answer = await postCard(subscription, mastercard);
    expect(answer).toHaveStatus(303);
    expect(answer.location).toBe(`/subscription/${token}/card?updated=1`);
    const updated = await reload(subscription);
    expect(updated).toMatchObject({ state: "active", periodsPaid: 1, cardBrand: "mastercard", cardLast4: "4444" });
    expect(updated.cardReference).toMatch(/^sandbox_card_/);
    expect((await openCardPage(subscription, "?updated=1")).data).toMatchObject({ updated: true, current: "Mastercard ending 4444" });
    expect((await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } })).data.card).toBe(
      "Mastercard ending 4444",
    );

    // Her timeline and the provider hear the brand and last four only; her email says from when.
    expect((await cardLines(subscription)).map((line) => line.detail)).toEqual([{ card_brand: "mastercard", card_last4: "4444" }]);
    expect(await cardEvents(subscription)).toMatchObject([
      { event: "card_updated", state: "active", card_brand: "mastercard", card_last4: "4444" },
    ]);
    const [email, ...more] = await cardEmails(subscription);
    expect(more).toEqual([]);
    expect(email!.subject).toBe(`Your card for ${subscription.reference} is updated`);
    expect(email!.text).toContain("Your card for future payments is now Mastercard ending 4444.");
    expect(email!.text).toMatch(
      /We will use it from your next payment, on \w+ \d+, \d{4}, and no longer charge the card you used before\./,
    );
    expect(email!.text).toContain("If you did not make this change");
    // Nothing was charged for the update itself.
    expect(await sandboxCharges(subscription)).toEqual([]);

    await moveClockToNextBilling(updated);
    await runLifecycleRound(paymentGateway());
    expect(await reload(subscription)).toMatchObject({ state: "active", periodsPaid: 2 });
    const onNewCard = await (
      await database()
    )
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.savedFrom, updated.cardReference!), eq(sandboxPayments.kind, "charge")));
    expect(onNewCard).toMatchObject([{ status: "paid", cardLast4: "4444", amountCents: updated.renewalCents }]);
    // The old card (the hold's) is charged no more.
    expect(await sandboxCharges(subscription)).toEqual([]);
  });

  it("a declined card changes nothing and says the bank's words", async () => {
    const subscription = await activeSubscription();
    const answer = await postCard(subscription, declined);
    expect(answer).toHaveStatus(402);
    expect(messageOf(answer)).toBe("Your card was declined.");
    // The card she typed is never sent back.
    expect(answer.data.lastResult.initialValue).toEqual({});
    expect(await reload(subscription)).toMatchObject({ cardReference: null, cardLast4: null });
    expect(await cardLines(subscription)).toEqual([]);
    expect(await cardEvents(subscription)).toEqual([]);
    expect(await cardEmails(subscription)).toEqual([]);
  });

  it("a double press changes the card once: one line, one email, one event; an older page's card is refused", async () => {
    // Under review: the hold pays the first period, the new card the renewals; the page says so.
    const subscription = await heldSubscription();
    const page = await openCardPage(subscription);
    expect(page.data.open).toBe(true);
    expect(page.data.firstUse).toContain("Your new card is used from your first renewal on.");
    const shown = page.data.shown;
    const [first, second] = await Promise.all([postCard(subscription, mastercard, shown), postCard(subscription, mastercard, shown)]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(await cardLines(subscription)).toHaveLength(1);
    expect(await cardEvents(subscription)).toMatchObject([{ state: "on_hold", card_last4: "4444" }]);
    const emails = await cardEmails(subscription);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("Your new card is used from your first renewal on.");

    // Another card from the page drawn before the change: refused, the card kept.
    const kept = (await reload(subscription)).cardReference;
    const stale = await postCard(subscription, { ...mastercard, cardNumber: "4242 4242 4242 4242" }, shown);
    expect(stale).toHaveStatus(409);
    expect(messageOf(stale)).toBe(herCardMessages.movedOn);
    expect((await reload(subscription)).cardReference).toBe(kept);
    expect(await cardLines(subscription)).toHaveLength(1);
  });

  it("sends her to the page that pays what is due when a payment is due", async () => {
    const subscription = await heldSubscription({ cardNumber: "4000002760003184" });
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    await runLifecycleRound(paymentGateway());
    await moveClockToNextBilling(subscription);
    await runLifecycleRound(paymentGateway());
    const due = await reload(subscription);
    expect(due.state).toBe("past_due");
    const token = await tokenOf(subscription);
    const page = await openCardPage(subscription);
    expect(page.data).toMatchObject({ open: false, closed: herCardMessages.paymentDue, payInstead: `/subscription/${token}/payment` });
    const answer = await postCard(subscription, mastercard);
    expect(answer).toHaveStatus(409);
    expect(messageOf(answer)).toBe(herCardMessages.paymentDue);
    expect((await reload(subscription)).cardReference).toBeNull();
  });

  it("limits the cards tried per order, declined ones too (429)", async () => {
    const subscription = await activeSubscription();
    for (let i = 0; i < 5; i++) expect(await postCard(subscription, declined)).toHaveStatus(402);
    const answer = await postCard(subscription, mastercard);
    expect(answer).toHaveStatus(429);
    expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(messageOf(answer)).toBe(tooManyCardUpdatesMessage(Number(answer.headers.get("Retry-After"))));
    expect((await reload(subscription)).cardReference).toBeNull();
  });
});
