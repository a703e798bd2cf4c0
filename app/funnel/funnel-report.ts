// The owner's funnel report: which steps a flow can reach, how a flow's progress is kept (a
// bit per page step; the hold, the approval and the first renewal are read from its
// subscription), the table of counts and shares, and the date range and filters it is asked
// for. Pure: the queries are in app/server/console/funnel-report.server.ts.
import { z } from "zod";

export const funnelSteps = [
  { code: "welcome", label: "Welcome", counts: "answered the welcome question" },
  { code: "concerns", label: "Concerns", counts: "answered the concerns question" },
  { code: "social-proof", label: "Social proof", counts: "pressed Continue" },
  { code: "congratulations", label: "Congratulations", counts: "pressed Build My Plan" },
  { code: "selection", label: "Selection page", counts: "opened her plan's selection page" },
  { code: "add-to-plan", label: "ADD TO PLAN", counts: "pressed ADD TO PLAN" },
  { code: "pre-checkout", label: "Pre-checkout", counts: "opened pre-checkout" },
  { code: "final-checkout", label: "Final checkout", counts: "opened the final checkout" },
  { code: "hold-placed", label: "Hold placed", counts: "her card's hold was placed" },
  { code: "approved", label: "Approved", counts: "the medical team approved" },
  { code: "first-renewal", label: "First renewal", counts: "her first renewal was charged" },
] as const;

export type FunnelStep = (typeof funnelSteps)[number]["code"];

/** The steps a page records on the flow itself, each as one bit of `flow_progress.steps`. */
export const recordedSteps = [
  "welcome",
  "concerns",
  "social-proof",
  "congratulations",
  "selection",
  "add-to-plan",
  "pre-checkout",
  "final-checkout",
] as const satisfies readonly FunnelStep[];

export type RecordedStep = (typeof recordedSteps)[number];

export function funnelStepBit(step: RecordedStep): number {
  return 1 << recordedSteps.indexOf(step);
}

/** The bits a list of reached steps makes. */
export function stepBits(steps: readonly RecordedStep[]): number {
  return steps.reduce((bits, step) => bits | funnelStepBit(step), 0);
}

/** How many flows reached each step, in `funnelSteps` order, and how many began at all. */
export interface FunnelCounts {
  flows: number;
  steps: number[];
}

export interface FunnelRow {
  code: FunnelStep;
  label: string;
  counts: string;
  reached: number;
  /** Share of the step before (the first step: of the flows begun); null when that is 0. */
  fromPrevious: number | null;
  /** Share of the flows begun; null when none began. */
  fromStart: number | null;
}

export function funnelRows({ flows, steps }: FunnelCounts): FunnelRow[] {
  return funnelSteps.map((step, index) => {
    const reached = steps[index] ?? 0;
    const before = index === 0 ? flows : (steps[index - 1] ?? 0);
    return {
      code: step.code,
      label: step.label,
      counts: step.counts,
      reached,
      fromPrevious: before === 0 ? null : reached / before,
      fromStart: flows === 0 ? null : reached / flows,
    };
  });
}

/** Sums counts, as the "Other" group of a grouped report does. */
export function addCounts(a: FunnelCounts, b: FunnelCounts): FunnelCounts {
  return { flows: a.flows + b.flows, steps: funnelSteps.map((_, index) => (a.steps[index] ?? 0) + (b.steps[index] ?? 0)) };
}

export function formatShare(share: number | null, digits = 1): string {
  return share === null ? "–" : `${(share * 100).toFixed(digits)}%`;
}

// ---------------------------------------------------------------------------------------------
// What the report is asked for: ?from=&to=&source=&campaign=&referral=&variant=&group=

export const reportDimensions = ["source", "campaign", "referral", "variant"] as const;
export type ReportDimension = (typeof reportDimensions)[number];

export const dimensionLabels: Record<ReportDimension, string> = {
  source: "UTM source",
  campaign: "UTM campaign",
  referral: "Referral code",
  variant: "Variant",
};

/** The filter value that means "flows without this parameter". */
export const noValue = "(none)";

export const defaultRangeDays = 30;
export const longestRangeDays = 731;

export const reportMessages = {
  from: "Enter the start date as a date, for example 2026-10-24.",
  to: "Enter the end date as a date, for example 2026-11-22.",
  order: "The start date must be on or before the end date.",
  length: `Choose a range of at most ${longestRangeDays} days.`,
  group: "Choose one of the listed groupings.",
  filter: "A filter is at most 200 characters.",
} as const;

const dayMs = 86_400_000;

/** A calendar day, YYYY-MM-DD, that exists. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const filterValue = z
  .string()
  .trim()
  .max(200, reportMessages.filter)
  .optional()
  .transform((value) => value || undefined);

export function reportQuerySchema(today: Date) {
  const end = dayOf(today);
  const start = dayOf(new Date(today.getTime() - (defaultRangeDays - 1) * dayMs));
  return z
    .object({
      from: z
        .string()
        .trim()
        .optional()
        .transform((value) => value || start)
        .refine(isDay, reportMessages.from),
      to: z
        .string()
        .trim()
        .optional()
        .transform((value) => value || end)
        .refine(isDay, reportMessages.to),
      source: filterValue,
      campaign: filterValue,
      referral: filterValue,
      variant: filterValue,
      group: z
        .string()
        .optional()
        .transform((value) => value || undefined)
        .pipe(z.enum(reportDimensions, { error: reportMessages.group }).optional()),
    })
    .superRefine((query, context) => {
      if (!isDay(query.from) || !isDay(query.to)) return;
      if (query.from > query.to) context.addIssue({ code: "custom", path: ["to"], message: reportMessages.order });
      else if (daysIn(query.from, query.to) > longestRangeDays)
        context.addIssue({ code: "custom", path: ["to"], message: reportMessages.length });
    });
}

export type ReportQuery = z.output<ReturnType<typeof reportQuerySchema>>;

/** Days in a range, both ends included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/** The range as instants: from the start day's midnight (UTC) to the midnight after the end day. */
export function rangeInstants(query: Pick<ReportQuery, "from" | "to">): { start: Date; end: Date } {
  return { start: new Date(`${query.from}T00:00:00Z`), end: new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs) };
}

export type ReportFilters = Partial<Record<ReportDimension, string>>;

export function filtersOf(query: ReportQuery): ReportFilters {
  const filters: ReportFilters = {};
  for (const dimension of reportDimensions) {
    const value = query[dimension];
    if (value !== undefined) filters[dimension] = value;
  }
  return filters;
}

/** The query string of a report (for the CSV link and the pager of groups), empty values left out. */
export function reportSearch(query: ReportQuery, extra: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...extra })) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}
