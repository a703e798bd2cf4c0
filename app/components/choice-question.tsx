import type { FieldMetadata } from "@conform-to/react";

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
  field: FieldMetadata<string>;
  question: string;
  options: readonly Option[];
  /** The question is the page's main heading. */
  asHeading?: boolean;
}) {
  const errorId = `${field.id}-error`;
  const error = field.errors?.[0];
  return (
    <fieldset
      className={error ? "choice-question has-error" : "choice-question"}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="question">{asHeading ? <h1>{question}</h1> : question}</legend>
      {error ? (
        <p className="field-error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="choices">
        {options.map((option, index) => (
          <label className="choice" key={option.code}>
            <input
              type="radio"
              name={field.name}
              id={index === 0 ? field.id : `${field.id}-${option.code}`}
              value={option.code}
              defaultChecked={field.initialValue === option.code}
              aria-invalid={error ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
