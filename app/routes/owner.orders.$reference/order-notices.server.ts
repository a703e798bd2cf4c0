// What the order page says after each of its forms, in a notice above the page or by a form:
// the review's decision, the sandbox clock's round (and its form's rule), her link sent again,
// and cancel for her (as her own cancel reports it).
import { z } from "zod";
import { formatTime } from "../../components/console-format";
import { waitInMinutes } from "../../funnel/rate-limits";
import { subscriptionStateLabels } from "../../funnel/subscription-life";
import { awaitsDecision } from "../../server/console/order-view.server";
import type { ConsoleNotice } from "../../server/staff/staff-session.server";
import type { CancelOutcome } from "../../server/subscriptions/cancel.server";
import type { LifecycleRound } from "../../server/subscriptions/lifecycle-round.server";
import type { Decision, ReviewOutcome } from "../../server/subscriptions/review.server";
import { maxClockDays } from "../../server/subscriptions/clock.server";

export const clockMessages = {
  missing: "Enter a number of days.",
  range: `Enter a whole number of days from 1 to ${maxClockDays}.`,
} as const;

/** Over the order's limit of links sent again (three an hour). */
export function linkSentTooOften(retryAfterSeconds: number): string {
  return `Her link was already sent again three times in the last hour, so nothing was sent. Please wait ${waitInMinutes(retryAfterSeconds)} before sending it again.`;
}

export const supportMessages = {
  linkSent: "A new link was emailed to her. Her earlier links no longer open.",
  cancelBusy: "A payment on this order is moving right now. Nothing was canceled yet: please try again in a minute.",
  notAllowed: "Your role does not allow this. Nothing was done.",
  erased: "Her data was deleted at her request: there is no address to send a link to, and her link no longer opens. Nothing was sent.",
} as const;

export const clockSchema = z.object({
  days: z
    .string({ error: clockMessages.missing })
    .trim()
    .regex(/^\d{1,5}$/, clockMessages.range)
    .transform(Number)
    .pipe(z.number().min(1, clockMessages.range).max(maxClockDays, clockMessages.range)),
});

export function decisionNotice(decision: Decision, outcome: ReviewOutcome): ConsoleNotice {
  const { subscription } = outcome;
  const state = subscriptionStateLabels[subscription.state];
  switch (outcome.status) {
    case "recorded":
      if (awaitsDecision(subscription) || subscription.state === "on_hold" || subscription.state === "hold_expired") {
        return {
          tone: "info",
          text: `${decision === "approved" ? "Approved" : "Declined"}. The gateway did not answer yet: the payment is tried again shortly.`,
        };
      }
      return { tone: "success", text: `${decision === "approved" ? "Approved" : "Declined"}. The order is now: ${state}.` };
    case "unchanged":
      return { tone: "info", text: `That decision was already recorded. Nothing changed: the order is ${state}.` };
    case "conflict":
      return {
        tone: "info",
        text: `Another decision was recorded first (${subscription.decision}). Nothing changed: the order is ${state}.`,
      };
    case "closed":
      return { tone: "info", text: `This order no longer waits for a decision. Nothing changed: the order is ${state}.` };
  }
}

const roundWords: [keyof LifecycleRound, string, string][] = [
  ["settled", "decision settled", "decisions settled"],
  ["expired", "hold lapsed", "holds lapsed"],
  ["renewed", "renewal charged", "renewals charged"],
  ["failed", "renewal failed", "renewals failed"],
  ["lapsed", "subscription lapsed", "subscriptions lapsed"],
];

export function roundText(round: LifecycleRound | undefined): string {
  if (!round) return "The lifecycle round did not finish; the worker tries again on its next round.";
  const done = roundWords.filter(([key]) => round[key] > 0).map(([key, one, many]) => `${round[key]} ${round[key] === 1 ? one : many}`);
  return done.length > 0 ? `Across all orders: ${done.join(", ")}.` : "Nothing fell due.";
}

export function cancelNotice(outcome: Exclude<CancelOutcome, { status: "busy" }>): ConsoleNotice {
  // Cancelled within 72 hours of a renewal, the subscription keeps that billing date: its last.
  const lastBillingAt = outcome.subscription.nextBillingAt;
  const state = subscriptionStateLabels[outcome.subscription.state];
  switch (outcome.status) {
    case "cancelled":
      return { tone: "success", text: `Canceled for her. The order is now: ${state}. She was emailed that it is canceled.` };
    case "ending":
      return {
        tone: "success",
        text: `Canceled for her. Her renewal${lastBillingAt ? ` on ${formatTime(lastBillingAt.toISOString())}` : ""} was less than 72 hours away, so, as the terms say, it is still billed; nothing after it. She was emailed that it is canceled.`,
      };
    case "closed":
      return { tone: "info", text: `This subscription was already canceled or closed. Nothing changed: the order is ${state}.` };
  }
}
