// Support's tools in the console: finding a customer by what she quotes (her reference, email,
// phone or name), her details and her emails on her order's page, her link sent again, and
// Cancel for her, each in the audit log by order reference and never by anything of hers; and
// what each role may press on the order page (Approve and Decline, the sandbox clock).
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as allEmails from "../../app/routes/owner.emails";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import type { AuditAction } from "../../app/funnel/audit";
import { database } from "../../app/server/db/client.server";
import { auditLog } from "../../app/server/db/schema.server";
import { sandboxClockOffsetMs } from "../../app/server/subscriptions/clock.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedInAs, signedInOwner } from "../support/staff";
import { deliverAll, heldSubscription, paidAs, queuedEmailsOf, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

function find(browser: TestBrowser, typed: string) {
  return browser.call(ordersList.loader, `/owner/orders?find=${encodeURIComponent(typed)}`);
}

function openOrder(browser: TestBrowser, reference: string) {
  return browser.call(orderPage.loader, `/owner/orders/${reference}`, { params: { reference } });
}

function postOrder(browser: TestBrowser, reference: string, form: Record<string, string>) {
  return browser.call(orderPage.action, `/owner/orders/${reference}`, { params: { reference }, form });
}

/**
 * An audit row without what is random or hashed (her order's reference, the staff member's id,
 * the address's hash, the clock): any of them may itself hold "555", so only the rest is
 * searched for her details.
 */
function withoutRandomDigits(row: typeof auditLog.$inferSelect) {
  return { ...row, id: null, at: null, staffId: null, addressHash: null, orderReference: null };
}

async function auditRows(action?: AuditAction) {
  const db = await database();
  return db
    .select()
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(asc(auditLog.id));
}

const referencesOf = (answer: { data: { matches: { list: { reference: string }[] } | null } }) =>
  answer.data.matches?.list.map((match) => match.reference);

describe("Find a customer", () => {
  it("finds her by reference, by email in any case, by phone in any format and by name, newest first", async () => {
    const mary = await paidAs({ firstName: "Mary", lastName: "Stone", email: "mary.stone@example.org", phone: "(212) 555-0188" });
    const maryAgain = await paidAs(
      { firstName: "Mary", lastName: "Stone", email: "mary.stone@example.org", phone: "(212) 555-0188" },
      "quarterly",
    );
    const ann = await paidAs({ firstName: "Ann", lastName: "Marsh", email: "ann@example.net", phone: "646-555-0142" });
    const { browser } = await signedInAs("support");

    expect(await find(browser, ` ${ann.reference.toLowerCase()} `)).toRedirectTo(`/owner/orders/${ann.reference}`);

    const byEmail = await find(browser, "  MARY.Stone@Example.ORG ");
    expect(byEmail).toHaveStatus(200);
    expect(referencesOf(byEmail)).toEqual([maryAgain.reference, mary.reference]);
    expect(byEmail.data.matches.list[0]).toMatchObject({
      name: "Mary Stone",
      plan: "Quarterly",
      stateLabel: "On hold, waiting for review",
    });
    expect(byEmail.data.matches.list[0].placedAt).toBe(maryAgain.holdPlacedAt.toISOString());

    for (const phone of ["+1 (212) 555-0188", "2125550188", "212.555.0188", "1-212-555-0188"]) {
      expect(referencesOf(await find(browser, phone)), phone).toEqual([maryAgain.reference, mary.reference]);
    }
    expect(referencesOf(await find(browser, "(646) 555 0142"))).toEqual([ann.reference]);

    for (const name of ["mary", "STONE", "Mary Stone", " mary   stone "]) {
      expect(referencesOf(await find(browser, name)), name).toEqual([maryAgain.reference, mary.reference]);
    }
    expect(referencesOf(await find(browser, "Marsh"))).toEqual([ann.reference]);
    // A name is matched whole: part of one finds nobody.
    expect(await find(browser, "Mar")).toHaveStatus(404);
  });

  it("writes how each search was made to the audit log, never what was typed", async () => {
    await paidAs({ firstName: "Mary", lastName: "Stone", email: "mary.stone@example.org", phone: "(212) 555-0188" });
    const { browser, staff } = await signedInAs("support", { name: "Sam Support" });
    await find(browser, "mary.stone@example.org");
    await find(browser, "(212) 555-0188");
    await find(browser, "Mary Stone");
    await find(browser, "nobody@example.org");

    const rows = await auditRows("customer-searched");
    expect(rows.map((row) => [row.staffId, row.staffName, row.staffRole, row.detail, row.orderReference])).toEqual([
      [staff.id, "Sam Support", "support", "By email", null],
      [staff.id, "Sam Support", "support", "By phone", null],
      [staff.id, "Sam Support", "support", "By name", null],
      [staff.id, "Sam Support", "support", "By email", null],
    ]);
    const everything = JSON.stringify((await auditRows()).map(withoutRandomDigits)).toLowerCase();
    for (const typed of ["mary", "stone", "example.org", "555", "0188", "nobody"]) expect(everything).not.toContain(typed);
  });

  it("says No customer matches that (404), keeping what was typed, and refuses what it cannot read with a message (400)", async () => {
    await paidAs({ firstName: "Mary", lastName: "Stone" });
    const { browser } = await signedInAs("support");

    const nobody = await find(browser, "Nobody Here");
    expect(nobody).toHaveStatus(404);
    expect(nobody.data.lookup).toEqual({ typed: "Nobody Here", message: "No customer matches that." });
    expect(nobody.data.total).toBe(1);

    for (const [typed, message] of [
      ["", "Enter a reference, an email, a phone number or a name."],
      ["M", "Enter at least 2 letters of her name."],
      ["MC-7KQ2", "No order with that reference. A reference looks like MC-7KQ2-94XD."],
      ["555-01", "Enter her whole phone number with its area code, like (212) 555-0123."],
      ["mary@", "Enter her whole email address, like name@example.com."],
      ["Mary <b>", "Enter a reference, an email, a phone number or a name. A name has letters only."],
      ["a".repeat(101), "Enter 100 characters or fewer."],
    ] as const) {
      const answer = await find(browser, typed);
      expect(answer, typed).toHaveStatus(400);
      expect(answer.data.lookup.message, typed).toBe(message);
    }
    // None of these searched, so none is in the log.
    expect(await auditRows("customer-searched")).toHaveLength(1);
  });

  it("is closed to the clinician, as the orders are", async () => {
    const subscription = await paidAs();
    const { browser } = await signedInAs("clinician");
    const list = await find(browser, "jane@example.org");
    expect(list).toHaveStatus(403);
    expect(list.data.message).toBe("Your role does not open this page. Nothing was done.");
    expect(await openOrder(browser, subscription.reference)).toHaveStatus(403);
    expect(await postOrder(browser, subscription.reference, { intent: "cancel-for-her", reason: "phone" })).toHaveStatus(403);
    expect(await browser.call(allEmails.loader, "/owner/emails")).toHaveStatus(403);
    expect(await auditRows("customer-searched")).toEqual([]);
    expect((await reload(subscription)).state).toBe("on_hold");
  });
});

describe("her order's page for support", () => {
  it("shows her details, her emails and the order's money; each opening is one audit row of each kind", async () => {
    const subscription = await paidAs({ firstName: "Mary", lastName: "Stone", email: "mary.stone@example.org", phone: "(212) 555-0188" });
    await deliverAll();
    const { browser, staff } = await signedInAs("support");

    const page = await openOrder(browser, subscription.reference);
    expect(page).toHaveStatus(200);
    expect(page.data.her).toEqual({
      name: "Mary Stone",
      email: "mary.stone@example.org",
      phone: "(212) 555-0188",
      address: ["1 Main Street", "Apt 4", "New York, NY 10001"],
    });
    expect(page.data.emails).toMatchObject({ kept: true, total: 1 });
    expect(page.data.emails.list).toEqual([
      expect.objectContaining({
        subject: `We've received your order ${subscription.reference}`,
        text: expect.stringContaining(subscription.reference),
      }),
    ]);
    // She asks about her bill: the payments are there.
    expect(page.data.payments).toEqual([
      expect.objectContaining({ kind: "Hold", status: "Succeeded", amountCents: subscription.firstPeriodCents }),
    ]);
    expect(page.data.support).toEqual({ sendLink: true, cancel: true });

    await openOrder(browser, subscription.reference);
    for (const action of ["details-viewed", "emails-viewed"] as const) {
      const rows = await auditRows(action);
      expect(rows.map((row) => [row.staffId, row.orderReference, row.detail])).toEqual([
        [staff.id, subscription.reference, null],
        [staff.id, subscription.reference, null],
      ]);
    }
    const everything = JSON.stringify((await auditRows()).map(withoutRandomDigits)).toLowerCase();
    for (const hers of ["mary", "stone", "example.org", "555", "main street"]) expect(everything).not.toContain(hers);
  });

  it("writes emails-viewed for the page of all emails too, with no order", async () => {
    const { browser, staff } = await signedInAs("support");
    expect(await browser.call(allEmails.loader, "/owner/emails")).toHaveStatus(200);
    expect((await auditRows("emails-viewed")).map((row) => [row.staffId, row.orderReference])).toEqual([[staff.id, null]]);
  });

  it("offers support no Approve, Decline or clock, and refuses their posts with 403, changing nothing", async () => {
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("support");
    const page = await openOrder(browser, subscription.reference);
    expect(page.data.review.open).toBe(false);
    expect(page.data.clock).toBeNull();

    for (const form of [{ intent: "approve" }, { intent: "decline" }, { intent: "clock", days: "3" }] as Record<string, string>[]) {
      const refused = await postOrder(browser, subscription.reference, form);
      expect(refused, form.intent).toHaveStatus(403);
      expect(refused.data.message).toBe("Your role does not allow this. Nothing was done.");
    }
    expect(await reload(subscription)).toMatchObject({ state: "on_hold", decision: null });
    expect(await sandboxClockOffsetMs()).toBe(0);
    expect(await auditRows("approved")).toEqual([]);
    expect(await auditRows("clock-moved")).toEqual([]);
  });

  it("audits the owner's Approve once, when it is recorded, and the clock's move by its days", async () => {
    const subscription = await heldSubscription();
    const owner = await signedInOwner();
    expect(await postOrder(owner, subscription.reference, { intent: "approve" })).toRedirectTo(`/owner/orders/${subscription.reference}`);
    await postOrder(owner, subscription.reference, { intent: "approve" });
    await postOrder(owner, subscription.reference, { intent: "decline" });
    expect((await auditRows("approved")).map((row) => [row.staffName, row.orderReference])).toEqual([["Owner", subscription.reference]]);
    expect(await auditRows("declined")).toEqual([]);

    await postOrder(owner, subscription.reference, { intent: "clock", days: "3" });
    await postOrder(owner, subscription.reference, { intent: "clock", days: "0" });
    expect((await auditRows("clock-moved")).map((row) => row.detail)).toEqual(["3 days"]);
  });
});

describe("Send her link again", () => {
  it("emails her a new link once, and her earlier link stops opening", async () => {
    const subscription = await paidAs();
    const oldToken = subscriptionLinkToken(subscription);
    const { browser, staff } = await signedInAs("support");

    const sent = await postOrder(browser, subscription.reference, { intent: "send-link" });
    expect(sent).toRedirectTo(`/owner/orders/${subscription.reference}`);
    expect((await openOrder(browser, subscription.reference)).data.notice).toEqual({
      tone: "success",
      text: "A new link was emailed to her. Her earlier links no longer open.",
    });
    expect(await queuedEmailsOf(subscription)).toEqual(["order_received", "your_link"]);
    expect((await auditRows("link-sent-again")).map((row) => [row.staffId, row.orderReference])).toEqual([
      [staff.id, subscription.reference],
    ]);

    const old = await new TestBrowser().call(herPage.loader, `/subscription/${oldToken}`, { params: { token: oldToken } });
    expect(old).toHaveStatus(410);
    const newToken = subscriptionLinkToken(await reload(subscription));
    expect(await new TestBrowser().call(herPage.loader, `/subscription/${newToken}`, { params: { token: newToken } })).toHaveStatus(200);
  });

  it("sends it at most three times an hour for one order, whoever presses: the fourth is 429 and sends nothing", async () => {
    const subscription = await paidAs();
    const { browser } = await signedInAs("support");
    const owner = await signedInOwner();
    for (const presser of [browser, owner, browser]) {
      expect(await postOrder(presser, subscription.reference, { intent: "send-link" })).toRedirectTo(
        `/owner/orders/${subscription.reference}`,
      );
    }
    const fourth = await postOrder(owner, subscription.reference, { intent: "send-link" });
    expect(fourth).toHaveStatus(429);
    expect(Number(fourth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(fourth.data.message).toMatch(
      /^Her link was already sent again three times in the last hour, so nothing was sent\. Please wait \d+ minutes? before sending it again\.$/,
    );
    expect(await queuedEmailsOf(subscription)).toEqual(["order_received", "your_link", "your_link", "your_link"]);
    expect(await auditRows("link-sent-again")).toHaveLength(3);
    // Another order is not slowed by this one.
    const other = await paidAs();
    expect(await postOrder(browser, other.reference, { intent: "send-link" })).toRedirectTo(`/owner/orders/${other.reference}`);
  });
});

describe("Cancel for her", () => {
  it("cancels once for twenty presses at once: one email, one audit row with the reason", async () => {
    const subscription = await paidAs();
    const { browser, staff } = await signedInAs("support");

    const presses = await Promise.all(
      Array.from({ length: 20 }, () => postOrder(browser, subscription.reference, { intent: "cancel-for-her", reason: "phone", note: "" })),
    );
    for (const press of presses) expect([303, 409]).toContain(press.status);
    expect((await reload(subscription)).state).toBe("cancelled");
    expect(await queuedEmailsOf(subscription)).toEqual(["order_received", "cancelled"]);
    expect((await auditRows("cancelled-for-her")).map((row) => [row.staffId, row.orderReference, row.detail])).toEqual([
      [staff.id, subscription.reference, "She asked by phone"],
    ]);

    // A press after it says so, and changes nothing more.
    expect(await postOrder(browser, subscription.reference, { intent: "cancel-for-her", reason: "email" })).toHaveStatus(303);
    expect((await openOrder(browser, subscription.reference)).data.notice).toEqual({
      tone: "info",
      text: "This subscription was already canceled or closed. Nothing changed: the order is Canceled.",
    });
    expect(await auditRows("cancelled-for-her")).toHaveLength(1);
    expect(await queuedEmailsOf(subscription)).toHaveLength(2);
    // Closed, the page offers it no more.
    expect((await openOrder(browser, subscription.reference)).data.support.cancel).toBe(false);
  });

  it("tells support what happened: the hold released, she was emailed", async () => {
    const subscription = await heldSubscription();
    const { browser } = await signedInAs("support");
    expect(await postOrder(browser, subscription.reference, { intent: "cancel-for-her", reason: "payment" })).toRedirectTo(
      `/owner/orders/${subscription.reference}`,
    );
    const page = await openOrder(browser, subscription.reference);
    expect(page.data.notice).toEqual({
      tone: "success",
      text: "Canceled for her. The order is now: Canceled. She was emailed that it is canceled.",
    });
    expect(page.data.payments.map((payment: { kind: string }) => payment.kind)).toEqual(["Hold", "Release"]);
  });

  it("needs a reason, and a note for Other (400 with the message, nothing cancelled); Other's note stays with the cancel, the log keeps its label", async () => {
    const subscription = await paidAs();
    const { browser } = await signedInAs("support");

    const noNote = await postOrder(browser, subscription.reference, { intent: "cancel-for-her", reason: "other", note: "  " });
    expect(noNote).toHaveStatus(400);
    expect(noNote.data.form).toBe("cancel-for-her");
    expect(noNote.data.lastResult.error.note).toEqual(["Enter a note saying why: Other needs one."]);

    const noReason = await postOrder(browser, subscription.reference, { intent: "cancel-for-her", note: "She moved" });
    expect(noReason).toHaveStatus(400);
    expect(noReason.data.lastResult.error.reason).toEqual(["Choose why you are canceling for her."]);
    expect(noReason.data.lastResult.initialValue).toMatchObject({ note: "She moved" });

    const tooLong = await postOrder(browser, subscription.reference, { intent: "cancel-for-her", reason: "other", note: "x".repeat(481) });
    expect(tooLong).toHaveStatus(400);
    expect(tooLong.data.lastResult.error.note).toEqual(["Enter a note of 480 characters or fewer."]);

    expect((await reload(subscription)).state).toBe("on_hold");
    expect(await auditRows("cancelled-for-her")).toEqual([]);

    expect(
      await postOrder(browser, subscription.reference, { intent: "cancel-for-her", reason: "other", note: "Duplicate order" }),
    ).toHaveStatus(303);
    expect((await auditRows("cancelled-for-her")).map((row) => row.detail)).toEqual(["Other"]);
    expect((await reload(subscription)).cancelForHerNote).toBe("Duplicate order");
    expect((await openOrder(browser, subscription.reference)).data.changes.cancelForHerNote).toBe("Duplicate order");
  });
});
