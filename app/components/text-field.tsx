/**
 * What a text field needs of its form's state. Conform's field metadata has all of it (the
 * pre-checkout page passes Conform's fields), and so has the final checkout's own reader of the
 * action's reply (form-reply.ts), which keeps Conform's client out of the page that hydrates.
 */
export interface TextFieldState {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  initialValue?: unknown;
  errors?: readonly string[] | null;
  key?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface TextFieldProps {
  field: TextFieldState;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  hint?: string;
  /** Marked required: the `required` attribute and a visible asterisk (spec section 5). */
  required?: boolean;
  /** The keyboard a phone shows. */
  inputMode?: "text" | "email" | "tel" | "numeric";
}

/**
 * One labelled input in the GOV.UK pattern: label, hint, the field's own error message, and
 * an input whose aria-describedby names them. The input's attributes are those Conform's
 * `getInputProps` gives a text input (id, name, form, constraints, aria-invalid,
 * aria-describedby with the error first, the value as `defaultValue`).
 */
export function TextField({ field, label, type = "text", autoComplete, hint, required, inputMode }: TextFieldProps) {
  const error = field.errors?.[0];
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = error ? `${field.errorId} ${hintId ?? ""}`.trim() : hintId;
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={field.id}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={field.errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        key={field.key}
        id={field.id}
        name={field.name}
        form={field.formId}
        type={type}
        minLength={field.minLength}
        maxLength={field.maxLength}
        pattern={field.pattern}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={type === "text" ? undefined : false}
        required={required}
      />
    </div>
  );
}
