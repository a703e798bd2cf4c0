// The owner's "Refund a payment": which paid payment (each with what is left of it), how much
// (all that is left of the first, unless changed), why, and a note (needed with Other). The
// amount goes back to her card; she is emailed; the audit log keeps amount, period and reason.
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field, SelectField } from "../../components/field";
import { ReasonWithNote } from "../../components/note-field";
import { useFormReply, useReplyTo } from "../../components/use-form-reply";
import { chosenRefundReasons, refundNoteMaxLength, refundReasonLabels } from "../../funnel/refunds";
import { ConsoleBox } from "../../components/console-parts";

const reasonChoices = chosenRefundReasons.map((reason) => [reason, refundReasonLabels[reason]] as const);

export interface RefundFormView {
  choices: readonly (readonly [value: string, label: string])[];
  defaults: { payment: string; amount: string };
}

export function RefundForm({ refund }: { refund: RefundFormView }) {
  const { fields, summary, formErrors } = useFormReply({
    id: "refund",
    names: ["payment", "amount", "reason", "note"],
    lastResult: useReplyTo("refund"),
    defaultValue: refund.defaults,
  });
  return (
    <ConsoleBox titleId="refund-title" title="Refund a payment">
      <p>
        The amount goes back to the card she paid with (5 to 10 business days) and she is emailed. Never more than is left of the payment.
        This refunds money only: to end her plan for a medical reason, use Medically disqualified.
      </p>
      <Form method="post" id="refund" noValidate className="owner-refund-form">
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <SelectField
          field={fields.payment}
          label="Payment"
          emptyChoice="Choose a payment"
          options={refund.choices}
          autoComplete="off"
          required
        />
        <Field
          field={fields.amount}
          label="Amount in dollars"
          hint="Like 69.50. At most what is left of the payment."
          autoComplete="off"
          required
        />
        <ReasonWithNote
          reason={fields.reason}
          note={fields.note}
          reasons={reasonChoices}
          noteHint={`Why, in ${refundNoteMaxLength} characters or fewer. Shown on this page with the refund, not in the audit log; do not write her health details.`}
          noteMaxLength={refundNoteMaxLength}
        />
        <button type="submit" name="intent" value="refund" className="owner-button owner-button-primary">
          Refund
        </button>
      </Form>
    </ConsoleBox>
  );
}
