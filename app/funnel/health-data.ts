// Her consumer health data, asked for by email (Washington's My Health My Data Act, Nevada's
// SB 370, Connecticut's CTDPA): the rules of a request, its link and its record. Pure: the
// service is app/server/health-data/, the policy's words app/i18n/areas/health-data.*.ts.
import type { Language } from "../i18n/languages";

/** How long the emailed link opens her data (it deletes once). */
export const healthDataLinkHours = 24;

/** How long each request and its outcome is kept for the business's records. */
export const healthDataRequestsKeptMonths = 24;

/** Days within which an appeal of a refused request is answered, as the laws ask. */
export const healthDataAppealDays = 45;

/** Flows one link opens at most: one email's visits and orders, years of them. */
export const healthDataFlowLimit = 20;

export type HealthDataRequestKind = "access" | "deletion";

/**
 * An access request: nothing held for the email, its link sent, or its data shown (the link
 * opened). A deletion: erased, or not yet because a payment was moving (she may try again).
 */
export const healthDataOutcomeLabels = {
  nothing_held: "Nothing held for the email: no link sent",
  link_sent: "Link sent, not opened yet",
  data_shown: "Link opened: her data shown",
  erased: "Her data deleted",
  busy: "Not deleted: a payment was moving (she was asked to try again)",
} as const;

export type HealthDataOutcome = keyof typeof healthDataOutcomeLabels;

export function healthDataOutcomeLabel(outcome: string): string {
  return Object.hasOwn(healthDataOutcomeLabels, outcome) ? healthDataOutcomeLabels[outcome as HealthDataOutcome] : outcome;
}

/** The outbox message that emails her the link: the link itself is made at delivery, from the request. */
export interface HealthDataEmailPayload {
  to: string;
  request_id: string;
  language: Language;
  requested_at: string;
}

/** When a link made at `askedAt` stops opening. */
export function healthDataLinkExpiry(askedAt: Date): Date {
  return new Date(askedAt.getTime() + healthDataLinkHours * 3_600_000);
}

/** Requests asked before this are removed. */
export function healthDataRequestsKeptSince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - healthDataRequestsKeptMonths);
  return since;
}

export type HealthDataLinkState = "open" | "used" | "expired";

export function healthDataLinkState(request: { linkExpiresAt: Date | null; linkUsedAt: Date | null }, now: Date): HealthDataLinkState {
  if (request.linkUsedAt !== null) return "used";
  if (request.linkExpiresAt === null || request.linkExpiresAt.getTime() <= now.getTime()) return "expired";
  return "open";
}
