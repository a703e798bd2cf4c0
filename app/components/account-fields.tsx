import { Field } from "./field";
import type { FieldView } from "./form-reply";

export type AccountFieldValues = Record<"firstName" | "lastName" | "email" | "phone", FieldView>;

/** Who she is (spec section 2): asked on the pre-checkout, shown again on the final checkout. */
export function AccountFields({ fields, phoneHint }: { fields: AccountFieldValues; phoneHint?: string }) {
  return (
    <>
      <div className="field-pair">
        <Field field={fields.firstName} label="First Name" autoComplete="given-name" required />
        <Field field={fields.lastName} label="Last Name" autoComplete="family-name" required />
      </div>
      <Field field={fields.email} label="E-mail" type="email" autoComplete="email" inputMode="email" required />
      <Field field={fields.phone} label="Phone" type="tel" autoComplete="tel" inputMode="tel" hint={phoneHint} required />
    </>
  );
}
