import { useT } from "../../components/i18n";

/**
 * Why the payment did not go through, above the form. Its id is where the return from a bank's
 * check lands (`#payment-failure`). The message is the server's, already in her words; one that
 * is not ours to translate (a card issuer's own) keeps its English, marked so.
 */
export function PaymentFailure({
  message,
  processing = false,
  english = false,
}: {
  message: string | null | undefined;
  processing?: boolean;
  english?: boolean;
}) {
  const t = useT();
  if (!message) return null;
  return (
    <div className="payment-failure" role="alert" id="payment-failure">
      <h2>{processing ? t("finalCheckout.paymentProcessing") : t("finalCheckout.paymentNotThrough")}</h2>
      <p lang={english ? "en" : undefined}>{message}</p>
    </div>
  );
}
