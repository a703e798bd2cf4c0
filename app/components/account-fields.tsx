import { Field } from "./field";
import type { FieldView } from "./form-reply";
import { useT } from "./i18n";

export type AccountFieldValues = Record<"firstName" | "lastName" | "email" | "phone", FieldView>;

/** Who she is (spec section 2): asked on the pre-checkout, shown again on the final checkout. */
export function AccountFields({ fields, phoneHint }: { fields: AccountFieldValues; phoneHint?: string }) {
  const t = useT();
  return (
    <>
      <div className="field-pair">
        <Field field={fields.firstName} label={t("accountForm.firstName")} autoComplete="given-name" required />
        <Field field={fields.lastName} label={t("accountForm.lastName")} autoComplete="family-name" required />
      </div>
      <Field field={fields.email} label={t("accountForm.email")} type="email" autoComplete="email" inputMode="email" required />
      <Field field={fields.phone} label={t("accountForm.phone")} type="tel" autoComplete="tel" inputMode="tel" hint={phoneHint} required />
    </>
  );
}
