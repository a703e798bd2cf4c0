// The order page's server side: the order as the owner sees it, and what her two forms do
// (the review decision, the sandbox clock), each answered with the page again and a notice.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { formatTime } from "../../components/owner-format";
import { readOrderReference, subscriptionStateLabels } from "../../funnel/subscription-life";
import { findSubscriptionByReference, subscriptionTimeline, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { awaitsDecision, orderDetails, paymentLine, timelineEntry } from "../../server/owner/order-view.server";
import { ownerRecordsReviews } from "../../server/owner/owner-reviews.server";
import { redirectWithNotice, takeNotice, type ConsoleNotice as OwnerNotice, type StaffSession as OwnerSession } from "../../server/staff/staff-session.server";
import { paymentGateway } from "../../server/payments/index.server";
import { lifecycleNow, maxClockDays, moveSandboxClock, sandboxClockAllowed, sandboxClockOffsetMs } from "../../server/subscriptions/clock.server";
import type { LifecycleRound } from "../../server/subscriptions/lifecycle-round.server";
import { runLifecycleNow } from "../../server/subscriptions/lifecycle-worker.server";
import { decideReview, type Decision, type ReviewOutcome } from "../../server/subscriptions/review.server";

const dayMs = 24 * 60 * 60 * 1000;

export const clockMessages = {
  missing: "Enter a number of days.",
  range: `Enter a whole number of days from 1 to ${maxClockDays}.`,
} as const;

export const clockSchema = z.object({
  days: z
    .string({ error: clockMessages.missing })
    .trim()
    .regex(/^\d{1,5}$/, clockMessages.range)
    .transform(Number)
    .pipe(z.number().min(1, clockMessages.range).max(maxClockDays, clockMessages.range)),
});

function refuseUnknownOrder(): never {
  refusePage(404, "No order with that reference.", "/owner/orders");
}

/** The order the address names, or the 404 page. */
export async function orderOf(referenceParam: string | undefined): Promise<SubscriptionRow> {
  const reference = readOrderReference(referenceParam ?? "");
  const subscription = reference ? await findSubscriptionByReference(reference) : undefined;
  if (!subscription) refuseUnknownOrder();
  return subscription;
}

export const orderAddress = (subscription: SubscriptionRow) => `/owner/orders/${subscription.reference}`;

export async function orderPage(owner: OwnerSession, subscription: SubscriptionRow) {
  const [{ events, payments }, now, offsetMs, { notice, headers }] = await Promise.all([
    subscriptionTimeline(subscription.id),
    lifecycleNow(),
    sandboxClockOffsetMs(),
    takeNotice(owner),
  ]);
  const reviews = ownerRecordsReviews();
  return data(
    {
      order: orderDetails(subscription, now),
      events: events.map(timelineEntry),
      payments: payments.map(paymentLine),
      review: { ownerDecides: reviews, open: reviews && awaitsDecision(subscription) },
      clock: sandboxClockAllowed() ? { now: now.toISOString(), aheadDays: Math.floor(offsetMs / dayMs), maxDays: maxClockDays } : null,
      notice,
    },
    { headers },
  );
}

function decisionNotice(decision: Decision, outcome: ReviewOutcome): OwnerNotice {
  const { subscription } = outcome;
  const state = subscriptionStateLabels[subscription.state];
  switch (outcome.status) {
    case "recorded":
      if (awaitsDecision(subscription) || subscription.state === "on_hold" || subscription.state === "hold_expired") {
        return { tone: "info", text: `${decision === "approved" ? "Approved" : "Declined"}. The gateway did not answer yet: the payment is tried again shortly.` };
      }
      return { tone: "success", text: `${decision === "approved" ? "Approved" : "Declined"}. The order is now: ${state}.` };
    case "unchanged":
      return { tone: "info", text: `That decision was already recorded. Nothing changed: the order is ${state}.` };
    case "conflict":
      return { tone: "info", text: `Another decision was recorded first (${subscription.decision}). Nothing changed: the order is ${state}.` };
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

function roundText(round: LifecycleRound | undefined): string {
  if (!round) return "The lifecycle round did not finish; the worker tries again on its next round.";
  const done = roundWords.filter(([key]) => round[key] > 0).map(([key, one, many]) => `${round[key]} ${round[key] === 1 ? one : many}`);
  return done.length > 0 ? `Across all orders: ${done.join(", ")}.` : "Nothing fell due.";
}

/** Approve, Decline, or Move forward: the form's intent, done, then the page again. */
export async function orderAction(owner: OwnerSession, subscription: SubscriptionRow, formData: FormData) {
  const back = orderAddress(subscription);
  const intent = formData.get("intent");
  if (intent === "approve" || intent === "decline") {
    if (!ownerRecordsReviews()) refusePage(403, "The provider records review decisions here, not the console. Nothing was done.", back);
    const decision: Decision = intent === "approve" ? "approved" : "declined";
    const outcome = await decideReview(paymentGateway(), subscription, decision, null, "owner");
    return redirectWithNotice(owner, back, decisionNotice(decision, outcome));
  }
  if (intent === "clock") {
    if (!sandboxClockAllowed()) refusePage(403, "The sandbox clock is not available with Stripe. Nothing was done.", back);
    const submission = parseWithZod(formData, { schema: clockSchema });
    if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
    const days = submission.value.days;
    const moved = await moveSandboxClock(days);
    if (moved.status === "refused") {
      return data({ lastResult: submission.reply({ fieldErrors: { days: [moved.message] } }) }, { status: 400 });
    }
    const round = await runLifecycleNow();
    return redirectWithNotice(owner, back, {
      tone: "success",
      text: `The sandbox clock moved forward ${days} ${days === 1 ? "day" : "days"}: it is now ${formatTime(moved.now.toISOString())}. ${roundText(round)}`,
    });
  }
  refusePage(400, "This form could not be read. Please go back and try again.", back);
}
