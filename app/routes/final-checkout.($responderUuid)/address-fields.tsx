import { usStates } from "../../funnel/us-states";
import { Field, SelectField } from "../../components/field";
import type { FieldView } from "../../components/form-reply";

export type AddressLineFields = Record<"addressLine1" | "addressLine2" | "zipCode" | "state" | "city", FieldView>;

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
  return (
    <>
      <Field
        field={fields.addressLine1}
        label="Address Line 1"
        autoComplete={`${section} address-line1`}
        hint={line1Hint}
        required={required}
      />
      <Field field={fields.addressLine2} label="Address Line 2 (optional)" autoComplete={`${section} address-line2`} />
      <div className="field-pair">
        <Field field={fields.zipCode} label="Zip Code" autoComplete={`${section} postal-code`} inputMode="numeric" required={required} />
        <SelectField
          field={fields.state}
          label="State"
          autoComplete={`${section} address-level1`}
          emptyChoice="Select a state"
          options={usStates}
          required={required}
        />
      </div>
      <Field field={fields.city} label="City" autoComplete={`${section} address-level2`} required={required} />
    </>
  );
}
