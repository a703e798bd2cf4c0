// The clinical view's server side: the order as the medical team sees it (each viewing
// written to the audit log), for any order, waiting or not; the decision, recorded as the
// order page records it, with an optional note for the record, then back to the queue with
// what happened; and medically disqualified, for any order still running, then this view again.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { auditDetail } from "../../funnel/audit";
import { disqualifyMessages, disqualifySchema, mayBeDisqualified } from "../../funnel/medically-disqualified";
import { may } from "../../funnel/staff";
import { readOrderReference, subscriptionStateLabels } from "../../funnel/subscription-life";
import { findSubscriptionByReference, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { clinicalView } from "../../server/console/clinical-view.server";
import { disqualifyFromConsole, disqualifyNotice } from "../../server/console/medically-disqualified.server";
import { awaitsDecision } from "../../server/console/order-view.server";
import { consoleRecordsReviews } from "../../server/console/console-records-reviews.server";
import { paymentGateway } from "../../server/payments/index.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { redirectWithNotice, takeNotice, type ConsoleNotice, type StaffSession } from "../../server/staff/staff-session.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { decideReview, type Decision, type ReviewOutcome } from "../../server/subscriptions/review.server";

export const queueAddress = "/owner/reviews";

export const noteMaxLength = 500;

export const noteMessages = {
  long: `Enter a note of ${noteMaxLength} characters or fewer.`,
} as const;

export const refusals = {
  notFound: "No order with that reference.",
  role: "Your role does not record review decisions. Nothing was done.",
  disqualifyRole: "Your role does not end plans as medically disqualified. Nothing was done.",
  provider: "The provider records review decisions here, not the console. Nothing was done.",
  unread: "This form could not be read. Please go back and try again.",
} as const;

/** Characters as a person counts them, not UTF-16 units. */
const decisionSchema = z.object({
  note: z
    .string()
    .trim()
    .refine((note) => [...note].length <= noteMaxLength, noteMessages.long)
    .optional(),
});

/** The order the address names, or the 404 page. */
export async function reviewedOrder(referenceParam: string | undefined): Promise<SubscriptionRow> {
  const reference = readOrderReference((referenceParam ?? "").slice(0, 40));
  const subscription = reference ? await findSubscriptionByReference(reference) : undefined;
  if (!subscription) refusePage(404, refusals.notFound, queueAddress, undefined, "Back to the reviews");
  return subscription;
}

/** Whether this person, here and now, may record the decision on this order. */
function mayDecide(session: StaffSession, subscription: SubscriptionRow): boolean {
  return awaitsDecision(subscription) && consoleRecordsReviews() && may(session.staff.role, "decide");
}

export async function reviewPage(session: StaffSession, subscription: SubscriptionRow, request: Request) {
  const [view, { notice, headers }] = await Promise.all([clinicalView(subscription, await lifecycleNow()), takeNotice(session)]);
  // Her answers were shown: who saw them is kept, with the order's reference and nothing of hers.
  await audit(request, actorOf(session.staff), "details-viewed", { orderReference: subscription.reference });
  return data(
    {
      view,
      decide: mayDecide(session, subscription),
      // Waiting, but the provider decides: the page says where the decision comes from.
      providerDecides: view.awaitsDecision && !consoleRecordsReviews(),
      disqualify: may(session.staff.role, "disqualify") && mayBeDisqualified(subscription.state),
      noteMaxLength,
      notice,
    },
    { headers },
  );
}

function decisionNotice(reference: string, decision: Decision, outcome: ReviewOutcome): ConsoleNotice {
  const { subscription } = outcome;
  const state = subscriptionStateLabels[subscription.state];
  const done = decision === "approved" ? "Approved" : "Declined";
  switch (outcome.status) {
    case "recorded":
      if (awaitsDecision(subscription) || subscription.state === "on_hold" || subscription.state === "hold_expired") {
        return { tone: "info", text: `${done} ${reference}. The gateway did not answer yet: the payment is tried again shortly.` };
      }
      return { tone: "success", text: `${done} ${reference}. The order is now: ${state}.` };
    case "unchanged":
      return { tone: "info", text: `That decision was already recorded for ${reference}. Nothing changed: the order is ${state}.` };
    case "conflict":
      return {
        tone: "info",
        text: `Another decision was recorded first for ${reference} (${subscription.decision}). Nothing changed: the order is ${state}.`,
      };
    case "closed":
      return { tone: "info", text: `${reference} no longer waits for a decision. Nothing changed: the order is ${state}.` };
  }
}

/** A form's refusal, tagged with the form it answers: the view has two. */
function refused(form: "decision" | "disqualify", lastResult: unknown, status: number) {
  return data({ form, lastResult }, { status });
}

/**
 * Medically disqualified, with the note: the plan ended once, its audit row in the same
 * transaction, then this view again with what happened to her money.
 */
async function disqualifyAction(session: StaffSession, subscription: SubscriptionRow, request: Request, formData: FormData) {
  const back = `${queueAddress}/${subscription.reference}`;
  if (!may(session.staff.role, "disqualify")) refusePage(403, refusals.disqualifyRole, back);
  const submission = parseWithZod(formData, { schema: disqualifySchema });
  if (submission.status !== "success") return refused("disqualify", submission.reply(), 400);
  const outcome = await disqualifyFromConsole(request, session.staff, paymentGateway(), subscription, submission.value.note);
  if (outcome.status === "busy") return refused("disqualify", submission.reply({ formErrors: [disqualifyMessages.busy] }), 409);
  return redirectWithNotice(session, back, disqualifyNotice(subscription.reference, outcome));
}

/** Approve or Decline, with the note: recorded once, written to the audit log once, then the queue. */
export async function reviewAction(session: StaffSession, subscription: SubscriptionRow, request: Request, formData: FormData) {
  const back = `${queueAddress}/${subscription.reference}`;
  const intent = formData.get("intent");
  if (intent === "disqualify") return disqualifyAction(session, subscription, request, formData);
  if (!may(session.staff.role, "decide")) refusePage(403, refusals.role, back);
  if (intent !== "approve" && intent !== "decline") refusePage(400, refusals.unread, back);
  if (!consoleRecordsReviews()) refusePage(403, refusals.provider, back);
  const submission = parseWithZod(formData, { schema: decisionSchema });
  if (submission.status !== "success") return refused("decision", submission.reply(), 400);
  const note = submission.value.note || null;
  const decision: Decision = intent === "approve" ? "approved" : "declined";
  // The audit row in the decision's own transaction, written only when the decision was. The
  // note is the medical team's, kept with the decision; the log says only that there is one.
  const outcome = await decideReview(paymentGateway(), subscription, decision, note, "owner", (tx) =>
    audit(
      request,
      actorOf(session.staff),
      decision,
      { orderReference: subscription.reference, detail: note ? auditDetail`With a note` : null },
      tx,
    ),
  );
  return redirectWithNotice(session, queueAddress, decisionNotice(subscription.reference, decision, outcome));
}
