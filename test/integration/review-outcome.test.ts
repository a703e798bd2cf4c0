// POST /api/review-outcome, the provider's medical decision: only a fresh, right signature
// is heard; the first decision moves the money once; the same again changes nothing;
// another one is a conflict.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

const secret = vi.hoisted(() => {
  const value = "provider-webhook-secret-for-tests";
  process.env.PROVIDER_WEBHOOK_SECRET = value;
  return value;
});

import * as reviewOutcome from "../../app/routes/api.review-outcome";
import { providerSignatureHeader } from "../../app/server/http/provider-signature.server";
import { loadWithEnvironment, restoreEnvironmentAfterEach } from "../support/fresh-modules";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, paymentsOf, reload, sandboxHold } from "../support/subscriptions";

const now = () => Math.floor(Date.now() / 1000);

function post(body: string, signature: string | undefined, action = reviewOutcome.action) {
  return new TestBrowser().call(action, "/api/review-outcome", {
    body,
    contentType: "application/json",
    headers: signature === undefined ? {} : { "Provider-Signature": signature },
  });
}

const signed = (body: string, at = now(), key = secret) => post(body, providerSignatureHeader(key, at, body));
const outcome = (responderUuid: string, decision: string, message?: string) =>
  JSON.stringify({ responder_uuid: responderUuid, decision, ...(message ? { message } : {}) });

beforeEach(async () => {
  await resetDatabase();
});

describe("the signature", () => {
  it("missing, wrong, stale, from the future or for another body: 401 and nothing changes", async () => {
    const subscription = await heldSubscription();
    const body = outcome(subscription.responderUuid, "approved");
    const cases = [
      await post(body, undefined),
      await post(body, "nonsense"),
      await signed(body, now(), "another-secret-of-the-same-length"),
      await signed(body, now() - 301),
      await signed(body, now() + 301),
      await post(body, providerSignatureHeader(secret, now(), outcome(subscription.responderUuid, "declined"))),
    ];
    for (const answer of cases) {
      expect(answer).toHaveStatus(401);
      expect(answer.data).toMatchObject({ success: false });
    }
    expect((await reload(subscription)).state).toBe("on_hold");
    expect((await paymentsOf(subscription)).map((p) => p.kind)).toEqual(["hold"]);
  });

  it("a second v1 (a secret being rolled over) is accepted when one matches", async () => {
    const subscription = await heldSubscription();
    const body = outcome(subscription.responderUuid, "approved");
    const t = now();
    const header = `${providerSignatureHeader("the-old-secret-no-longer-used", t, body)},${providerSignatureHeader(secret, t, body).split(",")[1]}`;
    expect(await post(body, header)).toHaveStatus(200);
  });
});

describe("the decision", () => {
  it("approved: 200, the hold captured once; the same request replayed: 200 and nothing twice", async () => {
    const subscription = await heldSubscription();
    const body = outcome(subscription.responderUuid, "approved", "Prescribed");
    const header = providerSignatureHeader(secret, now(), body);
    const first = await post(body, header);
    expect(first).toHaveStatus(200);
    expect(first.data).toEqual({ success: true, state: "active" });
    const replayed = await post(body, header);
    expect(replayed).toHaveStatus(200);
    expect(replayed.data).toEqual({ success: true, state: "active" });
    expect((await paymentsOf(subscription)).filter((p) => p.kind === "capture")).toHaveLength(1);
    expect((await sandboxHold(subscription)).status).toBe("captured");
    expect(await reload(subscription)).toMatchObject({ decision: "approved", decisionMessage: "Prescribed", decidedBy: "provider" });
  });

  it("declined: the hold released; approved after it: 409 and nothing moves", async () => {
    const subscription = await heldSubscription();
    expect(await signed(outcome(subscription.responderUuid, "declined"))).toHaveStatus(200);
    expect((await reload(subscription)).state).toBe("declined");
    expect((await sandboxHold(subscription)).status).toBe("released");
    const conflicting = await signed(outcome(subscription.responderUuid, "approved"));
    expect(conflicting).toHaveStatus(409);
    expect((await paymentsOf(subscription)).map((p) => p.kind)).toEqual(["hold", "release"]);
  });

  it("an unknown uuid is 404; a body that is not an outcome is 400", async () => {
    expect(await signed(outcome(randomUUID(), "approved"))).toHaveStatus(404);
    expect(await signed(outcome(randomUUID(), "maybe"))).toHaveStatus(400);
    expect(await signed("[1, 2]")).toHaveStatus(400);
    expect(await signed("{not json")).toHaveStatus(400);
    expect(await signed(JSON.stringify({ responder_uuid: "42", decision: "approved" }))).toHaveStatus(400);
  });

  it("GET is 405", async () => {
    expect(await new TestBrowser().call(reviewOutcome.loader, "/api/review-outcome")).toHaveStatus(405);
  });
});

describe("without PROVIDER_WEBHOOK_SECRET", () => {
  restoreEnvironmentAfterEach();

  it("the route answers 404, signed or not", async () => {
    const fresh = await loadWithEnvironment({ PROVIDER_WEBHOOK_SECRET: "" }, () => import("../../app/routes/api.review-outcome"));
    const subscription = await heldSubscription();
    const body = outcome(subscription.responderUuid, "approved");
    expect(await post(body, providerSignatureHeader(secret, now(), body), fresh.action)).toHaveStatus(404);
    expect((await reload(subscription)).state).toBe("on_hold");
  });
});
