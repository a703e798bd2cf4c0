// The owner's "Refund a payment" form: which paid payments of the order money can still go
// back from (each with what is left of it), the form read with Zod and checked by the pure
// rules of app/funnel/refunds.ts, then `refundPayment` with the audit row written beside the
// refund's own row, in its transaction. The audit row keeps the amount, the period and the
// reason's label; the note with Other stays on the refund's row (this page), never the log.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { formatCents, formatDay } from "../../components/console-format";
import {
  checkRefundAmount,
  chosenRefundReasons,
  isRefundable,
  readDollarAmount,
  refundableCents,
  refundNoteMaxLength,
  refundReasonLabels,
} from "../../funnel/refunds";
import type { SubscriptionPaymentRow, SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { paymentGateway } from "../../server/payments/index.server";
import { amountOf, auditDetail, labelOf } from "../../funnel/audit";
import { actorOf, audit } from "../../server/staff/audit.server";
import { redirectWithNotice, type StaffSession } from "../../server/staff/staff-session.server";
import { refundPayment } from "../../server/subscriptions/refunds.server";

export const refundMessages = {
  payment: "Choose the payment to refund.",
  notRefundable: "That payment cannot be refunded: choose one of this order's paid payments.",
  amountMissing: "Enter the amount to refund.",
  amount: "Enter an amount in dollars and cents, like 69.50.",
  reason: "Choose the reason for the refund.",
  noteMissing: "Enter a note saying why: Other needs one.",
  noteLong: `Enter a note of ${refundNoteMaxLength} characters or fewer.`,
  refused: (message: string) => `The payment service refused the refund, so nothing was refunded: “${message}”`,
} as const;

export const refundedNotice = (cents: number) => `Refunded ${formatCents(cents)}.`;
export const refundPendingNotice = "The refund is on its way: the payment service has not answered yet; it is tried again in a minute.";

export const refundSchema = z
  .object({
    payment: z
      .string({ error: refundMessages.payment })
      .regex(/^\d{1,15}$/, refundMessages.payment)
      .transform(Number),
    amount: z
      .string({ error: refundMessages.amountMissing })
      .max(20, refundMessages.amount)
      .transform((typed, context) => {
        const cents = readDollarAmount(typed);
        if (cents === undefined) {
          context.addIssue({ code: "custom", message: refundMessages.amount });
          return z.NEVER;
        }
        return cents;
      }),
    reason: z.enum(chosenRefundReasons, { error: refundMessages.reason }),
    note: z
      .string()
      .trim()
      .refine((note) => [...note].length <= refundNoteMaxLength, refundMessages.noteLong)
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.reason === "other" && !value.note) context.addIssue({ code: "custom", path: ["note"], message: refundMessages.noteMissing });
  });

export interface RefundChoice {
  /** The payment's row id, the select's value. */
  value: string;
  /** "First period, captured 2027-01-05: $139.00 ($69.50 left)". */
  label: string;
  leftCents: number;
}

function paymentWords(payment: SubscriptionPaymentRow): string {
  const done = payment.kind === "capture" ? "captured" : "charged";
  const which = payment.period === 0 ? "First period" : `Period ${payment.period + 1} (renewal)`;
  return `${which}, ${done} ${formatDay(payment.at.toISOString())}`;
}

/** Each paid payment of the order with money left to give back, oldest first. */
export function refundChoices(payments: SubscriptionPaymentRow[]): RefundChoice[] {
  const choices = payments.filter(isRefundable).map((payment) => {
    const leftCents = refundableCents(payment.amountCents, payment.refundedCents);
    return {
      value: String(payment.id),
      label: `${paymentWords(payment)}: ${formatCents(payment.amountCents)} (${formatCents(leftCents)} left)`,
      leftCents,
    };
  });
  return choices.filter((choice) => choice.leftCents > 0);
}

/** The form's choices and what it shows first (the first payment, all of what is left of it), or null when nothing is left to refund. */
export function refundForm(payments: SubscriptionPaymentRow[]) {
  const choices = refundChoices(payments);
  const first = choices[0];
  if (!first) return null;
  return {
    choices: choices.map(({ value, label }) => [value, label] as const),
    defaults: { payment: first.value, amount: (first.leftCents / 100).toFixed(2) },
  };
}

/** The form, checked, refunded once; then the page again with what happened. */
export async function refundAction(
  request: Request,
  session: StaffSession,
  subscription: SubscriptionRow,
  payments: SubscriptionPaymentRow[],
  formData: FormData,
) {
  const back = `/owner/orders/${subscription.reference}`;
  const refused = (lastResult: unknown, status = 400) => data({ form: "refund", lastResult }, { status });
  const submission = parseWithZod(formData, { schema: refundSchema });
  if (submission.status !== "success") return refused(submission.reply());
  const { payment: paymentId, amount, reason, note } = submission.value;
  const payment = payments.find((candidate) => candidate.id === paymentId && isRefundable(candidate));
  if (!payment) return refused(submission.reply({ fieldErrors: { payment: [refundMessages.notRefundable] } }));
  const check = checkRefundAmount(amount, refundableCents(payment.amountCents, payment.refundedCents));
  if (!check.ok) return refused(submission.reply({ fieldErrors: { amount: [check.message] } }));

  const detail = auditDetail`${amountOf(amount)} of period ${payment.period + 1}: ${labelOf(refundReasonLabels, reason)}`;
  const outcome = await refundPayment(paymentGateway(), subscription, {
    paymentId,
    amountCents: amount,
    reason,
    note: note || null,
    tellHer: true,
    alsoRecord: (tx) => audit(request, actorOf(session.staff), "refunded", { orderReference: subscription.reference, detail }, tx),
  });
  switch (outcome.status) {
    case "refunded":
      return redirectWithNotice(session, back, { tone: "success", text: refundedNotice(outcome.refund.amountCents) });
    case "pending":
      return redirectWithNotice(session, back, { tone: "info", text: refundPendingNotice });
    case "too_much":
      // Another refund of it came first: the amount's message says how much is left now.
      return refused(submission.reply({ fieldErrors: { amount: [outcome.message] } }), 409);
    case "not_refundable":
      return refused(submission.reply({ fieldErrors: { payment: [refundMessages.notRefundable] } }));
    case "refused":
      return refused(submission.reply({ formErrors: [refundMessages.refused(outcome.message)] }), 409);
  }
}
