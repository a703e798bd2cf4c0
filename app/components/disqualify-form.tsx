// "Medically disqualified": the owner's on the order page, a clinician's on the clinical view.
// It says what pressing it does before it is pressed: the plan ends now, the money goes back,
// she is emailed once. The note is for the medical record and is never sent to her.
import { Form } from "@remix-run/react";
import { disqualifyNoteMaxLength } from "../funnel/medically-disqualified";
import { ErrorSummary } from "./error-summary";
import type { FormReply } from "./form-reply";
import { NoteField } from "./note-field";
import { useFormReply } from "./use-form-reply";
import { ConsoleBox } from "./console-parts";

export function DisqualifyForm({ lastResult }: { lastResult: FormReply | null }) {
  const { fields, summary, formErrors } = useFormReply({ id: "disqualify", names: ["note"], lastResult });
  return (
    <ConsoleBox titleId="disqualify-title" title="Medically disqualified">
      <p>
        When this treatment is not right for her. Her plan ends now and nothing more is billed, even a renewal less than 72 hours away. A
        hold not yet captured is released; otherwise her most recent payment is refunded in full, as the terms promise. She gets one email
        saying so, without your note. This cannot be undone.
      </p>
      <Form method="post" id="disqualify" noValidate className="owner-disqualify-form">
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <NoteField
          field={fields.note}
          label="Note for the medical record"
          hint={`Needed: why, in ${disqualifyNoteMaxLength} characters or fewer. Kept with her order; she does not see it, and the audit log does not keep it.`}
          maxLength={disqualifyNoteMaxLength}
          rows={4}
        />
        <button type="submit" name="intent" value="disqualify" className="owner-button owner-button-danger">
          End the plan: medically disqualified
        </button>
      </Form>
    </ConsoleBox>
  );
}
