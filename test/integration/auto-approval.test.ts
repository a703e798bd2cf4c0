// EMBEDDED_AUTO_APPROVE_SECONDS: the embedded provider approves by itself after that delay.
import { beforeEach, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.EMBEDDED_AUTO_APPROVE_SECONDS = "3600";
});

import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, paymentsOf, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

it("approves an order an hour after its hold, as the embedded provider, once", async () => {
  const subscription = await heldSubscription();
  expect((await runLifecycleRound(paymentGateway())).settled).toBe(0);
  expect((await reload(subscription)).state).toBe("on_hold");

  await moveSandboxClock(1);
  await Promise.all([runLifecycleRound(paymentGateway()), runLifecycleRound(paymentGateway())]);
  const approved = await reload(subscription);
  expect(approved).toMatchObject({ state: "active", decision: "approved", decidedBy: "embedded provider" });
  expect((await paymentsOf(subscription)).filter((p) => p.kind === "capture")).toHaveLength(1);
});
