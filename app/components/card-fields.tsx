import { StripeCard } from "./stripe-card";
import { Field } from "./field";
import type { FieldView } from "./form-reply";
import { Rich, useT } from "./i18n";
import type { ReactNode } from "react";

type Fields = Record<"cardNumber" | "expiry" | "securityCode", FieldView>;

export type PaymentSettings = { kind: "sandbox" } | { kind: "stripe"; publishableKey: string; stripeJsUrl: string };

/**
 * The card: in the sandbox, three plain fields posted to our server (test cards only); with
 * Stripe, the card element that Stripe.js draws, whose data never reaches our server.
 */
const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export function CardFields({ fields, payment }: { fields: Fields; payment: PaymentSettings }) {
  const t = useT();
  if (payment.kind === "stripe") {
    return <StripeCard publishableKey={payment.publishableKey} stripeJsUrl={payment.stripeJsUrl} />;
  }
  return (
    <div className="sandbox-card">
      <p className="sandbox-note">
        <Rich id="sandbox.cardNote" values={{ strong }} />
      </p>
      <Field field={fields.cardNumber} label={t("cardForm.cardNumber")} autoComplete="cc-number" inputMode="numeric" required />
      <div className="field-pair">
        <Field field={fields.expiry} label={t("cardForm.expiry")} autoComplete="cc-exp" required />
        <Field field={fields.securityCode} label={t("cardForm.securityCode")} autoComplete="cc-csc" inputMode="numeric" required />
      </div>
    </div>
  );
}
