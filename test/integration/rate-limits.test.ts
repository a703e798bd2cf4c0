// The rate limits of the funnel, through the route functions against a real Postgres
// engine: the post after the last one allowed answers 429 with Retry-After and the page again
// with what she typed, writes nothing, and leaves every other visitor alone.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as promoApi from "../../app/routes/api.check-promo-code.$code.$priceInCents";
import * as saveApi from "../../app/routes/api.save-pre-checkout.$responderUuid";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as congratulations from "../../app/routes/congratulations.($responderUuid)";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import * as socialProof from "../../app/routes/social-proof.($responderUuid)/route";
import * as welcome from "../../app/routes/welcome";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { database } from "../../app/server/db/client.server";
import {
  funnelRecords,
  orders,
  outboxMessages,
  planSelections,
  preCheckoutDetails,
  rateLimitCounters,
  tokenArrivals,
  visitorSessions,
} from "../../app/server/db/schema.server";
import { findFunnelRecord } from "../../app/server/db/stores/funnel-records.server";
import { countStepPostPeeking, rateLimits, rateLimitWait, visitorRateKey } from "../../app/server/http/rate-limits.server";
import { aPerson, anAddress, checkoutForm } from "../support/factories";
import { flowWithPlan, readyToPay, saveDetails, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { signedToken, testTokenSecret } from "../support/tokens";

// The limits count in fixed windows (10 minutes, an hour: each hour starts a 10-minute window
// too). A test that began seconds before a window ended would see its count start again
// half-way; so one that would is moved just past the boundary (the clock then runs on).
const tenMinutes = 10 * 60_000;
const jane = aPerson();
const address = anAddress();
beforeEach(() => {
  const now = Date.now();
  const boundary = Math.ceil(now / tenMinutes) * tenMinutes;
  if (boundary - now < 30_000) {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(boundary + 1_000);
  }
});
afterEach(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

/** Public addresses as our server would have seen them (documentation ranges, RFC 5737). */
const here = { [clientAddressHeader]: "203.0.113.7" };
const elsewhere = { [clientAddressHeader]: "198.51.100.2" };

const tooManyAttempts = /^Too many attempts\. Please wait (1 minute|\d+ minutes) and try again\.$/;

/** A 429 that says when to come back: within the limit's window. */
function expectRetryAfter(answer: RouteAnswer, windowMs: number) {
  expect(answer).toHaveStatus(429);
  const seconds = Number(answer.headers.get("Retry-After"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
}

/** Posts until one is refused; returns the refusal and how many went through before it. */
async function postUntilRefused(post: () => Promise<RouteAnswer>, most: number) {
  for (let allowed = 0; allowed <= most; allowed++) {
    const answer = await post();
    if (answer.status === 429) return { refused: answer, allowed };
  }
  throw new Error(`no post refused after ${most + 1}`);
}

async function outboxCount() {
  return (await (await database()).select().from(outboxMessages)).length;
}

async function recordCount() {
  return (await (await database()).select().from(funnelRecords)).length;
}

describe("step posts", () => {
  const limit = rateLimits.stepPost;

  it("refuses a visitor's post after the last one allowed with 429, her answer kept, nothing written", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    const answerConcerns = (concern: string, headers = here) =>
      browser.call(concerns.action, `/concerns/${uuid}`, { params: { responderUuid: uuid }, form: { concern }, headers });
    for (let i = 0; i < limit.limit; i++) expect(await answerConcerns("im_worried_about_the_cost")).toHaveStatus(303);
    const outboxBefore = await outboxCount();

    const refused = await answerConcerns("ive_heard_its_not_safe");
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.lastResult.status).toBe("error");
    expect(refused.data.lastResult.error[""]).toEqual([expect.stringMatching(tooManyAttempts)]);
    // What she chose is still chosen on the page; her record keeps the answer before.
    expect(refused.data.lastResult.initialValue).toEqual({ concern: "ive_heard_its_not_safe" });
    expect((await findFunnelRecord(uuid))?.concernsAboutHrt).toEqual(["im_worried_about_the_cost"]);
    expect(await outboxCount()).toBe(outboxBefore);

    // Her session holds the limit from another address too.
    expect(await answerConcerns("ive_heard_its_not_safe", elsewhere)).toHaveStatus(429);

    // Another visitor, from another address, goes on.
    const other = new TestBrowser();
    const otherUuid = await startFlow(other);
    const otherAnswer = await other.call(concerns.action, `/concerns/${otherUuid}`, {
      params: { responderUuid: otherUuid },
      form: { concern: "ive_heard_its_not_safe" },
      headers: elsewhere,
    });
    expect(otherAnswer).toHaveStatus(303);
  }, 60_000);

  it("counts visitors without a cookie by their address, each address apart", async () => {
    // Each post from a new browser: nobody keeps a cookie.
    const answerWelcome = async (headers: Record<string, string>, reason = "nothing_else_has_helped") => {
      const browser = new TestBrowser();
      return browser.call(welcome.action, "/welcome", { form: { reason }, headers });
    };
    for (let i = 0; i < limit.limit; i++) expect(await answerWelcome(here)).toHaveStatus(303);
    const recordsBefore = await recordCount();

    const refused = await answerWelcome(here, "im_ready_to_take_control");
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.lastResult.initialValue).toMatchObject({ reason: "im_ready_to_take_control" });
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);
    expect(await recordCount()).toBe(recordsBefore);

    // Never one shared bucket: another address without a cookie goes on.
    expect(await answerWelcome(elsewhere)).toHaveStatus(303);
    expect(await recordCount()).toBe(recordsBefore + 1);
  });

  it("gives everyone behind one address more than one visitor, and still stops them", async () => {
    // Visitors with sessions of their own, all behind one address: each may post up to the
    // visitor limit; together up to the address limit.
    const addressLimit = limit.addressLimit;
    const visitors = Math.ceil(addressLimit / limit.limit) + 1;
    let allowed = 0;
    let refused: RouteAnswer | undefined;
    for (let v = 0; v < visitors && !refused; v++) {
      const browser = new TestBrowser();
      const uuid = await startFlow(browser);
      for (let i = 0; i < limit.limit && !refused; i++) {
        const answer = await browser.call(concerns.action, `/concerns/${uuid}`, {
          params: { responderUuid: uuid },
          form: { concern: "im_worried_about_the_cost" },
          headers: here,
        });
        if (answer.status === 429) refused = answer;
        else allowed++;
      }
    }
    // startFlow's own posts came without an address: only the concerns posts counted on it.
    expect(allowed).toBe(addressLimit);
    expectRetryAfter(refused!, limit.windowMs);
  }, 60_000);

  it("answers Build My Plan with 429 once the visitor is over the limit", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    const build = async () => {
      return browser.call(congratulations.action, `/congratulations/${uuid}`, { params: { responderUuid: uuid }, form: {} });
    };
    const { refused, allowed } = await postUntilRefused(build, limit.limit);
    expect(allowed).toBe(limit.limit);
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.lastResult.error[""]).toEqual([expect.stringMatching(tooManyAttempts)]);
  });

  it("answers the selection page's buttons with its refusal page and a way back, the plan unchanged", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    const click = (form: Record<string, string>) =>
      browser.call(checkout.action, `/checkout/${uuid}?utm_source=x`, { params: { responderUuid: uuid }, form });
    const { refused, allowed } = await postUntilRefused(() => click({ intent: "plan", plan: "monthly" }), limit.limit);
    expect(allowed).toBe(limit.limit);
    const [before] = await (await database()).select().from(planSelections).where(eq(planSelections.responderUuid, uuid));

    const addToPlan = await click({ intent: "add-to-plan" });
    expectRetryAfter(addToPlan, limit.windowMs);
    expect(addToPlan.data).toEqual({ message: expect.stringMatching(tooManyAttempts), returnTo: `/checkout/${uuid}?utm_source=x#plans` });
    const [after] = await (await database()).select().from(planSelections).where(eq(planSelections.responderUuid, uuid));
    expect(after).toEqual(before);
    expect(refused.data.returnTo).toBe(`/checkout/${uuid}?utm_source=x#plans`);
  });

  it("re-renders the pre-checkout form with everything typed, and saves nothing", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, { options: ["patch"] });
    // Posts with a field missing count too: a script gains nothing by sending bad forms.
    const { refused } = await postUntilRefused(() => saveDetails(browser, uuid, { ...jane, phone: "" }), limit.limit);
    const { phone: _phone, ...typed } = jane;
    expect(refused.data.lastResult.initialValue).toEqual(typed);

    const full = await saveDetails(browser, uuid, { ...jane, firstName: "Janet" });
    expectRetryAfter(full, limit.windowMs);
    expect(full.data.lastResult.initialValue).toEqual({ ...jane, firstName: "Janet" });
    expect(full.data.lastResult.error[""]).toEqual([expect.stringMatching(tooManyAttempts)]);
    expect(full.data.toast).toBeNull();
    expect(await (await database()).select().from(preCheckoutDetails)).toEqual([]);
  });

  it("answers the JSON save with 429, a message and Retry-After, and saves nothing", async () => {
    const browser = new TestBrowser();
    const uuid = await flowWithPlan(browser, { options: ["patch"] });
    const save = () =>
      browser.call(saveApi.action, `/api/save-pre-checkout/${uuid}`, {
        params: { responderUuid: uuid },
        body: JSON.stringify(jane),
        contentType: "application/json",
      });
    // Her own saves are allowed up to the limit: the details are saved while she is within it.
    const { refused } = await postUntilRefused(save, limit.limit);
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data).toEqual({ success: false, message: expect.stringMatching(tooManyAttempts) });
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("email capture", () => {
  const limit = rateLimits.emailCapture;

  it("takes fewer emails than other steps, and keeps the one typed when it refuses", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    await browser.call(concerns.action, `/concerns/${uuid}`, {
      params: { responderUuid: uuid },
      form: { concern: "im_worried_about_the_cost" },
    });
    const leaveEmail = (email: string) =>
      browser.call(socialProof.action, `/social-proof/${uuid}`, { params: { responderUuid: uuid }, form: { email }, headers: here });
    for (let i = 0; i < limit.limit; i++) expect(await leaveEmail(`jane${i}@example.org`)).toHaveStatus(303);
    const outboxBefore = await outboxCount();

    const refused = await leaveEmail("last@example.org");
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.lastResult.initialValue).toEqual({ email: "last@example.org" });
    expect(refused.data.lastResult.error[""]).toEqual([expect.stringMatching(tooManyAttempts)]);
    expect((await findFunnelRecord(uuid))?.emailAddress).toBe(`jane${limit.limit - 1}@example.org`);
    expect(await outboxCount()).toBe(outboxBefore);
  });
});

describe("token reads", () => {
  const limit = rateLimits.tokenRead;
  const tokenUuid = "0b9f8c1e-2d3a-4b5c-8d6e-7f8091a2b3c4";

  it("does not read a token over the limit: a 429 page with the way back without it", async () => {
    const browser = new TestBrowser();
    await startFlow(browser);
    const visit = (token: string) =>
      browser.call(preCheckout.loader, `/pre-checkout?st=${encodeURIComponent(token)}&utm_term=t`, { headers: here });
    for (let i = 0; i < limit.limit; i++) expect(await visit(`guess-${i}`)).toHaveStatus(303);

    const good = await signedToken({ responder_uuid: tokenUuid, first_name: "Tina", email: "tina@example.org" }, testTokenSecret);
    const refused = await visit(good);
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data).toEqual({
      message: expect.stringMatching(/^Too many secure links opened\. Please wait (1 minute|\d+ minutes) and reload this page/),
      returnTo: "/pre-checkout?utm_term=t",
    });
    // Not read: nothing of it kept, and its flow is not this browser's.
    expect(await (await database()).select().from(tokenArrivals)).toEqual([]);
    expect(await (await database()).select().from(preCheckoutDetails)).toEqual([]);
    const page = await browser.call(preCheckout.loader, "/pre-checkout");
    expect(JSON.stringify(page.data)).not.toContain("Tina");

    // Another visitor at another address opens hers.
    const other = new TestBrowser();
    const arrival = await other.call(preCheckout.loader, `/pre-checkout?st=${good}`, { headers: elsewhere });
    expect(arrival.location).toBe(`/pre-checkout/${tokenUuid}`);
  });
});

describe("COMPLETE PURCHASE", () => {
  const limit = rateLimits.stepPost;

  it("counts as a step post before the card is tried, and keeps what she typed when it refuses", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { options: ["patch"] });
    // The payment form's token, as the page carries it.
    const page = await browser.call(finalCheckout.loader, `/final-checkout/${uuid}`, { params: { responderUuid: uuid } });
    const csrf = String(page.data.csrfToken ?? "");
    // 3-D Secure left unfinished each time: no failure, so the failure limit never holds.
    const purchase = (attemptKey: string, city = address.city) =>
      browser.call(finalCheckout.action, `/final-checkout/${uuid}`, {
        params: { responderUuid: uuid },
        form: checkoutForm({ city, cardNumber: "4000 0027 6000 3184", attemptKey, csrf }),
      });
    let tries = 0;
    const { allowed } = await postUntilRefused(() => purchase(`try-${tries++}`), limit.limit);
    // Her plan and her details were step posts of the same session.
    expect(allowed).toBeGreaterThan(limit.limit - 5);
    expect(allowed).toBeLessThan(limit.limit);

    const refused = await purchase("one-more", "Boston");
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.lastResult.error[""]).toEqual([expect.stringMatching(tooManyAttempts)]);
    expect(refused.data.lastResult.initialValue).toMatchObject({ ...jane, city: "Boston", cardNumber: "4000 0027 6000 3184" });
    // The security code is typed again, as after any refusal.
    expect(refused.data.lastResult.initialValue.securityCode).toBeUndefined();
    const [order] = await (await database()).select().from(orders);
    expect(order).toMatchObject({ status: "requires_action", attempts: allowed, attemptKey: `try-${allowed - 1}` });
  });
});

describe("an IPv6 client", () => {
  const limit = rateLimits.promoCheck;
  const tooManyPromoCodes = /^Too many promo codes tried\. Please try again in (1 minute|\d+ minutes)\.$/;
  /** A promo code guessed by a script that keeps no cookie, from this address. */
  const guess = (address: string, code: string) =>
    new TestBrowser().call(promoApi.loader, `/api/check-promo-code/${code}/39900`, {
      params: { code, priceInCents: "39900" },
      headers: { [clientAddressHeader]: address },
    });

  it("is her /64: thirty addresses of one /64, however written, are limited as one client", async () => {
    // One /64 (2001:db8:5:7::/64), thirty of its 2^64 addresses, each in another spelling.
    const spellings = (i: number) => {
      const id = (i + 1).toString(16);
      return [
        `2001:db8:5:7::${id}`,
        `2001:0DB8:0005:0007:0000:0000:0000:${id.padStart(4, "0")}`,
        `2001:db8:5:7:${id}::1%eth0`,
        `2001:DB8:5:7:abcd:${id}:0:1`,
        `2001:db8:5:7:ffff:ffff:${id}:ffff`,
      ][i % 5]!;
    };
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await guess(spellings(i), `GUESS${i}`));
    const refused = answers.filter((answer) => answer.status === 429);
    // The first ten are checked; the twenty after them are refused as the same client's.
    expect(answers.slice(0, limit.limit).map((answer) => answer.status)).not.toContain(429);
    expect(refused).toHaveLength(30 - limit.limit);
    for (const answer of refused) {
      expectRetryAfter(answer, limit.windowMs);
      expect(answer.data).toEqual({ valid: false, message: expect.stringMatching(tooManyPromoCodes) });
    }
    // Someone in another /64 is another client.
    expect(await guess("2001:db8:5:8::1", "OTHER")).toHaveStatus(200);
  });

  it("is her IPv4 address when her IPv4 address comes written as IPv6", async () => {
    for (let i = 0; i < limit.limit; i++) {
      expect(await guess(i % 2 ? "203.0.113.9" : "::ffff:203.0.113.9", `GUESS${i}`)).toHaveStatus(200);
    }
    expect(await guess("::FFFF:cb00:7109", "ONE-MORE")).toHaveStatus(429);
    expect(await guess("203.0.113.10", "ONE-MORE")).toHaveStatus(200);
  });
});

it("keeps the rate limits' counters apart from anything she typed: keys are hashes", async () => {
  const browser = new TestBrowser();
  const uuid = await startFlow(browser);
  await browser.call(concerns.action, `/concerns/${uuid}`, {
    params: { responderUuid: uuid },
    form: { concern: "im_worried_about_the_cost" },
  });
  await browser.call(socialProof.action, `/social-proof/${uuid}`, {
    params: { responderUuid: uuid },
    form: { email: jane.email },
    headers: here,
  });
  const [session] = await (await database()).select().from(visitorSessions);
  const counters = await (await database()).select().from(rateLimitCounters);
  expect(counters.length).toBeGreaterThan(0);
  const text = JSON.stringify(counters);
  for (const clear of ["203.0.113.7", jane.email, session!.id]) expect(text).not.toContain(clear);
});

describe("COMPLETE PURCHASE's step post and her payment failures, read in one statement", () => {
  const visitor = { session: { id: "session-one" } };
  const request = (headers: Record<string, string> = {}) => new Request("http://localhost/final-checkout/x", { method: "POST", headers });
  const failures = rateLimits.paymentFailure;

  async function counters() {
    return (await (await database()).select().from(rateLimitCounters)).map((row) => ({
      bucket: row.bucket,
      key: row.key.split(":")[0],
      hits: row.hits,
    }));
  }

  it("counts the step post and answers the failures' wait as the failures' own read does", async () => {
    expect(await countStepPostPeeking(request(), visitor, failures)).toEqual({ wait: 0, peekWait: 0 });
    expect(await counters()).toEqual([{ bucket: "step-post", key: "visitor", hits: 1 }]);

    const visitorKey = visitorRateKey(visitor, request());
    for (let i = 0; i < failures.limit; i++) await rateLimitWait(failures, request(), visitorKey, true);
    const alone = await rateLimitWait(failures, request(), visitorKey, false);
    expect(alone).toBeGreaterThan(0);
    const together = await countStepPostPeeking(request(), visitor, failures);
    expect(together.wait).toBe(0);
    expect(together.peekWait).toBeGreaterThan(alone - 2);
    expect(together.peekWait).toBeLessThanOrEqual(alone);
    expect((await counters()).find((row) => row.bucket === "step-post")?.hits).toBe(2);
    // Another visitor's failures are not hers.
    expect(await countStepPostPeeking(request(), { session: { id: "session-two" } }, failures)).toEqual({ wait: 0, peekWait: 0 });
  });

  it("counts her address too, and reads nothing more once the step post is refused", async () => {
    for (let i = 0; i < rateLimits.stepPost.limit; i++) {
      expect((await countStepPostPeeking(request(here), visitor, failures)).wait).toBe(0);
    }
    expect(await counters()).toEqual(
      expect.arrayContaining([
        { bucket: "step-post", key: "visitor", hits: rateLimits.stepPost.limit },
        { bucket: "step-post", key: "address", hits: rateLimits.stepPost.limit },
      ]),
    );
    const refused = await countStepPostPeeking(request(here), visitor, failures);
    expect(refused.wait).toBeGreaterThan(0);
    expect(refused.wait).toBeLessThanOrEqual(rateLimits.stepPost.windowMs / 1000);
    expect(refused.peekWait).toBe(0);
    // Refused by her own limit: the address everyone behind it shares is not charged for it.
    expect((await counters()).find((row) => row.key === "address")?.hits).toBe(rateLimits.stepPost.limit);
  });
});
