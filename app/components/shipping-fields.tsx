import type { FieldMetadata } from "@conform-to/react";
import { usStates } from "../funnel/us-states";
import { TextField } from "./text-field";

type Fields = Record<"addressLine1" | "addressLine2" | "zipCode" | "state" | "city", FieldMetadata<string>>;

/** Shipping Address (spec section 2): US addresses, no PO Box. */
export function ShippingFields({ fields }: { fields: Fields }) {
  const state = fields.state;
  const stateError = state.errors?.[0];
  return (
    <fieldset className="shipping-address">
      <legend>Shipping Address</legend>
      <TextField
        field={fields.addressLine1}
        label="Address Line 1"
        autoComplete="address-line1"
        hint="We cannot deliver to a PO Box"
        required
      />
      <TextField field={fields.addressLine2} label="Address Line 2 (optional)" autoComplete="address-line2" />
      <div className="field-pair">
        <TextField field={fields.zipCode} label="Zip Code" autoComplete="postal-code" inputMode="numeric" required />
        <div className={stateError ? "field has-error" : "field"}>
          <label htmlFor={state.id}>
            State<span className="required-mark" aria-hidden="true"> *</span>
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
            defaultValue={state.initialValue ?? ""}
            autoComplete="address-level1"
            required
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
      <TextField field={fields.city} label="City" autoComplete="address-level2" required />
    </fieldset>
  );
}
