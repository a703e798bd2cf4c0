import { usStates } from "../funnel/us-states";
import { TextField, type TextFieldState } from "./text-field";

export interface AddressLineFields {
  addressLine1: TextFieldState;
  addressLine2: TextFieldState;
  zipCode: TextFieldState;
  state: TextFieldState;
  city: TextFieldState;
}

interface AddressLinesProps {
  fields: AddressLineFields;
  /** The autocomplete section: the browser fills shipping and billing from different addresses. */
  section: "shipping" | "billing";
  /** The `required` attribute; false where the server decides (billing, asked only sometimes). */
  required: boolean;
  /** A note under Address Line 1. */
  line1Hint?: string;
}

/** The lines of a US address, shared by the shipping and billing addresses. */
export function AddressLines({ fields, section, required, line1Hint }: AddressLinesProps) {
  const state = fields.state;
  const stateError = state.errors?.[0];
  return (
    <>
      <TextField
        field={fields.addressLine1}
        label="Address Line 1"
        autoComplete={`${section} address-line1`}
        hint={line1Hint}
        required={required}
      />
      <TextField field={fields.addressLine2} label="Address Line 2 (optional)" autoComplete={`${section} address-line2`} />
      <div className="field-pair">
        <TextField
          field={fields.zipCode}
          label="Zip Code"
          autoComplete={`${section} postal-code`}
          inputMode="numeric"
          required={required}
        />
        <div className={stateError ? "field has-error" : "field"}>
          <label htmlFor={state.id}>
            State
            {required ? <span className="required-mark" aria-hidden="true"> *</span> : null}
          </label>
          {stateError ? (
            <p className="field-error" id={state.errorId}>
              <span className="visually-hidden">Error: </span>
              {stateError}
            </p>
          ) : null}
          <select
            id={state.id}
            name={state.name}
            key={state.key}
            defaultValue={typeof state.initialValue === "string" ? state.initialValue : ""}
            autoComplete={`${section} address-level1`}
            required={required}
            aria-invalid={stateError ? true : undefined}
            aria-describedby={stateError ? state.errorId : undefined}
          >
            <option value="">Select a state</option>
            {usStates.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField field={fields.city} label="City" autoComplete={`${section} address-level2`} required={required} />
    </>
  );
}
