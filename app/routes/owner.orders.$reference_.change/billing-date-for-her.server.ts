// Her billing date changed by support for her, from the console: the same rules, email,
// provider event and once-only write as her own page (changeHerBillingDate), counted against
// the same limit of her order (she and support share it), and audited in the change's own
// transaction, only by the press that made it. The rules speak to her; the console quotes them.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { formatCents, formatDay } from "../../components/console-format";
import {
  billingDateChoiceOf,
  maxWeeksMoved,
  moveOffer,
  weeksLeft,
  type BillingDateChange,
  type BillingDateLine,
} from "../../funnel/billing-date-changes";
import { auditDetail, type AuditDetail } from "../../funnel/audit";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { retryAfter, tooManyAttemptsReply } from "../../server/http/form-refusal.server";
import { countHit } from "../../server/http/rate-limits.server";
import { paymentGateway } from "../../server/payments/index.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { redirectWithNotice, type StaffSession } from "../../server/staff/staff-session.server";
import {
  billingDateLimit,
  billingDateOffers,
  billingDateRefusalStatus,
  changeHerBillingDate,
} from "../../server/subscriptions/billing-date.server";

const day = (date: Date) => formatDay(date.toISOString());
const weeksText = (weeks: number) => `${weeks} ${weeks === 1 ? "week" : "weeks"}`;

/** Her page's answer, quoted: the rules and the payment service's words are written to her. */
export const herPageSays = (message: string) => `Her own page answers: “${message}”`;

export const dateForHerMessages = {
  outOfDate: "This page is out of date. Nothing was changed: open it again and choose again.",
  weeks: "Choose how many weeks to move her billing date: 1 to 8.",
} as const;

/** What the date section shows: her date, each choice with where it leads or why it cannot be made now. */
export async function billingDateSection(subscription: SubscriptionRow) {
  const { now, facts, amountCents, sooner, skip, back } = await billingDateOffers(subscription);
  const next = subscription.nextBillingAt;
  return {
    // The date every form carries: a change applies only while it is still her date.
    shown: next?.toISOString() ?? "",
    nextBilling: next ? `${day(next)}, ${formatCents(amountCents)}` : null,
    closed: !sooner.ok && sooner.refusal === "not_active" ? sooner.message : null,
    left: `${weeksText(weeksLeft(facts.lines, now))} of ${maxWeeksMoved} left to move in the next 12 months.`,
    move: moveOffer(facts, now, day),
    skip: skip.ok
      ? {
          open: true,
          text: `Nothing is charged or shipped on ${day(skip.change.from)}; her next billing date becomes ${day(skip.change.to)}.`,
        }
      : { open: false, text: skip.message },
    moveBack: back.ok ? `Move it back to ${day(back.change.to)}` : null,
    sooner: sooner.ok
      ? {
          open: true,
          text: `Charges ${formatCents(amountCents)} to her saved card today for her next period, which ships within 3-5 business days. Her billing dates then count from today: the next would be ${day(sooner.change.to)}.`,
        }
      : { open: false, text: sooner.message },
  };
}

const choices = ["move", "skip", "move_back", "sooner"] as const;

const dateSchema = z
  .object({
    choice: z.enum(choices, { error: dateForHerMessages.outOfDate }),
    weeks: z
      .string()
      .regex(/^[1-8]$/, dateForHerMessages.weeks)
      .transform(Number)
      .optional(),
    shown: z
      .string({ error: dateForHerMessages.outOfDate })
      .max(40, dateForHerMessages.outOfDate)
      .refine((text) => !Number.isNaN(new Date(text).getTime()), dateForHerMessages.outOfDate),
  })
  .superRefine((value, context) => {
    if (value.choice === "move" && value.weeks === undefined)
      context.addIssue({ code: "custom", path: ["weeks"], message: dateForHerMessages.weeks });
  });

/** What the audit log keeps of a change: what was done and the new date; nothing of hers. */
export function dateChangeDetail(change: Pick<BillingDateChange, "event" | "to" | "weeks" | "movedBack">): AuditDetail {
  const to = change.to;
  if (change.event === "shipped_sooner") return auditDetail`Shipped sooner: next billing ${to}`;
  if (change.event === "period_skipped") return auditDetail`Skipped a period: next billing ${to}`;
  if (change.movedBack) return auditDetail`Moved back: next billing ${to}`;
  if (change.weeks === 1) return auditDetail`Moved 1 week later: next billing ${to}`;
  return auditDetail`Moved ${change.weeks} weeks later: next billing ${to}`;
}

/** The page's notice once it is done (or was done by the same press a moment before). */
export function dateChangedNotice(line: Pick<BillingDateLine, "event" | "from" | "to" | "movedBack">): string {
  const to = day(line.to);
  if (line.event === "shipped_sooner")
    return `Her next period was charged today and ships within 3-5 business days. Her next billing date is now ${to}. She was emailed.`;
  if (line.event === "period_skipped")
    return `Her next period is skipped: nothing is charged on ${day(line.from)}. Her next billing date is now ${to}. She was emailed.`;
  if (line.movedBack) return `Her next billing date is back to ${to}. She was emailed.`;
  return `Her next billing date is now ${to}, moved from ${day(line.from)}. She was emailed.`;
}

/** The date form's post: counted against her order's limit, read, applied once and audited; a 303 to the page, or the form's reply with a 4xx. */
export async function billingDateForHer(
  request: Request,
  session: StaffSession,
  subscription: SubscriptionRow,
  formData: FormData,
  back: string,
) {
  const refused = (lastResult: unknown, status: number, headers?: HeadersInit) =>
    data({ form: "billing-date", lastResult }, { status, headers });
  const wait = await countHit(request, `subscription:${subscription.id}`, billingDateLimit);
  if (wait > 0) return refused(tooManyAttemptsReply(formData, wait), 429, retryAfter(wait));
  const submission = parseWithZod(formData, { schema: dateSchema });
  if (submission.status !== "success") return refused(submission.reply(), 400);
  const { choice, weeks, shown } = submission.value;
  const outcome = await changeHerBillingDate(
    paymentGateway(),
    subscription,
    billingDateChoiceOf(choice, weeks),
    new Date(shown),
    (tx, change) =>
      audit(
        request,
        actorOf(session.staff),
        "billing-date-changed-for-her",
        { orderReference: subscription.reference, detail: dateChangeDetail(change) },
        tx,
      ),
  );
  if (outcome.status === "changed") return redirectWithNotice(session, back, { tone: "success", text: dateChangedNotice(outcome.line) });
  return refused(submission.reply({ formErrors: [herPageSays(outcome.message)] }), billingDateRefusalStatus(outcome));
}
