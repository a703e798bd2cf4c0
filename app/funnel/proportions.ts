// Conversion rates compared the way an A/B test is read: each rate with its 95% interval
// (Wilson's score interval, which stays inside 0..1 and behaves at small counts), the
// difference with its interval, and a two-sided two-proportion z-test on the pooled rate.
// Below a minimum of data the comparison gives no verdict at all.

/** z for a two-sided 95% interval. */
export const z95 = 1.959963984540054;

/** Each variant needs this many flows, and the pooled counts five of each outcome, for a verdict. */
export const minimumFlowsPerVariant = 100;
const minimumExpectedOutcomes = 5;

export interface Proportion {
  successes: number;
  total: number;
}

export interface Interval {
  low: number;
  high: number;
}

export function rate({ successes, total }: Proportion): number | null {
  return total === 0 ? null : successes / total;
}

/** Wilson's score interval at 95%; null with no trials. */
export function wilsonInterval({ successes, total }: Proportion, z = z95): Interval | null {
  if (total === 0) return null;
  const p = successes / total;
  const z2 = z * z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (z / (1 + z2 / total)) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The standard normal CDF, by Abramowitz and Stegun's 7.1.26 for erfc (error under 1.5e-7: plenty for a p-value shown to three places). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

export type Comparison =
  | { verdict: "not enough data"; reason: string }
  | {
      verdict: "significant" | "not significant";
      /** b's rate minus a's. */
      difference: number;
      /** Newcombe's interval for the difference, from the two Wilson intervals. */
      differenceInterval: Interval;
      z: number;
      pValue: number;
    };

/** Compares b against a at the 5% level. */
export function compareProportions(a: Proportion, b: Proportion): Comparison {
  if (a.total < minimumFlowsPerVariant || b.total < minimumFlowsPerVariant) {
    return { verdict: "not enough data", reason: `each variant needs at least ${minimumFlowsPerVariant} flows` };
  }
  const pooled = (a.successes + b.successes) / (a.total + b.total);
  const fewest = Math.min(a.total, b.total);
  if (fewest * pooled < minimumExpectedOutcomes || fewest * (1 - pooled) < minimumExpectedOutcomes) {
    return { verdict: "not enough data", reason: "too few conversions yet for the test to mean anything" };
  }
  const pa = a.successes / a.total;
  const pb = b.successes / b.total;
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.total + 1 / b.total));
  const z = standardError === 0 ? 0 : (pb - pa) / standardError;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  const ia = wilsonInterval(a) as Interval;
  const ib = wilsonInterval(b) as Interval;
  const difference = pb - pa;
  const differenceInterval = {
    low: difference - Math.sqrt((pb - ib.low) ** 2 + (ia.high - pa) ** 2),
    high: difference + Math.sqrt((ib.high - pb) ** 2 + (pa - ia.low) ** 2),
  };
  return { verdict: pValue < 0.05 ? "significant" : "not significant", difference, differenceInterval, z, pValue };
}

const points = (share: number) => `${(share * 100).toFixed(1)} points`;

/** The comparison in a sentence: b against a, in percentage points. */
export function comparisonText(comparison: Comparison, a: string, b: string): string {
  if (comparison.verdict === "not enough data") return `Not enough data yet: ${comparison.reason}.`;
  const { difference, differenceInterval, pValue } = comparison;
  const direction =
    difference === 0 ? `the same as ${a}` : `${points(Math.abs(difference))} ${difference > 0 ? "higher" : "lower"} than ${a}`;
  const interval = `95% CI ${(differenceInterval.low * 100).toFixed(1)} to ${(differenceInterval.high * 100).toFixed(1)} points`;
  const p = pValue < 0.001 ? "p < 0.001" : `p = ${pValue.toFixed(3)}`;
  const verdict =
    comparison.verdict === "significant"
      ? "Significant at the 5% level."
      : "Not significant at the 5% level: the difference may be chance.";
  return `${b}: ${direction} (${interval}), ${p}. ${verdict}`;
}
