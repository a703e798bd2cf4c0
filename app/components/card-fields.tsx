import { StripeCard } from "./stripe-card";
import { Field } from "./field";
import type { FieldView } from "./form-reply";

type Fields = Record<"cardNumber" | "expiry" | "securityCode", FieldView>;

export type PaymentSettings = { kind: "sandbox" } | { kind: "stripe"; publishableKey: string; stripeJsUrl: string };

/**
 * The card: in the sandbox, three plain fields posted to our server (test cards only); with
 * Stripe, the card element that Stripe.js draws, whose data never reaches our server.
 */
export function CardFields({ fields, payment }: { fields: Fields; payment: PaymentSettings }) {
  if (payment.kind === "stripe") {
    return (
      <StripeCard publishableKey={payment.publishableKey} stripeJsUrl={payment.stripeJsUrl} />
    );
  }
  return (
    <div className="sandbox-card">
      <p className="sandbox-note">
        <strong>Sandbox:</strong> no real payment is taken. Use a Stripe test card, such as 4242 4242 4242 4242,
        any future expiry date and any 3-digit security code.
      </p>
      <Field
        field={fields.cardNumber}
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        required
      />
      <div className="field-pair">
        <Field field={fields.expiry} label="Expiration date (MM/YY)" autoComplete="cc-exp" required />
        <Field
          field={fields.securityCode}
          label="Security code"
          autoComplete="cc-csc"
          inputMode="numeric"
          required
        />
      </div>
    </div>
  );
}
