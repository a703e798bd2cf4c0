// The geometry of the older variant's weight-loss chart (spec section 3, "Weight-loss data"):
// the scales, the line's path and the ticks, worked out here as plain numbers so the
// server draws the SVG with no script, and so the rules are tested apart from React. The data
// carries no unit, so neither does anything here.
import type { Translator } from "../i18n/languages";

export interface Milestone {
  month: number;
  weight: number;
}

/** The SVG's size in user units and the margins around the plot (room for the labels). */
export interface ChartFrame {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** About as wide as a phone's column, so the labels stay readable there without scaling down. */
export const chartFrame: ChartFrame = { width: 320, height: 220, top: 32, right: 16, bottom: 44, left: 52 };

/** Font size of the chart's labels, in user units; the margins above leave room for it. */
export const chartFontSize = 15;

/** The first and last months stand this far inside the plot, so their labels clear the axis. */
const monthInset = 18;

export interface ChartPoint extends Milestone {
  x: number;
  y: number;
  /** The baseline of the point's value label, just above the point. */
  labelY: number;
}

export interface ChartTick {
  value: number;
  label: string;
  /** x for a month tick, y for a weight tick. */
  position: number;
}

export interface WeightLossChart {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** In month order. */
  points: ChartPoint[];
  /** The line's path `d`; empty when there is nothing to draw. */
  line: string;
  monthTicks: ChartTick[];
  weightTicks: ChartTick[];
}

/** Distinct months shown as ticks one by one; above this, evenly spaced ticks instead. */
const mostMonthTicks = 7;
/** About this many intervals between weight ticks. */
const weightIntervals = 4;
/** A guard: no axis ever gets more ticks than this, whatever numbers it is given. */
const mostTicks = 50;

/** Coordinates to a tenth of a unit: short paths, and still finer than a pixel. */
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Maps [domainLow, domainHigh] onto [rangeLow, rangeHigh], never beyond it; a one-value domain
 * lands in the middle. Halves first, so that even the widest domain's span does not overflow.
 */
function linearScale(domainLow: number, domainHigh: number, rangeLow: number, rangeHigh: number) {
  const halfSpan = domainHigh / 2 - domainLow / 2;
  return (value: number) => {
    if (halfSpan === 0) return (rangeLow + rangeHigh) / 2;
    const fraction = Math.min(1, Math.max(0, (value / 2 - domainLow / 2) / halfSpan));
    return rangeLow + fraction * (rangeHigh - rangeLow);
  };
}

/** 1, 2 or 5 times a power of ten: the round step closest above `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** Decimals a multiple of `step` needs to be written without float noise (0.30000000000000004). */
function decimalsOf(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step)));
}

/** The multiples of `step` from `from` to `to`; none when the step makes no sense for them. */
function multiplesOf(step: number, from: number, to: number): number[] {
  const firstIndex = Math.ceil(from / step - 1e-9);
  const count = Math.floor(to / step + 1e-9) - firstIndex + 1;
  const sensible = step > 0 && Number.isFinite(step) && Number.isSafeInteger(firstIndex);
  if (!sensible || !(count >= 0 && count <= mostTicks)) return [];
  const decimals = decimalsOf(step);
  return Array.from({ length: count }, (_, index) => Number(((firstIndex + index) * step).toFixed(decimals)));
}

/**
 * Round weight ticks that enclose every weight, about four intervals apart
 * (482 to 555 gives 480, 500, 520, 540, 560). A single weight gets a band around it, so its
 * point sits in the middle of the chart rather than on an edge.
 */
export function weightTickValues(low: number, high: number): number[] {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [];
  let [min, max] = low <= high ? [low, high] : [high, low];
  // Weights equal (or as good as: closer than float noise) make one level line.
  if (max - min <= Math.max(Math.abs(max), 1) * 1e-9) {
    const band = Math.max(Math.abs(max), 1) / 20;
    [min, max] = [min - band, max + band];
  }
  const step = niceStep((max - min) / weightIntervals);
  const ticks = multiplesOf(step, Math.floor(min / step) * step, Math.ceil(max / step) * step);
  return ticks.length > 1 ? ticks : [];
}

/** The months to mark: each one while they are few, else evenly spaced round months. */
export function monthTickValues(months: readonly number[]): number[] {
  const distinct = [...new Set(months)].sort((a, b) => a - b);
  if (distinct.length <= mostMonthTicks) return distinct;
  const first = distinct[0]!;
  const last = distinct.at(-1)!;
  return multiplesOf(Math.max(1, niceStep((last - first) / (mostMonthTicks - 1))), first, last);
}

/** The milestones we can draw, in month order (a milestone with a missing number is left out). */
export function drawableMilestones(milestones: readonly Milestone[]): Milestone[] {
  return milestones
    .filter(({ month, weight }) => Number.isFinite(month) && Number.isFinite(weight))
    .map(({ month, weight }) => ({ month, weight }))
    .sort((a, b) => a.month - b.month);
}

/** Everything the chart draws, for these milestones in this frame. */
export function weightLossChart(milestones: readonly Milestone[], frame: ChartFrame = chartFrame): WeightLossChart {
  const plot = {
    left: frame.left,
    right: frame.width - frame.right,
    top: frame.top,
    bottom: frame.height - frame.bottom,
  };
  const drawn = drawableMilestones(milestones);
  const months = drawn.map((milestone) => milestone.month);
  const weights = drawn.map((milestone) => milestone.weight);

  const weightTicks = drawn.length > 0 ? weightTickValues(Math.min(...weights), Math.max(...weights)) : [];
  const monthTicks = monthTickValues(months);
  const x = linearScale(months[0] ?? 0, months.at(-1) ?? 0, plot.left + monthInset, plot.right - monthInset);
  // Higher weight, higher on the chart: a smaller y.
  const y = linearScale(weightTicks[0] ?? 0, weightTicks.at(-1) ?? 0, plot.bottom, plot.top);

  const points = drawn.map(({ month, weight }) => {
    const pointY = round(y(weight));
    return { month, weight, x: round(x(month)), y: pointY, labelY: round(pointY - chartFontSize * 0.75) };
  });
  return {
    width: frame.width,
    height: frame.height,
    plot,
    points,
    line: points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" "),
    monthTicks: monthTicks.map((value) => ({ value, label: tickLabel(value), position: round(x(value)) })),
    weightTicks: weightTicks.map((value) => ({ value, label: tickLabel(value), position: round(y(value)) })),
  };
}

/** A tick's value is already rounded to its step: written in full, with thousands separators. */
function tickLabel(value: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: 20 });
}

/** A weight as the chart and its table write it: up to one decimal, no unit (the data has none). */
export function formatWeight(weight: number): string {
  return weight.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

/** One sentence that says what the line shows, for the chart's description; in her words with `t`. */
export function chartSummary(milestones: readonly Milestone[], t?: Translator): string {
  const drawn = drawableMilestones(milestones);
  const first = drawn[0];
  const last = drawn.at(-1);
  if (!first || !last) return t ? t("home.chartEmpty") : "No milestones to show.";
  if (first === last) {
    const values = { weight: formatWeight(first.weight), month: first.month };
    return t ? t("home.chartOne", values) : `${values.weight} at month ${values.month}.`;
  }
  const values = { first: formatWeight(first.weight), firstMonth: first.month, last: formatWeight(last.weight), lastMonth: last.month };
  return t
    ? t("home.chartFromTo", values)
    : `From ${values.first} at month ${values.firstMonth} to ${values.last} at month ${values.lastMonth}.`;
}
