// The medical team's pages: the review queue (waiting orders, oldest first, a hold about to
// lapse said in words) and an order's clinical view (first name and last initial, state,
// answers in words, medications, plan), with Approve and Decline. What either page sends to
// the browser holds nothing to reach her or bill her; each viewing and each decision is in the
// audit log. A clinician opens nothing else; support opens neither.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as consoleLayout from "../../app/routes/owner";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as signIn from "../../app/routes/owner._index/route";
import * as emailsPage from "../../app/routes/owner.emails";
import * as funnelPage from "../../app/routes/owner.funnel/route";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as reviewPage from "../../app/routes/owner.reviews.$reference/route";
import * as reviewQueue from "../../app/routes/owner.reviews._index/route";
import { auditRows } from "../../app/server/db/stores/audit-log.server";
import { findOrder } from "../../app/server/db/stores/orders.server";
import { findSubscriptionByResponder, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { sandboxGateway } from "../../app/server/payments/sandbox.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { disqualify } from "../../app/server/subscriptions/disqualify.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { aPerson as aCustomer, anAddress, checkoutForm } from "../support/factories";
import { buildPlan, paymentForm, saveDetails, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { aPerson, signedInAs, signInForm, staffPassword } from "../support/staff";
import { heldSubscription, paymentsOf, reload } from "../support/subscriptions";
import { drawIn } from "../support/drawn-page";

/** Whether the console records decisions: a provider sending signed outcomes takes it over. */
const reviews = vi.hoisted(() => ({ consoleRecords: true }));
vi.mock("../../app/server/console/console-records-reviews.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  consoleRecordsReviews: () => reviews.consoleRecords,
}));

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("en");

beforeEach(async () => {
  await resetDatabase();
  reviews.consoleRecords = true;
});

const her = aCustomer({
  firstName: "Marguerite",
  lastName: "Oyelaran-Whitcombe",
  email: "m.oyelaran@example.org",
  phone: "(503) 555-0172",
});
const herAddress = anAddress({
  addressLine1: "4821 Larkspur Lane",
  addressLine2: "Unit 9",
  city: "Portland",
  state: "OR",
  zipCode: "97206",
});

/** Every key and every value of what a loader sent, however deep. */
function partsOf(value: unknown): { keys: string[]; values: unknown[] } {
  if (Array.isArray(value))
    return value
      .map(partsOf)
      .reduce((all, part) => ({ keys: [...all.keys, ...part.keys], values: [...all.values, ...part.values] }), { keys: [], values: [] });
  if (value && typeof value === "object") {
    const inner = partsOf(Object.values(value));
    return { keys: [...Object.keys(value), ...inner.keys], values: inner.values };
  }
  return { keys: [], values: [value] };
}

const herSecrets = [
  her.email,
  her.phone,
  "5550172",
  herAddress.addressLine1,
  herAddress.addressLine2,
  herAddress.city,
  herAddress.zipCode,
  her.lastName,
  "Oyelaran",
];

/** Nothing of what reaches her or bills her: contact, street, city, ZIP, last name, and no money (`amounts`: her order's, in cents). */
function expectNothingToReachOrBillHer(answer: RouteAnswer, amounts: number[]): void {
  const sent = JSON.stringify(answer.data);
  for (const secret of herSecrets) {
    expect(sent).not.toContain(secret);
  }
  expect(sent).not.toContain("$");
  const { keys, values } = partsOf(answer.data);
  expect(keys.filter((key) => /cents|price|amount|subtotal|discount|pricing|payment/i.test(key))).toEqual([]);
  const money = amounts.flatMap((cents) => [cents, cents / 100, (cents / 100).toFixed(2)]);
  expect(values.filter((value) => money.includes(value as number | string))).toEqual([]);
}

/** She walks the funnel: why she is here, her concern about HRT, her plan, her details, paid on the sandbox. */
async function herOrder(): Promise<SubscriptionRow> {
  const browser = new TestBrowser();
  const responderUuid = await startFlow(browser);
  const params = { responderUuid };
  expect(
    await browser.call(concerns.action, `/concerns/${responderUuid}`, { params, form: { concern: "ive_heard_its_not_safe" } }),
  ).toHaveStatus(303);
  await buildPlan(browser, responderUuid);
  await saveDetails(browser, responderUuid, her);
  const paid = await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params,
    form: await paymentForm(browser, responderUuid, checkoutForm({ ...her, ...herAddress })),
  });
  expect(paid.location).toBe(`/payment-complete/${responderUuid}`);
  return (await findSubscriptionByResponder(responderUuid))!;
}

const queue = (browser: TestBrowser, query = "") => browser.call(reviewQueue.loader, `/owner/reviews${query}`);
const view = (browser: TestBrowser, reference: string) =>
  browser.call(reviewPage.loader, `/owner/reviews/${reference}`, { params: { reference } });
const decide = (browser: TestBrowser, reference: string, form: Record<string, string>) =>
  browser.call(reviewPage.action, `/owner/reviews/${reference}`, { params: { reference }, form });

const referencesOf = (answer: RouteAnswer) => answer.data.reviews.map((review: { reference: string }) => review.reference);

async function auditOf(reference: string) {
  return (await auditRows({ orderReference: reference }, 100)).reverse();
}

describe("the review queue", () => {
  it("lists the orders waiting for a decision, oldest first, flags a hold about to lapse in words, and shows nothing to reach or bill her", async () => {
    const oldest = await herOrder();
    await moveSandboxClock(6);
    const middle = await heldSubscription({ plan: "yearly" });
    const approved = await heldSubscription();
    await decideReview(sandboxGateway(), approved, "approved", null, "owner");
    const newest = await heldSubscription();
    const { browser } = await signedInAs("clinician");

    const page = await queue(browser);
    expect(page).toHaveStatus(200);
    expect(page.data).toMatchObject({ total: 3, page: 1, pageCount: 1, notice: null });
    expect(referencesOf(page)).toEqual([oldest.reference, middle.reference, newest.reference]);
    const [first, second] = page.data.reviews;
    expect(first).toMatchObject({ name: "Marguerite O.", state: "Oregon", hold: { lapsesSoon: true, warning: "Hold lapses soon" } });
    expect(first.hold.placedAt).toBe(oldest.holdPlacedAt.toISOString());
    expect(first.hold.expiresAt).toBe(oldest.holdExpiresAt.toISOString());
    expect(second).toMatchObject({ name: "Jane D.", plan: "Yearly", hold: { lapsesSoon: false, warning: null } });
    expectNothingToReachOrBillHer(
      page,
      [oldest, middle, newest].flatMap((row) => [row.firstPeriodCents, row.renewalCents]),
    );
  });

  it("keeps a lapsed hold in the queue, saying so: an approval then charges her saved card", async () => {
    const subscription = await heldSubscription();
    await moveSandboxClock(8);
    const { browser } = await signedInAs("clinician");
    const page = await queue(browser);
    expect(referencesOf(page)).toEqual([subscription.reference]);
    expect(page.data.reviews[0].hold).toMatchObject({ lapsesSoon: false, warning: "Hold lapsed" });
  });

  it("says so when nothing waits, and keeps any page number in bounds", async () => {
    const { browser } = await signedInAs("clinician");
    const empty = await queue(browser);
    expect(empty.data).toMatchObject({ reviews: [], total: 0, page: 1, pageCount: 1 });
    expect(reviewQueue.emptyQueueText).toBe("No orders are waiting for a review.");
    expect((await queue(browser, "?page=abc")).data.page).toBe(1);
    expect(await queue(browser, "?page=99999999999999999999")).toHaveStatus(200);
    expect(await queue(browser, "?page=4")).toRedirectTo("/owner/reviews?page=1");
  });

  it("shows 50 a page", async () => {
    const made: SubscriptionRow[] = [];
    for (let i = 0; i < 51; i++) made.push(await heldSubscription());
    const { browser } = await signedInAs("owner");
    const first = await queue(browser);
    expect(first.data).toMatchObject({ total: 51, pageCount: 2 });
    expect(referencesOf(first)).toEqual(made.slice(0, 50).map((row) => row.reference));
    expect(referencesOf(await queue(browser, "?page=2"))).toEqual([made[50]!.reference]);
    expect(await queue(browser, "?page=3")).toRedirectTo("/owner/reviews?page=2");
  });
});

describe("the clinical view", () => {
  it("shows her first name and last initial, her state, her answers in words, the medications and the plan, and nothing to reach or bill her", async () => {
    const subscription = await herOrder();
    const { browser, staff } = await signedInAs("clinician", { name: "Dr Amara Lind" });

    const page = await view(browser, subscription.reference);
    expect(page).toHaveStatus(200);
    // What she ordered (the quarterly plan's defaults), named as the catalogue names it, its line break read as a space.
    const ordered = (await findOrder(subscription.responderUuid))!.body.medications as {
      category_name: string;
      name: string;
      dosage: string;
    }[];
    expect(ordered.map((medication) => [medication.category_name, medication.name])).toEqual([
      ["Estrogen", "I don't know /\nNo preference"],
      ["Progesterone", "Pill"],
    ]);
    expect(page.data).toEqual({
      view: {
        reference: subscription.reference,
        name: "Marguerite O.",
        state: "Oregon",
        orderState: "On hold, waiting for review",
        plan: "Quarterly",
        cadence: "every 3 months",
        hold: {
          placedAt: subscription.holdPlacedAt.toISOString(),
          expiresAt: subscription.holdExpiresAt.toISOString(),
          lapsesSoon: false,
          warning: null,
        },
        motivations: ["Nothing else has helped"],
        concerns: ["I've heard it's not safe"],
        medications: [
          { category: "Estrogen", name: "I don't know / No preference", dosage: ordered[0]!.dosage },
          { category: "Progesterone", name: "Pill", dosage: ordered[1]!.dosage },
        ],
        decision: null,
        awaitsDecision: true,
      },
      decide: true,
      providerDecides: false,
      disqualify: true,
      noteMaxLength: 500,
      notice: null,
    });
    expectNothingToReachOrBillHer(page, [subscription.firstPeriodCents, subscription.renewalCents]);

    // Each viewing is written to the log: who, and which order; nothing of hers.
    await view(browser, subscription.reference);
    const log = await auditOf(subscription.reference);
    expect(log.map((row) => [row.action, row.staffName, row.staffRole, row.staffId, row.detail])).toEqual([
      ["details-viewed", "Dr Amara Lind", "clinician", staff.id, null],
      ["details-viewed", "Dr Amara Lind", "clinician", staff.id, null],
    ]);
  });

  it("answers 404 for an order that does not exist, and logs nothing", async () => {
    const { browser } = await signedInAs("clinician");
    for (const reference of ["MC-2222-2222", "not-a-reference", "x".repeat(5000)]) {
      const answer = await view(browser, reference);
      expect(answer).toHaveStatus(404);
      expect(answer.data.message).toBe("No order with that reference.");
      expect(await decide(browser, reference, { intent: "approve" })).toHaveStatus(404);
    }
    expect(await auditRows({}, 100)).toEqual(expect.not.arrayContaining([expect.objectContaining({ action: "details-viewed" })]));
  });
});

describe("the decision", () => {
  it("approves from the clinical view: the hold captured as on the order page, one audit row, the queue told", async () => {
    const subscription = await herOrder();
    const { browser } = await signedInAs("clinician", { name: "Dr Amara Lind" });
    await view(browser, subscription.reference);

    expect(await decide(browser, subscription.reference, { intent: "approve", note: "" })).toRedirectTo("/owner/reviews");
    expect(await reload(subscription)).toMatchObject({ state: "active", decision: "approved", decisionMessage: null, periodsPaid: 1 });
    expect((await paymentsOf(subscription)).map((payment) => [payment.kind, payment.status])).toEqual([
      ["hold", "succeeded"],
      ["capture", "succeeded"],
    ]);
    const after = await queue(browser);
    expect(after.data.notice).toEqual({ tone: "success", text: `Approved ${subscription.reference}. The order is now: Active.` });
    expect(after.data.reviews).toEqual([]);

    // A second decision changes nothing, and is not logged as one.
    expect(await decide(browser, subscription.reference, { intent: "decline" })).toRedirectTo("/owner/reviews");
    expect(await reload(subscription)).toMatchObject({ state: "active", decision: "approved" });
    expect((await queue(browser)).data.notice.text).toBe(
      `Another decision was recorded first for ${subscription.reference} (approved). Nothing changed: the order is Active.`,
    );
    const again = await view(browser, subscription.reference);
    expect(again.data).toMatchObject({ decide: false, view: { decision: { text: "Approved", note: null }, awaitsDecision: false } });

    expect((await auditOf(subscription.reference)).map((row) => [row.action, row.detail])).toEqual([
      ["details-viewed", null],
      ["approved", null],
      ["details-viewed", null],
    ]);
  });

  it("declines with a note: kept with the decision, the log saying only that there is one", async () => {
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("owner");
    const note = "Migraine with aura: estrogen is not advised. Refer to her own doctor.";

    expect(await decide(browser, subscription.reference, { intent: "decline", note: `  ${note}  ` })).toRedirectTo("/owner/reviews");
    expect(await reload(subscription)).toMatchObject({ state: "declined", decision: "declined", decisionMessage: note });
    expect((await paymentsOf(subscription)).map((payment) => payment.kind)).toEqual(["hold", "release"]);
    expect((await queue(browser)).data.notice.text).toBe(`Declined ${subscription.reference}. The order is now: Declined, hold released.`);
    const log = await auditOf(subscription.reference);
    expect(log.map((row) => [row.action, row.detail])).toEqual([["declined", "With a note"]]);
    expect(JSON.stringify(await auditRows({}, 100))).not.toContain("Migraine");

    const page = await view(browser, subscription.reference);
    expect(page.data.view.decision).toMatchObject({ text: "Declined", note });
  });

  it("refuses a note over 500 characters with a clear message, deciding nothing", async () => {
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("clinician");
    const answer = await decide(browser, subscription.reference, { intent: "approve", note: "a".repeat(501) });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error.note).toEqual(["Enter a note of 500 characters or fewer."]);
    expect(answer.data.lastResult.initialValue.note).toBe("a".repeat(501));
    expect(await reload(subscription)).toMatchObject({ state: "on_hold", decision: null });
    expect(await auditOf(subscription.reference)).toEqual([]);

    // 500 characters, each a letter that takes two UTF-16 units, is not over.
    expect(await decide(browser, subscription.reference, { intent: "approve", note: "𝒶".repeat(500) })).toRedirectTo("/owner/reviews");
    expect((await reload(subscription)).decision).toBe("approved");
  });

  it("refuses a post that is no decision with 400", async () => {
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("clinician");
    expect(await decide(browser, subscription.reference, { intent: "refund" })).toHaveStatus(400);
    expect((await reload(subscription)).decision).toBeNull();
  });

  it("is the provider's when it sends signed outcomes: no form, and a post is refused with 403", async () => {
    reviews.consoleRecords = false;
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("clinician");
    expect((await view(browser, subscription.reference)).data).toMatchObject({ decide: false, providerDecides: true });
    const refused = await decide(browser, subscription.reference, { intent: "approve" });
    expect(refused).toHaveStatus(403);
    expect(refused.data.message).toBe("The provider records review decisions here, not the console. Nothing was done.");
    expect(await reload(subscription)).toMatchObject({ state: "on_hold", decision: null });
    expect((await auditOf(subscription.reference)).map((row) => row.action)).toEqual(["details-viewed"]);
  });
});

describe("who opens what", () => {
  it("gives support neither page: 403 on both, and nothing decided", async () => {
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("support");
    expect(await queue(browser)).toHaveStatus(403);
    expect(await view(browser, subscription.reference)).toHaveStatus(403);
    expect(await decide(browser, subscription.reference, { intent: "approve" })).toHaveStatus(403);
    expect(await reload(subscription)).toMatchObject({ state: "on_hold", decision: null });
    expect(await auditOf(subscription.reference)).toEqual([]);
  });

  it("gives a clinician the reviews alone: signed in to the queue, the menu only Reviews, every other page 403", async () => {
    const subscription = await heldSubscription();
    const clinician = await aPerson("clinician");
    const browser = new TestBrowser();
    expect(await browser.call(signIn.action, "/owner", { form: signInForm(staffPassword, clinician.email) })).toRedirectTo(
      "/owner/reviews",
    );
    expect((await browser.call(consoleLayout.loader, "/owner")).data.person.menu).toEqual([{ to: "/owner/reviews", label: "Reviews" }]);

    const params = { reference: subscription.reference };
    expect(await browser.call(ordersList.loader, "/owner/orders")).toHaveStatus(403);
    expect(await browser.call(orderPage.loader, `/owner/orders/${subscription.reference}`, { params })).toHaveStatus(403);
    expect(
      await browser.call(orderPage.action, `/owner/orders/${subscription.reference}`, { params, form: { intent: "approve" } }),
    ).toHaveStatus(403);
    expect(await browser.call(funnelPage.loader, "/owner/funnel")).toHaveStatus(403);
    expect(await browser.call(emailsPage.loader, "/owner/emails")).toHaveStatus(403);
    expect((await reload(subscription)).decision).toBeNull();
  });
});

describe("the pages as drawn", () => {
  it("draws the warning in words, her answers and medications, the decision's form, and nothing to reach or bill her", async () => {
    const subscription = await herOrder();
    await moveSandboxClock(6);
    const { browser } = await signedInAs("clinician");

    const queueHtml = draw(reviewQueue.default, (await queue(browser)).data);
    expect(queueHtml).toContain(`<a href="/owner/reviews/${subscription.reference}">${subscription.reference}</a>`);
    expect(queueHtml).toContain('<tr class="owner-row-flagged">');
    expect(queueHtml).toContain('<strong class="owner-flag">Hold lapses soon</strong>');

    const page = await view(browser, subscription.reference);
    const pageHtml = draw(reviewPage.default, page.data);
    const words = [
      "Marguerite O.",
      "Oregon",
      "Nothing else has helped",
      "I&#x27;ve heard it&#x27;s not safe",
      "Quarterly (billed every 3 months)",
    ];
    words.push("Estrogen", "I don&#x27;t know / No preference", "Progesterone", "Pill", "Starting dose set by your provider");
    words.push("Hold lapses soon", "Note for the record", ">Approve</button>", ">Decline</button>");
    for (const text of words) expect(pageHtml).toContain(text);
    for (const html of [queueHtml, pageHtml]) {
      expect(html).not.toContain("$");
      for (const secret of herSecrets) expect(html).not.toContain(secret);
    }
  });

  it("draws the empty queue's sentence, and a refused note's message beside its field with what was typed", async () => {
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("clinician");
    expect(draw(reviewQueue.default, (await decideThenQueue(browser, subscription)).data)).toContain("No orders are waiting for a review.");

    const other = await heldSubscription();
    const typed = "b".repeat(501);
    const refused = await decide(browser, other.reference, { intent: "decline", note: typed });
    const html = draw(reviewPage.default, (await view(browser, other.reference)).data, refused.data);
    expect(html).toContain("There is a problem");
    expect(html).toContain("Enter a note of 500 characters or fewer.");
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>b{501}<\/textarea>/);
  });
});

/** Approves the order, then opens the queue. */
async function decideThenQueue(browser: TestBrowser, subscription: SubscriptionRow): Promise<RouteAnswer> {
  expect(await decide(browser, subscription.reference, { intent: "approve" })).toRedirectTo("/owner/reviews");
  return queue(browser);
}

describe("a decision and its audit row", () => {
  it("are one transaction: when the row cannot be written, the decision is not recorded and no money moves", async () => {
    const subscription = await heldSubscription();
    await expect(
      decideReview(sandboxGateway(), subscription, "approved", null, "owner", async () => {
        throw new Error("the audit log is unavailable");
      }),
    ).rejects.toThrow("the audit log is unavailable");
    const after = await reload(subscription);
    expect(after.decision).toBeNull();
    expect(after.state).toBe("on_hold");
    expect((await paymentsOf(subscription)).map((payment) => payment.kind)).not.toContain("capture");
    expect(await auditRows({ orderReference: subscription.reference }, 10)).toEqual([]);
  });
});

describe("find an order, and the clinical view of one that no longer waits", () => {
  /** Authorises, then fails every charge without her: her renewals fail, an approval after the lapse too. */
  const failsWithoutHer = "4000002760003184";
  const day = 24 * 60 * 60 * 1000;

  async function approved(options: Parameters<typeof heldSubscription>[0] = {}): Promise<SubscriptionRow> {
    const subscription = await heldSubscription(options);
    await decideReview(sandboxGateway(), subscription, "approved", null, "owner");
    return reload(subscription);
  }

  async function moveDays(days: number) {
    expect((await moveSandboxClock(days)).status).toBe("moved");
    await runLifecycleRound(sandboxGateway());
  }

  it("opens any order by its reference, typed in any case, with or without MC, spaces or dashes, and audits how it searched", async () => {
    const active = await approved();
    const { browser, staff } = await signedInAs("clinician", { name: "Dr Amara Lind" });
    const compact = active.reference.slice(3).replace("-", "");
    for (const typed of [
      active.reference,
      active.reference.toLowerCase(),
      ` mc ${compact.slice(0, 4)} ${compact.slice(4)} `,
      compact.toLowerCase(),
    ]) {
      expect(await queue(browser, `?reference=${encodeURIComponent(typed)}`)).toRedirectTo(`/owner/reviews/${active.reference}`);
    }
    const owner = await signedInAs("owner");
    expect(await queue(owner.browser, `?reference=${compact}`)).toRedirectTo(`/owner/reviews/${active.reference}`);

    const log = await auditOf(active.reference);
    expect(log).toHaveLength(5);
    expect(log.slice(0, 4).map((row) => [row.action, row.staffName, row.staffId, row.detail])).toEqual(
      Array.from({ length: 4 }, () => ["customer-searched", "Dr Amara Lind", staff.id, "By reference"]),
    );
    expect(log[4]).toMatchObject({ action: "customer-searched", staffRole: "owner", detail: "By reference" });
  });

  it("answers 400 with the page and the field's message for what is no reference, keeping what was typed and logging nothing", async () => {
    await heldSubscription();
    const { browser } = await signedInAs("clinician");
    const tooLong = `MC ${" ".repeat(30)}7KQ2 94XD`;
    for (const typed of ["", "Marguerite", "MC-7KQ2-94X", "MC-7KQ2-94XD-1", tooLong, "x".repeat(5000)]) {
      const answer = await queue(browser, `?reference=${encodeURIComponent(typed)}`);
      expect(answer).toHaveStatus(400);
      expect(answer.data.lookup).toEqual({ typed: typed.slice(0, 41), message: "Enter an order reference such as MC-7KQ2-94XD." });
      // The queue is still there beneath.
      expect(answer.data.total).toBe(1);
    }
    const answer = await queue(browser, "?reference=Marguerite");
    const html = draw(reviewQueue.default, answer.data);
    expect(html).toContain("There is a problem");
    expect(html).toMatch(/<input[^>]*name="reference"[^>]*aria-invalid="true"[^>]*value="Marguerite"/);
    expect(html).toContain("Enter an order reference such as MC-7KQ2-94XD.");
    expect(reviewQueue.handle.title).toBeTypeOf("function");
    expect((reviewQueue.handle.title as (data: unknown) => string)(answer.data)).toBe("Error: Reviews: Owner's console");
    expect(await auditRows({ action: "customer-searched" }, 100)).toEqual([]);
  });

  it("answers 404 with the page for a reference no order has, and logs the search without what was typed", async () => {
    await heldSubscription();
    const { browser } = await signedInAs("clinician");
    const answer = await queue(browser, "?reference=mc-2222-2222");
    expect(answer).toHaveStatus(404);
    expect(answer.data.lookup).toEqual({ typed: "mc-2222-2222", message: "No order has that reference." });
    const html = draw(reviewQueue.default, answer.data);
    expect(html).toContain("No order has that reference.");
    expect(html).toMatch(/<input[^>]*name="reference"[^>]*value="mc-2222-2222"/);

    const log = await auditRows({ action: "customer-searched" }, 100);
    expect(log.map((row) => [row.orderReference, row.detail])).toEqual([[null, "By reference"]]);
    expect(JSON.stringify(log)).not.toMatch(/2222/);
  });

  it("gives support no search: 403, and nothing logged", async () => {
    const subscription = await approved();
    const { browser } = await signedInAs("support");
    expect(await queue(browser, `?reference=${subscription.reference}`)).toHaveStatus(403);
    expect(await queue(browser, "?reference=nonsense")).toHaveStatus(403);
    expect(await auditRows({ action: "customer-searched" }, 100)).toEqual([]);
  });

  it("draws the clinical view of a running order with Medically disqualified, and of a closed one without it; never the decision's form", async () => {
    const { browser } = await signedInAs("clinician");
    /** Found by its reference, then its clinical view as served and as drawn, in `orderState`. */
    async function expectView(subscription: SubscriptionRow, orderState: string, mayEnd: boolean) {
      const current = await reload(subscription);
      expect(await queue(browser, `?reference=${current.reference}`)).toRedirectTo(`/owner/reviews/${current.reference}`);
      const page = await view(browser, current.reference);
      expect(page).toHaveStatus(200);
      expect(page.data).toMatchObject({
        decide: false,
        providerDecides: false,
        disqualify: mayEnd,
        view: { orderState, awaitsDecision: false },
      });
      // No hold waits on any of them: none is flagged as about to lapse.
      expect(page.data.view.hold).toMatchObject({ lapsesSoon: false, warning: null });
      expectNothingToReachOrBillHer(page, [current.firstPeriodCents, current.renewalCents]);

      const html = draw(reviewPage.default, page.data);
      expect(html).toContain(`Review of ${current.reference}`);
      expect(html).toContain(orderState);
      expect(html).not.toContain(">Approve</button>");
      expect(html.includes('id="disqualify-title"')).toBe(mayEnd);
      expect(html.includes("End the plan: medically disqualified")).toBe(mayEnd);
      expect(html).not.toContain("$");
    }

    await expectView(await approved(), "Active", true);
    const declined = await heldSubscription();
    await decideReview(sandboxGateway(), declined, "declined", null, "owner");
    await expectView(declined, "Declined, hold released", false);
    const disqualified = await approved();
    await disqualify(sandboxGateway(), disqualified, { note: "Contraindicated: history of clotting disorder" });
    await expectView(disqualified, "Ended: medically disqualified", false);

    const needsPayment = await heldSubscription({ cardNumber: failsWithoutHer });
    await moveDays(8);
    await decideReview(sandboxGateway(), await reload(needsPayment), "approved", null, "owner");
    await expectView(needsPayment, "Approved, payment needed", true);

    const ending = await approved();
    const pastDue = await approved({ cardNumber: failsWithoutHer });
    await moveDays(Math.floor((ending.nextBillingAt!.getTime() - (await lifecycleNow()).getTime()) / day) - 1);
    expect((await cancelSubscription(sandboxGateway(), await reload(ending))).status).toBe("ending");
    await expectView(ending, "Canceled, last renewal still billed", true);
    await moveDays(2);
    await expectView(pastDue, "Renewal failed, retrying", true);
    expect((await queue(browser)).data.reviews).toEqual([]);
  });
});
