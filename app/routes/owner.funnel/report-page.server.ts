// What the funnel page and its CSV read: the query checked (a 400 with messages when it is
// wrong), then the figures, turned into what the page shows.
import {
  dimensionLabels,
  filtersOf,
  funnelRows,
  funnelSteps,
  noValue,
  reportQuerySchema,
  reportSearch,
  type FunnelCounts,
  type ReportDimension,
  type ReportQuery,
} from "../../funnel/funnel-report";
import { compareProportions, comparisonText, rate, wilsonInterval, type Interval } from "../../funnel/proportions";
import { variantLabels } from "../../funnel/variant";
import { filterChoices, funnelFigures, healthFigures, moneyFigures, type FunnelFigures } from "../../server/console/funnel-report.server";
import { readFilters, type ReadFilters } from "../../server/http/address-filters.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";

export type ReadQuery = ReadFilters<ReportQuery>;

export const queryNames = ["from", "to", "source", "campaign", "referral", "variant", "group"] as const;

export async function readReportQuery(request: Request): Promise<ReadQuery> {
  // Flows begin on the real clock; only payments follow the sandbox's lifecycle clock.
  return readFilters(new URL(request.url).searchParams, queryNames, 300, reportQuerySchema(new Date()));
}

/** A group's name as the page writes it. */
export function groupLabel(dimension: ReportDimension, value: string | null): string {
  if (value === null) return noValue;
  return dimension === "variant" ? (variantLabels[value as keyof typeof variantLabels] ?? value) : value;
}

export function groupedRows(figures: FunnelFigures, dimension: ReportDimension): { label: string; counts: FunnelCounts }[] {
  if (!figures.groups) return [];
  const rows = figures.groups.shown.map((group) => ({ label: groupLabel(dimension, group.value), counts: group.counts }));
  if (figures.groups.other) rows.push({ label: "Other values", counts: figures.groups.other });
  return rows;
}

const stepIndex = (code: string) => funnelSteps.findIndex((step) => step.code === code);
const heldAt = stepIndex("hold-placed");
const approvedAt = stepIndex("approved");

interface Rate {
  rate: number | null;
  interval: Interval | null;
}

function rateOf(successes: number, total: number): Rate {
  return { rate: rate({ successes, total }), interval: wilsonInterval({ successes, total }) };
}

export async function reportPage(query: ReportQuery) {
  const filters = filtersOf(query);
  const [figures, choices, money, health] = await Promise.all([
    funnelFigures(query, filters, query.group),
    filterChoices(query),
    moneyFigures(query),
    lifecycleNow().then((now) => healthFigures(query, now)),
  ]);
  const [a, b] = figures.variants;
  const variantRows = figures.variants.map(({ variant, counts }) => ({
    label: variantLabels[variant],
    flows: counts.flows,
    holds: counts.steps[heldAt] ?? 0,
    approved: counts.steps[approvedAt] ?? 0,
    held: rateOf(counts.steps[heldAt] ?? 0, counts.flows),
    approvedRate: rateOf(counts.steps[approvedAt] ?? 0, counts.flows),
  }));
  const compare = (index: number) =>
    a && b
      ? comparisonText(
          compareProportions(
            { successes: a.counts.steps[index] ?? 0, total: a.counts.flows },
            { successes: b.counts.steps[index] ?? 0, total: b.counts.flows },
          ),
          variantLabels[a.variant],
          variantLabels[b.variant],
        )
      : "";
  return {
    flows: figures.total.flows,
    rows: funnelRows(figures.total),
    grouped: query.group
      ? { dimension: dimensionLabels[query.group], rows: groupedRows(figures, query.group), count: figures.groups?.count ?? 0 }
      : null,
    variants: { rows: variantRows, held: compare(heldAt), approved: compare(approvedAt) },
    choices,
    money,
    health,
    downloads: {
      funnel: `/owner/funnel.csv${reportSearch(query)}`,
      orders: `/owner/orders.csv${reportSearch({ from: query.from, to: query.to } as ReportQuery)}`,
    },
  };
}

/** What the report page shows below its form. */
export type FunnelReportPage = Awaited<ReturnType<typeof reportPage>>;
