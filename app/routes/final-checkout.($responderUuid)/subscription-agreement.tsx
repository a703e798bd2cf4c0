import { CheckboxField } from "../../components/field";
import type { FieldView } from "../../components/form-reply";
import { useT } from "../../components/i18n";
import { SubscriptionTermsList } from "../../components/subscription-terms";

/** The box she ticks to agree to the subscription, with the terms it agrees to under it. */
export function SubscriptionAgreement({ field }: { field: FieldView }) {
  return (
    <CheckboxField field={field} label={useT()("finalCheckout.agreement")} className="agreement" describedBy="subscription-terms">
      <SubscriptionTermsList className="terms" id="subscription-terms" />
    </CheckboxField>
  );
}
