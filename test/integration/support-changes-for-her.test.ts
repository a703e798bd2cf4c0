// Support (and the owner) change for her, from the console's Change for her page, what she can
// change from her link: her billing date (her email, the provider's event, one audit row; a
// double press moves it once and audits it once) and her shipping address (a PO Box refused
// with nothing written; a street address saved with its audit row, which keeps the state code
// only, and the provider's copy). A clinician may neither open the page nor post to it.
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AuditAction } from "../../app/funnel/audit";
import { shippingMessages } from "../../app/funnel/final-checkout";
import type { OrderEventBody } from "../../app/funnel/order-event";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as herDatePage from "../../app/routes/subscription.$token.billing-date/route";
import * as changePage from "../../app/routes/owner.orders.$reference_.change/route";
import { supportAgreedWith } from "../../app/routes/owner.orders.$reference_.change/plan-for-her.server";
import { database } from "../../app/server/db/client.server";
import { consentRecordsOf } from "../../app/server/db/stores/consent-records.server";
import { auditLog, outboxMessages } from "../../app/server/db/schema.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { billingDateLimit } from "../../app/server/subscriptions/billing-date.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedInAs, signedInOwner } from "../support/staff";
import { deliverAll, heldSubscription, paidSubscription, providerEventsOf, reload } from "../support/subscriptions";

const dayMs = 24 * 60 * 60 * 1000;
const portland = { addressLine1: "742 Evergreen Terrace", addressLine2: "Unit 3", city: "Portland", state: "OR", zipCode: "97201" };

beforeEach(async () => {
  await resetDatabase();
});

async function activeSubscription(): Promise<SubscriptionRow> {
  const held = await heldSubscription({ plan: "monthly" });
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  return reload(held);
}

const pageAddress = (subscription: SubscriptionRow) => `/owner/orders/${subscription.reference}/change`;

function openChange(browser: TestBrowser, subscription: SubscriptionRow) {
  return browser.call(changePage.loader, pageAddress(subscription), { params: { reference: subscription.reference } });
}

function postChange(browser: TestBrowser, subscription: SubscriptionRow, form: Record<string, string>) {
  return browser.call(changePage.action, pageAddress(subscription), { params: { reference: subscription.reference }, form });
}

async function auditRows(action: AuditAction) {
  return (await database()).select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
}

async function emailKinds(subscription: SubscriptionRow) {
  await deliverAll();
  return (await storedEmailsOf(subscription.reference)).map((email) => email.kind);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

describe("support changes her billing date for her", () => {
  it("moves it 2 weeks once under a double press: her email, the provider's event and one audit row", async () => {
    const subscription = await activeSubscription();
    const { browser, staff } = await signedInAs("support", { name: "Sam Support" });
    const order = await browser.call(orderPage.loader, `/owner/orders/${subscription.reference}`, {
      params: { reference: subscription.reference },
    });
    expect(order.data.changeForHer).toBe(true);

    const page = await openChange(browser, subscription);
    expect(page).toHaveStatus(200);
    const shown = page.data.date.shown;
    expect(shown).toBe(subscription.nextBillingAt!.toISOString());
    const press = () => postChange(browser, subscription, { intent: "billing-date", choice: "move", weeks: "2", shown });
    const [first, second] = await Promise.all([press(), press()]);
    expect(first).toRedirectTo(pageAddress(subscription));
    expect(second).toRedirectTo(pageAddress(subscription));

    const moved = new Date(subscription.nextBillingAt!.getTime() + 14 * dayMs);
    expect((await reload(subscription)).nextBillingAt).toEqual(moved);
    expect((await emailKinds(subscription)).filter((kind) => kind === "billing_date_moved")).toHaveLength(1);
    expect((await providerEventsOf(subscription)).filter((event) => event === "billing_date_moved")).toHaveLength(1);
    const rows = await auditRows("billing-date-changed-for-her");
    expect(rows.map((row) => [row.staffId, row.staffRole, row.orderReference, row.detail])).toEqual([
      [staff.id, "support", subscription.reference, `Moved 2 weeks later: next billing ${day(moved)}`],
    ]);
    // The page says what was done; the date shown is the new one.
    const after = await openChange(browser, subscription);
    expect(after.data.notice.text).toContain(`Her next billing date is now ${day(moved)}`);
    expect(after.data.date.shown).toBe(moved.toISOString());

    // Her page's rules hold for support too: once a period. Refused with a 409, nothing audited.
    const again = await postChange(browser, subscription, { intent: "billing-date", choice: "skip", shown: moved.toISOString() });
    expect(again).toHaveStatus(409);
    expect(again.data.form).toBe("billing-date");
    expect(again.data.lastResult.error[""]).toEqual([
      "Her own page answers: “You have already moved or skipped this billing date. You can change it once each period.”",
    ]);
    expect(await auditRows("billing-date-changed-for-her")).toHaveLength(1);
  });

  it("the owner can too: a period skipped, audited under the owner's name", async () => {
    const subscription = await activeSubscription();
    const owner = await signedInOwner();
    const shown = (await openChange(owner, subscription)).data.date.shown;
    expect(await postChange(owner, subscription, { intent: "billing-date", choice: "skip", shown })).toRedirectTo(
      pageAddress(subscription),
    );
    const skipped = (await reload(subscription)).nextBillingAt!;
    expect(skipped.getTime()).toBeGreaterThan(subscription.nextBillingAt!.getTime());
    expect(await emailKinds(subscription)).toContain("period_skipped");
    expect(await providerEventsOf(subscription)).toContain("period_skipped");
    const [row] = await auditRows("billing-date-changed-for-her");
    expect([row!.staffRole, row!.detail]).toEqual(["owner", `Skipped a period: next billing ${day(skipped)}`]);
  });

  it("counts against the same limit as her own page: after her posts, support's is refused with a 429 and nothing moves", async () => {
    const subscription = await activeSubscription();
    const token = subscriptionLinkToken(subscription);
    for (let post = 0; post < billingDateLimit.limit; post++) {
      const hers = await new TestBrowser().call(herDatePage.action, `/subscription/${token}/billing-date`, {
        params: { token },
        form: { intent: "later", shown: "x" },
      });
      expect(hers).toHaveStatus(400);
    }
    const { browser } = await signedInAs("support");
    const shown = subscription.nextBillingAt!.toISOString();
    const refused = await postChange(browser, subscription, { intent: "billing-date", choice: "move", weeks: "1", shown });
    expect(refused).toHaveStatus(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await reload(subscription)).nextBillingAt).toEqual(subscription.nextBillingAt);
  });
});

describe("support changes her shipping address for her", () => {
  it("refuses a PO Box with nothing written; saves a street address with its audit row (the state only) and the provider's copy", async () => {
    const subscription = await paidSubscription();
    const { browser } = await signedInAs("support");
    const page = await openChange(browser, subscription);
    expect(page.data.address.current).toEqual(["1 Main Street", "Apt 4", "New York, NY 10001"]);
    const shown = page.data.address.shown;

    const poBox = await postChange(browser, subscription, { intent: "address", shown, ...portland, addressLine1: "PO Box 12" });
    expect(poBox).toHaveStatus(400);
    expect(poBox.data.form).toBe("address");
    expect(poBox.data.lastResult.error.addressLine1).toEqual([shippingMessages.poBox]);
    expect(await auditRows("address-changed-for-her")).toEqual([]);
    expect(await providerEventsOf(subscription)).not.toContain("address_changed");

    expect(await postChange(browser, subscription, { intent: "address", shown, ...portland })).toRedirectTo(pageAddress(subscription));
    expect((await openChange(browser, subscription)).data.address.current).toEqual([
      "742 Evergreen Terrace",
      "Unit 3",
      "Portland, OR 97201",
    ]);
    const rows = await auditRows("address-changed-for-her");
    expect(rows.map((row) => [row.orderReference, row.detail])).toEqual([[subscription.reference, "Ships to OR"]]);
    const events = (await (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "order-event")))
      .map((row) => row.payload as unknown as OrderEventBody)
      .filter((event) => event.order_reference === subscription.reference && event.event === "address_changed");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ shippingAddress: portland });
    expect(await emailKinds(subscription)).toContain("address_changed");
  });
});

describe("support changes her plan for her", () => {
  it("previews the plan with the words to read her, needs her agreement ticked, then changes it once with its consent record and audit row", async () => {
    // Paid through the funnel: her order names her medications, which price the other plans.
    const held = await paidSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), held, "approved", null, "owner");
    const subscription = await reload(held);
    const { browser } = await signedInAs("support");
    const page = await browser.call(changePage.loader, `${pageAddress(subscription)}?plan=quarterly`, {
      params: { reference: subscription.reference },
    });
    expect(page).toHaveStatus(200);
    const preview = page.data.plan.preview;
    expect(preview).toMatchObject({ plan: "quarterly", shownPlan: "monthly", shownPending: "none" });
    expect(preview.disclosure.join(" ")).toContain("renewing automatically until you cancel");
    const form = {
      intent: "plan",
      plan: "quarterly",
      shownPlan: preview.shownPlan,
      shownPending: preview.shownPending,
      shown: preview.shown,
    };

    const unticked = await postChange(browser, subscription, form);
    expect(unticked).toHaveStatus(400);
    expect(unticked.data.lastResult.error.agreed).toEqual([
      "Read her the words above, and tick that she agreed to them, before changing her plan.",
    ]);
    expect((await reload(subscription)).plan).toBe("monthly");

    const [first, second] = await Promise.all([
      postChange(browser, subscription, { ...form, agreed: "on" }),
      postChange(browser, subscription, { ...form, agreed: "on" }),
    ]);
    expect(first).toRedirectTo(pageAddress(subscription));
    expect(second).toRedirectTo(pageAddress(subscription));
    expect((await reload(subscription)).plan).toBe("quarterly");
    expect((await emailKinds(subscription)).filter((kind) => kind === "plan_changed")).toHaveLength(1);
    expect((await providerEventsOf(subscription)).filter((event) => event === "plan_changed")).toHaveLength(1);
    const rows = await auditRows("plan-changed-for-her");
    expect(rows.map((row) => [row.staffRole, row.orderReference, row.detail])).toEqual([
      ["support", subscription.reference, "Monthly to Quarterly"],
    ]);
    const consents = await consentRecordsOf(subscription.responderUuid);
    expect(consents.filter((record) => record.agreedWith === supportAgreedWith).map((record) => record.plan)).toEqual(["quarterly"]);
  });
});

describe("a clinician", () => {
  it("may neither open Change for her nor post to it: 403, nothing changed", async () => {
    const subscription = await activeSubscription();
    const { browser } = await signedInAs("clinician");
    expect(await openChange(browser, subscription)).toHaveStatus(403);
    const shown = subscription.nextBillingAt!.toISOString();
    expect(await postChange(browser, subscription, { intent: "billing-date", choice: "move", weeks: "1", shown })).toHaveStatus(403);
    expect(await postChange(browser, subscription, { intent: "address", shown: "x", ...portland })).toHaveStatus(403);
    expect((await reload(subscription)).nextBillingAt).toEqual(subscription.nextBillingAt);
    expect(await auditRows("billing-date-changed-for-her")).toEqual([]);
    expect(await auditRows("address-changed-for-her")).toEqual([]);
  });
});
