// Her shipping address changed from her link, with the checkout's rules: saved once (a second
// press changes nothing more), with its timeline line, her email (the town and state, never
// the street) and the provider's copy of the new address; a PO Box, a ZIP of another state and
// a state her medication cannot go to refused; an ended order refused; too many changes slowed.
import { findOrder } from "../../app/server/db/stores/orders.server";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { shippingMessages } from "../../app/funnel/final-checkout";
import { herAddressMessages } from "../../app/funnel/her-address";
import type { OrderEventBody } from "../../app/funnel/order-event";
import { stateUnavailableNotice } from "../../app/funnel/state-availability";
import * as addressPage from "../../app/routes/subscription.$token.address/route";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import { database } from "../../app/server/db/client.server";
import { outboxMessages, shippingAddresses, subscriptionEvents } from "../../app/server/db/schema.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { paidSubscription, reload, deliverAll } from "../support/subscriptions";

/** Where she moves to: a street, a town and a state other than the checkout's (New York). */
const portland = { addressLine1: "742 Evergreen Terrace", addressLine2: "Unit 3", city: "Portland", state: "OR", zipCode: "97201" };
const mississippi = { addressLine1: "200 Capitol St", addressLine2: "", city: "Jackson", state: "MS", zipCode: "39201" };

beforeEach(async () => {
  await resetDatabase();
});

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

async function openAddressPage(subscription: SubscriptionRow, query = "") {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(addressPage.loader, `/subscription/${token}/address${query}`, { params: { token } });
}

/** Her page drawn, then the form posted with what it showed (or `shown`, an older page's). */
async function postAddress(subscription: SubscriptionRow, address: Record<string, string>, shown?: string) {
  const token = await tokenOf(subscription);
  const page = await openAddressPage(subscription);
  return new TestBrowser().call(addressPage.action, `/subscription/${token}/address`, {
    params: { token },
    form: { ...address, shown: shown ?? page.data.shown },
  });
}

async function addressLinesOf(subscription: SubscriptionRow) {
  return (await database())
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscription.id))
    .then((rows) => rows.filter((row) => row.event === "address_changed"));
}

async function addressEventsOf(subscription: SubscriptionRow): Promise<OrderEventBody[]> {
  const rows = await (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "order-event"));
  return rows
    .map((row) => row.payload as unknown as OrderEventBody)
    .filter((payload) => payload.order_reference === subscription.reference && payload.event === "address_changed");
}

async function keptAddress(subscription: SubscriptionRow) {
  const [row] = await (
    await database()
  )
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.responderUuid, subscription.responderUuid));
  return row!;
}

/** Nothing of a change was written: no line, no event, the address as it was. */
async function expectNothingChanged(subscription: SubscriptionRow) {
  expect(await addressLinesOf(subscription)).toEqual([]);
  expect(await addressEventsOf(subscription)).toEqual([]);
  expect(await keptAddress(subscription)).toMatchObject({ addressLine1: "1 Main Street", city: "New York", state: "NY", zipCode: "10001" });
}

describe("changing her shipping address", () => {
  it("shows where her order ships now, prefilled, with no cache keeping it", async () => {
    const subscription = await paidSubscription();
    const page = await openAddressPage(subscription);
    expect(page).toHaveStatus(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.data.open).toBe(true);
    expect(page.data.current).toEqual(["1 Main Street", "Apt 4", "New York, NY 10001"]);
    expect(page.data.values).toMatchObject({
      addressLine1: "1 Main Street",
      addressLine2: "Apt 4",
      city: "New York",
      state: "NY",
      zipCode: "10001",
    });
  });

  it("saves a new address once, with one timeline line, one email (town and state only) and one provider event; a second press adds nothing", async () => {
    const subscription = await paidSubscription();
    const token = await tokenOf(subscription);
    const shown = (await openAddressPage(subscription)).data.shown;

    const first = await postAddress(subscription, portland, shown);
    expect(first).toHaveStatus(303);
    expect(first.location).toBe(`/subscription/${token}/address?saved=1`);
    // The same page posted again (a double press): the address is already the new one.
    const second = await postAddress(subscription, portland, shown);
    expect(second).toHaveStatus(303);
    expect(second.location).toBe(`/subscription/${token}/address?saved=1`);

    expect(await keptAddress(subscription)).toMatchObject({ ...portland, firstName: expect.any(String) });
    const lines = await addressLinesOf(subscription);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ fromState: "on_hold", toState: "on_hold", detail: {} });

    const events = await addressEventsOf(subscription);
    expect(events).toHaveLength(1);
    const kept = await keptAddress(subscription);
    expect(events[0]).toMatchObject({
      event: "address_changed",
      state: "on_hold",
      responder_uuid: subscription.responderUuid,
      shippingAddress: { firstName: kept.firstName, lastName: kept.lastName, ...portland },
    });

    await deliverAll();
    const emails = (await storedEmailsOf(subscription.reference)).filter((email) => email.kind === "address_changed");
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toBe(`Your shipping address for ${subscription.reference} is changed`);
    expect(email!.text).toContain("in Portland, Oregon");
    expect(email!.text).toContain("From your next shipment on");
    expect(email!.text).toContain("change your address again from your subscription page");
    for (const text of [email!.text, email!.html]) {
      expect(text).not.toContain("Evergreen");
      expect(text).not.toContain("Unit 3");
      expect(text).not.toContain("97201");
      expect(text).not.toContain("1 Main Street");
    }

    // The page then says where the next shipment goes, and her timeline has the line.
    const saved = await openAddressPage(subscription, "?saved=1");
    expect(saved.data.saved).toBe(true);
    expect(saved.data.current).toEqual(["742 Evergreen Terrace", "Unit 3", "Portland, OR 97201"]);
    const her = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
    expect(her.data.timeline.map((entry: { text: string }) => entry.text)).toContain("Shipping address changed");
    // Her order says it too, so the console and the medical team read where it ships now.
    const order = await findOrder(subscription.responderUuid);
    expect((order!.body as { shippingAddress: unknown }).shippingAddress).toMatchObject(portland);
  });

  it("two presses at the same moment save once", async () => {
    const subscription = await paidSubscription();
    const shown = (await openAddressPage(subscription)).data.shown;
    const answers = await Promise.all([postAddress(subscription, portland, shown), postAddress(subscription, portland, shown)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await addressLinesOf(subscription)).toHaveLength(1);
    expect(await addressEventsOf(subscription)).toHaveLength(1);
  });

  it("refuses a change made from a page drawn before another change: nothing written, the message says so", async () => {
    const subscription = await paidSubscription();
    const stale = (await openAddressPage(subscription)).data.shown;
    expect(await postAddress(subscription, portland)).toHaveStatus(303);
    const answer = await postAddress(subscription, { ...portland, addressLine1: "9 Other Road" }, stale);
    expect(answer).toHaveStatus(409);
    expect(answer.data.lastResult.error[""]).toEqual([herAddressMessages.movedOn]);
    expect(await addressLinesOf(subscription)).toHaveLength(1);
    expect((await keptAddress(subscription)).addressLine1).toBe(portland.addressLine1);
  });

  it("says so when the address typed is the one her order already ships to, and writes nothing", async () => {
    const subscription = await paidSubscription();
    const answer = await postAddress(subscription, {
      addressLine1: "1 main  street",
      addressLine2: "Apt 4",
      city: "New York",
      state: "NY",
      zipCode: "10001",
    });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error[""]).toEqual([herAddressMessages.same]);
    await expectNothingChanged(subscription);
  });

  it("refuses a PO Box, with the checkout's message, what she typed kept", async () => {
    const subscription = await paidSubscription();
    const answer = await postAddress(subscription, { ...portland, addressLine1: "PO Box 123" });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error.addressLine1).toEqual([shippingMessages.poBox]);
    expect(answer.data.lastResult.initialValue).toMatchObject({ addressLine1: "PO Box 123", city: "Portland" });
    expect(answer.data.lastResult.initialValue.shown).toBeUndefined();
    await expectNothingChanged(subscription);
  });

  it("refuses a ZIP code of another state", async () => {
    const subscription = await paidSubscription();
    const answer = await postAddress(subscription, { ...portland, state: "WA" });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error.zipCode).toEqual(["ZIP code 97201 is in Oregon. Check the ZIP code or the state."]);
    await expectNothingChanged(subscription);
  });

  it("refuses a state one of her medications cannot go to (the Cream and Mississippi) with the spec's notice", async () => {
    const subscription = await paidSubscription({ options: ["vaginal_estrogen_cream"] });
    const answer = await postAddress(subscription, mississippi);
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error.state).toEqual([stateUnavailableNotice]);
    await expectNothingChanged(subscription);
  });

  it("lets an order without the Cream move to Mississippi", async () => {
    const subscription = await paidSubscription();
    expect(await postAddress(subscription, mississippi)).toHaveStatus(303);
    expect(await keptAddress(subscription)).toMatchObject({ city: "Jackson", state: "MS", addressLine2: null });
  });

  it("refuses an ended order, and its page says why", async () => {
    const subscription = await paidSubscription();
    await decideReview(paymentGateway(), subscription, "declined", null, "owner");
    const page = await openAddressPage(subscription);
    expect(page.data.open).toBe(false);
    expect(page.data.ended).toBe(herAddressMessages.ended);
    const answer = await postAddress(subscription, portland);
    expect(answer).toHaveStatus(409);
    expect(answer.data.lastResult.error[""]).toEqual([herAddressMessages.ended]);
    await expectNothingChanged(subscription);
  });

  it("allows ten changes an hour for one order, then asks her to wait", async () => {
    const subscription = await paidSubscription();
    for (let change = 0; change < 10; change++) {
      const address = { ...portland, addressLine1: `${change + 1} Evergreen Terrace` };
      expect(await postAddress(subscription, address)).toHaveStatus(303);
    }
    const answer = await postAddress(subscription, { ...portland, addressLine1: "99 Evergreen Terrace" });
    expect(answer).toHaveStatus(429);
    expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(answer.data.lastResult.error[""]![0]).toMatch(/^You have changed your address many times in a short while/);
    expect(await addressLinesOf(subscription)).toHaveLength(10);
    expect((await keptAddress(subscription)).addressLine1).toBe("10 Evergreen Terrace");
  });
});
