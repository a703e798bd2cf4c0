// A labelled text area for a console form's note, wired as `Field` is (label, hint, message,
// ARIA), bounded in the browser as the server bounds it.
import { controlWiring, FieldError } from "./field";
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
