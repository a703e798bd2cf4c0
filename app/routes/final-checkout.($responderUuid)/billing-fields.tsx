import { billingSameLabel } from "../../funnel/final-checkout-texts";
import { AddressLines } from "../../components/address-fields";
import { Field } from "../../components/field";
import type { FieldView } from "../../components/form-reply";

type BillingFieldName =
  | "billingSameAsShipping"
  | "billingFirstName"
  | "billingLastName"
  | "billingAddressLine1"
  | "billingAddressLine2"
  | "billingZipCode"
  | "billingState"
  | "billingCity";

/**
 * The older variant's Billing Address (spec section 2). The box starts ticked; the fields are
 * always in the page and CSS hides them while it is ticked, so it works without JavaScript, and
 * the server decides whether they are needed (no `required` attribute on them).
 */
export function BillingFields({ fields }: { fields: Record<BillingFieldName, FieldView> }) {
  const same = fields.billingSameAsShipping;
  return (
    <fieldset className="billing-address">
      <legend>Billing Address</legend>
      <label className="checkbox billing-same">
        <input
          type="checkbox"
          id={same.id}
          name={same.name}
          defaultChecked={same.initialValue === "on"}
        />
        <span>{billingSameLabel}</span>
      </label>
      <div className="billing-fields">
        <p className="hint">Where your card statements go. Every field but Address Line 2 is needed.</p>
        <div className="field-pair">
          <Field field={fields.billingFirstName} label="First Name" autoComplete="billing given-name" />
          <Field field={fields.billingLastName} label="Last Name" autoComplete="billing family-name" />
        </div>
        <AddressLines
          fields={{
            addressLine1: fields.billingAddressLine1,
            addressLine2: fields.billingAddressLine2,
            zipCode: fields.billingZipCode,
            state: fields.billingState,
            city: fields.billingCity,
          }}
          section="billing"
          required={false}
        />
      </div>
    </fieldset>
  );
}
