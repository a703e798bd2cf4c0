// The console's sign-in as an attacker meets it: a copied cookie that stops working when the
// owner signs out, when she leaves the console alone for half an hour, and twelve hours after
// she signed in; and guessing the password from many addresses, slowed for the account while
// the browser she signed in with before still signs in at once. Time moves on a frozen test
// clock (only Date is faked; nothing sleeps).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as signIn from "../../app/routes/owner._index/route";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as signOut from "../../app/routes/owner.sign-out";
import { database } from "../../app/server/db/client.server";
import { consoleSessions } from "../../app/server/db/schema.server";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { openConsoleSession, readConsoleSession } from "../../app/server/console/console-session.server";
import { ownerPassword } from "../../app/server/console/owner-password.server";
import { signInAttempt, signInLimits } from "../../app/server/console/sign-in-throttle.server";
import { rateLimits } from "../../app/server/http/rate-limits.server";
import { cookieOf, expectConsoleCookie, resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { heldSubscription, reload } from "../support/subscriptions";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { findStaffMemberByEmail } from "../../app/server/db/stores/staff-members.server";
import { ownerEmail, signInForm } from "../support/staff";

const minute = 60_000;
const hour = 60 * minute;

let now: number;

/** Moves the test clock forward (Date only: the database and the timers run as ever). */
function pass(ms: number) {
  now += ms;
  vi.setSystemTime(now);
}

beforeEach(async () => {
  await resetDatabase();
  await ensureFirstOwner();
  // The limits count in fixed windows of 15 minutes and an hour: every test starts just past
  // an hour's boundary, so no window ends half-way through one.
  now = Math.ceil(Date.now() / hour) * hour + 1_000;
  vi.useFakeTimers({ toFake: ["Date"], now });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A public address as our server would have seen it (RFC 5737). */
const from = (address: string) => ({ [clientAddressHeader]: address });

function trySignIn(browser: TestBrowser, password: string, address = "198.51.100.20") {
  return browser.call(signIn.action, "/owner", { form: signInForm(password), headers: from(address) });
}

async function signedInOwner(): Promise<TestBrowser> {
  const owner = new TestBrowser();
  expect(await trySignIn(owner, ownerPassword())).toRedirectTo("/owner/orders");
  return owner;
}

function listPage(browser: TestBrowser) {
  return browser.call(ordersList.loader, "/owner/orders");
}

/** A second browser holding a copy of another's cookies: what an attacker who copied them has. */
async function copyOf(browser: TestBrowser): Promise<TestBrowser> {
  const copy = new TestBrowser();
  const headers = new Headers();
  for (const pair of browser.cookieHeader().split("; ")) if (pair) headers.append("Set-Cookie", pair);
  await copy.call(async () => new Response(null, { headers }), "/owner");
  return copy;
}

async function sessionRows() {
  return (await database()).select().from(consoleSessions);
}

/** The form's own message (Conform's reply). */
function formMessage(answer: RouteAnswer): string | undefined {
  return answer.data?.lastResult?.error?.[""]?.[0];
}

const tooManySignIns = /^Too many sign-in attempts\. Please wait (1 minute|\d+ minutes) and try again\.$/;

function expectSlowed(answer: RouteAnswer, windowMs: number) {
  expect(answer).toHaveStatus(429);
  const seconds = Number(answer.headers.get("Retry-After"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
  expect(formMessage(answer)).toMatch(tooManySignIns);
  expect(JSON.stringify(answer.data)).not.toContain(ownerPassword());
  expect(cookieOf(answer, "__owner")).toBeUndefined();
}

describe("a sign-in kept on the server", () => {
  it("keeps only a hash of the cookie's random id, for the account that signed in", async () => {
    const owner = await signedInOwner();
    const rows = await sessionRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account: (await findStaffMemberByEmail(ownerEmail()))!.id,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
    });
    // The cookie is signed JSON ({ id, stamp }) in base64; the id itself is nowhere in the table.
    const value = decodeURIComponent(owner.cookieHeader().match(/(?:^|; )__owner=([^;]+)/)![1]!);
    const { id } = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it("refuses a copy of the owner's cookie once she has signed out", async () => {
    const subscription = await heldSubscription();
    const owner = await signedInOwner();
    const copy = await copyOf(owner);
    // Before the sign-out the copy is as good as hers: this is what it stops.
    expect(await listPage(copy)).toHaveStatus(200);

    expect(await owner.call(signOut.action, "/owner/sign-out", { form: {} })).toRedirectTo("/owner");
    expect(await sessionRows()).toHaveLength(0);

    const page = await listPage(copy);
    expect(page).toRedirectTo("/owner");
    // The stale cookie is dropped on the way.
    expect(cookieOf(page, "__owner")).toBe("");
    const post = await copy.call(orderPage.action, `/owner/orders/${subscription.reference}`, {
      params: { reference: subscription.reference },
      form: { intent: "approve" },
    });
    expect(post).toHaveStatus(403);
    expect((await reload(subscription)).decision).toBeNull();
  });

  it("ends after 30 minutes left alone, but not while she works", async () => {
    const owner = await signedInOwner();
    const copy = await copyOf(owner);
    // Used every 29 minutes, it holds for hours.
    for (let i = 0; i < 4; i++) {
      pass(29 * minute);
      expect(await listPage(owner)).toHaveStatus(200);
    }
    pass(30 * minute);
    expect(await listPage(copy)).toRedirectTo("/owner");
    // Refused and forgotten: going back in time (or another instance's clock) cannot revive it.
    expect(await sessionRows()).toHaveLength(0);
    vi.setSystemTime(now - 10 * minute);
    expect(await listPage(owner)).toRedirectTo("/owner");
  });

  it("writes her use down at most once a minute", async () => {
    const owner = await signedInOwner();
    const signedInAt = new Date(now);
    pass(59_000);
    expect(await listPage(owner)).toHaveStatus(200);
    expect((await sessionRows())[0]!.lastSeenAt).toEqual(signedInAt);
    pass(1_000);
    expect(await listPage(owner)).toHaveStatus(200);
    expect((await sessionRows())[0]!.lastSeenAt).toEqual(new Date(now));
  });

  it("ends 12 hours after signing in, however busy", async () => {
    const owner = await signedInOwner();
    const copy = await copyOf(owner);
    for (let i = 0; i < 12 * 3 - 1; i++) {
      pass(20 * minute);
      expect(await listPage(owner), `after ${(i + 1) * 20} minutes`).toHaveStatus(200);
    }
    pass(20 * minute);
    expect(await listPage(copy)).toRedirectTo("/owner");
    expect(await listPage(owner)).toRedirectTo("/owner");
    expect(await sessionRows()).toHaveLength(0);
    // She signs in again, and is in.
    const again = await signedInOwner();
    expect(await listPage(again)).toHaveStatus(200);
  });

  it("forgets ended sign-ins when the next one begins", async () => {
    await signedInOwner();
    pass(31 * minute);
    await signedInOwner();
    const rows = await sessionRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt).toEqual(new Date(now));
  });

  it("ends a sign-in whose password has changed since (its stamp is no longer the account's)", async () => {
    const cookie = (await openConsoleSession("owner", "stamp-of-the-old-password")).split(";")[0]!;
    const request = new Request("http://localhost/owner/orders", { headers: { Cookie: cookie } });
    expect(await readConsoleSession(request, () => "stamp-of-the-old-password")).toMatchObject({ account: "owner" });
    expect(await readConsoleSession(request, () => "stamp-of-the-new-password")).toBeUndefined();
    expect(await sessionRows()).toHaveLength(0);
  });
});

describe("the account's sign-in throttle", () => {
  it("slows guessing from many addresses, while the browser she signed in with before signs in at once", async () => {
    expect(signInLimits.account).toMatchObject({ limit: 20, windowMs: hour });
    // She signed in on this browser yesterday: it carries a device cookie for a year.
    const owner = new TestBrowser();
    const first = await trySignIn(owner, ownerPassword());
    expect(first).toRedirectTo("/owner/orders");
    expectConsoleCookie(first, "__owner_device", 31536000);
    await owner.call(signOut.action, "/owner/sign-out", { form: {} });

    // Twenty wrong guesses, each from an address of its own: no address limit ever holds.
    for (let i = 0; i < signInLimits.account.limit; i++) {
      expect(await trySignIn(new TestBrowser(), `guess-${i}`, `203.0.113.${i + 1}`)).toHaveStatus(401);
    }
    // Now every stranger waits, with a wrong password or the right one, from any address.
    expectSlowed(await trySignIn(new TestBrowser(), "guess-21", "203.0.113.100"), hour);
    expectSlowed(await trySignIn(new TestBrowser(), ownerPassword(), "192.0.2.50"), hour);

    // Her known browser is not slowed by them, even from an address the guessing used.
    expect(await trySignIn(owner, ownerPassword(), "203.0.113.1")).toRedirectTo("/owner/orders");
    expect(await listPage(owner)).toHaveStatus(200);

    // A device cookie is signed: one made up by a stranger is a stranger's.
    const madeUp = Buffer.from(JSON.stringify({ id: "A".repeat(22), account: "owner" })).toString("base64");
    const forger = new TestBrowser();
    await forger.call(async () => new Response(null, { headers: { "Set-Cookie": `__owner_device=${madeUp}` } }), "/owner");
    expectSlowed(await trySignIn(forger, ownerPassword(), "192.0.2.51"), hour);

    // The hour over, strangers may try again.
    pass(hour);
    expect(await trySignIn(new TestBrowser(), ownerPassword(), "192.0.2.52")).toRedirectTo("/owner/orders");
  });

  it("counts failures only: strangers' right passwords neither count nor reset the count", async () => {
    for (let i = 0; i < signInLimits.account.limit - 1; i++) {
      expect(await trySignIn(new TestBrowser(), `guess-${i}`, `203.0.113.${i + 1}`)).toHaveStatus(401);
    }
    for (let i = 0; i < 3; i++)
      expect(await trySignIn(new TestBrowser(), ownerPassword(), `198.51.100.${i + 1}`)).toRedirectTo("/owner/orders");
    expect(await trySignIn(new TestBrowser(), "guess-last", "203.0.113.99")).toHaveStatus(401);
    expectSlowed(await trySignIn(new TestBrowser(), "guess-over", "203.0.113.98"), hour);
  });

  it("counts a known browser's failures for it alone, against a limit of its own", async () => {
    expect(signInLimits.device).toMatchObject({ limit: 10, windowMs: 15 * minute });
    const owner = await signedInOwner();
    await owner.call(signOut.action, "/owner/sign-out", { form: {} });
    for (let i = 0; i < signInLimits.device.limit; i++) expect(await trySignIn(owner, `typo-${i}`)).toHaveStatus(401);
    // Over its own limit, even the right password waits (a stolen device cookie guesses no more).
    expectSlowed(await trySignIn(owner, ownerPassword()), 15 * minute);

    // The account was not charged for them: strangers still have all their tries.
    for (let i = 0; i < signInLimits.account.limit; i++) {
      expect(await trySignIn(new TestBrowser(), `guess-${i}`, `203.0.113.${i + 1}`)).toHaveStatus(401);
    }
    expectSlowed(await trySignIn(new TestBrowser(), "guess-over", "203.0.113.98"), hour);

    // Its window over, the known browser signs in again.
    pass(15 * minute);
    expect(await trySignIn(owner, ownerPassword())).toRedirectTo("/owner/orders");
  });

  it("keeps counting a stranger's address on every try, as before", async () => {
    const guesser = new TestBrowser();
    for (let i = 0; i < rateLimits.consoleSignIn.limit; i++) expect(await trySignIn(guesser, "", "203.0.113.7")).toHaveStatus(400);
    expectSlowed(await trySignIn(guesser, ownerPassword(), "203.0.113.7"), 15 * minute);
  });

  it("takes a device cookie only for the account it was made for", async () => {
    const owner = await signedInOwner();
    const request = new Request("http://localhost/owner", { headers: { Cookie: owner.cookieHeader() } });
    expect((await signInAttempt(request, ownerEmail())).deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await signInAttempt(request, "support@example.com")).deviceId).toBeUndefined();
  });
});
