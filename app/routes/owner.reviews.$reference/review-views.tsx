// What the clinical view draws: her answers, the medications she chose, the decision so far,
// and the decision's form (a note for the record, then Approve or Decline). The view has two
// forms (this and medically disqualified): an action's reply names the one it answers.
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { controlWiring, FieldError } from "../../components/field";
import { ConsoleBox, DecisionButtons } from "../../components/console-parts";
import { ConsoleTable } from "../../components/console-table";
import { useFormReply, useReplyTo } from "../../components/use-form-reply";

export function AnswersList({ answers }: { answers: string[] }) {
  if (answers.length === 0) return <>No answer recorded</>;
  return (
    <ul className="owner-answer-list">
      {answers.map((answer) => (
        <li key={answer}>{answer}</li>
      ))}
    </ul>
  );
}

export function MedicationsTable({ medications }: { medications: { category: string; name: string; dosage: string }[] }) {
  return (
    <ConsoleTable
      region="Medications chosen"
      caption="Medications chosen"
      rows={medications.map((medication, index) => ({ ...medication, index }))}
      rowKey={(medication) => medication.index}
      empty="No medications recorded on this order."
      columns={[
        { header: "Category", className: "owner-wrap", cell: (medication) => medication.category || "Not given" },
        { header: "Medication", rowHeader: true, className: "owner-wrap", cell: (medication) => medication.name },
        { header: "Dosage", className: "owner-wrap", cell: (medication) => medication.dosage || "Not given" },
      ]}
    />
  );
}

export function DecisionForm({ noteMaxLength }: { noteMaxLength: number }) {
  const { fields, summary } = useFormReply({ id: "decision", names: ["note"], lastResult: useReplyTo("decision") });
  const note = fields.note;
  const hintId = `${note.id}-hint`;
  return (
    <ConsoleBox titleId="decision-title" title="Medical decision">
      <p>
        Approve captures her hold (or charges her saved card once the hold has lapsed); Decline releases it. A decision cannot be changed.
      </p>
      <Form method="post" id="decision" noValidate>
        <ErrorSummary summary={summary} />
        <div className={note.errors?.[0] ? "field has-error" : "field"}>
          <label htmlFor={note.id}>Note for the record</label>
          <p className="hint" id={hintId}>
            Optional, up to {noteMaxLength} characters. Kept with the decision; she does not see it.
          </p>
          <FieldError field={note} />
          <textarea {...controlWiring(note, hintId)} className="owner-note" rows={4} defaultValue={note.initialValue} />
        </div>
        <div className="owner-actions">
          <DecisionButtons />
        </div>
      </Form>
    </ConsoleBox>
  );
}
