// The questionnaire's loaders and actions against a real Postgres engine (PGlite in memory,
// or the server named by DATABASE_URL).
import { beforeEach, describe, expect, it } from "vitest";
import { loader as notFoundLoader } from "../../app/routes/$";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as congratulations from "../../app/routes/congratulations.($responderUuid)";
import { loader as healthLoader } from "../../app/routes/healthz";
import * as socialProof from "../../app/routes/social-proof.($responderUuid)/route";
import * as welcome from "../../app/routes/welcome";
import { database } from "../../app/server/db/client.server";
import { flowProgress, funnelRecords, outboxMessages, visitorSessions } from "../../app/server/db/schema.server";
import { findFunnelRecord } from "../../app/server/db/stores/funnel-records.server";
import { aPerson } from "../support/factories";
import { locationOf, resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";

const { email } = aPerson();

beforeEach(resetDatabase);

async function outboxRows() {
  return (await database()).select().from(outboxMessages).orderBy(outboxMessages.id);
}

async function recordCount() {
  return (await (await database()).select().from(funnelRecords)).length;
}

/** The flow uuid an answer's redirect names (its last path segment). */
function uuidIn(answer: RouteAnswer): string {
  return locationOf(answer).pathname.split("/").pop()!;
}

/** Answers /welcome (the page posts back to its own address): returns the flow's uuid. */
async function answerWelcome(browser: TestBrowser, query = "", reason = "nothing_else_has_helped") {
  const answer = await browser.call(welcome.action, `/welcome${query}`, { form: { reason } });
  return { responderUuid: uuidIn(answer), answer };
}

/** Presses Build My Plan on the congratulations page at `path`. */
function buildMyPlan(browser: TestBrowser, path: string, responderUuid?: string) {
  return browser.call(congratulations.action, path, { params: responderUuid ? { responderUuid } : {}, form: {} });
}

async function answerConcerns(browser: TestBrowser, responderUuid: string) {
  return browser.call(concerns.action, `/concerns/${responderUuid}`, {
    params: { responderUuid },
    form: { concern: "im_worried_about_the_cost" },
  });
}

describe("welcome", () => {
  it("is the same shareable page for every new visitor, writing nothing until she answers", async () => {
    const first = await new TestBrowser().call(welcome.loader, "/welcome?utm_source=ad&gclid=1");
    const second = await new TestBrowser().call(welcome.loader, "/welcome");
    expect(first.data).toEqual(second.data);
    expect(first.headers.get("Set-Cookie")).toBeNull();
    expect(first.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(await (await database()).select().from(visitorSessions)).toHaveLength(0);
    expect(await recordCount()).toBe(0);
  });

  it("is the shared page once she has a session too, as it reads nothing of hers", async () => {
    const browser = new TestBrowser();
    await answerWelcome(browser);
    const again = await browser.call(welcome.loader, "/welcome");
    const fresh = await new TestBrowser().call(welcome.loader, "/welcome");
    expect(again.headers.get("Cache-Control")).toBe(fresh.headers.get("Cache-Control"));
    expect(again.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("gives the flow to the browser that answers, in a signed, HttpOnly, SameSite=Lax cookie", async () => {
    const browser = new TestBrowser();
    const { responderUuid, answer } = await answerWelcome(browser);
    expect(answer.headers.get("Set-Cookie")).toMatch(/^__session=[^;]+\.[^;]+;.*HttpOnly.*SameSite=Lax/i);
    const page = await browser.call(concerns.loader, `/concerns/${responderUuid}`, { params: { responderUuid } });
    expect(page).toHaveStatus(200);
  });

  it("keeps one flow when the answer is sent again (a double click, or Back and another answer)", async () => {
    const browser = new TestBrowser();
    const first = await answerWelcome(browser);
    const second = await answerWelcome(browser, "", "im_ready_to_take_control");
    expect(second.answer.location).toBe(first.answer.location);
    expect(await recordCount()).toBe(1);
    expect((await findFunnelRecord(first.responderUuid))?.reasonYouAreHereToday).toEqual(["im_ready_to_take_control"]);
  });

  it("starts a new flow when her flow went on past the first question", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser);
    await answerConcerns(browser, responderUuid);
    const again = await answerWelcome(browser);
    expect(again.responderUuid).not.toBe(responderUuid);
    expect(await recordCount()).toBe(2);
  });

  it("starts a new flow when her first answer is older than ten minutes", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser);
    await (await database()).update(flowProgress).set({ startedAt: new Date(Date.now() - 11 * 60_000) });
    const again = await answerWelcome(browser);
    expect(again.responderUuid).not.toBe(responderUuid);
  });

  it("records the answer with the tracking params and goes to /concerns/{uuid} carrying them", async () => {
    const browser = new TestBrowser();
    const { responderUuid, answer } = await answerWelcome(browser, "?utm_source=x&utm_campaign=spring&email_address=a%40b.co");
    expect(answer).toHaveStatus(303);
    const next = locationOf(answer);
    expect(next.pathname).toBe(`/concerns/${responderUuid}`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ utm_source: "x", utm_campaign: "spring", email_address: "a@b.co" });
    const record = await findFunnelRecord(responderUuid);
    expect(record).toMatchObject({
      currentStepId: "welcome",
      reasonYouAreHereToday: ["nothing_else_has_helped"],
      trackingParams: { utm_source: "x", utm_campaign: "spring", email_address: "a@b.co" },
    });
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "sales-funnel", status: "pending" });
    expect(rows[0]!.payload).toMatchObject({ responder_uuid: responderUuid, current_step_id: "welcome" });
  });

  it("starts a new flow with the old tracking params cleared", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser, "?utm_source=old");
    await answerConcerns(browser, responderUuid);
    const again = await answerWelcome(browser, "", "im_ready_to_take_control");
    expect(again.responderUuid).not.toBe(responderUuid);
    expect(locationOf(again.answer).search).toBe("");
    expect((await findFunnelRecord(again.responderUuid))?.trackingParams).toEqual({});
  });

  it.each([
    ["no option", {}],
    ["two options", { reason: ["nothing_else_has_helped", "im_ready_to_take_control"] }],
    ["an unknown code", { reason: "free_money" }],
  ])("answers %s with 400, the message, and writes nothing", async (_, form) => {
    const browser = new TestBrowser();
    const answer = await browser.call(welcome.action, "/welcome", { form });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error.reason).toEqual(["Select one option to continue"]);
    expect(await recordCount()).toBe(0);
    expect(await outboxRows()).toHaveLength(0);
  });

  it("refuses a body of the wrong type or size with a clear 4xx and writes nothing", async () => {
    const browser = new TestBrowser();
    const json = await browser.call(welcome.action, "/welcome", {
      body: JSON.stringify({ reason: "nothing_else_has_helped" }),
      contentType: "application/json",
    });
    expect(json).toHaveStatus(415);
    expect(json.data.message).toMatch(/web form/);
    const noType = await browser.call(welcome.action, "/welcome", { body: "reason=nothing_else_has_helped" });
    expect(noType).toHaveStatus(415);
    const huge = await browser.call(welcome.action, "/welcome", {
      form: { reason: "nothing_else_has_helped", padding: "x".repeat(100_000) },
    });
    expect(huge).toHaveStatus(413);
    expect(await recordCount()).toBe(0);
  });

  it.each([
    ["a bare uuid", (uuid: string) => uuid],
    ["a signed-looking claim", (uuid: string) => `${uuid}.${"A".repeat(32)}`],
  ])("never writes to another's flow: %s in the form starts a flow of her own", async (_, forge) => {
    const owner = new TestBrowser();
    const { responderUuid } = await answerWelcome(owner);
    const stranger = new TestBrowser();
    const answer = await stranger.call(welcome.action, "/welcome", {
      form: { flowClaim: forge(responderUuid), responderUuid, reason: "im_ready_to_take_control" },
    });
    expect(answer).toHaveStatus(303);
    expect(locationOf(answer).pathname).not.toContain(responderUuid);
    expect((await findFunnelRecord(responderUuid))?.reasonYouAreHereToday).toEqual(["nothing_else_has_helped"]);
  });
});

describe("concerns", () => {
  it("shows for the owner once welcome is answered, with her earlier answer chosen", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser);
    const page = await browser.call(concerns.loader, `/concerns/${responderUuid}`, { params: { responderUuid } });
    expect(page).toHaveStatus(200);
    expect(page.data.concern).toBeUndefined();
    await answerConcerns(browser, responderUuid);
    const again = await browser.call(concerns.loader, `/concerns/${responderUuid}`, { params: { responderUuid } });
    expect(again.data.concern).toBe("im_worried_about_the_cost");
  });

  it("sends a browser that does not own the uuid to /welcome, revealing and changing nothing", async () => {
    const owner = new TestBrowser();
    const { responderUuid } = await answerWelcome(owner);
    const stranger = new TestBrowser();
    const page = await stranger.call(concerns.loader, `/concerns/${responderUuid}`, { params: { responderUuid } });
    expect(page).toHaveStatus(303);
    expect(locationOf(page).pathname).toBe("/welcome");
    const post = await answerConcerns(stranger, responderUuid);
    expect(locationOf(post).pathname).toBe("/welcome");
    expect((await findFunnelRecord(responderUuid))?.concernsAboutHrt).toEqual([]);
  });

  it("sends a visitor without a welcome answer to /welcome, keeping her tracking params", async () => {
    const browser = new TestBrowser();
    const built = await buildMyPlan(browser, "/congratulations?utm_source=ad");
    const responderUuid = locationOf(built).searchParams.get("responderUuid")!;
    const answer = await browser.call(concerns.loader, `/concerns/${responderUuid}`, { params: { responderUuid } });
    expect(locationOf(answer).pathname + locationOf(answer).search).toBe("/welcome?utm_source=ad");
  });

  it("without a uuid in the path goes to the browser's current flow", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser);
    const answer = await browser.call(concerns.loader, "/concerns?utm_term=t");
    expect(locationOf(answer).pathname + locationOf(answer).search).toBe(`/concerns/${responderUuid}?utm_term=t`);
    const newcomer = await new TestBrowser().call(concerns.loader, "/concerns");
    expect(locationOf(newcomer).pathname).toBe("/welcome");
  });

  it("records the concern and goes on to social proof with the tracking params", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser, "?utm_medium=cpc");
    const answer = await answerConcerns(browser, responderUuid);
    expect(locationOf(answer).pathname + locationOf(answer).search).toBe(`/social-proof/${responderUuid}?utm_medium=cpc`);
    expect(await findFunnelRecord(responderUuid)).toMatchObject({
      currentStepId: "concerns",
      reasonYouAreHereToday: ["nothing_else_has_helped"],
      concernsAboutHrt: ["im_worried_about_the_cost"],
    });
  });

  it("keeps tracking params that arrive later on her record", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser);
    await browser.call(concerns.loader, `/concerns/${responderUuid}?referral_code=friend`, { params: { responderUuid } });
    expect((await findFunnelRecord(responderUuid))?.trackingParams).toEqual({ referral_code: "friend" });
  });
});

describe("social proof", () => {
  it("needs both answers", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser);
    const page = await browser.call(socialProof.loader, `/social-proof/${responderUuid}`, { params: { responderUuid } });
    expect(locationOf(page).pathname).toBe("/welcome");
  });

  it("prefills the email from the link, and refuses a blank one with 400", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser, "?email_address=link%40example.org");
    await answerConcerns(browser, responderUuid);
    const page = await browser.call(socialProof.loader, `/social-proof/${responderUuid}`, { params: { responderUuid } });
    expect(page.data.email).toBe("link@example.org");
    const blank = await browser.call(socialProof.action, `/social-proof/${responderUuid}`, {
      params: { responderUuid },
      form: { email: "   " },
    });
    expect(blank).toHaveStatus(400);
    expect(blank.data.lastResult.error.email).toEqual(["Enter your email address"]);
    expect((await findFunnelRecord(responderUuid))?.emailAddress).toBeNull();
  });

  it("stores the email with the redirect address and sends her to the intake with her params", async () => {
    const browser = new TestBrowser();
    const { responderUuid } = await answerWelcome(browser, "?utm_source=x");
    await answerConcerns(browser, responderUuid);
    const answer = await browser.call(socialProof.action, `/social-proof/${responderUuid}`, {
      params: { responderUuid },
      form: { email: ` ${email} ` },
    });
    expect(answer).toHaveStatus(303);
    const intake = locationOf(answer);
    expect(intake.pathname).toBe(`/checkout/${responderUuid}`);
    expect(Object.fromEntries(intake.searchParams)).toEqual({
      responderUuid,
      utm_source: "x",
      email_address: email,
    });
    const record = await findFunnelRecord(responderUuid);
    expect(record).toMatchObject({ currentStepId: "social-proof", emailAddress: email, redirectUrl: answer.location });
    const last = (await outboxRows()).at(-1)!;
    expect(last.payload).toMatchObject({ current_step_id: "social-proof", email_address: email, redirect_url: answer.location });
  });
});

describe("congratulations", () => {
  it("posts the step once however often Build My Plan is pressed, and goes to the intake", async () => {
    const browser = new TestBrowser();
    const page = await browser.call(congratulations.loader, "/congratulations?utm_source=mail&responder_uuid=x");
    expect(page.headers.get("Cache-Control")).toMatch(/^public\b/);
    // The address names no flow she owns: Build My Plan makes one of her own, and again keeps it.
    const path = "/congratulations?utm_source=mail";
    const first = await buildMyPlan(browser, path);
    const second = await buildMyPlan(browser, path);
    expect(second.location).toBe(first.location);
    const intake = locationOf(first);
    const responderUuid = intake.searchParams.get("responderUuid")!;
    expect(Object.fromEntries(intake.searchParams)).toEqual({ utm_source: "mail", responderUuid });
    expect(await recordCount()).toBe(1);
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ current_step_id: "congratulation", utm_source: "mail" });
  });

  it("continues the browser's own flow, and never one it does not own", async () => {
    const owner = new TestBrowser();
    const { responderUuid } = await answerWelcome(owner);
    const own = await buildMyPlan(owner, `/congratulations/${responderUuid}`, responderUuid);
    expect(locationOf(own).searchParams.get("responderUuid")).toBe(responderUuid);
    expect((await findFunnelRecord(responderUuid))?.currentStepId).toBe("congratulation");
    // Her page names a flow: it is never a shared copy.
    const page = await new TestBrowser().call(congratulations.loader, `/congratulations/${responderUuid}`, { params: { responderUuid } });
    expect(page.headers.get("Cache-Control")).toBeNull();
    const stranger = new TestBrowser();
    const built = await buildMyPlan(stranger, `/congratulations/${responderUuid}`, responderUuid);
    const theirs = locationOf(built).searchParams.get("responderUuid");
    expect(theirs).toMatch(/^[0-9a-f-]{36}$/);
    expect(theirs).not.toBe(responderUuid);
    expect((await findFunnelRecord(responderUuid))?.currentStepId).toBe("congratulation");
    expect((await findFunnelRecord(theirs!))?.currentStepId).toBe("congratulation");
  });
});

describe("health and not found", () => {
  it("answers /healthz with 200 when the database answers", async () => {
    const answer = await new TestBrowser().call(healthLoader, "/healthz");
    expect(answer).toHaveStatus(200);
  });

  it("answers an unknown path with 404 and still keeps its tracking params for her next step", async () => {
    const browser = new TestBrowser();
    const answer = await browser.call(notFoundLoader, "/nowhere?utm_source=lost", { params: { "*": "nowhere" } });
    expect(answer).toHaveStatus(404);
    expect(answer.headers.get("Cache-Control")).toBeNull();
    const built = await buildMyPlan(browser, "/congratulations");
    expect(locationOf(built).searchParams.get("utm_source")).toBe("lost");
    const responderUuid = locationOf(built).searchParams.get("responderUuid")!;
    expect((await findFunnelRecord(responderUuid))?.trackingParams).toEqual({ utm_source: "lost" });
  });

  it("answers an unknown path without tracking params with the shareable 404 page, keeping nothing", async () => {
    const answer = await new TestBrowser().call(notFoundLoader, "/nowhere", { params: { "*": "nowhere" } });
    expect(answer).toHaveStatus(404);
    expect(answer.headers.get("Cache-Control")).toMatch(/^public\b/);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });
});
