// Sharing her plan with her own doctor (spec section 1): the printable summary at a signed
// address that ends (30 days after it was drawn) and is retired by a new private link, an
// ended one answering 410 with nothing of the plan; and "Email it to my doctor", offered only
// once she has ordered, sent once through the outbox under our own subject, refused with a
// link in her note, rate limited per plan and capped per day for everyone.
import { vi } from "vitest";

vi.hoisted(() => {
  // Small enough for a test to reach: two plans' worth of asks.
  process.env.DOCTOR_EMAILS_PER_DAY = "7";
});

import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { doctorEmailSubject, doctorEmailWords, planLinkWords } from "../../app/funnel/plan-summary";

import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as sharedPlan from "../../app/routes/plan.$token";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as lostLink from "../../app/routes/subscription._index";
import { database } from "../../app/server/db/client.server";
import { outboxMessages } from "../../app/server/db/schema.server";
import { listStoredEmails } from "../../app/server/db/stores/stored-emails.server";
import { findSubscriptionByResponder, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { planSummaryToken } from "../../app/server/subscriptions/plan-link.server";
import { provider } from "../../app/server/provider/index.server";
import { sessionSecret } from "../../app/server/visitor/session-secret.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { aPerson, checkoutForm } from "../support/factories";
import { flowWithPlan, paymentForm, readyToPay, saveDetails } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

// The English the pages say (no translator: English).
const doctorEmailMessages = doctorEmailWords();
const planLinkMessages = planLinkWords();

beforeEach(async () => {
  await resetDatabase();
});

const day = 24 * 60 * 60 * 1000;

const open = (token: string) => new TestBrowser().call(sharedPlan.loader, `/plan/${token}`, { params: { token } });
const send = (token: string, form: Record<string, string>) =>
  new TestBrowser().call(sharedPlan.action, `/plan/${token}`, { params: { token }, form });
const tokenIn = (path: string) => path.replace(/^\/plan\//, "");

/** Her order placed through the funnel with `firstName` typed on both pages; her subscription, on hold. */
async function orderedPlan(firstName = aPerson().firstName): Promise<SubscriptionRow> {
  const browser = new TestBrowser();
  const responderUuid = await flowWithPlan(browser);
  await saveDetails(browser, responderUuid, aPerson({ firstName }));
  await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, checkoutForm({ firstName })),
  });
  const subscription = await findSubscriptionByResponder(responderUuid);
  if (!subscription) throw new Error("the payment made no subscription");
  return subscription;
}

/** The plan link her private page draws now (her link in hand). */
async function planLinkFromHerPage(subscription: SubscriptionRow): Promise<string> {
  const current = (await findSubscriptionByResponder(subscription.responderUuid))!;
  const token = subscriptionLinkToken(current);
  const page = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
  expect(page).toHaveStatus(200);
  return tokenIn(page.data.sharePlan);
}

async function doctorEmailsQueued(): Promise<number> {
  return (await (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "doctor-email"))).length;
}

async function deliverAll() {
  const to = await provider();
  await deliverDueOutboxMessages(to, 100);
  await deliverDueOutboxMessages(to, 100);
}

/** A 410's body: the message and the way back, nothing of the plan. */
function expectNothingOfThePlan(body: unknown) {
  const text = JSON.stringify(body);
  for (const planWords of ["Patch", "Estradiol", "Starting dose", "every 3 months", "$", "summary", aPerson().firstName]) {
    expect(text).not.toContain(planWords);
  }
}

describe("the printable plan", () => {
  it("opens at the address her selection page links to: the medications with what each is for, plan and billing, dosage, price, the review, our contact", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, { options: ["vaginal_estrogen_cream"] });
    const page = await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params: { responderUuid } });
    expect(page.data.sharePlan).toMatch(/^\/plan\/[A-Za-z0-9_-]{22}\.0\.\d+\.[A-Za-z0-9_-]{43}$/);
    const answer = await open(tokenIn(page.data.sharePlan));
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    const { summary } = answer.data;
    expect(summary.plan).toBe("Quarterly");
    expect(summary.cadence).toBe("billed every 3 months");
    expect(summary.medications.map((m: { name: string }) => m.name)).toContain("Cream");
    expect(summary.medications.every((m: { description: string }) => m.description.length > 0)).toBe(true);
    expect(summary.startingDosage).toBe("Starting dose set by your provider");
    expect(summary.total).toMatch(/^\$[\d,]+\.\d\d every 3 months$/);
    expect(JSON.stringify(summary)).not.toContain(aPerson().phone);
  });

  it("a changed signature, another flow's uuid under this signature, or a bare uuid opens nothing (404)", async () => {
    const responderUuid = await readyToPay(new TestBrowser());
    const other = await readyToPay(new TestBrowser());
    const token = planSummaryToken(responderUuid);
    const [, ...signed] = token.split(".");
    const [otherId] = planSummaryToken(other).split(".");
    const later = planSummaryToken(responderUuid, 0, new Date(Date.now() + 60_000)).split(".")[2];
    const [id, version, , signature] = token.split(".");
    for (const bad of [
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      `${otherId}.${signed.join(".")}`,
      `${id}.${version}.${later}.${signature}`,
      `${id}.1.${token.split(".")[2]}.${signature}`,
      responderUuid,
    ]) {
      const answer = await open(bad);
      expect(answer).toHaveStatus(404);
      expect(answer.data.message).toBe(planLinkMessages.invalid);
    }
  });

  it("ends 30 days after it was drawn: then 410, with the way back to her plan and nothing of the plan, for the page and the form", async () => {
    const responderUuid = await readyToPay(new TestBrowser());
    expect(await open(planSummaryToken(responderUuid, 0, new Date(Date.now() - 29 * day)))).toHaveStatus(200);
    const ended = planSummaryToken(responderUuid, 0, new Date(Date.now() - 30 * day - 1000));
    const answer = await open(ended);
    expect(answer).toHaveStatus(410);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.data).toEqual({
      message: planLinkMessages.endedBeforeOrder,
      returnTo: `/checkout/${responderUuid}`,
      returnLabel: "Back to your plan",
    });
    expectNothingOfThePlan(answer.data);
    const posted = await send(ended, { doctorEmail: "dr@clinic.example" });
    expect(posted).toHaveStatus(410);
    expectNothingOfThePlan(posted.data);
  });

  it("is the same link for every view within a minute, and ends at the start of its thirtieth day's minute", async () => {
    const responderUuid = await readyToPay(new TestBrowser());
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const first = planSummaryToken(responderUuid, 0, new Date(minute));
    expect(planSummaryToken(responderUuid, 0, new Date(minute + 59_999))).toBe(first);
    expect(planSummaryToken(responderUuid, 0, new Date(minute + 60_000))).not.toBe(first);
    expect(Number(first.split(".")[2])).toBe((minute + 30 * day) / 1000);
    // Drawn in the minute that ended 30 days ago: ended, though not 30 days to the second.
    expect(
      await open(planSummaryToken(responderUuid, 0, new Date(Math.floor((Date.now() - 30 * day) / 60_000) * 60_000 - 1))),
    ).toHaveStatus(410);
  });

  it("a link of the first kind (signed over the uuid alone, never ending) answers 410 now", async () => {
    const responderUuid = await readyToPay(new TestBrowser());
    const key = createHmac("sha256", sessionSecret()).update("plan-summary").digest();
    const id = Buffer.from(responderUuid.replace(/-/g, ""), "hex").toString("base64url");
    const answer = await open(`${id}.${createHmac("sha256", key).update(responderUuid).digest("base64url")}`);
    expect(answer).toHaveStatus(410);
    expectNothingOfThePlan(answer.data);
  });

  it("after her order: her page's link opens with the form; the link she had before ordering keeps opening", async () => {
    const browser = new TestBrowser();
    const responderUuid = await flowWithPlan(browser);
    await saveDetails(browser, responderUuid);
    const beforeOrder = tokenIn(
      (await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params: { responderUuid } })).data.sharePlan,
    );
    expect((await open(beforeOrder)).data.canEmail).toBe(false);
    await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
      params: { responderUuid },
      form: await paymentForm(browser, responderUuid, checkoutForm()),
    });
    const subscription = (await findSubscriptionByResponder(responderUuid))!;
    const fromHerPage = await planLinkFromHerPage(subscription);
    expect(fromHerPage.split(".")[1]).toBe("1");
    for (const token of [fromHerPage, beforeOrder]) {
      const answer = await open(token);
      expect(answer).toHaveStatus(200);
      expect(answer.data.canEmail).toBe(true);
    }
  });

  it("a new private link, once opened, retires every plan link drawn before (410 with the way to a new one, nothing of the plan); her page's new one opens", async () => {
    const browser = new TestBrowser();
    const responderUuid = await flowWithPlan(browser);
    await saveDetails(browser, responderUuid);
    const beforeOrder = tokenIn(
      (await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params: { responderUuid } })).data.sharePlan,
    );
    await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
      params: { responderUuid },
      form: await paymentForm(browser, responderUuid, checkoutForm()),
    });
    const subscription = (await findSubscriptionByResponder(responderUuid))!;
    const old = await planLinkFromHerPage(subscription);
    expect(await open(old)).toHaveStatus(200);

    const asked = await new TestBrowser().call(lostLink.action, "/subscription", { form: { email: aPerson().email } });
    expect(asked).toHaveStatus(200);
    // Asked for by email (anyone may ask), the new link waits to be opened: until then, nothing retires.
    for (const kept of [old, beforeOrder]) expect(await open(kept)).toHaveStatus(200);
    const emailed = subscriptionLinkToken({ id: subscription.id, linkVersion: 2 });
    expect(await new TestBrowser().call(herPage.loader, `/subscription/${emailed}`, { params: { token: emailed } })).toHaveStatus(200);

    for (const retired of [old, beforeOrder]) {
      const answer = await open(retired);
      expect(answer).toHaveStatus(410);
      expect(answer.data).toEqual({
        message: planLinkMessages.endedAfterOrder,
        returnTo: "/subscription",
        returnLabel: "Ask for a new link",
      });
      expectNothingOfThePlan(answer.data);
      expect(await send(retired, { doctorEmail: "dr@clinic.example" })).toHaveStatus(410);
    }
    const fresh = await planLinkFromHerPage(subscription);
    expect(fresh.split(".")[1]).toBe("2");
    expect(await open(fresh)).toHaveStatus(200);
    // Her plan page, visited again after the new private link, draws a link of the new generation.
    const fromSelection = tokenIn(
      (await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params: { responderUuid } })).data.sharePlan,
    );
    expect(fromSelection.split(".")[1]).toBe("2");
    expect(await open(fromSelection)).toHaveStatus(200);
    expect(await doctorEmailsQueued()).toBe(0);
  });
});

describe("email it to my doctor", () => {
  it("before an order there is no form, and a post is refused (403) with when she can, sending nothing", async () => {
    const token = planSummaryToken(await readyToPay(new TestBrowser()));
    expect((await open(token)).data.canEmail).toBe(false);
    const answer = await send(token, { doctorEmail: "anyone@victim.example", note: "Hello" });
    expect(answer).toHaveStatus(403);
    expect(answer.data.lastResult.error[""]).toEqual([doctorEmailMessages.beforeOrder]);
    expect(answer.data.sent).toBeNull();
    expect(await doctorEmailsQueued()).toBe(0);
  });

  it("sends the plan once to the doctor's address with her note, under our own subject; the page says to whom", async () => {
    const subscription = await orderedPlan();
    const token = await planLinkFromHerPage(subscription);
    const answer = await send(token, { doctorEmail: "dr.smith@clinic.example", note: "Could we talk about this at my next visit?" });
    expect(answer).toHaveStatus(200);
    expect(answer.data.sent).toEqual({ to: "dr.smith@clinic.example", note: "Could we talk about this at my next visit?" });
    await deliverAll();
    const { rows } = await listStoredEmails(1, 10);
    const doctors = rows.filter((email) => email.kind === "plan_for_doctor");
    expect(doctors).toHaveLength(1);
    const [email] = doctors;
    expect(email!.toAddress).toBe("dr.smith@clinic.example");
    expect(email!.subject).toBe("A patient shared a menopause treatment plan with you");
    expect(email!.text).toContain("Jane is considering this menopause treatment plan");
    expect(email!.text).toContain("Could we talk about this at my next visit?");
    expect(email!.text).toContain("Starting dosage: Starting dose set by your provider");
    expect(email!.text).toMatch(/View or print the plan: http\S+\/plan\/[A-Za-z0-9_-]{22}\.1\.\d+\.[A-Za-z0-9_-]{43}\n/);
    for (const hers of [aPerson().lastName, aPerson().phone, aPerson().email]) expect(email!.text).not.toContain(hers);
  });

  it("keeps whatever she typed out of the subject, and a name that is not a name out of the email", async () => {
    const subscription = await orderedPlan("Claim your prize at prize.example");
    const answer = await send(await planLinkFromHerPage(subscription), { doctorEmail: "dr@clinic.example", note: "URGENT you have won" });
    expect(answer).toHaveStatus(200);
    await deliverAll();
    const [email] = (await listStoredEmails(1, 10)).rows.filter((row) => row.kind === "plan_for_doctor");
    expect(email!.subject).toBe(doctorEmailSubject);
    expect(email!.subject).not.toMatch(/URGENT|prize|Claim/);
    expect(email!.text).not.toContain("prize.example");
    expect(email!.text).toContain("Your patient is considering this menopause treatment plan");
  });

  it("refuses a note with a link (400) with what to remove, keeping what she typed, and sends nothing", async () => {
    const token = await planLinkFromHerPage(await orderedPlan());
    for (const [note, found] of [
      ["Please see www.prize.example for details", "www.prize.example"],
      ["Claim it at prize.example!", "prize.example"],
      ["https://evil.example/x", "https://evil.example/x"],
      ["Write to winner@prize.example", "winner@prize.example"],
    ] as const) {
      const answer = await send(token, { doctorEmail: "dr@clinic.example", note });
      expect(answer).toHaveStatus(400);
      expect(answer.data.lastResult.error.note).toEqual([doctorEmailMessages.link(found)]);
      expect(answer.data.lastResult.initialValue).toMatchObject({ doctorEmail: "dr@clinic.example", note });
    }
    expect(await doctorEmailsQueued()).toBe(0);
  });

  it("refuses a malformed address or a long note (400) and sends at most 5 an hour for one plan (429)", async () => {
    const token = await planLinkFromHerPage(await orderedPlan());
    const bad = await send(token, { doctorEmail: "not an email" });
    expect(bad).toHaveStatus(400);
    expect(Object.keys(bad.data.lastResult.error)).toEqual(["doctorEmail"]);
    expect(await send(token, { doctorEmail: "dr@clinic.example", note: "x".repeat(501) })).toHaveStatus(400);
    for (let i = 0; i < 5; i++) expect(await send(token, { doctorEmail: `dr${i}@clinic.example` })).toHaveStatus(200);
    expect(await send(token, { doctorEmail: "dr9@clinic.example" })).toHaveStatus(429);
    expect(await doctorEmailsQueued()).toBe(5);
  });

  it("sends at most DOCTOR_EMAILS_PER_DAY in any 24 hours across all plans: then 429 with the form kept; a day later, again", async () => {
    const first = await planLinkFromHerPage(await orderedPlan());
    const second = await planLinkFromHerPage(await orderedPlan());
    for (let i = 0; i < 5; i++) expect(await send(first, { doctorEmail: `a${i}@clinic.example` })).toHaveStatus(200);
    for (let i = 0; i < 2; i++) expect(await send(second, { doctorEmail: `b${i}@clinic.example` })).toHaveStatus(200);

    const over = await send(second, { doctorEmail: "b9@clinic.example", note: "Thank you" });
    expect(over).toHaveStatus(429);
    expect(over.data.lastResult.error[""]).toEqual([doctorEmailMessages.dailyLimit]);
    expect(over.data.lastResult.initialValue).toMatchObject({ doctorEmail: "b9@clinic.example", note: "Thank you" });
    const retryAfter = Number(over.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await doctorEmailsQueued()).toBe(7);

    // The window rolls: once those seven are a day old, there is room again.
    await (
      await database()
    )
      .update(outboxMessages)
      .set({ createdAt: sql`${outboxMessages.createdAt} - interval '24 hours 1 minute'` })
      .where(eq(outboxMessages.kind, "doctor-email"));
    expect(await send(second, { doctorEmail: "b9@clinic.example", note: "Thank you" })).toHaveStatus(200);
  });
});
