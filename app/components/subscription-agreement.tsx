import { subscriptionTerms } from "../funnel/subscription-terms";
import { CheckboxField } from "./field";
import type { FieldView } from "./form-reply";

/** The box she ticks to agree to the subscription, with the terms it agrees to under it. */
export function SubscriptionAgreement({ field }: { field: FieldView }) {
  return (
    <CheckboxField
      field={field}
      label="Subscription Agreement: I agree to the subscription terms"
      className="agreement"
      describedBy="subscription-terms"
    >
      <ul className="terms" id="subscription-terms">
        {subscriptionTerms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </CheckboxField>
  );
}
