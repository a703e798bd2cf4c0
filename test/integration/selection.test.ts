// The selection page's loader and action against a real Postgres engine.
import { beforeEach, describe, expect, it } from "vitest";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { outboxMessages, planSelections } from "../../app/server/db/schema.server";
import { startFlow } from "../support/funnel-steps";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

function pageOf(browser: TestBrowser, responderUuid: string, query = "") {
  return browser.call(checkout.loader, `/checkout/${responderUuid}${query}`, { params: { responderUuid } });
}

function click(browser: TestBrowser, responderUuid: string, form: Record<string, string>) {
  return browser.call(checkout.action, `/checkout/${responderUuid}`, { params: { responderUuid }, form });
}

function selectedIds(model: { categories: { options: { id: string; selected: boolean }[] }[] }) {
  return model.categories.flatMap((c) => c.options.filter((o) => o.selected).map((o) => o.id));
}

async function storedSelection(responderUuid: string) {
  const rows = await (await database()).select().from(planSelections);
  return rows.find((row) => row.responderUuid === responderUuid);
}

describe("the selection page", () => {
  it("shows the defaults on the default plan with the visible plans", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    const page = await pageOf(browser, uuid);
    expect(page).toHaveStatus(200);
    expect(page.data.model.plans.map((p: { code: string; selected: boolean }) => [p.code, p.selected])).toEqual([
      ["monthly", false],
      ["quarterly", true],
    ]);
    expect(selectedIds(page.data.model)).toEqual(["i_dont_know_no_preference", "progesterone_pill"]);
    expect(page.data.model.summary).toEqual({ count: 2, total: 299, period: "/quarterly", cadence: "every 3 months" });
  });

  it("applies a click, stores it, and answers with a redirect back to the same place", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser, "?utm_source=x");
    const answer = await click(browser, uuid, { intent: "toggle", optionId: "patch" });
    expect(answer).toRedirectTo(`/checkout/${uuid}#category-systemic_estrogen`);
    expect((await storedSelection(uuid))?.selectedOptionIds).toEqual({ systemic_estrogen: "patch", progesterone: "progesterone_pill" });
    const planAnswer = await click(browser, uuid, { intent: "plan", plan: "monthly" });
    expect(planAnswer.location).toBe(`/checkout/${uuid}#plans`);
    const page = await pageOf(browser, uuid);
    expect(page.data.model.selectedPlan).toBe("monthly");
    expect(selectedIds(page.data.model)).toEqual(["patch", "progesterone_pill"]);
  });

  it.each([
    ["a forged option id", { intent: "toggle", optionId: "free_pills" }, 400, /not offered/],
    ["a plan that is not visible", { intent: "plan", plan: "yearly" }, 400, /not offered/],
    ["an unknown intent", { intent: "buy-everything" }, 400, /could not be read/],
  ])("refuses %s with a clear 4xx and keeps the selection", async (_, form, status, message) => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    await click(browser, uuid, { intent: "toggle", optionId: "gel" });
    const before = await storedSelection(uuid);
    const answer = await click(browser, uuid, form);
    expect(answer).toHaveStatus(status);
    expect(answer.data.message).toMatch(message);
    expect(await storedSelection(uuid)).toEqual(before);
  });

  it("refuses an option the plan does not offer with the spec's message", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    await click(browser, uuid, { intent: "plan", plan: "monthly" });
    const answer = await click(browser, uuid, { intent: "toggle", optionId: "vaginal_estrogen_cream" });
    expect(answer).toHaveStatus(400);
    expect(answer.data.message).toBe(
      "This medication isn't available with the monthly plan. Please select the quarterly plan to continue.",
    );
  });

  it("refuses a click on a flow this browser does not own, and changes nothing", async () => {
    const owner = new TestBrowser();
    const uuid = await startFlow(owner);
    await click(owner, uuid, { intent: "toggle", optionId: "gel" });
    const before = await storedSelection(uuid);
    const stranger = new TestBrowser();
    const answer = await click(stranger, uuid, { intent: "toggle", optionId: "non_hormonal_therapy" });
    expect(answer).toHaveStatus(404);
    expect(await storedSelection(uuid)).toEqual(before);
    const page = await pageOf(stranger, uuid);
    expect(page).toRedirectTo("/checkout");
  });

  it("lets a visitor handed over by the intake with a new uuid build her plan", async () => {
    const uuid = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
    const browser = new TestBrowser();
    const page = await pageOf(browser, uuid, `?responderUuid=${uuid}&email_address=jane%40example.org`);
    expect(page).toHaveStatus(200);
    expect(await click(browser, uuid, { intent: "toggle", optionId: "gel" })).toHaveStatus(303);
    // Once hers, nobody else may take it.
    expect(await pageOf(new TestBrowser(), uuid)).toHaveStatus(303);
  });

  it("at / draws the defaults without writing, and the first click starts her flow", async () => {
    const browser = new TestBrowser();
    const page = await browser.call(checkout.loader, "/");
    expect(page).toHaveStatus(200);
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const answer = await browser.call(checkout.action, "/?index", {
      form: { flowClaim: page.data.flowClaim, intent: "toggle", optionId: "patch" },
    });
    const uuid = page.data.flowClaim.split(".")[0];
    expect(answer.location).toBe(`/checkout/${uuid}#category-systemic_estrogen`);
    const again = await browser.call(checkout.loader, "/checkout?utm_term=t");
    expect(again.location).toBe(`/checkout/${uuid}?utm_term=t`);
  });
});

describe("ADD TO PLAN", () => {
  it("stores the priced selection, queues the product selection, and goes on with the params", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser, "?utm_source=x&referral_code=friend&email_address=a%40b.co&utm_term=t");
    await click(browser, uuid, { intent: "plan", plan: "monthly" });
    await click(browser, uuid, { intent: "toggle", optionId: "patch" });
    const answer = await click(browser, uuid, { intent: "add-to-plan" });
    expect(answer).toHaveStatus(303);
    const next = locationOf(answer);
    expect(next.pathname).toBe(`/pre-checkout/${uuid}`);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      referral_code: "friend",
      email_address: "a@b.co",
      utm_source: "x",
      utm_term: "t",
    });
    const stored = await storedSelection(uuid);
    expect(stored?.selectedPlan).toBe("monthly");
    expect(stored?.selectedMedications?.map((m) => [m.product_id, m.selected_price, m.selected_plan])).toEqual([
      ["patch", 149, "monthly"],
      ["progesterone_pill", 0, "monthly"],
    ]);
    const messages = (await (await database()).select().from(outboxMessages)).filter((m) => m.kind === "save-product-selection");
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages[0]!.payload)).toContain('"selected_plan":"monthly"');
  });

  it("refuses an empty plan with 400", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    await click(browser, uuid, { intent: "toggle", optionId: "i_dont_know_no_preference" });
    const page = await pageOf(browser, uuid);
    expect(page.data.model.summary).toBeNull();
    const answer = await click(browser, uuid, { intent: "add-to-plan" });
    expect(answer).toHaveStatus(400);
    expect(answer.data.message).toBe("Please choose a treatment to continue.");
  });
});
