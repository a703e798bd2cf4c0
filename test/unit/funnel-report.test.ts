// The owner's funnel report's pure rules: the statistics of the variants against known
// values, the counting of steps and shares, the date range and filters asked for, the money
// summed from payments, and CSV cells a spreadsheet cannot run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../app/funnel/csv";
import {
  funnelRows,
  funnelStepBit,
  funnelSteps,
  rangeInstants,
  recordedSteps,
  reportMessages,
  reportQuerySchema,
  stepBits,
} from "../../app/funnel/funnel-report";
import { moneyReport, type PaymentGroup } from "../../app/funnel/money-report";
import { compareProportions, comparisonText, normalCdf, wilsonInterval } from "../../app/funnel/proportions";

describe("the statistics", () => {
  it("gives Wilson's 95% interval for known proportions", () => {
    const half = wilsonInterval({ successes: 50, total: 100 })!;
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
    const none = wilsonInterval({ successes: 0, total: 10 })!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    const all = wilsonInterval({ successes: 20, total: 20 })!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.8389, 4);
    expect(wilsonInterval({ successes: 0, total: 0 })).toBeNull();
  });

  it("knows the normal distribution", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(normalCdf(3)).toBeCloseTo(0.99865, 5);
  });

  it("finds a known significant difference significant, and a known chance one not", () => {
    const significant = compareProportions({ successes: 200, total: 1000 }, { successes: 250, total: 1000 });
    expect(significant).toMatchObject({ verdict: "significant" });
    if (significant.verdict === "not enough data") throw new Error("unreachable");
    expect(significant.difference).toBeCloseTo(0.05, 10);
    expect(significant.z).toBeCloseTo(2.6774, 3);
    expect(significant.pValue).toBeCloseTo(0.00742, 4);
    expect(significant.differenceInterval.low).toBeGreaterThan(0);
    expect(comparisonText(significant, "Current", "Classic")).toBe(
      `Classic: 5.0 points higher than Current (95% CI ${(significant.differenceInterval.low * 100).toFixed(1)} to ${(significant.differenceInterval.high * 100).toFixed(1)} points), p = 0.007. Significant at the 5% level.`,
    );

    const chance = compareProportions({ successes: 100, total: 1000 }, { successes: 110, total: 1000 });
    expect(chance).toMatchObject({ verdict: "not significant" });
    if (chance.verdict === "not enough data") throw new Error("unreachable");
    expect(chance.pValue).toBeCloseTo(0.4658, 3);
    expect(chance.differenceInterval.low).toBeLessThan(0);
    expect(chance.differenceInterval.high).toBeGreaterThan(0);
    expect(comparisonText(chance, "Current", "Classic")).toMatch(
      /^Classic: 1\.0 points higher than Current .*p = 0\.46\d\. Not significant at the 5% level: the difference may be chance\.$/,
    );
  });

  it("gives no verdict below the minimum of flows or of conversions", () => {
    const few = compareProportions({ successes: 10, total: 99 }, { successes: 50, total: 1000 });
    expect(comparisonText(few, "Current", "Classic")).toBe("Not enough data yet: each variant needs at least 100 flows.");
    const rare = compareProportions({ successes: 1, total: 1000 }, { successes: 2, total: 1000 });
    expect(comparisonText(rare, "Current", "Classic")).toBe("Not enough data yet: too few conversions yet for the test to mean anything.");
  });

  it("keeps every interval inside 0..1 around its rate, and compares b with a as a with b mirrored", () => {
    const proportion = fc
      .integer({ min: 1, max: 5000 })
      .chain((total) => fc.record({ total: fc.constant(total), successes: fc.integer({ min: 0, max: total }) }));
    fc.assert(
      fc.property(proportion, proportion, (a, b) => {
        const interval = wilsonInterval(a)!;
        const rate = a.successes / a.total;
        expect(interval.low).toBeGreaterThanOrEqual(0);
        expect(interval.high).toBeLessThanOrEqual(1);
        expect(interval.low).toBeLessThanOrEqual(rate + 1e-12);
        expect(interval.high).toBeGreaterThanOrEqual(rate - 1e-12);
        const forth = compareProportions(a, b);
        const back = compareProportions(b, a);
        expect(back.verdict).toBe(forth.verdict);
        if (forth.verdict !== "not enough data" && back.verdict !== "not enough data") {
          expect(back.difference).toBeCloseTo(-forth.difference, 12);
          expect(back.pValue).toBeCloseTo(forth.pValue, 12);
          expect(forth.differenceInterval.low).toBeLessThanOrEqual(forth.difference + 1e-12);
          expect(forth.differenceInterval.high).toBeGreaterThanOrEqual(forth.difference - 1e-12);
          expect(forth.pValue < 0.05).toBe(forth.verdict === "significant");
        }
      }),
    );
  });
});

describe("the steps", () => {
  it("gives each recorded step its own bit, and the report's later steps none", () => {
    const bits = recordedSteps.map(funnelStepBit);
    expect(new Set(bits).size).toBe(recordedSteps.length);
    expect(stepBits(["welcome", "welcome", "final-checkout"])).toBe(1 | 128);
    expect(funnelSteps.map((step) => step.label)).toEqual([
      "Welcome",
      "Concerns",
      "Social proof",
      "Congratulations",
      "Selection page",
      "ADD TO PLAN",
      "Pre-checkout",
      "Final checkout",
      "Hold placed",
      "Approved",
      "First renewal",
    ]);
  });

  it("gives each step its share of the step before and of the flows begun, and none of nothing", () => {
    const rows = funnelRows({ flows: 200, steps: [200, 150, 150, 0, 10, 5, 5, 4, 2, 1, 0] });
    expect(rows.map((row) => [row.code, row.reached, row.fromPrevious, row.fromStart])).toEqual([
      ["welcome", 200, 1, 1],
      ["concerns", 150, 0.75, 0.75],
      ["social-proof", 150, 1, 0.75],
      ["congratulations", 0, 0, 0],
      ["selection", 10, null, 0.05],
      ["add-to-plan", 5, 0.5, 0.025],
      ["pre-checkout", 5, 1, 0.025],
      ["final-checkout", 4, 0.8, 0.02],
      ["hold-placed", 2, 0.5, 0.01],
      ["approved", 1, 0.5, 0.005],
      ["first-renewal", 0, 0, 0],
    ]);
    expect(
      funnelRows({ flows: 0, steps: [] }).every((row) => row.reached === 0 && row.fromStart === null && row.fromPrevious === null),
    ).toBe(true);
  });
});

describe("the range and filters asked for", () => {
  const today = new Date("2026-11-22T15:00:00Z");
  const read = (query: Record<string, string>) => reportQuerySchema(today).safeParse(query);

  it("is the last 30 days by default, both ends included, in UTC", () => {
    const parsed = read({});
    expect(parsed.success && parsed.data).toMatchObject({ from: "2026-10-24", to: "2026-11-22" });
    expect(parsed.success && [parsed.data.group, parsed.data.source]).toEqual([undefined, undefined]);
    const { start, end } = rangeInstants({ from: "2026-10-24", to: "2026-11-22" });
    expect([start.toISOString(), end.toISOString()]).toEqual(["2026-10-24T00:00:00.000Z", "2026-11-23T00:00:00.000Z"]);
    expect((end.getTime() - start.getTime()) / 86_400_000).toBe(30);
  });

  it("keeps filters trimmed, and refuses dates that do not exist, a backwards or too long range, and an unknown grouping", () => {
    const parsed = read({ from: "2026-02-01", to: "2026-02-28", source: "  google ", campaign: "", group: "campaign" });
    expect(parsed.success && parsed.data).toMatchObject({ source: "google", campaign: undefined, group: "campaign" });
    const messagesOf = (query: Record<string, string>) => {
      const result = read(query);
      return result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message]);
    };
    expect(messagesOf({ from: "2026-02-29" })).toEqual([["from", reportMessages.from]]);
    expect(messagesOf({ from: "2028-02-29", to: "2028-03-01" })).toEqual([]);
    expect(messagesOf({ to: "22/11/2026" })).toEqual([["to", reportMessages.to]]);
    expect(messagesOf({ from: "2026-11-23", to: "2026-11-22" })).toEqual([["to", reportMessages.order]]);
    expect(messagesOf({ from: "2020-01-01", to: "2026-11-22" })).toEqual([["to", reportMessages.length]]);
    expect(messagesOf({ group: "email" })).toEqual([["group", reportMessages.group]]);
    expect(messagesOf({ referral: "x".repeat(201) })).toEqual([["referral", reportMessages.filter]]);
  });
});

describe("the money", () => {
  const group = (values: Partial<PaymentGroup>): PaymentGroup => ({
    kind: "hold",
    status: "succeeded",
    renewal: false,
    plan: "quarterly",
    month: "2026-11",
    count: 1,
    cents: 29_900,
    ...values,
  });

  it("sums holds, captures, releases and renewals apart, and revenue by plan and by month", () => {
    const report = moneyReport([
      group({ count: 4, cents: 4 * 29_900 }),
      group({ plan: "monthly", count: 2, cents: 2 * 13_900 }),
      group({ kind: "capture", count: 3, cents: 3 * 29_900 }),
      group({ kind: "charge", plan: "monthly", month: "2026-10", count: 1, cents: 13_900 }),
      group({ kind: "release", count: 1, cents: 29_900 }),
      group({ kind: "charge", renewal: true, month: "2026-10", count: 2, cents: 2 * 29_900 }),
      group({ kind: "charge", renewal: true, status: "failed", count: 1, cents: 29_900 }),
      group({ kind: "charge", renewal: false, status: "failed", count: 1, cents: 13_900 }),
    ]);
    expect(report.holdsPlaced).toEqual({ count: 6, cents: 4 * 29_900 + 2 * 13_900 });
    expect(report.captured).toEqual({ count: 4, cents: 3 * 29_900 + 13_900 });
    expect(report.released).toEqual({ count: 1, cents: 29_900 });
    expect(report.renewalsCharged).toEqual({ count: 2, cents: 2 * 29_900 });
    expect(report.renewalsFailed).toEqual({ count: 1, cents: 29_900 });
    expect(report.revenue).toEqual({ count: 6, cents: 5 * 29_900 + 13_900 });
    expect(report.averageOrderCents).toBe(Math.round((4 * 29_900 + 2 * 13_900) / 6));
    expect(report.byPlan).toMatchObject([
      { plan: "monthly", label: "Monthly", revenue: { count: 1, cents: 13_900 } },
      { plan: "quarterly", label: "Quarterly", revenue: { count: 5, cents: 5 * 29_900 } },
    ]);
    expect(report.byMonth).toMatchObject([
      { month: "2026-10", revenue: { count: 3, cents: 13_900 + 2 * 29_900 } },
      { month: "2026-11", revenue: { count: 3, cents: 3 * 29_900 } },
    ]);
    expect(moneyReport([]).averageOrderCents).toBeNull();
  });
});

describe("CSV", () => {
  it("writes numbers as numbers, quotes what needs it, and keeps formula-looking text as text", () => {
    expect(csvCell(12)).toBe("12");
    expect(csvCell(-3.5)).toBe("-3.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", twice')).toBe('"say ""hi"", twice"');
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(toCsv(["a", "b"], [[1, "x\ny"]])).toBe('\uFEFFa,b\r\n1,"x\ny"\r\n');
  });

  it("reads back every text it writes, and never lets a cell start a formula", () => {
    const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (text) => {
        const written = unquote(csvCell(text));
        expect(written).toBe(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
        expect(/^[=+\-@\t\r]/.test(written)).toBe(false);
      }),
    );
  });
});
