import { controlWiring, FieldError } from "./field";
import type { FieldView } from "./form-reply";

/**
 * A labelled password input, wired like `Field` (label, hint, message, ARIA). Its value never
 * comes back after a refusal: the server leaves it out of the reply.
 */
export function PasswordField({ field, label, hint, autoComplete }: { field: FieldView; label: string; hint?: string; autoComplete: string }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={field.errors?.[0] ? "field has-error" : "field"}>
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
      <input {...controlWiring(field, hintId)} type="password" autoComplete={autoComplete} spellCheck={false} autoCapitalize="none" required />
    </div>
  );
}
