import { FieldError } from "./field";
import type { FieldView } from "./form-reply";

interface Option {
  code: string;
  label: string;
}

/**
 * A single-choice question as a fieldset of radio buttons (spec section 5: exactly one).
 * The first radio carries the field's id, so the error summary can link to it.
 */
export function ChoiceQuestion({
  field,
  question,
  options,
  asHeading = false,
}: {
  field: FieldView;
  question: string;
  options: readonly Option[];
  /** The question is the page's main heading. */
  asHeading?: boolean;
}) {
  const invalid = Boolean(field.errors?.[0]);
  return (
    <fieldset className={invalid ? "choice-question has-error" : "choice-question"} aria-describedby={invalid ? field.errorId : undefined}>
      <legend className="question">{asHeading ? <h1>{question}</h1> : question}</legend>
      <FieldError field={field} />
      <div className="choices">
        {options.map((option, index) => (
          <label className="choice" key={option.code}>
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- screen readers say "invalid" on the radio she lands on; the fieldset cannot carry it */}
            <input
              type="radio"
              name={field.name}
              id={index === 0 ? field.id : `${field.id}-${option.code}`}
              value={option.code}
              defaultChecked={field.initialValue === option.code}
              aria-invalid={invalid ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
