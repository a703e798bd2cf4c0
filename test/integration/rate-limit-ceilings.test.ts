// What holds when the per-visitor limits cannot tell clients apart: a script that makes a new
// session for every try, or that comes through a proxy we do not trust to name it (no address
// we can count), is still slowed. Site-wide ceilings a minute for failed payments and promo
// checks, whatever the key; one shared bucket for requests that have no key at all; and a
// production server that sees private peers without TRUST_PROXY says so in its log, once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as promoApi from "../../app/routes/api.check-promo-code.$code.$priceInCents";
import * as preAuthApi from "../../app/routes/api.pre-auth-checkout/route";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import * as lostLink from "../../app/routes/subscription._index";
import * as welcome from "../../app/routes/welcome";
import { database } from "../../app/server/db/client.server";
import { orders } from "../../app/server/db/schema.server";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { untrustedProxyWarning } from "../../app/server/http/untrusted-proxy.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { rateLimits } from "../../app/server/http/rate-limits.server";
import { aPerson, anAddress } from "../support/factories";
import { loadWithEnvironment, restoreEnvironmentAfterEach } from "../support/fresh-modules";
import { flowWithPlan, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";

// Ceilings low enough to reach in a test; read by the configuration on its first use.
const ceilings = vi.hoisted(() => {
  process.env.PROMO_CHECK_CEILING_PER_MINUTE = "12";
  process.env.PAYMENT_FAILURE_CEILING_PER_MINUTE = "3";
  return { promoChecks: 12, paymentFailures: 3 };
});

// The ceilings count in one-minute windows on the clock, the limits in windows of ten minutes
// or an hour: each test runs with the clock stopped a second after a ten-minute window began,
// and moves it on itself.
const minute = 60_000;
const start = Math.ceil(Date.now() / (10 * minute)) * 10 * minute + 1_000;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  await resetDatabase();
  clearProviderCaches();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A public address of its own (documentation range, RFC 5737) for each number. */
const addressNumber = (n: number) => ({ [clientAddressHeader]: `198.51.100.${n}` });

const tooManyPromoCodes = /^Too many promo codes tried\. Please try again in (1 minute|\d+ minutes)\.$/;
const tooManyPayments = /^Too many payment attempts\. Please try again in (1 minute|\d+ minutes)\.$/;

/** A 429 that says when to come back: within the window. */
function expectRetryAfter(answer: RouteAnswer, windowMs: number) {
  expect(answer).toHaveStatus(429);
  const seconds = Number(answer.headers.get("Retry-After"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
}

function checkPromo(browser: TestBrowser, code: string, headers: Record<string, string> = {}) {
  return browser.call(promoApi.loader, `/api/check-promo-code/${code}/39900`, { params: { code, priceInCents: "39900" }, headers });
}

describe("the promo-check ceiling", () => {
  it("holds across every visitor: new addresses, no key and her own session are all refused once it is reached", async () => {
    // Each guess from an address of its own, each far within its own limit.
    for (let i = 0; i < ceilings.promoChecks; i++) {
      expect(await checkPromo(new TestBrowser(), `GUESS${i}`, addressNumber(i + 1))).toHaveStatus(200);
    }
    const refused = await checkPromo(new TestBrowser(), "ONE-MORE", addressNumber(200));
    expectRetryAfter(refused, minute);
    expect(refused.data).toEqual({ valid: false, message: expect.stringMatching(tooManyPromoCodes) });
    // Without any key, and with a session of her own: refused just the same.
    expect(await checkPromo(new TestBrowser(), "ONE-MORE")).toHaveStatus(429);
    const her = new TestBrowser();
    await startFlow(her);
    expect(await checkPromo(her, "SAVE50")).toHaveStatus(429);

    // The next minute, checks go on.
    vi.setSystemTime(start + minute);
    expect(await checkPromo(her, "SAVE50")).toHaveStatus(200);
  });
});

describe("the payment-failure ceiling", () => {
  const jane = aPerson();
  const address = anAddress();
  const name = { firstName: jane.firstName, lastName: jane.lastName };
  const orderBody = (responderUuid: string, paymentMethod: string) => ({
    customer: jane,
    shippingAddress: { ...name, ...address },
    billingAddress: { sameAsShipping: true, ...name, ...address },
    payment: { stripePaymentMethodId: paymentMethod, currency: "usd" },
    metadata: { responder_uuid: responderUuid },
    subscriptionAgreement: true,
  });
  const pay = (browser: TestBrowser, body: object, headers: Record<string, string> = {}) =>
    browser.call(preAuthApi.action, "/api/pre-auth-checkout", { body: JSON.stringify(body), contentType: "application/json", headers });

  it("stops card testing across many sessions: once reached, no card is tried for anyone until the minute ends", async () => {
    // A script's sessions, each a new flow with one declined card: each far within its own limit.
    for (let i = 0; i < ceilings.paymentFailures; i++) {
      const script = new TestBrowser();
      const uuid = await flowWithPlan(script, { plan: "monthly", options: ["patch"] });
      expect(await pay(script, orderBody(uuid, "pm_card_chargeDeclined"), addressNumber(i + 1))).toHaveStatus(402);
    }

    // A woman with a good card, from her own address: her card is not tried this minute.
    const her = new TestBrowser();
    const uuid = await flowWithPlan(her, { plan: "monthly", options: ["patch"] });
    const refused = await pay(her, orderBody(uuid, "pm_card_visa"), addressNumber(100));
    expectRetryAfter(refused, minute);
    expect(refused.data).toEqual({ success: false, message: expect.stringMatching(tooManyPayments) });
    const orderOf = async (flow: string) => (await (await database()).select().from(orders)).filter((o) => o.responderUuid === flow);
    expect(await orderOf(uuid)).toEqual([]);

    // The next minute she pays.
    vi.setSystemTime(start + minute);
    expect(await pay(her, orderBody(uuid, "pm_card_visa"), addressNumber(100))).toHaveStatus(200);
    expect(await orderOf(uuid)).toMatchObject([{ status: "authorised" }]);
  });
});

describe("clients we cannot tell apart", () => {
  it("share one bucket: promo checks without a session or an address we can count are limited, hers go on", async () => {
    const limit = rateLimits.promoCheck;
    // A proxy in front of us that is not trusted: every request comes from its private address.
    const proxied = { [clientAddressHeader]: "10.0.0.7" };
    let allowed = 0;
    let refused: RouteAnswer | undefined;
    while (!refused && allowed <= limit.unaddressedLimit) {
      // Below the ceiling: a new minute every ten checks.
      if (allowed % 10 === 0) vi.setSystemTime(start + (allowed / 10) * minute);
      const answer = await checkPromo(new TestBrowser(), `GUESS${allowed}`, proxied);
      if (answer.status === 429) refused = answer;
      else allowed++;
    }
    expect(allowed).toBe(limit.unaddressedLimit);
    expectRetryAfter(refused!, limit.windowMs);
    expect(refused!.data.message).toMatch(tooManyPromoCodes);

    // A visitor with her session behind the same proxy is counted by her session, not the bucket.
    const her = new TestBrowser();
    await startFlow(her);
    expect(await checkPromo(her, "SAVE50", proxied)).toHaveStatus(200);
  });

  it("share one bucket: first answers at /welcome (each a new session and flow) are limited together", async () => {
    const limit = rateLimits.stepPost;
    const answer = (reason = "nothing_else_has_helped") => new TestBrowser().call(welcome.action, "/welcome", { form: { reason } });
    for (let i = 0; i < limit.unaddressedLimit; i++) expect(await answer()).toHaveStatus(303);
    const refused = await answer("im_ready_to_take_control");
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.lastResult.error[""]).toEqual([expect.stringMatching(/^Too many attempts\./)]);
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);
  }, 120_000);

  it("share one bucket: secure links opened by visitors without a session are limited together", async () => {
    const limit = rateLimits.tokenRead;
    const open = (i: number) => new TestBrowser().call(preCheckout.loader, `/pre-checkout?st=guess-${i}`);
    for (let i = 0; i < limit.unaddressedLimit; i++) expect(await open(i)).toHaveStatus(303);
    const refused = await open(limit.unaddressedLimit);
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.message).toMatch(/^Too many secure links opened\./);
  });

  it("share one bucket for the emails they ask for, whatever email each names", async () => {
    // Her link asked for by a script, a new email each time, through a proxy we do not trust.
    const limit = rateLimits.linkRequest;
    const ask = (i: number) =>
      new TestBrowser().call(lostLink.action, "/subscription", {
        form: { email: `someone${i}@example.org` },
        headers: { [clientAddressHeader]: "172.16.0.9" },
      });
    for (let i = 0; i < limit.unaddressedLimit; i++) expect(await ask(i)).toHaveStatus(200);
    const refused = await ask(limit.unaddressedLimit);
    expectRetryAfter(refused, limit.windowMs);
    expect(refused.data.lastResult.error[""]).toEqual([expect.stringMatching(/^Too many attempts\./)]);
    // From an address we can count, the same request is counted by that address and that email.
    const counted = await new TestBrowser().call(lostLink.action, "/subscription", {
      form: { email: "someone-else@example.org" },
      headers: addressNumber(7),
    });
    expect(counted).toHaveStatus(200);
  });
});

describe("a production server behind a proxy it does not trust", () => {
  restoreEnvironmentAfterEach();

  it("logs a warning on the first request from a private address, once, naming no address", async () => {
    // This process as a production server starts it: its own configuration, logger and routes.
    const { log } = await loadWithEnvironment({ NODE_ENV: "production", TRUST_PROXY: "" }, () => import("../../app/server/log.server"));
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const productionWelcome: typeof welcome = await import("../../app/routes/welcome");
    const answer = (address: string) =>
      new TestBrowser().call(productionWelcome.action, "/welcome", {
        form: { reason: "nothing_else_has_helped" },
        headers: { [clientAddressHeader]: address },
      });

    expect(await answer("203.0.113.7")).toHaveStatus(303);
    expect(warnings).not.toHaveBeenCalled();
    for (const address of ["10.0.0.7", "192.168.4.2", "::1", "10.0.0.7"]) expect(await answer(address)).toHaveStatus(303);
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalledWith(untrustedProxyWarning);
    expect(JSON.stringify(warnings.mock.calls)).not.toMatch(/10\.0\.0\.7|192\.168|::1/);
  });
});
