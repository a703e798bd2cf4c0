import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { weightLossData } from "../../app/funnel/weight-loss";
import {
  chartFontSize,
  chartFrame,
  chartSummary,
  formatWeight,
  monthTickValues,
  weightLossChart,
  weightTickValues,
  type Milestone,
} from "../../app/funnel/weight-loss-chart";

const plot = {
  left: chartFrame.left,
  right: chartFrame.width - chartFrame.right,
  top: chartFrame.top,
  bottom: chartFrame.height - chartFrame.bottom,
};

const milestone = fc.record({
  month: fc.oneof(fc.integer({ min: 0, max: 36 }), fc.double({ min: 0, max: 36, noNaN: true })),
  weight: fc.oneof(fc.integer({ min: 1, max: 2000 }), fc.double({ min: 1, max: 2000, noNaN: true })),
});

describe("the weight-loss chart of the spec's data (section 3: 555, 530, 504, 482 at months 0 to 3)", () => {
  const chart = weightLossChart(weightLossData.milestones);

  it("marks each month and round weights that enclose the line", () => {
    expect(chart.monthTicks.map((tick) => tick.label)).toEqual(["0", "1", "2", "3"]);
    expect(chart.weightTicks.map((tick) => tick.value)).toEqual([480, 500, 520, 540, 560]);
  });

  it("runs across the plot, just inside both edges, falling month by month", () => {
    expect(chart.points.map((point) => point.weight)).toEqual([555, 530, 504, 482]);
    const first = chart.points[0]!;
    const last = chart.points.at(-1)!;
    // Inside the axis, so the first value label clears the weight ticks' labels.
    expect(first.x).toBeGreaterThan(plot.left + chartFontSize);
    expect(first.x - plot.left).toBe(plot.right - last.x);
    const ys = chart.points.map((point) => point.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(chart.line).toBe(chart.points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" "));
    expect(chart.line).toMatch(/^M70 41 L/);
  });

  it("puts each weight tick at the height of that weight", () => {
    const [lowest, , , , highest] = chart.weightTicks;
    expect(lowest).toEqual({ value: 480, label: "480", position: plot.bottom });
    expect(highest).toEqual({ value: 560, label: "560", position: plot.top });
  });

  it("says what the line shows, in the data's own numbers and no unit", () => {
    expect(chartSummary(weightLossData.milestones)).toBe("From 555 at month 0 to 482 at month 3.");
  });
});

describe("the chart's geometry for any milestones", () => {
  it("keeps points in month order, with x never going back", () => {
    fc.assert(
      fc.property(fc.array(milestone, { maxLength: 12 }), (milestones) => {
        const { points } = weightLossChart(milestones);
        expect(points).toHaveLength(milestones.length);
        for (let i = 1; i < points.length; i++) {
          expect(points[i]!.month).toBeGreaterThanOrEqual(points[i - 1]!.month);
          expect(points[i]!.x).toBeGreaterThanOrEqual(points[i - 1]!.x);
        }
      }),
    );
  });

  it("draws a higher weight higher up (a smaller y), an equal weight level", () => {
    fc.assert(
      fc.property(fc.array(milestone, { minLength: 2, maxLength: 12 }), (milestones) => {
        const { points } = weightLossChart(milestones);
        for (const a of points) {
          for (const b of points) {
            if (a.weight > b.weight) expect(a.y).toBeLessThanOrEqual(b.y);
            if (a.weight === b.weight) expect(a.y).toBe(b.y);
          }
        }
      }),
    );
  });

  it("keeps every point, value label and tick inside the plot, and the plot inside the viewBox", () => {
    fc.assert(
      fc.property(fc.array(milestone, { maxLength: 12 }), (milestones) => {
        const chart = weightLossChart(milestones);
        expect(chart).toMatchObject({ width: chartFrame.width, height: chartFrame.height, plot });
        for (const point of chart.points) {
          expect(point.x).toBeGreaterThanOrEqual(plot.left);
          expect(point.x).toBeLessThanOrEqual(plot.right);
          expect(point.y).toBeGreaterThanOrEqual(plot.top);
          expect(point.y).toBeLessThanOrEqual(plot.bottom);
          // The label's glyphs stand above its baseline: still inside the viewBox.
          expect(point.labelY - chartFontSize).toBeGreaterThanOrEqual(0);
        }
        for (const tick of chart.monthTicks) {
          expect(tick.position).toBeGreaterThanOrEqual(plot.left);
          expect(tick.position).toBeLessThanOrEqual(plot.right);
        }
        for (const tick of chart.weightTicks) {
          expect(tick.position).toBeGreaterThanOrEqual(plot.top);
          expect(tick.position).toBeLessThanOrEqual(plot.bottom);
        }
      }),
    );
  });

  it("draws one path command per point", () => {
    fc.assert(
      fc.property(fc.array(milestone, { maxLength: 12 }), (milestones) => {
        const { line, points } = weightLossChart(milestones);
        expect(line === "" ? [] : line.split(" L")).toHaveLength(points.length);
        expect(line).not.toMatch(/NaN|Infinity/);
      }),
    );
  });

  it("has weight ticks that rise in round steps and enclose every weight", () => {
    fc.assert(
      fc.property(fc.array(milestone, { minLength: 1, maxLength: 12 }), (milestones) => {
        const weights = milestones.map((m) => m.weight);
        const ticks = weightLossChart(milestones).weightTicks.map((tick) => tick.value);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(12);
        expect(ticks[0]).toBeLessThanOrEqual(Math.min(...weights));
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(Math.max(...weights));
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]).toBeGreaterThan(ticks[i - 1]!);
      }),
    );
  });

  it("never draws NaN nor leaves the plot, whatever finite numbers it is given", () => {
    const anyNumber = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(fc.array(fc.record({ month: anyNumber, weight: anyNumber }), { maxLength: 8 }), (milestones) => {
        const chart = weightLossChart(milestones);
        expect(chart.line).not.toMatch(/NaN|Infinity/);
        for (const point of chart.points) {
          expect(point.x).toBeGreaterThanOrEqual(plot.left);
          expect(point.x).toBeLessThanOrEqual(plot.right);
          expect(point.y).toBeGreaterThanOrEqual(plot.top);
          expect(point.y).toBeLessThanOrEqual(plot.bottom);
        }
        for (const tick of [...chart.monthTicks, ...chart.weightTicks]) expect(Number.isFinite(tick.position)).toBe(true);
      }),
    );
  });

  it("shows nothing for no milestones, and leaves out a milestone with a missing number", () => {
    expect(weightLossChart([])).toMatchObject({ points: [], line: "", monthTicks: [], weightTicks: [] });
    const chart = weightLossChart([
      { month: 0, weight: 200 },
      { month: Number.NaN, weight: 190 },
      { month: 2, weight: Number.POSITIVE_INFINITY },
      { month: 1, weight: 180 },
    ]);
    expect(chart.points.map(({ month, weight }) => [month, weight])).toEqual([
      [0, 200],
      [1, 180],
    ]);
    expect(chartSummary([])).toBe("No milestones to show.");
  });

  it("puts a single milestone in the middle of the plot", () => {
    const [point] = weightLossChart([{ month: 1, weight: 500 }]).points;
    expect(point!.x).toBe((plot.left + plot.right) / 2);
    expect(point!.y).toBe((plot.top + plot.bottom) / 2);
  });

  it("sorts milestones given out of order", () => {
    const shuffled: Milestone[] = [...weightLossData.milestones].reverse();
    expect(weightLossChart(shuffled)).toEqual(weightLossChart(weightLossData.milestones));
  });
});

describe("ticks", () => {
  it("are round numbers written without float noise", () => {
    expect(weightTickValues(0.1, 0.3)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(weightTickValues(1234, 1890)).toEqual([1200, 1400, 1600, 1800, 2000]);
    expect(weightTickValues(Number.NaN, 3)).toEqual([]);
  });

  it("mark each month while they are few, else evenly spaced months", () => {
    expect(monthTickValues([3, 0, 1, 2, 1])).toEqual([0, 1, 2, 3]);
    expect(monthTickValues([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toEqual([0, 2, 4, 6, 8, 10, 12]);
  });

  it("write weights with at most one decimal and thousands separators", () => {
    expect(formatWeight(482)).toBe("482");
    expect(formatWeight(1234.56)).toBe("1,234.6");
  });
});
