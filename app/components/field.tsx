import type { ReactNode } from "react";
import type { FieldView } from "./form-reply";
import { useT } from "./i18n";

/**
 * What ties a control to its field: Conform's id, name and form, and, when the field has a
 * message, `aria-invalid` and the message first in `aria-describedby`, then the hint.
 */
export function controlWiring(field: FieldView, hintId?: string) {
  const invalid = Boolean(field.errors?.[0]);
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": invalid ? `${field.errorId} ${hintId ?? ""}`.trim() : hintId,
  };
}

/** The field's own message; the "Error: " before it is for screen readers. */
export function FieldError({ field }: { field: FieldView }) {
  const t = useT();
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p className="field-error" id={field.errorId}>
      <span className="visually-hidden">{t("form.errorPrefix")}</span>
      {error}
    </p>
  );
}

/** The class of a field's box: GOV.UK's red bar on its left while it has a message. */
function fieldClass(field: FieldView, extra?: string): string {
  return ["field", extra, field.errors?.[0] ? "has-error" : null].filter(Boolean).join(" ");
}

interface LabelledFieldProps {
  field: FieldView;
  label: string;
  hint?: string;
  /** The `required` attribute. */
  required?: boolean;
  /** The asterisk after the label (spec section 5); a form's only question goes without. */
  requiredMark?: boolean;
}

/** The GOV.UK field: label, hint, message, then the control that `children` draws with the wiring. */
function LabelledField({
  field,
  label,
  hint,
  required,
  requiredMark = required,
  children,
}: LabelledFieldProps & { children: (wiring: ReturnType<typeof controlWiring>) => ReactNode }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={fieldClass(field)}>
      <label htmlFor={field.id}>
        {label}
        {requiredMark ? (
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
      <FieldError field={field} />
      {children(controlWiring(field, hintId))}
    </div>
  );
}

interface FieldProps extends LabelledFieldProps {
  type?: "text" | "email" | "tel" | "date";
  autoComplete: string;
  /** The keyboard a phone shows. */
  inputMode?: "text" | "email" | "tel" | "numeric";
  /** A blank one lets CSS tell an empty field (`:placeholder-shown`). */
  placeholder?: string;
}

/** One labelled text, email or phone input; what she typed comes back after a refusal. */
export function Field({ type = "text", autoComplete, inputMode, placeholder, ...frame }: FieldProps) {
  return (
    <LabelledField {...frame}>
      {(wiring) => (
        <input
          {...wiring}
          type={type}
          defaultValue={frame.field.initialValue}
          autoComplete={autoComplete}
          inputMode={inputMode}
          spellCheck={type === "text" ? undefined : false}
          required={frame.required}
          placeholder={placeholder}
        />
      )}
    </LabelledField>
  );
}

interface SelectFieldProps extends LabelledFieldProps {
  autoComplete: string;
  /** The first, empty choice ("Select a state"). */
  emptyChoice: string;
  /** The choices as value and text. */
  options: readonly (readonly [value: string, text: string])[];
}

/** One labelled drop-down list, in the same box as a text field. */
export function SelectField({ autoComplete, emptyChoice, options, ...frame }: SelectFieldProps) {
  return (
    <LabelledField {...frame}>
      {(wiring) => (
        <select {...wiring} defaultValue={frame.field.initialValue ?? ""} autoComplete={autoComplete} required={frame.required}>
          <option value="">{emptyChoice}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

interface CheckboxFieldProps {
  field: FieldView;
  label: string;
  className?: string;
  /** The id of what explains the box, drawn by `children` under it. */
  describedBy?: string;
  children?: ReactNode;
}

/** One box to tick, its message above it (GOV.UK), and what it agrees to under it. */
export function CheckboxField({ field, label, className, describedBy, children }: CheckboxFieldProps) {
  return (
    <div className={fieldClass(field, className)}>
      <FieldError field={field} />
      <label className="checkbox">
        <input type="checkbox" {...controlWiring(field, describedBy)} defaultChecked={field.initialValue === "on"} />
        <span>{label}</span>
      </label>
      {children}
    </div>
  );
}

/**
 * A labelled password input, wired like `Field`. Its value never comes back after a refusal:
 * the server leaves it out of the reply.
 */
export function PasswordField({
  autoComplete,
  ...frame
}: Omit<LabelledFieldProps, "required" | "requiredMark"> & { autoComplete: string }) {
  return (
    <LabelledField {...frame} requiredMark={false}>
      {(wiring) => <input {...wiring} type="password" autoComplete={autoComplete} spellCheck={false} autoCapitalize="none" required />}
    </LabelledField>
  );
}
