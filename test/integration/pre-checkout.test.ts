// The pre-checkout step, its tokens and its JSON twin, against a real Postgres engine.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as saveApi from "../../app/routes/api.save-pre-checkout.$responderUuid";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { outboxMessages, preCheckoutDetails, tokenArrivals } from "../../app/server/db/schema.server";
import { aPerson } from "../support/factories";
import { flowWithPlan, type PlanChoice } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedToken, testTokenSecret, tinasTokenPayload, tinasTokenUuid, tokenToasts } from "../support/tokens";

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

/** What a visitor here chooses after /welcome: Patch on the monthly plan. */
const monthlyPatch: PlanChoice = { plan: "monthly", options: ["patch"] };
const jane = aPerson();

function pageOf(browser: TestBrowser, responderUuid: string | undefined, query = "") {
  const path = responderUuid ? `/pre-checkout/${responderUuid}` : "/pre-checkout";
  return browser.call(preCheckout.loader, `${path}${query}`, { params: responderUuid ? { responderUuid } : {} });
}

function submit(browser: TestBrowser, responderUuid: string, form: Record<string, string>) {
  return browser.call(preCheckout.action, `/pre-checkout/${responderUuid}`, { params: { responderUuid }, form });
}

async function storedDetails() {
  return (await database()).select().from(preCheckoutDetails);
}

async function preCheckoutMessages() {
  const rows = await (await database()).select().from(outboxMessages);
  return rows.filter((row) => row.kind === "save-pre-checkout");
}

describe("the pre-checkout form", () => {
  it("prefills the email from the address and saves all four fields with the plan, in one go", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, { ...monthlyPatch, query: "?referral_code=friend&utm_source=mail" });
    // ADD TO PLAN's address carries the params on (a URL with any of them replaces the kept ones).
    const page = await pageOf(browser, uuid, `?referral_code=friend&email_address=${encodeURIComponent(jane.email)}&utm_source=mail`);
    expect(page).toHaveStatus(200);
    expect(page.data.values).toEqual({ email: jane.email });
    expect(page.data.backTo).toBe(`/checkout/${uuid}?referral_code=friend&utm_source=mail`);

    const answer = await submit(browser, uuid, jane);
    expect(answer).toRedirectTo(`/final-checkout/${uuid}?referral_code=friend&utm_source=mail`);
    expect(await storedDetails()).toMatchObject([{ responderUuid: uuid, ...jane }]);
    const [message] = await preCheckoutMessages();
    expect(message?.payload).toMatchObject({
      responderUuid: uuid,
      body: { ...jane, product_id: ["patch", "progesterone_pill"], selected_plan: "monthly" },
    });

    // Back on the page, what she saved is there again.
    expect((await pageOf(browser, uuid)).data.values).toEqual(jane);
  });

  it.each([
    ["firstName", "Enter your first name"],
    ["lastName", "Enter your last name"],
    ["email", "Enter your email address"],
    ["phone", "Enter your phone number"],
  ])("refuses a missing %s with its message and the Missing Information toast, writing nothing", async (field, message) => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await submit(browser, uuid, { ...jane, [field]: "  " });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error).toEqual({ [field]: [message] });
    expect(answer.data.toast).toEqual({
      title: "Missing Information",
      description: "Please fill in all required fields.",
      tone: "error",
    });
    // What she typed comes back.
    expect(answer.data.lastResult.initialValue).toMatchObject({ ...jane, [field]: "  " });
    expect(await storedDetails()).toEqual([]);
    expect(await preCheckoutMessages()).toEqual([]);
  });

  it.each([
    ["email", "jane.example.org", "Enter an email address in the correct format, like name@example.com"],
    ["phone", "555-0123", "Enter a US phone number with its area code, like (212) 555-0123"],
    ["phone", "+44 20 7946 0958", "Enter a US phone number with its area code, like (212) 555-0123"],
    ["phone", "call me maybe", "Enter a US phone number with its area code, like (212) 555-0123"],
  ])("refuses %s %j plainly, without the missing-fields toast", async (field, value, message) => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await submit(browser, uuid, { ...jane, [field]: value });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error).toEqual({ [field]: [message] });
    expect(answer.data.toast).toBeNull();
    expect(await storedDetails()).toEqual([]);
  });

  it("keeps her on the page with everything typed when our own save fails", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const db = await database();
    await db.execute(sql`alter table pre_checkout_details rename to pre_checkout_details_away`);
    try {
      const answer = await submit(browser, uuid, jane);
      expect(answer).toHaveStatus(503);
      expect(answer.data.toast).toEqual({
        title: "Error",
        description: "Failed to save your information: our records could not be updated just now. Please try again in a moment.",
        tone: "error",
      });
      expect(answer.data.lastResult.initialValue).toMatchObject(jane);
    } finally {
      await db.execute(sql`alter table pre_checkout_details_away rename to pre_checkout_details`);
    }
    expect(await preCheckoutMessages()).toEqual([]);
    // Once the database is back, the same submit goes through.
    expect(await submit(browser, uuid, jane)).toHaveStatus(303);
  });

  it("without a flow, shows an empty form whose submit starts her own flow", async () => {
    const browser = new TestBrowser();
    const page = await pageOf(browser, undefined);
    expect(page).toHaveStatus(200);
    expect(page.data.values).toEqual({});
    const uuid = page.data.flowClaim.split(".")[0];
    const answer = await browser.call(preCheckout.action, "/pre-checkout", {
      form: { ...jane, flowClaim: page.data.flowClaim },
    });
    expect(answer.location).toBe(`/final-checkout/${uuid}`);
    const [message] = await preCheckoutMessages();
    expect(message?.payload).toMatchObject({ body: { product_id: [], selected_plan: "quarterly" } });
  });
});

describe("who may see and change the details", () => {
  it("shows a second browser that knows the uuid an empty form, and refuses its submit", async () => {
    const owner = new TestBrowser();
    const uuid = await flowWithPlan(owner, monthlyPatch);
    await submit(owner, uuid, jane);

    const stranger = new TestBrowser();
    const visit = await pageOf(stranger, uuid);
    expect(visit).toRedirectTo("/pre-checkout");
    const page = await pageOf(stranger, undefined);
    expect(page.data.values).toEqual({});
    expect(JSON.stringify(page.data)).not.toContain("Jane");

    const answer = await submit(stranger, uuid, { ...jane, firstName: "Mallory" });
    expect(answer).toHaveStatus(404);
    expect(await storedDetails()).toMatchObject([{ firstName: "Jane" }]);
  });
});

describe("arrival with a token", () => {
  const tokenUuid = tinasTokenUuid;
  const payload = tinasTokenPayload;

  it("prefills the form, gives the browser the uuid, shows Details Loaded once, and drops the token", async () => {
    const browser = new TestBrowser();
    const token = await signedToken(payload, testTokenSecret);
    const arrival = await pageOf(browser, undefined, `?st=${token}&utm_source=sms`);
    expect(arrival).toRedirectTo(`/pre-checkout/${tokenUuid}?utm_source=sms`);
    await expect(arrival).toSendToast("details-loaded");

    const page = await pageOf(browser, tokenUuid, "?utm_source=sms");
    expect(page).toHaveStatus(200);
    expect(page.data.values).toEqual({
      firstName: "Tina",
      lastName: "Token",
      email: "tina@example.org",
      phone: "212-555-0188",
    });
    expect(page.data.toast).toEqual(tokenToasts["details-loaded"]);
    expect((await pageOf(browser, tokenUuid)).data.toast).toBeNull();
    const [arrived] = await (await database()).select().from(tokenArrivals);
    expect(arrived).toMatchObject({ responderUuid: tokenUuid, productIds: ["gel"], selectedPlan: "monthly" });

    // Her order carries the token's products, since she chose nothing after it arrived.
    await submit(browser, tokenUuid, page.data.values);
    const [message] = await preCheckoutMessages();
    expect(message?.payload).toMatchObject({ body: { product_id: ["gel"], selected_plan: "monthly" } });
  });

  it("fills only the fields she left empty, and keeps the uuid of her own path", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    await submit(browser, uuid, { ...jane, phone: "(646) 555-0101" });
    const token = await signedToken({ ...payload, first_name: "Zoe" }, testTokenSecret);
    const arrival = await pageOf(browser, uuid, `?token=${token}`);
    expect(arrival.location).toBe(`/pre-checkout/${uuid}`);
    expect((await pageOf(browser, uuid)).data.values).toEqual({ ...jane, phone: "(646) 555-0101" });
  });

  it.each([
    ["a token signed with another secret", () => signedToken(payload, "another-secret-that-is-long-enough-0123")],
    ["an expired token", () => signedToken(payload, testTokenSecret, { issuedAt: new Date(Date.now() - 3_600_000) })],
    ["a token without an email", () => signedToken({ ...payload, email_address: undefined }, testTokenSecret)],
    ["text that is no token", async () => "not-a-token"],
  ])("answers %s with Token Error and lets her go on by hand", async (_, makeToken) => {
    const browser = new TestBrowser();
    const arrival = await pageOf(browser, undefined, `?st=${encodeURIComponent(await makeToken())}&utm_term=t`);
    expect(arrival).toRedirectTo("/pre-checkout?utm_term=t");
    await expect(arrival).toSendToast("token-error");
    const page = await pageOf(browser, undefined, "?utm_term=t");
    expect(page).toHaveStatus(200);
    expect(page.data.toast).toEqual(tokenToasts["token-error"]);
    expect(page.data.values).toEqual({});
    expect(await storedDetails()).toEqual([]);
    expect(await (await database()).select().from(tokenArrivals)).toEqual([]);
  });

  it("lets the bearer of a valid token see the details saved for its uuid elsewhere", async () => {
    const owner = new TestBrowser();
    const uuid = await flowWithPlan(owner, monthlyPatch);
    await submit(owner, uuid, jane);
    const other = new TestBrowser();
    await pageOf(other, undefined, `?st=${await signedToken({ ...payload, responder_uuid: uuid }, testTokenSecret)}`);
    expect((await pageOf(other, uuid)).data.values).toEqual(jane);
  });

  it("does not let a browser without the token take a flow that began with one", async () => {
    const arrived = new TestBrowser();
    await pageOf(arrived, undefined, `?st=${await signedToken(payload, testTokenSecret)}`);
    const stranger = new TestBrowser();
    const visit = await pageOf(stranger, tokenUuid);
    expect(visit.location).toBe("/pre-checkout");
    const selection = await stranger.call(checkout.loader, `/checkout/${tokenUuid}`, { params: { responderUuid: tokenUuid } });
    expect(selection).toHaveStatus(303);
    expect(JSON.stringify((await pageOf(stranger, undefined)).data)).not.toContain("Tina");
  });

  it("does not let anyone take a flow that began at /pre-checkout without a plan", async () => {
    const owner = new TestBrowser();
    const page = await pageOf(owner, undefined);
    const uuid = page.data.flowClaim.split(".")[0];
    await owner.call(preCheckout.action, "/pre-checkout", { form: { ...jane, flowClaim: page.data.flowClaim } });
    const stranger = new TestBrowser();
    const selection = await stranger.call(checkout.loader, `/checkout/${uuid}`, { params: { responderUuid: uuid } });
    expect(selection).toHaveStatus(303);
    expect((await pageOf(stranger, uuid)).location).toBe("/pre-checkout");
  });
});

describe("POST /api/save-pre-checkout/{uuid}", () => {
  function post(browser: TestBrowser, uuid: string, body: unknown, headers: Record<string, string> = {}) {
    return browser.call(saveApi.action, `/api/save-pre-checkout/${uuid}`, {
      params: { responderUuid: uuid },
      body: typeof body === "string" ? body : JSON.stringify(body),
      contentType: "application/json",
      headers,
    });
  }

  it("saves for the browser that owns the uuid, with the products and plan it names", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await post(browser, uuid, { ...jane, product_id: ["gel"], selected_plan: "quarterly" });
    expect(answer).toHaveStatus(200);
    expect(answer.data).toEqual({ success: true });
    const [message] = await preCheckoutMessages();
    expect(message?.payload).toMatchObject({ body: { ...jane, product_id: ["gel"], selected_plan: "quarterly" } });
  });

  it("saves for the bearer of a valid token for the uuid, and for nobody else", async () => {
    const uuid = await flowWithPlan(new TestBrowser(), monthlyPatch);
    const token = await signedToken({ responder_uuid: uuid, email: "x@example.org" }, testTokenSecret);
    const otherToken = await signedToken(
      { responder_uuid: "0b9f8c1e-2d3a-4b5c-8d6e-7f8091a2b3c4", email: "x@example.org" },
      testTokenSecret,
    );
    expect(await post(new TestBrowser(), uuid, jane)).toHaveStatus(404);
    expect(await post(new TestBrowser(), uuid, jane, { Authorization: `Bearer ${otherToken}` })).toHaveStatus(404);
    expect(await preCheckoutMessages()).toEqual([]);
    const answer = await post(new TestBrowser(), uuid, jane, { Authorization: `Bearer ${token}` });
    expect(answer).toHaveStatus(200);
    // Without product_id, the plan she added is sent.
    const [message] = await preCheckoutMessages();
    expect(message?.payload).toMatchObject({ body: { product_id: ["patch", "progesterone_pill"], selected_plan: "monthly" } });
  });

  it.each([
    ["a missing field", { ...jane, phone: "" }, 400, "Please fill in all required fields."],
    ["a bad email", { ...jane, email: "nope" }, 400, "Enter an email address in the correct format, like name@example.com"],
    ["an unknown plan", { ...jane, selected_plan: "weekly" }, 400, "selected_plan is not a plan"],
    ["text that is not JSON", "{firstName:", 400, "The body must be a JSON object."],
    ["a JSON list", "[]", 400, "The body must be a JSON object."],
  ])("refuses %s with a clear 4xx and writes nothing", async (_, body, status, message) => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const answer = await post(browser, uuid, body);
    expect(answer).toHaveStatus(status);
    expect(answer.data).toMatchObject({ success: false, message });
    expect(await storedDetails()).toEqual([]);
  });

  it("refuses a form post with 415 and a GET with 405", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, monthlyPatch);
    const form = await browser.call(saveApi.action, `/api/save-pre-checkout/${uuid}`, {
      params: { responderUuid: uuid },
      form: jane,
    });
    expect(form).toHaveStatus(415);
    const get = await browser.call(saveApi.loader, `/api/save-pre-checkout/${uuid}`, { params: { responderUuid: uuid } });
    expect(get).toHaveStatus(405);
  });
});
