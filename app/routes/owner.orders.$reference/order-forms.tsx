// The order page's forms, each drawn only for the roles that may press it: the medical
// review's decision, the sandbox clock, her link sent again, and cancel for her. The page has
// several forms; an action's reply names the form it answers, and only that form reads it.
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field, SelectField } from "../../components/field";
import { ReasonWithNote } from "../../components/note-field";
import { formatTime } from "../../components/console-format";
import { ConsoleBox, DecisionButtons } from "../../components/console-parts";
import { useFormReply, useReplyTo } from "../../components/use-form-reply";
import { cancelNoteMaxLength, cancelReasonLabels, cancelReasons } from "../../funnel/cancel-for-her";
import { herCancelReasonLabels, herCancelReasons } from "../../funnel/cancel-reasons";

export function ReviewForm() {
  return (
    <ConsoleBox titleId="review-title" title="Medical review">
      <p>
        The medical team has not decided yet. Approve captures the hold (or charges the saved card once the hold has lapsed); Decline
        releases it. A decision cannot be changed.
      </p>
      <Form method="post" className="owner-actions">
        <DecisionButtons />
      </Form>
    </ConsoleBox>
  );
}

export function ClockForm({ clock }: { clock: { now: string; aheadDays: number; maxDays: number } }) {
  const { fields, summary } = useFormReply({ id: "sandbox-clock", names: ["days"], lastResult: useReplyTo("clock") });
  return (
    <ConsoleBox titleId="clock-title" title="Move the sandbox clock forward">
      <p>
        The lifecycle clock says <strong>{formatTime(clock.now)}</strong>
        {clock.aheadDays > 0 ? ` (${clock.aheadDays} ${clock.aheadDays === 1 ? "day" : "days"} ahead of real time)` : " (real time)"}.
        Moving it forward makes holds lapse and renewals fall due as they would by then, for every order.
      </p>
      <Form method="post" id="sandbox-clock" noValidate className="owner-clock-form">
        <ErrorSummary summary={summary} />
        <Field
          field={fields.days}
          label="Number of days"
          hint={`From 1 to ${clock.maxDays}`}
          autoComplete="off"
          inputMode="numeric"
          required
          requiredMark={false}
        />
        <button type="submit" name="intent" value="clock" className="owner-button">
          Move forward
        </button>
      </Form>
    </ConsoleBox>
  );
}

export function SendLinkForm() {
  return (
    <ConsoleBox titleId="send-link-title" title="Send her link again">
      <p>When she has lost her private link: a new one is emailed to the address she ordered with. Her earlier links stop opening.</p>
      <Form method="post">
        <button type="submit" name="intent" value="send-link" className="owner-button">
          Send her link again
        </button>
      </Form>
    </ConsoleBox>
  );
}

const reasonChoices = cancelReasons.map((reason) => [reason, cancelReasonLabels[reason]] as const);
const herReasonChoices = herCancelReasons.map((reason) => [reason, herCancelReasonLabels[reason]] as const);

export function CancelForHerForm() {
  const { fields, summary, formErrors } = useFormReply({
    id: "cancel-for-her",
    names: ["reason", "note", "herReason"],
    lastResult: useReplyTo("cancel-for-her"),
  });
  return (
    <ConsoleBox titleId="cancel-title" title="Cancel for her">
      <p>
        When she asks you to. The same rules as her own cancel online: before the review her hold is released; after it nothing more is
        billed, except a renewal less than 72 hours away, which the terms say is still billed. She gets the same email.
      </p>
      <Form method="post" id="cancel-for-her" noValidate className="owner-cancel-form">
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <ReasonWithNote
          reason={fields.reason}
          note={fields.note}
          reasons={reasonChoices}
          noteHint={`Why, in ${cancelNoteMaxLength} characters or fewer. Shown on this page with the cancel, not in the audit log, and erased with her data; do not write her health details.`}
          noteMaxLength={cancelNoteMaxLength}
        />
        <SelectField
          field={fields.herReason}
          label="Why she canceled, if she said (optional)"
          hint="Counted in the money report's cancel reasons."
          emptyChoice="She did not say"
          options={herReasonChoices}
          autoComplete="off"
        />
        <button type="submit" name="intent" value="cancel-for-her" className="owner-button owner-button-danger">
          Cancel for her
        </button>
      </Form>
    </ConsoleBox>
  );
}

/** Her billing date, shipping address and plan changed for her: a page of its own, as the order page is long. */
export function ChangeForHerLink({ reference }: { reference: string }) {
  return (
    <ConsoleBox titleId="change-title" title="Change for her">
      <p>
        When she asks you to: move her billing date, skip a period, ship sooner, change her shipping address or her plan, by the rules of
        her own pages.
      </p>
      <p>
        <a className="owner-button" href={`/owner/orders/${reference}/change`}>
          Change for her
        </a>
      </p>
    </ConsoleBox>
  );
}
