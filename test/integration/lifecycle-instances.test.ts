// Two app instances on one PostgreSQL database billing the same due period: this process and
// another one, each running ten lifecycle rounds at once. PostgreSQL only (vitest.config.ts
// leaves it out of the PGlite pass): PGlite is one process's database.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { beforeEach, expect, it, vi } from "vitest";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, paymentsOf, reload, sandboxCharges } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

it("two instances and twenty rounds bill each due period once", async () => {
  const subscriptions = await Promise.all(Array.from({ length: 10 }, () => heldSubscription({ plan: "monthly" })));
  for (const subscription of subscriptions) await decideReview(paymentGateway(), subscription, "approved", null, "owner");
  await moveSandboxClock(63);

  const other = spawn(process.execPath, ["--import", "tsx", "test/support/lifecycle-instance.ts", "10"], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, OUTBOX_POLL_MS: "600000" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let said = "";
  other.stdout.setEncoding("utf8").on("data", (chunk: string) => (said += chunk));
  await vi.waitFor(() => expect(said).toContain("ready"), { timeout: 60_000, interval: 50 });
  const finished = once(other, "exit");
  // Both begin together: the other on "go", this one at once.
  other.stdin.write("go\n");
  const rounds = await Promise.all(Array.from({ length: 10 }, () => runLifecycleRound(paymentGateway())));
  await finished;
  const renewedThere = (JSON.parse(said.split("\n").filter(Boolean).at(-1)!) as { renewed: number }).renewed;
  const renewedHere = rounds.reduce((sum, round) => sum + round.renewed, 0);

  console.info(`two instances: ${renewedHere} renewals billed here, ${renewedThere} in the other`);
  // Two monthly periods fall due in 63 days for each of the ten subscriptions.
  expect(renewedHere + renewedThere).toBe(20);
  for (const subscription of subscriptions) {
    const charges = (await paymentsOf(subscription)).filter((p) => p.kind === "charge");
    expect(charges.map((c) => c.period)).toEqual([1, 2]);
    expect(await sandboxCharges(subscription)).toHaveLength(2);
    expect((await reload(subscription)).periodsPaid).toBe(3);
  }
}, 90_000);
