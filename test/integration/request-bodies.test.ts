// Every route that reads a body reads it as it comes and stops at its limit: a body larger
// than that, chunked (no length) or declaring its length, is refused with 413 after at most a
// chunk or two of it, never read whole first. The routes that used to read a form with no limit
// at all (her lost link, her plan's "Email it to my doctor", another card) included. The
// server's own cap in front of every route, over real HTTP: test/e2e/hardening.e2e.ts.
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The provider's review outcome exists only with its secret.
  process.env.PROVIDER_WEBHOOK_SECRET = "provider-webhook-secret-for-tests";
});

import * as preAuthCheckout from "../../app/routes/api.pre-auth-checkout/route";
import * as reviewOutcome from "../../app/routes/api.review-outcome";
import * as savePreCheckout from "../../app/routes/api.save-pre-checkout.$responderUuid";
import * as consoleSignIn from "../../app/routes/owner._index/route";
import * as sharedPlan from "../../app/routes/plan.$token";
import * as anotherCard from "../../app/routes/subscription.$token.payment/route";
import * as lostLink from "../../app/routes/subscription._index";
import * as welcome from "../../app/routes/welcome";
import { planSummaryToken } from "../../app/server/subscriptions/plan-link.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { readyToPay, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { heldSubscription } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

const chunkBytes = 64 * 1024;
/** What is offered: 64 MB, far past any limit, and far more than a test should hold. */
const offeredChunks = 1024;

/** A body of 64 KB chunks, made as they are read, that counts how many its reader took. */
function offeredBody(firstBytes: string) {
  let taken = 0;
  const encoder = new TextEncoder();
  const filler = encoder.encode("x".repeat(chunkBytes));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (taken === offeredChunks) return controller.close();
      controller.enqueue(taken === 0 ? encoder.encode(firstBytes.padEnd(chunkBytes, "x")) : filler);
      taken += 1;
    },
  });
  return { stream, taken: () => taken };
}

type Door = {
  name: string;
  kind: "form" | "json";
  /** What the sender of too large a body hears, when not that it is too large. */
  refusal?: { status: number; message: string };
  /** Puts the route's owner in place (a flow, an order) and posts `body` to it. */
  post: (body: ReadableStream<Uint8Array>, contentType: string, headers?: Record<string, string>) => Promise<RouteAnswer>;
};

const form = "application/x-www-form-urlencoded";
const json = "application/json";

const doors: Door[] = [
  {
    name: "a funnel step (/welcome)",
    kind: "form",
    post: (body, contentType, headers) => new TestBrowser().call(welcome.action, "/welcome", { body, contentType, headers }),
  },
  {
    name: "the owner's sign-in (/owner?index)",
    kind: "form",
    post: (body, contentType, headers) => new TestBrowser().call(consoleSignIn.action, "/owner?index", { body, contentType, headers }),
  },
  {
    name: "her lost link (/subscription)",
    kind: "form",
    post: (body, contentType, headers) => new TestBrowser().call(lostLink.action, "/subscription", { body, contentType, headers }),
  },
  {
    name: "her plan's email to her doctor (/plan/{token})",
    kind: "form",
    post: async (body, contentType, headers) => {
      const token = planSummaryToken(await readyToPay(new TestBrowser()));
      return new TestBrowser().call(sharedPlan.action, `/plan/${token}`, { params: { token }, body, contentType, headers });
    },
  },
  {
    name: "another card (/subscription/{token}/payment)",
    kind: "form",
    post: async (body, contentType, headers) => {
      const token = subscriptionLinkToken(await heldSubscription());
      return new TestBrowser().call(anotherCard.action, `/subscription/${token}/payment`, {
        params: { token },
        body,
        contentType,
        headers,
      });
    },
  },
  {
    name: "the order as JSON (/api/pre-auth-checkout)",
    kind: "json",
    post: (body, contentType, headers) =>
      new TestBrowser().call(preAuthCheckout.action, "/api/pre-auth-checkout", { body, contentType, headers }),
  },
  {
    name: "her details as JSON (/api/save-pre-checkout/{uuid})",
    kind: "json",
    post: async (body, contentType, headers) => {
      const browser = new TestBrowser();
      const responderUuid = await startFlow(browser);
      return browser.call(savePreCheckout.action, `/api/save-pre-checkout/${responderUuid}`, {
        params: { responderUuid },
        body,
        contentType,
        headers,
      });
    },
  },
  {
    name: "the provider's review outcome (/api/review-outcome)",
    kind: "json",
    // An unsigned body is judged no further (and this one could not be signed: it is never read whole).
    refusal: { status: 401, message: "The signature is missing, wrong or too old." },
    post: (body, contentType, headers) =>
      new TestBrowser().call(reviewOutcome.action, "/api/review-outcome", { body, contentType, headers }),
  },
];

function expectTooLarge(answer: RouteAnswer, door: Door) {
  const tooLarge =
    door.kind === "form"
      ? "That was more than this form accepts. Please go back and try again."
      : "The request is larger than this endpoint accepts.";
  const { status, message } = door.refusal ?? { status: 413, message: tooLarge };
  expect(answer).toHaveStatus(status);
  expect(answer.data.message).toBe(message);
}

describe.each(doors)("$name", (door) => {
  const type = door.kind === "form" ? form : json;
  const start = door.kind === "form" ? "note=" : '{"note":"';

  it("refuses a chunked body past its limit (413), having read at most a chunk or two of it", async () => {
    const body = offeredBody(start);
    expectTooLarge(await door.post(body.stream, type), door);
    expect(body.taken()).toBeLessThanOrEqual(3);
  });

  it("refuses a body that declares more than its limit (413), reading none of what follows", async () => {
    const body = offeredBody(start);
    expectTooLarge(await door.post(body.stream, type, { "Content-Length": String(offeredChunks * chunkBytes) }), door);
    expect(body.taken()).toBeLessThanOrEqual(1);
  });
});
