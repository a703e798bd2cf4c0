// A labelled text area for a console form's note, wired as `Field` is (label, hint, message,
// ARIA), bounded in the browser as the server bounds it; and a reason chosen from a list with
// such a note, needed when the reason is Other.
import { controlWiring, FieldError, SelectField } from "./field";
import type { FieldView } from "./form-reply";

export function NoteField({
  field,
  label,
  hint,
  maxLength,
  rows = 3,
}: {
  field: FieldView;
  label: string;
  hint: string;
  maxLength: number;
  rows?: number;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className={field.errors?.[0] ? "field has-error" : "field"}>
      <label htmlFor={field.id}>{label}</label>
      <p className="hint" id={hintId}>
        {hint}
      </p>
      <FieldError field={field} />
      <textarea
        {...controlWiring(field, hintId)}
        className="owner-note"
        defaultValue={field.initialValue}
        rows={rows}
        maxLength={maxLength}
      />
    </div>
  );
}

/** Why, from the console's list of reasons, and a note that says more (needed for Other). */
export function ReasonWithNote({
  reason,
  note,
  reasons,
  noteHint,
  noteMaxLength,
}: {
  reason: FieldView;
  note: FieldView;
  reasons: readonly (readonly [value: string, label: string])[];
  noteHint: string;
  noteMaxLength: number;
}) {
  return (
    <>
      <SelectField field={reason} label="Reason" emptyChoice="Choose a reason" options={reasons} autoComplete="off" required />
      <NoteField field={note} label="Note (needed for Other)" hint={noteHint} maxLength={noteMaxLength} />
    </>
  );
}
