// The owner's console: its sign-in (wrong, right, too many), its guard, the orders list and
// finder, one order's page with its timeline and payments, the review decision and the
// sandbox clock. Orders are made through the funnel or straight on the sandbox
// (test/support/subscriptions.ts); the console is signed in with this process's password.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import * as consoleLayout from "../../app/routes/owner";
import * as signIn from "../../app/routes/owner._index/route";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as signOut from "../../app/routes/owner.sign-out";
import * as paymentComplete from "../../app/routes/payment-complete.$responderUuid";
import { parseSettings } from "../../app/server/config.server";
import { findSubscriptionByResponder, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { ownerPassword, ownerPasswordSource, readOrMakePasswordFile } from "../../app/server/console/owner-password.server";
import { consoleRecordsReviews } from "../../app/server/console/console-records-reviews.server";
import { rateLimits } from "../../app/server/http/rate-limits.server";
import { moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { aPerson } from "../support/factories";
import { payForPlan } from "../support/funnel-steps";
import { cookieOf, expectConsoleCookie, resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { heldSubscription, paidSubscription, paymentsOf, reload } from "../support/subscriptions";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { signInForm } from "../support/staff";

beforeEach(async () => {
  await resetDatabase();
  await ensureFirstOwner();
});

const tooManyAttempts = /^Too many sign-in attempts\. Please wait (1 minute|\d+ minutes) and try again\.$/;

/** A public address as our server would have seen it (RFC 5737). */
const from = (address: string) => ({ [clientAddressHeader]: address });

function trySignIn(browser: TestBrowser, password: string, headers: Record<string, string> = {}) {
  return browser.call(signIn.action, "/owner", { form: signInForm(password), headers });
}

async function signedInOwner(): Promise<TestBrowser> {
  const owner = new TestBrowser();
  expect(await trySignIn(owner, ownerPassword())).toRedirectTo("/owner/orders");
  return owner;
}

function listPage(browser: TestBrowser, query = "") {
  return browser.call(ordersList.loader, `/owner/orders${query}`);
}

function orderOf(browser: TestBrowser, reference: string) {
  return browser.call(orderPage.loader, `/owner/orders/${reference}`, { params: { reference } });
}

function postOrder(browser: TestBrowser, reference: string, form: Record<string, string>) {
  return browser.call(orderPage.action, `/owner/orders/${reference}`, { params: { reference }, form });
}

/** The form's message for a field (Conform's reply), or the form's own under "". */
function messageOf(answer: RouteAnswer, name: string): string | undefined {
  return answer.data?.lastResult?.error?.[name]?.[0];
}

describe("signing in", () => {
  it("shows the sign-in page, refuses a wrong password with 401, and never sends the password back", async () => {
    const browser = new TestBrowser();
    expect(await browser.call(signIn.loader, "/owner")).toHaveStatus(200);
    expect((await browser.call(consoleLayout.loader, "/owner")).data).toEqual({ person: null, sandboxPayments: true });

    const wrong = await trySignIn(browser, "not-the-password-at-all");
    expect(wrong).toHaveStatus(401);
    expect(messageOf(wrong, "password")).toBe("The email address or password is not right.");
    expect(JSON.stringify(wrong.data)).not.toContain("not-the-password-at-all");
    expect(cookieOf(wrong, "__owner")).toBeUndefined();

    const empty = await trySignIn(browser, "");
    expect(empty).toHaveStatus(400);
    expect(messageOf(empty, "password")).toBe("Enter your password.");

    // Nothing is open to a browser that failed.
    expect(await listPage(browser)).toRedirectTo("/owner");
  });

  it("signs in with the right password: a session cookie of its own, then the orders", async () => {
    const browser = new TestBrowser();
    const answer = await trySignIn(browser, ownerPassword());
    expect(answer).toRedirectTo("/owner/orders");
    const setCookie = expectConsoleCookie(answer, "__owner", 43200);
    // COOKIE_SECURE=false in the tests; production's cookie is Secure (config cookiesAreSecure).
    expect(setCookie).not.toMatch(/; Secure/i);
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);

    expect(await listPage(browser)).toHaveStatus(200);
    expect((await browser.call(consoleLayout.loader, "/owner")).data).toMatchObject({
      person: { name: "Owner", role: "Owner", twoStepOn: false },
      sandboxPayments: true,
    });
    // Signed in, the sign-in page leads on to the orders.
    expect(await browser.call(signIn.loader, "/owner")).toRedirectTo("/owner/orders");
  });

  it("signs out: the cookie goes and the console is closed again", async () => {
    const owner = await signedInOwner();
    const out = await owner.call(signOut.action, "/owner/sign-out", { form: {} });
    expect(out).toRedirectTo("/owner");
    expect(out.headers.getSetCookie().find((cookie) => cookie.startsWith("__owner="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await listPage(owner)).toRedirectTo("/owner");
    expect(await owner.call(signOut.loader, "/owner/sign-out")).toRedirectTo("/owner");
  });

  it("stops an address after ten tries in 15 minutes with 429, even with the right password; another address goes on", async () => {
    expect(rateLimits.consoleSignIn).toMatchObject({ limit: 10, windowMs: 15 * 60_000 });
    const guesser = new TestBrowser();
    for (let i = 0; i < rateLimits.consoleSignIn.limit; i++) {
      expect(await trySignIn(guesser, `guess-${i}`, from("203.0.113.7"))).toHaveStatus(401);
    }
    const refused = await trySignIn(guesser, ownerPassword(), from("203.0.113.7"));
    expect(refused).toHaveStatus(429);
    const seconds = Number(refused.headers.get("Retry-After"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(messageOf(refused, "")).toMatch(tooManyAttempts);
    expect(JSON.stringify(refused.data)).not.toContain(ownerPassword());
    expect(cookieOf(refused, "__owner")).toBeUndefined();

    // The owner, elsewhere, is not locked out.
    expect(await trySignIn(new TestBrowser(), ownerPassword(), from("198.51.100.20"))).toRedirectTo("/owner/orders");
  });

  it("counts clients whose address cannot be told apart in one shared bucket", async () => {
    // Every try counts there, empty ones too (wrong passwords would meet the account's own,
    // tighter cap first: console-sessions.test.ts).
    const browser = new TestBrowser();
    for (let i = 0; i < rateLimits.consoleSignIn.unaddressedLimit; i++) {
      expect(await trySignIn(browser, "")).toHaveStatus(400);
    }
    expect(await trySignIn(browser, ownerPassword(), from("127.0.0.1"))).toHaveStatus(429);
  });
});

describe("the guard", () => {
  it("sends a page request to the sign-in page and refuses a post with 403", async () => {
    const subscription = await heldSubscription();
    const stranger = new TestBrowser();
    expect(await listPage(stranger)).toRedirectTo("/owner");
    expect(await orderOf(stranger, subscription.reference)).toRedirectTo("/owner");
    const post = await postOrder(stranger, subscription.reference, { intent: "approve" });
    expect(post).toHaveStatus(403);
    expect(post.data.message).toMatch(/not signed in/);
    expect((await reload(subscription)).decision).toBeNull();
  });

  it("never takes a visitor's session for the owner's, not even her cookie under the owner's name", async () => {
    const visitor = new TestBrowser();
    const { responderUuid } = await payForPlan(visitor);
    const subscription = (await findSubscriptionByResponder(responderUuid))!;
    expect(await listPage(visitor)).toRedirectTo("/owner");
    expect(await orderOf(visitor, subscription.reference)).toRedirectTo("/owner");
    expect(await postOrder(visitor, subscription.reference, { intent: "approve" })).toHaveStatus(403);

    // Her signed session cookie, presented as the owner's, is not one.
    const visitorCookie = visitor.cookieHeader().match(/(?:^|; )__session=([^;]+)/)![1];
    let thrown: unknown;
    try {
      await ordersList.loader({
        request: new Request("http://localhost/owner/orders", { headers: { Cookie: `__owner=${visitorCookie}` } }),
        params: {},
        context: {},
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(303);
    expect((thrown as Response).headers.get("Location")).toBe("/owner");
  });
});

describe("the orders list", () => {
  it("says No orders yet when there are none", async () => {
    const owner = await signedInOwner();
    const page = await listPage(owner);
    expect(page).toHaveStatus(200);
    expect(page.data).toMatchObject({ orders: [], total: 0, page: 1, pageCount: 1, lookup: null });
  });

  it("lists orders newest first, 25 a page, with their plan, amounts, state and variant", async () => {
    const made: SubscriptionRow[] = [];
    for (let i = 0; i < 27; i++)
      made.push(await heldSubscription({ plan: i === 26 ? "quarterly" : "monthly", amountCents: 13_900 + i, renewalCents: 20_000 }));
    const newestFirst = made.map((row) => row.reference).reverse();
    const owner = await signedInOwner();

    const first = await listPage(owner);
    expect(first.data).toMatchObject({ total: 27, page: 1, pageCount: 2 });
    expect(first.data.orders.map((order: { reference: string }) => order.reference)).toEqual(newestFirst.slice(0, 25));
    expect(first.data.orders[0]).toMatchObject({
      plan: "Quarterly",
      firstPeriodCents: 13_926,
      renewalCents: 20_000,
      stateLabel: "On hold, waiting for review",
      variant: "Current",
      holdExpiresSoon: false,
    });

    const second = await listPage(owner, "?page=2");
    expect(second.data).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.data.orders.map((order: { reference: string }) => order.reference)).toEqual(newestFirst.slice(25));

    // Past the last page: the last page; nonsense: the first.
    expect(await listPage(owner, "?page=9")).toRedirectTo("/owner/orders?page=2");
    expect((await listPage(owner, "?page=abc")).data.page).toBe(1);
  });

  it("flags a hold that lapses within 24 hours with no decision", async () => {
    const held = await heldSubscription();
    const owner = await signedInOwner();
    expect((await listPage(owner)).data.orders[0].holdExpiresSoon).toBe(false);
    // Six of the hold's seven days pass on the sandbox clock.
    expect(await moveSandboxClock(6)).toMatchObject({ status: "moved" });
    expect((await listPage(owner)).data.orders[0]).toMatchObject({ reference: held.reference, holdExpiresSoon: true });
    expect((await orderOf(owner, held.reference)).data.order.holdExpiresSoon).toBe(true);
  });
});

describe("finding an order by its reference", () => {
  it("goes to the order however the reference is typed", async () => {
    const subscription = await heldSubscription();
    const owner = await signedInOwner();
    const typed = ` ${subscription.reference.toLowerCase().replace(/-/g, " ")} `;
    expect(await listPage(owner, `?find=${encodeURIComponent(typed)}`)).toRedirectTo(`/owner/orders/${subscription.reference}`);
  });

  it("says No order with that reference, keeping what was typed", async () => {
    await heldSubscription();
    const owner = await signedInOwner();
    const unknown = await listPage(owner, "?find=MC-2222-2222");
    expect(unknown).toHaveStatus(404);
    expect(unknown.data.lookup).toEqual({ typed: "MC-2222-2222", message: "No order with that reference." });
    expect(unknown.data.total).toBe(1);

    const malformed = await listPage(owner, "?find=MC-22");
    expect(malformed).toHaveStatus(400);
    expect(malformed.data.lookup.message).toMatch(/^No order with that reference\./);

    // The owner may find her by her details too (test/integration/support-tools.test.ts), so the box asks for any of them.
    const empty = await listPage(owner, "?find=");
    expect(empty).toHaveStatus(400);
    expect(empty.data.lookup.message).toBe("Enter a reference, an email, a phone number or a name.");
  });
});

describe("an order's page", () => {
  it("shows the order, its timeline, its payments and, to the owner, her details; never her flow's uuid", async () => {
    const visitor = new TestBrowser();
    const { responderUuid } = await payForPlan(visitor, { plan: "monthly" });
    const subscription = (await findSubscriptionByResponder(responderUuid))!;
    const owner = await signedInOwner();
    const page = await orderOf(owner, subscription.reference);
    expect(page).toHaveStatus(200);
    expect(page.data.order).toMatchObject({
      reference: subscription.reference,
      plan: "Monthly",
      stateLabel: "On hold, waiting for review",
      firstPeriodCents: subscription.firstPeriodCents,
      renewalCents: subscription.renewalCents,
      nextBillingAt: null,
      decision: null,
    });
    expect(page.data.events).toEqual([
      expect.objectContaining({
        label: "Card hold placed",
        detail: expect.objectContaining({ amountCents: subscription.firstPeriodCents }),
      }),
    ]);
    expect(page.data.payments).toEqual([
      expect.objectContaining({
        kind: "Hold",
        period: 0,
        status: "Succeeded",
        amountCents: subscription.firstPeriodCents,
        gatewayReference: subscription.holdReference,
      }),
    ]);
    expect(page.data.review).toEqual({ consoleDecides: true, open: true });
    expect(page.data.clock).toMatchObject({ aheadDays: 0, maxDays: 1830 });
    const jane = aPerson();
    expect(page.data.her).toMatchObject({ name: `${jane.firstName} ${jane.lastName}`, email: jane.email, phone: jane.phone });
    expect(JSON.stringify(page.data)).not.toContain(responderUuid);

    // The address may be typed loosely too; an unknown one is a 404 page.
    expect(await orderOf(owner, subscription.reference.toLowerCase())).toHaveStatus(200);
    expect(await orderOf(owner, "MC-2222-2222")).toHaveStatus(404);
    expect(await orderOf(owner, "nonsense")).toHaveStatus(404);
    expect(await postOrder(owner, "MC-2222-2222", { intent: "approve" })).toHaveStatus(404);
  });

  it("Approve captures the hold: the order is Active with a capture, and a second Approve changes nothing", async () => {
    const subscription = await paidSubscription({ plan: "monthly" });
    const owner = await signedInOwner();
    const approved = await postOrder(owner, subscription.reference, { intent: "approve" });
    expect(approved).toRedirectTo(`/owner/orders/${subscription.reference}`);

    const after = await reload(subscription);
    expect(after).toMatchObject({ state: "active", decision: "approved", decidedBy: "owner", periodsPaid: 1 });
    const payments = await paymentsOf(subscription);
    expect(payments.map((p) => [p.kind, p.status, p.amountCents])).toEqual([
      ["hold", "succeeded", subscription.firstPeriodCents],
      ["capture", "succeeded", subscription.firstPeriodCents],
    ]);

    // The page after the redirect says what happened, once.
    const page = await orderOf(owner, subscription.reference);
    expect(page.data.notice).toEqual({ tone: "success", text: "Approved. The order is now: Active." });
    expect(page.data.order).toMatchObject({ stateLabel: "Active", decision: { text: "Approved in the console" } });
    expect(page.data.order.nextBillingAt).not.toBeNull();
    expect(page.data.review.open).toBe(false);
    expect(page.data.events.map((e: { label: string }) => e.label)).toEqual([
      "Card hold placed",
      "Approved by the medical team; hold captured",
    ]);
    expect(page.data.payments.map((p: { kind: string }) => p.kind)).toEqual(["Hold", "Capture"]);
    expect((await orderOf(owner, subscription.reference)).data.notice).toBeNull();

    // A second Approve (a double click, a second tab): nothing moves twice.
    const again = await postOrder(owner, subscription.reference, { intent: "approve" });
    expect(again).toRedirectTo(`/owner/orders/${subscription.reference}`);
    expect(await paymentsOf(subscription)).toHaveLength(2);
    expect((await orderOf(owner, subscription.reference)).data.notice.text).toMatch(
      /^That decision was already recorded\. Nothing changed/,
    );

    // Nor does a Decline after it.
    await postOrder(owner, subscription.reference, { intent: "decline" });
    expect(await reload(subscription)).toMatchObject({ state: "active", decision: "approved" });
    expect((await orderOf(owner, subscription.reference)).data.notice.text).toMatch(/^Another decision was recorded first \(approved\)/);
  });

  it("Decline releases the hold", async () => {
    const subscription = await heldSubscription();
    const owner = await signedInOwner();
    expect(await postOrder(owner, subscription.reference, { intent: "decline" })).toRedirectTo(`/owner/orders/${subscription.reference}`);
    expect(await reload(subscription)).toMatchObject({ state: "declined", decision: "declined", decidedBy: "owner" });
    expect((await paymentsOf(subscription)).map((p) => [p.kind, p.status])).toEqual([
      ["hold", "succeeded"],
      ["release", "succeeded"],
    ]);
    const page = await orderOf(owner, subscription.reference);
    expect(page.data.notice.text).toBe("Declined. The order is now: Declined, hold released.");
    expect(page.data.events.at(-1).label).toBe("Declined by the medical team; hold released");
  });

  it("refuses a form it cannot read", async () => {
    const subscription = await heldSubscription();
    const owner = await signedInOwner();
    expect(await postOrder(owner, subscription.reference, { intent: "something" })).toHaveStatus(400);
    expect((await reload(subscription)).decision).toBeNull();
  });
});

describe("the sandbox clock", () => {
  it("refuses a number of days it cannot use, with the message beside the field", async () => {
    const subscription = await heldSubscription();
    const owner = await signedInOwner();
    const range = "Enter a whole number of days from 1 to 1830.";
    for (const [days, message] of [
      ["", "Enter a number of days."],
      ["0", range],
      ["1831", range],
      ["2.5", range],
      ["ten", range],
    ] as const) {
      const answer = await postOrder(owner, subscription.reference, { intent: "clock", days });
      expect(answer, `days "${days}"`).toHaveStatus(400);
      expect(messageOf(answer, "days")).toBe(message);
      // What was typed comes back to the field.
      expect(answer.data.lastResult.initialValue).toEqual(days === "" ? { intent: "clock" } : { intent: "clock", days });
    }
    expect((await orderOf(owner, subscription.reference)).data.clock.aheadDays).toBe(0);
  });

  it("moves forward one period and a day: the renewal is charged and shows in the timeline", async () => {
    const subscription = await paidSubscription({ plan: "monthly" });
    const owner = await signedInOwner();
    await postOrder(owner, subscription.reference, { intent: "approve" });

    const moved = await postOrder(owner, subscription.reference, { intent: "clock", days: "32" });
    expect(moved).toRedirectTo(`/owner/orders/${subscription.reference}`);
    const page = await orderOf(owner, subscription.reference);
    expect(page.data.notice.text).toMatch(
      /^The sandbox clock moved forward 32 days: it is now \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Across all orders: 1 renewal charged\.$/,
    );
    expect(page.data.clock.aheadDays).toBe(32);
    expect(page.data.events.map((e: { label: string }) => e.label)).toEqual([
      "Card hold placed",
      "Approved by the medical team; hold captured",
      "Renewal charged",
    ]);
    expect(page.data.events[2].detail).toMatchObject({ amountCents: subscription.renewalCents, period: 1, attempt: 1 });
    expect(page.data.payments.at(-1)).toMatchObject({
      kind: "Charge",
      period: 1,
      status: "Succeeded",
      amountCents: subscription.renewalCents,
    });
    expect(page.data.order).toMatchObject({ stateLabel: "Active", periodsPaid: 2 });
  });
});

describe("her reference after paying", () => {
  it("is on the payment-complete page, the same as the console's", async () => {
    const visitor = new TestBrowser();
    const { responderUuid } = await payForPlan(visitor);
    const subscription = (await findSubscriptionByResponder(responderUuid))!;
    const done = await visitor.call(paymentComplete.loader, `/payment-complete/${responderUuid}`, { params: { responderUuid } });
    expect(done.data.reference).toBe(subscription.reference);
    expect(done.data.reference).toMatch(/^MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
  });
});

describe("the console's settings", () => {
  const settings = (env: Record<string, string>) => parseSettings({ ...env });

  it("records review decisions unless a provider sends signed ones", () => {
    expect(consoleRecordsReviews(settings({}))).toBe(true);
    expect(consoleRecordsReviews(settings({ PROVIDER_BASE_URL: "https://provider.example" }))).toBe(true);
    expect(consoleRecordsReviews(settings({ PROVIDER_WEBHOOK_SECRET: "0123456789abcdef0123" }))).toBe(true);
    expect(
      consoleRecordsReviews(settings({ PROVIDER_BASE_URL: "https://provider.example", PROVIDER_WEBHOOK_SECRET: "0123456789abcdef0123" })),
    ).toBe(false);
  });

  it("takes the password from OWNER_PASSWORD, else a file in the data folder, else memory", () => {
    expect(ownerPasswordSource(settings({ OWNER_PASSWORD: "a-long-enough-password" }))).toEqual({ kind: "setting" });
    expect(ownerPasswordSource(settings({ DATA_DIR: "memory://" }))).toEqual({ kind: "memory" });
    expect(ownerPasswordSource(settings({ DATA_DIR: "/srv/data" }))).toEqual({
      kind: "file",
      file: path.resolve("/srv/data/owner-password"),
    });
  });

  it("makes the password file once, readable by its owner only, and keeps it", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "owner-password-"));
    try {
      const file = path.join(folder, "nested", "owner-password");
      const made = readOrMakePasswordFile(file);
      expect(made).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readOrMakePasswordFile(file)).toBe(made);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
