// The prunes: a flow abandoned for ABANDONED_FLOW_DAYS (90 by default) loses her name, email,
// phone, address and answers, while a flow with an order, or one she came back to, keeps
// everything and the funnel report counts the same; delivered outbox messages go after 30
// days, never a pending one; old rate-limit counters go; each works in batches and every run
// is recorded and shown in the funnel report's health part.
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import { HealthReport } from "../../app/routes/owner.funnel/health-report";
import * as funnelPage from "../../app/routes/owner.funnel/route";
import * as socialProof from "../../app/routes/social-proof.($responderUuid)/route";
import { database, databaseEngine } from "../../app/server/db/client.server";
import {
  billingAddresses,
  checkoutCarts,
  embeddedProviderReceipts,
  flowProgress,
  funnelRecords,
  outboxMessages,
  planSelections,
  preCheckoutDetails,
  rateLimitCounters,
  shippingAddresses,
  signInTries,
  tokenArrivals,
} from "../../app/server/db/schema.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { embeddedProvider } from "../../app/server/provider/embedded.server";
import { runPrunes } from "../../app/server/workers/prunes.server";
import { aPerson, anAddress } from "../support/factories";
import { buildPlan, payForPlan, saveDetails, startFlow } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedInOwner } from "../support/staff";

beforeEach(async () => {
  await resetDatabase();
});

const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs);

/** Every table a flow writes her details or her activity to, with the column of its last write. */
const flowTables = [
  [funnelRecords, "updated_at"],
  [preCheckoutDetails, "updated_at"],
  [planSelections, "updated_at"],
  [shippingAddresses, "updated_at"],
  [billingAddresses, "updated_at"],
  [checkoutCarts, "updated_at"],
  [tokenArrivals, "arrived_at"],
] as const;

/** Her flow as she leaves it before paying: answers, email, plan, details, both addresses; the provider told. */
async function flowLeftBeforePaying(email = "jane@example.org"): Promise<string> {
  const browser = new TestBrowser();
  const responderUuid = await startFlow(browser, "?utm_source=spring");
  const params = { responderUuid };
  await browser.call(concerns.action, `/concerns/${responderUuid}`, { params, form: { concern: "im_worried_about_the_cost" } });
  await browser.call(socialProof.action, `/social-proof/${responderUuid}`, { params, form: { email } });
  await buildPlan(browser, responderUuid);
  await saveDetails(browser, responderUuid, aPerson({ email }));
  const db = await database();
  // Her addresses, as the final checkout keeps them when she stops at the card.
  const address = { responderUuid, firstName: "Jane", lastName: "Doe", ...anAddress() };
  await db.insert(shippingAddresses).values(address);
  await db.insert(billingAddresses).values({ ...address, addressLine1: "9 Other Road" });
  await deliverDueOutboxMessages(embeddedProvider(db), 100);
  return responderUuid;
}

/** Her last activity moved `days` back, in every table but those in `except`. */
async function lastActive(responderUuid: string, days: number, except: unknown[] = []): Promise<void> {
  const db = await database();
  for (const [table, column] of flowTables) {
    if (except.includes(table)) continue;
    await db.execute(
      sql`update ${table} set ${sql.identifier(column)} = ${daysAgo(days).toISOString()}::timestamptz where responder_uuid = ${responderUuid}`,
    );
  }
}

async function whatIsKept(responderUuid: string) {
  const db = await database();
  const [record] = await db.select().from(funnelRecords).where(eq(funnelRecords.responderUuid, responderUuid));
  const [details] = await db.select().from(preCheckoutDetails).where(eq(preCheckoutDetails.responderUuid, responderUuid));
  const [progress] = await db.select().from(flowProgress).where(eq(flowProgress.responderUuid, responderUuid));
  const [plan] = await db.select().from(planSelections).where(eq(planSelections.responderUuid, responderUuid));
  return {
    email: record?.emailAddress ?? null,
    reasons: record?.reasonYouAreHereToday,
    concerns: record?.concernsAboutHrt,
    stepAndSource: { step: record?.currentStepId, source: record?.utmSource },
    details: details && { firstName: details.firstName, lastName: details.lastName, email: details.email, phone: details.phone },
    shipping: (await db.select().from(shippingAddresses).where(eq(shippingAddresses.responderUuid, responderUuid))).length,
    billing: (await db.select().from(billingAddresses).where(eq(billingAddresses.responderUuid, responderUuid))).length,
    receipts: (await db.select().from(embeddedProviderReceipts).where(eq(embeddedProviderReceipts.responderUuid, responderUuid))).length,
    progress,
    plan: plan?.selectedMedications ?? null,
  };
}

const erased = { firstName: null, lastName: null, email: null, phone: null };

async function pruneRun(name: string) {
  const owner = await signedInOwner();
  const page = await owner.call(funnelPage.loader, "/owner/funnel");
  expect(page).toHaveStatus(200);
  return page.data.report.health.prunes.find((line: { name: string }) => line.name === name);
}

describe("abandoned flows", () => {
  it("erases her name, email, phone, addresses and answers after 90 days, keeping what the funnel report counts", async () => {
    const owner = await signedInOwner();
    const abandoned = await flowLeftBeforePaying();
    const before = await whatIsKept(abandoned);
    expect(before.email).toBe("jane@example.org");
    expect(before.details).toEqual({ firstName: "Jane", lastName: "Doe", email: "jane@example.org", phone: expect.any(String) });
    expect([before.shipping, before.billing]).toEqual([1, 1]);
    expect(before.receipts).toBeGreaterThan(0);
    expect(before.concerns).toEqual(["im_worried_about_the_cost"]);
    const reportBefore = (await owner.call(funnelPage.loader, "/owner/funnel")).data.report;

    // 89 days: she may still come back.
    await lastActive(abandoned, 89);
    await runPrunes();
    expect((await whatIsKept(abandoned)).details).toEqual(before.details);

    await lastActive(abandoned, 91);
    const [run] = await runPrunes();
    expect(run).toMatchObject({ name: "abandoned-flows", rows: 1, batches: 1, caughtUp: true, failed: false });
    const after = await whatIsKept(abandoned);
    expect(after).toEqual({
      ...before,
      email: null,
      reasons: [],
      concerns: [],
      details: erased,
      shipping: 0,
      billing: 0,
      receipts: 0,
    });
    // The anonymous rest is as it was: the flow's step, source and progress, her plan's medications.
    expect(after.stepAndSource).toEqual(before.stepAndSource);
    expect(after.progress).toEqual(before.progress);
    const reportAfter = (await owner.call(funnelPage.loader, "/owner/funnel")).data.report;
    expect(reportAfter.flows).toBe(reportBefore.flows);
    expect(reportAfter.rows).toEqual(reportBefore.rows);
  });

  it("keeps every detail of a flow with an order, however old", async () => {
    const { responderUuid, answer } = await payForPlan(new TestBrowser());
    expect(answer).toHaveStatus(303);
    const before = await whatIsKept(responderUuid);
    expect(before.details?.email).toBe(aPerson().email);
    await lastActive(responderUuid, 400);
    const [run] = await runPrunes();
    expect(run!.rows).toBe(0);
    expect(await whatIsKept(responderUuid)).toEqual(before);
  });

  it("leaves a flow she came back to: one table written lately is enough", async () => {
    const returned = await flowLeftBeforePaying();
    await lastActive(returned, 120, [planSelections]);
    await runPrunes();
    expect((await whatIsKept(returned)).details?.email).toBe("jane@example.org");
  });

  it("erases a flow once: the next run finds nothing", async () => {
    const abandoned = await flowLeftBeforePaying();
    await lastActive(abandoned, 100);
    expect((await runPrunes())[0]!.rows).toBe(1);
    expect((await runPrunes())[0]!.rows).toBe(0);
    expect(await pruneRun("abandoned-flows")).toMatchObject({ rows: 0, batches: 1, caughtUp: true, failed: false });
  });

  it("works in batches, up to a bound a run, and says when more is left", async () => {
    const db = await database();
    const flows = Array.from({ length: 7 }, (_, index) => ({
      responderUuid: crypto.randomUUID(),
      emailAddress: `someone${index}@example.org`,
      updatedAt: daysAgo(95),
    }));
    await db.insert(funnelRecords).values(flows);
    const bounds = { batchSize: 3, batchesPerRun: 2 };
    expect((await runPrunes(new Date(), bounds))[0]).toMatchObject({ rows: 6, batches: 2, caughtUp: false });
    expect(await pruneRun("abandoned-flows")).toMatchObject({ rows: 6, batches: 2, caughtUp: false });
    expect((await runPrunes(new Date(), bounds))[0]).toMatchObject({ rows: 1, batches: 1, caughtUp: true });
    const left = await db
      .select()
      .from(funnelRecords)
      .where(sql`${funnelRecords.emailAddress} is not null`);
    expect(left).toEqual([]);
  });
});

describe("the outbox and the rate-limit counters", () => {
  it("removes messages delivered over 30 days ago, in batches, and never a pending one", async () => {
    const db = await database();
    const message = (key: string, status: "pending" | "delivered", days: number) => ({
      kind: "sales-funnel",
      idempotencyKey: key,
      payload: {},
      status,
      createdAt: daysAgo(days),
      deliveredAt: status === "delivered" ? daysAgo(days) : null,
    });
    await db
      .insert(outboxMessages)
      .values([
        ...Array.from({ length: 5 }, (_, index) => message(`old-${index}`, "delivered", 31 + index)),
        message("recent", "delivered", 29),
        message("stuck-1", "pending", 60),
        message("stuck-2", "pending", 200),
      ]);
    const run = (await runPrunes(new Date(), { batchSize: 2, batchesPerRun: 10 })).find((line) => line.name === "delivered-outbox");
    expect(run).toMatchObject({ rows: 5, batches: 3, caughtUp: true });
    const kept = await db.select({ key: outboxMessages.idempotencyKey }).from(outboxMessages).orderBy(outboxMessages.idempotencyKey);
    expect(kept.map((row) => row.key)).toEqual(["recent", "stuck-1", "stuck-2"]);
  });

  it("removes rate-limit counters past their window and keeps the current ones", async () => {
    const db = await database();
    await db.insert(rateLimitCounters).values([
      { bucket: "step-post", key: "a", windowStart: daysAgo(2), hits: 3 },
      { bucket: "step-post", key: "b", windowStart: daysAgo(1), hits: 1 },
      { bucket: "step-post", key: "c", windowStart: new Date(), hits: 1 },
    ]);
    const run = (await runPrunes()).find((line) => line.name === "rate-limit-counters");
    expect(run).toMatchObject({ rows: 2, caughtUp: true });
    expect((await db.select().from(rateLimitCounters)).map((row) => row.key)).toEqual(["c"]);
  });

  it("removes console sign-in tries whose last try left every window, and keeps the others", async () => {
    const db = await database();
    const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await db.insert(signInTries).values([
      { bucket: "password-account", key: "old", tries: [hourAgo(3)], lastTryAt: hourAgo(3) },
      { bucket: "code-account", key: "old", tries: [hourAgo(2)], lastTryAt: hourAgo(2) },
      { bucket: "password-account", key: "recent", tries: [hourAgo(0.5)], lastTryAt: hourAgo(0.5) },
    ]);
    const run = (await runPrunes()).find((line) => line.name === "sign-in-tries");
    expect(run).toMatchObject({ rows: 2, caughtUp: true });
    expect((await db.select().from(signInTries)).map((row) => row.key)).toEqual(["recent"]);
  });
});

describe("the funnel report's health", () => {
  it("lists every prune, not run yet, then with its last run", async () => {
    expect(await pruneRun("delivered-outbox")).toEqual({
      name: "delivered-outbox",
      ranAt: null,
      rows: 0,
      batches: 0,
      caughtUp: false,
      failed: false,
    });
    const at = new Date("2030-01-02T03:04:05.000Z");
    await runPrunes(at);
    const owner = await signedInOwner();
    const health = (await owner.call(funnelPage.loader, "/owner/funnel")).data.report.health;
    expect(health.prunes.map((line: { name: string }) => line.name)).toEqual([
      "abandoned-flows",
      "delivered-outbox",
      "rate-limit-counters",
      "sign-in-tries",
      "unknown-sign-ins",
      "health-data-requests",
    ]);
    expect(health.prunes[1]).toEqual({
      name: "delivered-outbox",
      ranAt: at.toISOString(),
      rows: 0,
      batches: 1,
      caughtUp: true,
      failed: false,
    });
    expect(health.pruneAges).toEqual({ abandonedFlowDays: 90, deliveredOutboxKeptDays: 30, unknownSignInsKeptDays: 90 });
  });

  it("tells how much room the database takes, as its engine counts it", async () => {
    const owner = await signedInOwner();
    const health = (await owner.call(funnelPage.loader, "/owner/funnel")).data.report.health;
    const engine = await databaseEngine();
    // Either engine's result type is opaque: its rows are asserted, not inferred.
    const result: unknown = await (await database()).execute(sql`select pg_database_size(current_database())::bigint as bytes`);
    const [own] = (result as { rows: { bytes: string }[] }).rows;
    // The tests' databases are in memory or on PostgreSQL: the database's own count (the folder on disk: data-folder.test.ts).
    expect(health.database).toMatchObject({ engine, of: "database" });
    expect(health.database.bytes).toBeGreaterThan(1_000_000);
    expect(Math.abs(health.database.bytes - Number(own!.bytes))).toBeLessThan(1_000_000);
    const text = renderToStaticMarkup(createElement(HealthReport, { health, now: Date.now() }));
    const megabytes = (health.database.bytes / 1_048_576).toFixed(1);
    expect(text).toContain(
      engine === "pglite"
        ? `The embedded database takes ${megabytes} MB in memory. It never vacuums by itself`
        : `The database takes ${megabytes} MB (PostgreSQL&#x27;s own count; PostgreSQL vacuums its tables itself).`,
    );
  });
});
