// "Delete my data" from her link: every copy of her details erased (found by scanning every text
// and JSON column of every table, so a table added later is scanned too), the financial rows and
// her consent kept, a running plan ended at once with no renewal after, a hold released once,
// the provider told, her link closed (410), the console saying "Deleted at her request"; a
// double press erases once; too many presses are slowed.
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deletedAtHerRequest } from "../../app/funnel/her-erasure";
import type { OrderEventBody } from "../../app/funnel/order-event";
import * as cardPage from "../../app/routes/subscription.$token.card/route";
import * as deletePage from "../../app/routes/subscription.$token.delete/route";
import { erasureLimit } from "../../app/routes/subscription.$token.delete/delete-page.server";
import * as herData from "../../app/routes/subscription.$token.data";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as paymentComplete from "../../app/routes/payment-complete.$responderUuid";
import * as addressPage from "../../app/routes/subscription.$token.address/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as reviewPage from "../../app/routes/owner.reviews.$reference/route";
import { database } from "../../app/server/db/client.server";
import { consentRecords, disputes, orders, subscriptionEvents, subscriptionPayments } from "../../app/server/db/schema.server";
import { findSubscriptionByResponder, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { countHit } from "../../app/server/http/rate-limits.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { refundPayment } from "../../app/server/subscriptions/refunds.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { getVisitorSession } from "../../app/server/visitor/session.server";
import { payForPlan } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedInOwner } from "../support/staff";
import {
  deliverAll,
  moveClockToNextBilling,
  orderEventsOf,
  paymentsOf,
  providerEventsOf,
  reload,
  sandboxCharges,
  sandboxHold,
} from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

/**
 * What she typed at the checkout (test/support/factories.ts), and the tracking email her first
 * link carried, in every form they may be kept in: her email as typed or in an address's query
 * (%40), her phone (212) 555-0123 typed, as digits or with the country code, her street as
 * typed and the one she moved to.
 */
const herTraces = {
  email: /jane(@|%40)example\.org/i,
  phone: /\(?212\)?[\s.-]*555[\s.-]*0123/,
  // eslint-disable-next-line no-useless-escape -- \m and \M are PostgreSQL's word boundaries: each pattern runs in SQL, as its source
  lastName: /\mDoe\M/,
  // eslint-disable-next-line no-useless-escape -- as above
  firstName: /\mJane\M/,
  street: /Main Street/i,
  newStreet: /Evergreen Terrace/i,
  /** Her own words with "Other" when she cancelled (herCancelNote below). */
  cancelNote: /my sister in Lisbon/i,
};

const herCancelNote = "Moving in with my sister in Lisbon";

/** The tracking parameters of the newsletter's link she first arrived by: her email among them. */
const newsletterLink = "?utm_source=newsletter&utm_campaign=spring&email_address=jane%40example.org";

/** She pays through the funnel, arriving by a link that carried her email; her subscription, on hold. */
async function herOrder(): Promise<SubscriptionRow> {
  const { responderUuid, answer } = await payForPlan(new TestBrowser(), { query: newsletterLink });
  expect(answer.status).toBe(303);
  return (await findSubscriptionByResponder(responderUuid))!;
}

async function approved(subscription: SubscriptionRow): Promise<SubscriptionRow> {
  await decideReview(paymentGateway(), subscription, "approved", null, "owner");
  await deliverAll();
  const active = await reload(subscription);
  expect(active.state).toBe("active");
  return active;
}

/** "Delete my data" pressed from her link (the link as it was before, for a second press). */
async function pressDelete(subscription: SubscriptionRow, token?: string) {
  const given = token ?? subscriptionLinkToken(await reload(subscription));
  return new TestBrowser().call(deletePage.action, `/subscription/${given}/delete`, { params: { token: given }, form: {} });
}

/**
 * Every text, varchar and JSON column of every table of the database (the system's catalogues
 * aside) scanned for each of her traces: the tables come from the database itself, so a table
 * added later is scanned too. Which column of which table still holds which trace (a table of
 * the app's own schema named alone, any other with its schema).
 */
async function herTracesLeft(): Promise<string[]> {
  const db = await database();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- either engine's result type is opaque: its rows are asserted, not inferred
  const columns = (await db.execute(sql`
    select table_schema, table_name, column_name, table_schema = current_schema() as ours from information_schema.columns
    where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\_%'
      and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')
    order by table_schema, table_name, column_name`)) as unknown as {
    rows: { table_schema: string; table_name: string; column_name: string; ours: boolean }[];
  };
  expect(columns.rows.filter((row) => row.ours).length).toBeGreaterThan(50);
  const tables = new Map<string, { schema: string; table: string; columns: string[] }>();
  for (const row of columns.rows) {
    const name = row.ours ? row.table_name : `${row.table_schema}.${row.table_name}`;
    const entry = tables.get(name) ?? { schema: row.table_schema, table: row.table_name, columns: [] };
    entry.columns.push(row.column_name);
    tables.set(name, entry);
  }
  const found: string[] = [];
  // One query a table: whether any row of each column holds each trace.
  for (const [name, { schema, table, columns: ofTable }] of tables) {
    const checks = ofTable.flatMap((column) =>
      Object.entries(herTraces).map(([trace, pattern]) => {
        const operator = sql.raw(pattern.flags.includes("i") ? "~*" : "~");
        return {
          name: `${column}: ${trace}`,
          test: sql`coalesce(bool_or(${sql.identifier(column)}::text ${operator} ${pattern.source}), false)`,
        };
      }),
    );
    const selected = sql.join(
      checks.map((check, index) => sql`${check.test} as ${sql.identifier(`c${index}`)}`),
      sql`, `,
    );
    const from = sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- either engine's result type is opaque: its rows are asserted, not inferred
    const result = (await db.execute(sql`select ${selected} from ${from}`)) as unknown as { rows: Record<string, boolean>[] };
    checks.forEach((check, index) => {
      if (result.rows[0]![`c${index}`]) found.push(`${name}.${check.name}`);
    });
  }
  return found;
}

async function financialRows(subscription: SubscriptionRow) {
  const db = await database();
  const [order] = await db
    .select({
      reference: orders.reference,
      amountCents: orders.amountCents,
      cardBrand: orders.cardBrand,
      cardLast4: orders.cardLast4,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, subscription.orderId));
  const consents = await db.select().from(consentRecords).where(eq(consentRecords.responderUuid, subscription.responderUuid));
  return { order, payments: await paymentsOf(subscription), consents };
}

async function erasureEventsOf(subscription: SubscriptionRow): Promise<OrderEventBody[]> {
  return (await orderEventsOf(subscription)).filter((payload) => payload.event === "personal_data_erased");
}

async function timelineOf(subscription: SubscriptionRow) {
  const rows = await (
    await database()
  )
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscription.id))
    .orderBy(asc(subscriptionEvents.id));
  return rows.map((row) => row.event);
}

describe("deleting her data", () => {
  it("erases every copy of her details, keeps the financial rows and her consent, ends the plan at once and closes her link", async () => {
    const subscription = await approved(await herOrder());
    const token = subscriptionLinkToken(subscription);
    // Her traces are everywhere before: the scan can find them.
    expect(await herTracesLeft()).toEqual(
      expect.arrayContaining(["orders.body: email", "stored_emails.to_address: email", "pre_checkout_details.last_name: lastName"]),
    );
    const kept = await financialRows(subscription);
    expect(kept.payments.map((payment) => payment.kind)).toEqual(["hold", "capture"]);
    expect(kept.consents).toHaveLength(1);

    const page = await new TestBrowser().call(deletePage.loader, `/subscription/${token}/delete`, { params: { token } });
    expect(page).toHaveStatus(200);
    expect(page.data.download).toBe(`/subscription/${token}/data`);
    const pressed = await pressDelete(subscription);
    expect(pressed).toHaveStatus(303);
    expect(pressed.location).toBe(`/subscription/deleted?reference=${subscription.reference}`);

    const erased = await reload(subscription);
    expect(erased.erasedAt).not.toBeNull();
    expect(erased.state).toBe("cancelled");
    expect(await timelineOf(subscription)).toEqual(["hold_placed", "approved_captured", "personal_data_erased"]);
    // The provider is told once, by the reference and her flow's uuid alone.
    const [told, ...more] = await erasureEventsOf(subscription);
    expect(more).toEqual([]);
    expect(Object.keys(told!).sort()).toEqual(["event", "occurred_at", "order_reference", "responder_uuid", "sandbox", "state"]);

    // Whatever is delivered and however far the clock moves on, nothing of hers comes back and
    // nothing more is billed: the renewal date passes with no charge.
    const chargesBefore = (await sandboxCharges(subscription)).length;
    const daysToRenewal = Math.ceil((subscription.nextBillingAt!.getTime() - (await lifecycleNow()).getTime()) / (24 * 60 * 60 * 1000));
    expect((await moveSandboxClock(daysToRenewal + 1)).status).toBe("moved");
    await runLifecycleRound(paymentGateway());
    await deliverAll();
    expect((await sandboxCharges(subscription)).length).toBe(chargesBefore);
    expect(await herTracesLeft()).toEqual([]);
    expect(await financialRows(subscription)).toEqual(kept);

    // Her link is closed: her page, this page and her download say no more than that.
    for (const route of [herPage.loader, deletePage.loader]) {
      const answer = await new TestBrowser().call(route, `/subscription/${token}`, { params: { token } });
      expect(answer).toHaveStatus(410);
      expect(answer.data.message).toBe("This link no longer works.");
    }
    const download = await new TestBrowser().call(herData.loader, `/subscription/${token}/data`, { params: { token } });
    expect(download).toHaveStatus(303);
    // A press of the page she still had open gets the same answer as the first.
    expect(await pressDelete(subscription, token)).toRedirectTo("/subscription/deleted");
  });

  it("leaves nothing of her email, phone or street anywhere after an order's whole life, her browser's session included", async () => {
    // She arrives by the newsletter's link, pays with the card whose charges her bank disputes,
    // and reaches the payment-complete page: her browser gives her flow up, and its session
    // keeps the tracking parameters, her email among them.
    const browser = new TestBrowser();
    const { responderUuid, answer } = await payForPlan(browser, { query: newsletterLink, card: { cardNumber: "4000 0000 0000 0259" } });
    expect(answer.status).toBe(303);
    expect(await browser.call(paymentComplete.loader, `/payment-complete/${responderUuid}`, { params: { responderUuid } })).toHaveStatus(
      200,
    );
    const session = async () =>
      (await getVisitorSession(new Request("http://localhost/", { headers: { Cookie: browser.cookieHeader() } }))).data;
    expect((await session()).ownedResponderUuids ?? []).not.toContain(responderUuid);
    expect((await session()).trackingParams?.email_address).toBe("jane@example.org");

    // Approved and captured; her bank disputes the capture; she moves; a renewal; a refund;
    // every email delivered and every event told to the embedded provider.
    const subscription = await approved((await findSubscriptionByResponder(responderUuid))!);
    await runLifecycleRound(paymentGateway());
    const token = subscriptionLinkToken(subscription);
    const addressForm = await new TestBrowser().call(addressPage.loader, `/subscription/${token}/address`, { params: { token } });
    const moved = {
      addressLine1: "742 Evergreen Terrace",
      addressLine2: "Unit 3",
      city: "Portland",
      state: "OR",
      zipCode: "97201",
      shown: addressForm.data.shown,
    };
    expect(
      await new TestBrowser().call(addressPage.action, `/subscription/${token}/address`, { params: { token }, form: moved }),
    ).toHaveStatus(303);
    await moveClockToNextBilling(subscription);
    await runLifecycleRound(paymentGateway());
    const [capture] = (await paymentsOf(subscription)).filter((payment) => payment.kind === "capture");
    const refund = { paymentId: capture!.id, amountCents: 1_000, reason: "goodwill" as const, note: null, tellHer: true };
    expect((await refundPayment(paymentGateway(), await reload(subscription), refund)).status).toBe("refunded");
    await deliverAll();
    const db = await database();
    expect(await db.select().from(disputes).where(eq(disputes.subscriptionId, subscription.id))).not.toEqual([]);
    expect((await paymentsOf(subscription)).map((payment) => payment.kind)).toEqual(
      expect.arrayContaining(["hold", "capture", "charge", "refund"]),
    );
    // The scan finds each of her traces before, her browser's session among them.
    expect(await herTracesLeft()).toEqual(
      expect.arrayContaining([
        "visitor_sessions.data: email",
        "orders.body: phone",
        "shipping_addresses.address_line1: newStreet",
        "stored_emails.to_address: email",
      ]),
    );

    expect(await pressDelete(subscription)).toHaveStatus(303);
    await runLifecycleRound(paymentGateway());
    await deliverAll();
    expect(await herTracesLeft()).toEqual([]);
    // Her browser's session stays, with what is not hers to erase.
    expect((await session()).trackingParams).toEqual({ utm_source: "newsletter", utm_campaign: "spring" });
  });

  it("erases her own words with a cancel reason everywhere, and keeps the brand and last four of a card she gave", async () => {
    const subscription = await approved(await herOrder());
    const token = subscriptionLinkToken(subscription);
    const shown = (await new TestBrowser().call(cardPage.loader, `/subscription/${token}/card`, { params: { token } })).data.shown;
    const card = { cardNumber: "5555 5555 5555 4444", expiry: "12/34", securityCode: "123", shown };
    expect(await new TestBrowser().call(cardPage.action, `/subscription/${token}/card`, { params: { token }, form: card })).toHaveStatus(
      303,
    );
    await cancelSubscription(paymentGateway(), await reload(subscription), { reason: "other", note: herCancelNote });
    await deliverAll();
    expect(await herTracesLeft()).toContain("subscriptions.cancel_reason_note: cancelNote");

    expect(await pressDelete(subscription)).toHaveStatus(303);
    await deliverAll();
    expect(await herTracesLeft()).toEqual([]);
    const erased = await reload(subscription);
    // The reason is a code of ours, counted in the money report: it stays; her words do not.
    expect({ reason: erased.cancelReason, note: erased.cancelReasonNote }).toEqual({ reason: "other", note: null });
    const db = await database();
    const cardLines = await db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscription.id));
    expect(cardLines.filter((line) => line.event === "card_updated").map((line) => line.detail)).toEqual([
      { card_brand: "mastercard", card_last4: "4444" },
    ]);
  });

  it("releases a hold not yet captured, once, however many presses arrive together", async () => {
    const subscription = await herOrder();
    const release = vi.spyOn(paymentGateway(), "release");
    try {
      const answers = await Promise.all([pressDelete(subscription), pressDelete(subscription), pressDelete(subscription)]);
      for (const answer of answers) expect(answer).toHaveStatus(303);
      expect(release).toHaveBeenCalledTimes(1);
    } finally {
      release.mockRestore();
    }
    expect((await sandboxHold(subscription)).status).toBe("released");
    expect((await paymentsOf(subscription)).map((payment) => payment.kind)).toEqual(["hold", "release"]);
    expect(await timelineOf(subscription)).toEqual(["hold_placed", "cancelled_released", "personal_data_erased"]);
    expect(await providerEventsOf(subscription)).toEqual(["cancelled_released", "personal_data_erased"]);
    // The cancel's email is dropped with the rest: we no longer have her address.
    await deliverAll();
    expect(await herTracesLeft()).toEqual([]);
  });

  it("shows the console 'Deleted at her request' where her details were, and finds her no more", async () => {
    const subscription = await herOrder();
    await cancelSubscription(paymentGateway(), subscription);
    await deliverAll();
    expect(await pressDelete(subscription)).toHaveStatus(303);
    expect((await reload(subscription)).state).toBe("cancelled");

    const owner = await signedInOwner();
    const reference = subscription.reference;
    const order = await owner.call(orderPage.loader, `/owner/orders/${reference}`, { params: { reference } });
    expect(order).toHaveStatus(200);
    expect(order.data.her).toEqual({
      name: deletedAtHerRequest,
      email: deletedAtHerRequest,
      phone: deletedAtHerRequest,
      address: [deletedAtHerRequest],
    });
    expect(order.data.emails).toMatchObject({ erased: true, total: 0, list: [] });
    expect(order.data.support.sendLink).toBe(false);
    expect(order.data.consents).toHaveLength(1);
    const clinical = await owner.call(reviewPage.loader, `/owner/reviews/${reference}`, { params: { reference } });
    expect(clinical.data.view).toMatchObject({ name: deletedAtHerRequest, motivations: [], concerns: [] });
    expect(await owner.call(ordersList.loader, `/owner/orders?find=${encodeURIComponent("jane@example.org")}`)).toHaveStatus(404);
  });

  it("slows too many presses for one order, and then erases nothing", async () => {
    const subscription = await herOrder();
    const press = new Request("http://localhost/");
    for (let i = 0; i < erasureLimit.limit; i++) await countHit(press, `subscription:${subscription.id}`, erasureLimit);
    const answer = await pressDelete(subscription);
    expect(answer).toHaveStatus(429);
    expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await reload(subscription)).erasedAt).toBeNull();
    const db = await database();
    expect(await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.subscriptionId, subscription.id))).toHaveLength(1);
  });
});
