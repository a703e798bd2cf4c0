// The fields of a US address, drawn one way wherever she gives one: the final checkout's
// shipping and billing addresses, and her shipping address changed from her private page,
// in the page's language (the catalogue's `addressForm` group; a hydrating page sends it).
import { usStates } from "../funnel/us-states";
import { Field, SelectField } from "./field";
import type { FieldView } from "./form-reply";
import { useT } from "./i18n";

export type AddressLineFields = Record<"addressLine1" | "addressLine2" | "zipCode" | "state" | "city", FieldView>;

interface AddressLinesProps {
  fields: AddressLineFields;
  /** The autocomplete section: the browser fills shipping and billing from different addresses. */
  section: "shipping" | "billing";
  /** The `required` attribute; false where the server decides (billing, asked only sometimes). */
  required: boolean;
  /** A note under Address Line 1, already in her words. */
  line1Hint?: string;
}

/** The lines of a US address, shared by the shipping and billing addresses. */
export function AddressLines({ fields, section, required, line1Hint }: AddressLinesProps) {
  const t = useT();
  return (
    <>
      <Field
        field={fields.addressLine1}
        label={t("addressForm.addressLine1")}
        autoComplete={`${section} address-line1`}
        hint={line1Hint}
        required={required}
      />
      <Field field={fields.addressLine2} label={t("addressForm.addressLine2")} autoComplete={`${section} address-line2`} />
      <div className="field-pair">
        <Field
          field={fields.zipCode}
          label={t("addressForm.zipCode")}
          autoComplete={`${section} postal-code`}
          inputMode="numeric"
          required={required}
        />
        <SelectField
          field={fields.state}
          label={t("addressForm.state")}
          autoComplete={`${section} address-level1`}
          emptyChoice={t("addressForm.selectState")}
          options={usStates}
          required={required}
        />
      </div>
      <Field field={fields.city} label={t("addressForm.city")} autoComplete={`${section} address-level2`} required={required} />
    </>
  );
}

/** Shipping Address (spec section 2): US addresses, no PO Box. */
export function ShippingFields({ fields }: { fields: AddressLineFields }) {
  const t = useT();
  return (
    <fieldset className="shipping-address">
      <legend>{t("addressForm.shippingAddress")}</legend>
      <AddressLines fields={fields} section="shipping" required line1Hint={t("addressForm.noPoBox")} />
    </fieldset>
  );
}
