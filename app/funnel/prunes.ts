// What the server prunes on its own, and how the funnel report's health part names each prune.
// Pure: the prunes themselves are app/server/workers/prunes.server.ts.

export const pruneLabels = {
  "abandoned-flows": "Abandoned flows: her details erased",
  "delivered-outbox": "Delivered outbox messages removed",
  "rate-limit-counters": "Rate-limit counters past their window removed",
  "sign-in-tries": "Console sign-in tries past their window removed",
  "unknown-sign-ins": "Counts of sign-ins for unknown emails past 90 days removed",
  "health-data-requests": "Records of health data requests past 24 months removed",
} as const;

export type PruneName = keyof typeof pruneLabels;

export const pruneNames = Object.keys(pruneLabels) as PruneName[];

/** What a prune's rows count: flows for the erasure, rows for the others. */
export const pruneUnits: Record<PruneName, "flows" | "rows"> = {
  "abandoned-flows": "flows",
  "delivered-outbox": "rows",
  "rate-limit-counters": "rows",
  "sign-in-tries": "rows",
  "unknown-sign-ins": "rows",
  "health-data-requests": "rows",
};

/** How long a delivered outbox message is kept: a month to look into what was sent, then it goes. */
export const deliveredOutboxKeptDays = 30;

/** How long the hourly counts of failed sign-ins for emails that are no account are kept. */
export const unknownSignInsKeptDays = 90;

/**
 * Rows a prune's statement removes at most, and statements a run makes at most: short
 * statements, so the embedded engine (one query at a time) answers pages between them, and a
 * backlog (the first run on a year of data) is worked off over several hours, not in one go.
 */
export const pruneBatchSize = 500;
export const pruneBatchesPerRun = 20;

export function isPruneName(value: unknown): value is PruneName {
  return typeof value === "string" && Object.hasOwn(pruneLabels, value);
}
