import { AddressLines } from "../../components/address-fields";
import { Field } from "../../components/field";
import type { FieldView } from "../../components/form-reply";
import { useT } from "../../components/i18n";

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
  const t = useT();
  const same = fields.billingSameAsShipping;
  return (
    <fieldset className="billing-address">
      <legend>{t("finalCheckout.billingAddress")}</legend>
      <label className="checkbox billing-same">
        <input type="checkbox" id={same.id} name={same.name} defaultChecked={same.initialValue === "on"} />
        <span>{t("finalCheckout.billingSame")}</span>
      </label>
      <div className="billing-fields">
        <p className="hint">{t("finalCheckout.billingHint")}</p>
        <div className="field-pair">
          <Field field={fields.billingFirstName} label={t("addressForm.firstName")} autoComplete="billing given-name" />
          <Field field={fields.billingLastName} label={t("addressForm.lastName")} autoComplete="billing family-name" />
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
