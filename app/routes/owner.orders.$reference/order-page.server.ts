// The order page's server side: the order as each role sees it (her details and her emails
// only for those who may, each view audited), and what its forms do (the review decision,
// the sandbox clock, her link sent again, cancel for her, a refund, medically disqualified),
// each allowed by its own permission and answered with the page again and a notice.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { cancelForHerSchema } from "../../funnel/cancel-for-her";
import { consentLine } from "../../funnel/consent";
import { cancellableStates } from "../../funnel/her-subscription";
import { disqualifySchema, disqualifyMessages, mayBeDisqualified } from "../../funnel/medically-disqualified";
import { may, type Permission } from "../../funnel/staff";
import { readOrderReference } from "../../funnel/subscription-life";
import { config } from "../../server/config.server";
import { consentRecordsOf } from "../../server/db/stores/consent-records.server";
import { findOrderById } from "../../server/db/stores/orders.server";
import { latestStoredEmailsOf } from "../../server/db/stores/stored-emails.server";
import { findSubscriptionByReference, subscriptionTimeline, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { refusePage } from "../../server/http/page-refusal.server";
import {
  awaitsDecision,
  herDetails,
  herEmailLine,
  orderChanges,
  orderDetails,
  paymentLine,
  timelineEntry,
} from "../../server/console/order-view.server";
import { keptEmailReader } from "../../server/console/kept-emails.server";
import { disqualifyFromConsole, disqualifyNotice } from "../../server/console/medically-disqualified.server";
import { consoleRecordsReviews } from "../../server/console/console-records-reviews.server";
import { cancelForHer, sendLinkAgain } from "../../server/console/support-actions.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { redirectWithNotice, takeNotice, type StaffSession } from "../../server/staff/staff-session.server";
import { paymentGateway } from "../../server/payments/index.server";
import { lifecycleNow, maxClockDays, sandboxClockAllowed, sandboxClockOffsetMs } from "../../server/subscriptions/clock.server";
import { decideReview, type Decision } from "../../server/subscriptions/review.server";
import { disputeLinesOf } from "../../server/subscriptions/disputes.server";
import { clockAction } from "./clock-action.server";
import { cancelNotice, decisionNotice, linkSentTooOften, supportMessages } from "./order-notices.server";
import { refundAction, refundForm } from "./refund.server";

const dayMs = 24 * 60 * 60 * 1000;

/** Her emails the page lists: the latest, enough for years of renewals. */
export const herEmailsShown = 50;

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

export async function orderPage(request: Request, session: StaffSession, subscription: SubscriptionRow) {
  const { staff } = session;
  const seesDetails = may(staff.role, "customer-details");
  const seesEmails = may(staff.role, "emails");
  const [{ events, payments }, now, offsetMs, { notice, headers }, order, emails] = await Promise.all([
    subscriptionTimeline(subscription.id),
    lifecycleNow(),
    sandboxClockOffsetMs(),
    takeNotice(session),
    seesDetails ? findOrderById(subscription.orderId) : undefined,
    seesEmails ? latestStoredEmailsOf(subscription.reference, herEmailsShown) : undefined,
  ]);
  // Each showing of what is hers is one row of the log, naming the order and never her.
  const viewed = { orderReference: subscription.reference };
  if (seesDetails) await audit(request, actorOf(staff), "details-viewed", viewed);
  if (seesEmails) await audit(request, actorOf(staff), "emails-viewed", viewed);
  const reviews = consoleRecordsReviews();
  const reader = keptEmailReader(staff.role);
  return data(
    {
      order: orderDetails(subscription, now),
      // Her note is her own words: shown, as her details are, only to the roles that may read them.
      changes: orderChanges(subscription, events, seesDetails),
      events: events.map(timelineEntry),
      payments: payments.map(paymentLine),
      review: { consoleDecides: reviews, open: reviews && may(staff.role, "decide") && awaitsDecision(subscription) },
      clock:
        sandboxClockAllowed() && may(staff.role, "clock")
          ? { now: now.toISOString(), aheadDays: Math.floor(offsetMs / dayMs), maxDays: maxClockDays }
          : null,
      her: seesDetails && order ? herDetails(order.body, subscription.erasedAt !== null) : null,
      emails: emails
        ? {
            kept: config().SMTP_URL === undefined,
            erased: subscription.erasedAt !== null,
            linksWhole: reader.linksWhole,
            total: emails.total,
            list: emails.rows.map((row) => herEmailLine(row, reader)),
          }
        : null,
      support: {
        // Erased at her request: no address to send it to, and her link is closed for good.
        sendLink: may(staff.role, "send-link") && subscription.erasedAt === null,
        cancel: may(staff.role, "cancel-for-her") && cancellableStates.includes(subscription.state),
      },
      changeForHer: may(staff.role, "change-for-her"),
      moneyBack: {
        refund: may(staff.role, "refunds") ? refundForm(payments) : null,
        disqualify: may(staff.role, "disqualify") && mayBeDisqualified(subscription.state),
      },
      disputes: await disputeLinesOf(subscription.id),
      consents: (await consentRecordsOf(subscription.responderUuid)).map(consentLine),
      notice,
    },
    { headers },
  );
}

/** Each form of the page and what pressing it needs. */
const intents = {
  approve: "decide",
  decline: "decide",
  clock: "clock",
  "send-link": "send-link",
  "cancel-for-her": "cancel-for-her",
  refund: "refunds",
  disqualify: "disqualify",
} as const satisfies Record<string, Permission>;

type Intent = keyof typeof intents;

function intentOf(value: FormDataEntryValue | null): Intent | undefined {
  return typeof value === "string" && Object.hasOwn(intents, value) ? (value as Intent) : undefined;
}

/** A form's refusal, tagged with the form it answers: the page has several. */
function refused(form: Intent, lastResult: unknown, status: number) {
  return data({ form, lastResult }, { status });
}

/** The form's intent, allowed for the person's role, done, then the page again. */
export async function orderAction(request: Request, session: StaffSession, subscription: SubscriptionRow, formData: FormData) {
  const back = orderAddress(subscription);
  const intent = intentOf(formData.get("intent"));
  if (!intent) refusePage(400, "This form could not be read. Please go back and try again.", back);
  const { staff } = session;
  if (!may(staff.role, intents[intent])) refusePage(403, supportMessages.notAllowed, back);
  switch (intent) {
    case "approve":
    case "decline": {
      if (!consoleRecordsReviews()) refusePage(403, "The provider records review decisions here, not the console. Nothing was done.", back);
      const decision: Decision = intent === "approve" ? "approved" : "declined";
      // The audit row in the decision's own transaction, written only when the decision was.
      const outcome = await decideReview(paymentGateway(), subscription, decision, null, "owner", (tx) =>
        audit(request, actorOf(staff), decision, { orderReference: subscription.reference }, tx),
      );
      return redirectWithNotice(session, back, decisionNotice(decision, outcome));
    }
    case "clock":
      return clockAction(request, session, back, formData);
    case "send-link": {
      if (subscription.erasedAt !== null) refusePage(409, supportMessages.erased, back);
      const sent = await sendLinkAgain(request, staff, subscription);
      if (sent.status === "too many") refusePage(429, linkSentTooOften(sent.retryAfterSeconds), back, retryAfter(sent.retryAfterSeconds));
      return redirectWithNotice(session, back, { tone: "success", text: supportMessages.linkSent });
    }
    case "cancel-for-her": {
      const submission = parseWithZod(formData, { schema: cancelForHerSchema });
      if (submission.status !== "success") return refused(intent, submission.reply(), 400);
      const outcome = await cancelForHer(request, staff, paymentGateway(), subscription, submission.value);
      if (outcome.status === "busy") return refused(intent, submission.reply({ formErrors: [supportMessages.cancelBusy] }), 409);
      return redirectWithNotice(session, back, cancelNotice(outcome));
    }
    case "refund":
      return refundAction(request, session, subscription, (await subscriptionTimeline(subscription.id)).payments, formData);
    case "disqualify": {
      const submission = parseWithZod(formData, { schema: disqualifySchema });
      if (submission.status !== "success") return refused(intent, submission.reply(), 400);
      const outcome = await disqualifyFromConsole(request, staff, paymentGateway(), subscription, submission.value.note);
      if (outcome.status === "busy") return refused(intent, submission.reply({ formErrors: [disqualifyMessages.busy] }), 409);
      return redirectWithNotice(session, back, disqualifyNotice(subscription.reference, outcome));
    }
  }
}
