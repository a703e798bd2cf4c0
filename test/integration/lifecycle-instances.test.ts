// Two app instances on one PostgreSQL database billing the same due period: this process and
// another one, each running ten lifecycle rounds at once. PostgreSQL only: PGlite is one
// process's database.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeEach, expect, it } from "vitest";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/billing.server";
import { moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, paymentsOf, reload, sandboxCharges } from "../support/subscriptions";

const run = promisify(execFile);
const onPostgres = Boolean(process.env.DATABASE_URL_TESTS?.trim());

beforeEach(async () => {
  await resetDatabase();
});

it.skipIf(!onPostgres)("two instances and twenty rounds bill each due period once", async () => {
  const subscriptions = await Promise.all(Array.from({ length: 5 }, () => heldSubscription({ plan: "monthly" })));
  for (const subscription of subscriptions) await decideReview(paymentGateway(), subscription, "approved", null, "owner");
  await moveSandboxClock(63);

  // Time for the other process to start and connect; then both begin together.
  const startAt = Date.now() + 8_000;
  const other = run(process.execPath, ["--import", "tsx", "test/support/lifecycle-instance.ts", "10", String(startAt)], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, OUTBOX_POLL_MS: "600000" },
    timeout: 60_000,
  });
  await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
  const here = Promise.all(Array.from({ length: 10 }, () => runLifecycleRound(paymentGateway())));
  const [{ stdout }, rounds] = await Promise.all([other, here]);
  const renewedThere = (JSON.parse(stdout) as { renewed: number }).renewed;
  const renewedHere = rounds.reduce((sum, round) => sum + round.renewed, 0);

  // Two monthly periods fall due in 63 days for each of the five subscriptions.
  expect(renewedHere + renewedThere).toBe(10);
  // Both took part: neither was done before the other began.
  expect(renewedHere).toBeGreaterThan(0);
  expect(renewedThere).toBeGreaterThan(0);
  for (const subscription of subscriptions) {
    const charges = (await paymentsOf(subscription)).filter((p) => p.kind === "charge");
    expect(charges.map((c) => c.period)).toEqual([1, 2]);
    expect(await sandboxCharges(subscription)).toHaveLength(2);
    expect((await reload(subscription)).periodsPaid).toBe(3);
  }
}, 90_000);
