import { getInputProps, type FieldMetadata } from "@conform-to/react";

interface TextFieldProps {
  field: FieldMetadata<string>;
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
 * an input whose aria-describedby names them.
 */
export function TextField({ field, label, type = "text", autoComplete, hint, required, inputMode }: TextFieldProps) {
  const error = field.errors?.[0];
  const hintId = hint ? `${field.id}-hint` : undefined;
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
        {...getInputProps(field, { type, ariaDescribedBy: hintId })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={type === "text" ? undefined : false}
        required={required}
      />
    </div>
  );
}
