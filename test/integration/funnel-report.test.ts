// The owner's funnel report: visitors walk the funnel through the route functions with
// different sources and variants, and the page must show what a person counting by hand
// would: every step once per flow, filters, groups, the date range's edges, the variants,
// the money and the health; and the CSV files, hostile values kept as text.
import { beforeEach, describe, expect, it } from "vitest";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as congratulations from "../../app/routes/congratulations.($responderUuid)";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as signIn from "../../app/routes/owner._index/route";
import * as funnelPage from "../../app/routes/owner.funnel/route";
import * as funnelCsv from "../../app/routes/owner.funnel[.]csv";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as ordersCsv from "../../app/routes/owner.orders[.]csv";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import * as socialProof from "../../app/routes/social-proof.($responderUuid)/route";
import * as welcome from "../../app/routes/welcome";
import { funnelSteps, recordedSteps } from "../../app/funnel/funnel-report";
import { database } from "../../app/server/db/client.server";
import { flowProgress } from "../../app/server/db/schema.server";
import { findSubscriptionByResponder } from "../../app/server/db/stores/subscriptions.server";
import { ownerPassword } from "../../app/server/console/owner-password.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { eq, sql } from "drizzle-orm";
import { seedFunnel } from "../../scripts/seed-funnel";
import { aPerson, checkoutForm } from "../support/factories";
import { paymentForm } from "../support/funnel-steps";
import { locationOf, resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { signInForm } from "../support/staff";
import { parseCsv } from "../support/csv";

beforeEach(async () => {
  await resetDatabase();
  await ensureFirstOwner();
});

async function signedInOwner(): Promise<TestBrowser> {
  const owner = new TestBrowser();
  expect(await owner.call(signIn.action, "/owner", { form: signInForm(ownerPassword()) })).toRedirectTo("/owner/orders");
  return owner;
}

const lastStep = [...recordedSteps, "hold-placed"] as const;
type WalkTo = (typeof lastStep)[number];

/** A visitor's walk from /welcome (with `query`) as far as `to`, each page opened and each form posted as her browser would. */
async function walk(query: string, to: WalkTo, browser = new TestBrowser()): Promise<string> {
  const reached = (step: WalkTo) => lastStep.indexOf(to) >= lastStep.indexOf(step);
  const answer = await browser.call(welcome.action, `/welcome${query}`, { form: { reason: "nothing_else_has_helped" } });
  const responderUuid = locationOf(answer).pathname.split("/").pop()!;
  const params = { responderUuid };
  if (reached("concerns")) {
    await browser.call(concerns.action, `/concerns/${responderUuid}`, { params, form: { concern: "im_worried_about_the_cost" } });
  }
  if (reached("social-proof")) {
    await browser.call(socialProof.action, `/social-proof/${responderUuid}`, { params, form: { email: aPerson().email } });
  }
  if (reached("congratulations")) {
    await browser.call(congratulations.action, `/congratulations/${responderUuid}`, { params, form: {} });
  }
  if (reached("selection")) expect(await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params })).toHaveStatus(200);
  if (reached("add-to-plan"))
    await browser.call(checkout.action, `/checkout/${responderUuid}`, { params, form: { intent: "add-to-plan" } });
  if (reached("pre-checkout")) {
    expect(await browser.call(preCheckout.loader, `/pre-checkout/${responderUuid}`, { params })).toHaveStatus(200);
    await browser.call(preCheckout.action, `/pre-checkout/${responderUuid}`, { params, form: aPerson() });
  }
  if (reached("final-checkout"))
    expect(await browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params })).toHaveStatus(200);
  if (reached("hold-placed")) {
    const paid = await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
      params,
      form: await paymentForm(browser, responderUuid, checkoutForm()),
    });
    expect(locationOf(paid).pathname).toBe(`/payment-complete/${responderUuid}`);
  }
  return responderUuid;
}

function report(owner: TestBrowser, query = ""): Promise<RouteAnswer> {
  return owner.call(funnelPage.loader, `/owner/funnel${query}`);
}

/** The step counts of a report, by step code. */
function countsOf(answer: RouteAnswer): Record<string, number> {
  return Object.fromEntries(answer.data.report.rows.map((row: { code: string; reached: number }) => [row.code, row.reached]));
}

/** What a person counting by hand expects: flows that got at least that far. */
function expected(walks: WalkTo[], extra: Record<string, number> = {}): Record<string, number> {
  const counts = Object.fromEntries(funnelSteps.map((step) => [step.code, 0]));
  for (const to of walks) for (const step of lastStep.slice(0, lastStep.indexOf(to) + 1)) counts[step]! += 1;
  return { ...counts, ...extra };
}

describe("the funnel by step", () => {
  it("counts every step once per flow after walks with different sources and variants, and filters and groups them", async () => {
    await walk("?utm_source=google&utm_campaign=spring", "hold-placed");
    await walk("?utm_source=google&utm_campaign=spring", "add-to-plan");
    await walk("?utm_source=facebook&utm_campaign=autumn&variant=classic", "final-checkout");
    await walk("?variant=classic&referral_code=AMY10", "social-proof");
    await walk("", "welcome");
    // One more, whose pages are reloaded and whose forms are sent twice: still one flow, each step once.
    const twice = new TestBrowser();
    const repeated = await walk("?utm_source=google", "pre-checkout", twice);
    const params = { responderUuid: repeated };
    await twice.call(checkout.loader, `/checkout/${repeated}`, { params });
    await twice.call(checkout.action, `/checkout/${repeated}`, { params, form: { intent: "add-to-plan" } });
    await twice.call(preCheckout.loader, `/pre-checkout/${repeated}`, { params });

    const owner = await signedInOwner();
    const all = await report(owner);
    expect(all).toHaveStatus(200);
    expect(all.data.report.flows).toBe(6);
    expect(countsOf(all)).toEqual(expected(["hold-placed", "add-to-plan", "final-checkout", "social-proof", "welcome", "pre-checkout"]));
    const first = all.data.report.rows[0];
    expect(first).toMatchObject({ code: "welcome", reached: 6, fromPrevious: 1, fromStart: 1 });
    const built = all.data.report.rows.find((row: { code: string }) => row.code === "congratulations");
    expect(built).toMatchObject({ reached: 4, fromPrevious: 4 / 5, fromStart: 4 / 6 });

    const google = await report(owner, "?source=google");
    expect(countsOf(google)).toEqual(expected(["hold-placed", "add-to-plan", "pre-checkout"]));
    expect(countsOf(await report(owner, "?source=google&campaign=spring"))).toEqual(expected(["hold-placed", "add-to-plan"]));
    expect(countsOf(await report(owner, "?source=(none)"))).toEqual(expected(["social-proof", "welcome"]));
    expect(countsOf(await report(owner, "?referral=AMY10"))).toEqual(expected(["social-proof"]));
    expect(countsOf(await report(owner, "?variant=classic"))).toEqual(expected(["final-checkout", "social-proof"]));
    expect((await report(owner, "?source=nobody")).data.report.flows).toBe(0);

    // The filters offer the sources of the range, most flows first.
    expect(all.data.report.choices.source).toEqual([
      { value: "google", flows: 3 },
      { value: "(none)", flows: 2 },
      { value: "facebook", flows: 1 },
    ]);

    const bySource = await report(owner, "?group=source");
    expect(
      bySource.data.report.grouped.rows.map((row: { label: string; counts: { flows: number; steps: number[] } }) => [
        row.label,
        row.counts.flows,
        row.counts.steps[8],
      ]),
    ).toEqual([
      ["google", 3, 1],
      ["(none)", 2, 0],
      ["facebook", 1, 0],
    ]);
    const byVariant = await report(owner, "?group=variant&source=google");
    expect(
      byVariant.data.report.grouped.rows.map((row: { label: string; counts: { flows: number } }) => [row.label, row.counts.flows]),
    ).toEqual([["Current", 3]]);
    expect(
      byVariant.data.report.variants.rows.map((row: { label: string; flows: number; holds: number }) => [row.label, row.flows, row.holds]),
    ).toEqual([
      ["Current", 3, 1],
      ["Classic", 0, 0],
    ]);
    expect(byVariant.data.report.variants.held).toBe("Not enough data yet: each variant needs at least 100 flows.");
  });

  it("follows each flow to its hold, its approval and its first renewal, and shows the money and the hold about to lapse", async () => {
    const held = await walk("?utm_source=google", "hold-placed");
    const waiting = await walk("?utm_source=google", "hold-placed");
    const owner = await signedInOwner();
    const subscription = (await findSubscriptionByResponder(held))!;
    await owner.call(orderPage.action, `/owner/orders/${subscription.reference}`, {
      params: { reference: subscription.reference },
      form: { intent: "approve" },
    });

    const answer = await report(owner);
    expect(countsOf(answer)).toEqual(expected(["hold-placed", "hold-placed"], { approved: 1, "first-renewal": 0 }));
    const money = answer.data.report.money;
    expect(money.holdsPlaced).toEqual({ count: 2, cents: subscription.firstPeriodCents * 2 });
    expect(money.captured).toEqual({ count: 1, cents: subscription.firstPeriodCents });
    expect(money.revenue).toEqual(money.captured);
    expect(money.averageOrderCents).toBe(subscription.firstPeriodCents);
    expect(money.byPlan).toEqual([
      {
        plan: subscription.plan,
        label: expect.any(String),
        revenue: money.captured,
        refunds: { count: 0, cents: 0 },
        lostDisputes: { count: 0, cents: 0 },
        netCents: money.captured.cents,
      },
    ]);
    expect(money.netRevenueCents).toBe(money.captured.cents);
    expect(money.byMonth).toHaveLength(1);

    // The other hold is not flagged while it has days left; six days on, it lapses within one.
    const other = (await findSubscriptionByResponder(waiting))!;
    expect(answer.data.report.health.expiringHolds).toEqual([]);
    expect((await moveSandboxClock(6)).status).toBe("moved");
    expect((await report(owner)).data.report.health.expiringHolds).toEqual([
      { reference: other.reference, holdExpiresAt: other.holdExpiresAt.toISOString() },
    ]);

    // A year on, the approved order has renewed (the funnel counts the flow once, the money every renewal) and the other hold has lapsed.
    expect((await moveSandboxClock(365)).status).toBe("moved");
    await runLifecycleRound(paymentGateway());
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const year = await report(owner, `?from=${day(-1)}&to=${day(372)}`);
    expect(countsOf(year)).toEqual(expected(["hold-placed", "hold-placed"], { approved: 1, "first-renewal": 1 }));
    expect(year.data.report.money.renewalsCharged.count).toBeGreaterThanOrEqual(1);
    expect(year.data.report.money.revenue.cents).toBe(year.data.report.money.captured.cents + year.data.report.money.renewalsCharged.cents);
    expect(year.data.report.health.expiringHolds).toEqual([]);
  });
});

describe("the date range", () => {
  it("takes the flows begun from the first day's midnight to the last day's end (UTC), and refuses a wrong range with 400", async () => {
    const [early, inside, late] = [await walk("", "welcome"), await walk("", "welcome"), await walk("", "welcome")];
    const db = await database();
    const startAt = async (responderUuid: string, iso: string) =>
      db
        .update(flowProgress)
        .set({ startedAt: new Date(iso) })
        .where(eq(flowProgress.responderUuid, responderUuid));
    await startAt(early, "2026-03-31T23:59:59.999Z");
    await startAt(inside, "2026-04-01T00:00:00.000Z");
    await startAt(late, "2026-04-30T23:59:59.999Z");
    const owner = await signedInOwner();
    expect((await report(owner, "?from=2026-04-01&to=2026-04-30")).data.report.flows).toBe(2);
    expect((await report(owner, "?from=2026-04-01&to=2026-04-29")).data.report.flows).toBe(1);
    expect((await report(owner, "?from=2026-03-31&to=2026-03-31")).data.report.flows).toBe(1);
    // The default: the last 30 days, which these are not in.
    expect((await report(owner)).data.report.flows).toBe(0);

    const backwards = await report(owner, "?from=2026-05-01&to=2026-04-01");
    expect(backwards).toHaveStatus(400);
    expect(backwards.data.errors).toEqual({ to: ["The start date must be on or before the end date."] });
    const nonsense = await report(owner, "?from=2026-02-30&to=soon&group=everything");
    expect(nonsense).toHaveStatus(400);
    expect(nonsense.data.errors).toEqual({
      from: ["Enter the start date as a date, for example 2026-10-24."],
      to: ["Enter the end date as a date, for example 2026-11-22."],
      group: ["Choose one of the listed groupings."],
    });
    expect(nonsense.data.report).toBeNull();
    expect(await owner.call(funnelCsv.loader, "/owner/funnel.csv?from=tomorrow")).toHaveStatus(400);
  });

  it("is the owner's only: a visitor is sent to sign in, for the page and both files", async () => {
    const visitor = new TestBrowser();
    expect(await visitor.call(funnelPage.loader, "/owner/funnel")).toRedirectTo("/owner");
    expect(await visitor.call(funnelCsv.loader, "/owner/funnel.csv")).toRedirectTo("/owner");
    expect(await visitor.call(ordersCsv.loader, "/owner/orders.csv")).toRedirectTo("/owner");
  });
});

describe("the CSV files", () => {
  it("export the funnel table and the orders, hostile values kept as text and no personal data", async () => {
    const hostile = '=HYPERLINK("http://evil.example/?x=1","Click, me")';
    const paid = await walk(`?utm_source=${encodeURIComponent(hostile)}&utm_campaign=${encodeURIComponent("+SUM(1,2)")}`, "hold-placed");
    await walk("?utm_source=google", "congratulations");
    const owner = await signedInOwner();

    const grouped = await owner.call(funnelCsv.loader, "/owner/funnel.csv?group=source");
    expect(grouped).toHaveStatus(200);
    expect(grouped.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(grouped.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = grouped.data as string;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?x=1"",""Click, me"")",Welcome,1,100,100\r\n`);
    const lines = parseCsv(text);
    expect(lines[0]).toEqual(["Group", "Step", "Flows", "% of step before", "% of flows begun"]);
    expect(lines).toHaveLength(1 + 2 * funnelSteps.length);
    expect(lines.every((line) => !/^[=+\-@]/.test(line[0]!))).toBe(true);
    expect(lines.find((line) => line[0] === "google" && line[1] === "Selection page")).toEqual(["google", "Selection page", "0", "0", "0"]);

    const plain = parseCsv((await owner.call(funnelCsv.loader, "/owner/funnel.csv")).data);
    expect(plain[0]).toEqual(["Step", "Flows", "% of step before", "% of flows begun"]);
    expect(plain.slice(1).map((line) => [line[0], line[1]])).toEqual(
      funnelSteps.map((step, index) => [step.label, String(index <= 3 ? 2 : index <= 8 ? 1 : 0)]),
    );

    const orders = await owner.call(ordersCsv.loader, "/owner/orders.csv");
    expect(orders.headers.get("Content-Disposition")).toBe('attachment; filename="orders.csv"');
    const rows = parseCsv(orders.data);
    const subscription = (await findSubscriptionByResponder(paid))!;
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ 0: subscription.reference, 10: `'${hostile}`, 11: "'+SUM(1,2)" });
    const person = aPerson();
    for (const personal of [person.email, person.firstName, person.lastName, paid]) expect(orders.data).not.toContain(personal);
    expect(parseCsv((await owner.call(ordersCsv.loader, "/owner/orders.csv?from=2020-01-01&to=2020-01-31")).data)).toHaveLength(1);
  });
});

describe("at scale", () => {
  it("a seed told to reset empties what an earlier seed made, orders and their subscriptions with it", async () => {
    await seedFunnel({ flows: 300, days: 10, reset: false });
    await seedFunnel({ flows: 120, days: 10, reset: true });
    const db = await database();
    expect(await db.$count(flowProgress)).toBe(120);
  });

  it("a seed writes flows in the order they began, as production does, so a range of days lies together on disk", async () => {
    await seedFunnel({ flows: 500, days: 30, reset: true });
    const db = await database();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- either engine's result type is opaque: its rows are asserted, not inferred
    const { rows } = (await db.execute(sql`select started_at from flow_progress order by ctid`)) as unknown as {
      rows: { started_at: string }[];
    };
    const times = rows.map((row) => new Date(row.started_at).getTime());
    expect(times).toHaveLength(500);
    // Nearly in order, as in production: a row too long for the page being filled goes on the
    // next, and a shorter one after it may still fit the page before.
    const median = [...times].sort((a, b) => a - b)[250] ?? 0;
    const earlyInFirstHalf = times.slice(0, 250).filter((time) => time < median).length;
    expect(earlyInFirstHalf).toBeGreaterThanOrEqual(240);
  });

  it("reports the seeded flows with steps that never grow down the funnel, and money that adds up", async () => {
    const orders = await seedFunnel({ flows: 4000, days: 60, reset: false });
    const owner = await signedInOwner();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const answer = await report(owner, `?from=${day(-61)}&to=${day(0)}`);
    expect(answer).toHaveStatus(200);
    const { flows, rows, money, variants } = answer.data.report;
    expect(flows).toBe(4000);
    // From the concerns on, each step is reached by no more flows than the one before (flows from the intake begin at the selection page).
    for (let index = 2; index < rows.length; index++) {
      if (rows[index].code !== "selection") expect(rows[index].reached, rows[index].code).toBeLessThanOrEqual(rows[index - 1].reached);
    }
    const step = (code: string) => rows.find((row: { code: string }) => row.code === code).reached;
    expect(step("hold-placed")).toBe(orders);
    expect(step("welcome")).toBeGreaterThan(0.9 * flows);
    expect(step("final-checkout")).toBeGreaterThan(0.2 * flows);
    expect(step("hold-placed")).toBeGreaterThan(0.2 * step("final-checkout"));
    expect(step("hold-placed")).toBeLessThan(0.4 * step("final-checkout"));
    expect(variants.rows.reduce((sum: number, row: { flows: number }) => sum + row.flows, 0)).toBe(flows);
    expect(money.holdsPlaced.count).toBe(orders);
    expect(money.revenue.cents).toBe(money.captured.cents + money.renewalsCharged.cents);
    expect(money.byPlan.reduce((sum: number, line: { revenue: { cents: number } }) => sum + line.revenue.cents, 0)).toBe(
      money.revenue.cents,
    );
    expect(money.byMonth.reduce((sum: number, line: { revenue: { cents: number } }) => sum + line.revenue.cents, 0)).toBe(
      money.revenue.cents,
    );
    // Grouped by source, the groups add up to the whole.
    const bySource = await report(owner, `?from=${day(-61)}&to=${day(0)}&group=source`);
    const groups = bySource.data.report.grouped.rows as { counts: { flows: number; steps: number[] } }[];
    expect(groups.reduce((sum, group) => sum + group.counts.flows, 0)).toBe(flows);
    expect(groups.reduce((sum, group) => sum + group.counts.steps[8]!, 0)).toBe(orders);
    const csv = parseCsv((await owner.call(ordersCsv.loader, "/owner/orders.csv")).data);
    expect(csv).toHaveLength(orders + 1);
  });
});
