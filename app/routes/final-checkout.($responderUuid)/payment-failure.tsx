import { paymentMessages } from "../../funnel/test-cards";

/**
 * Why the payment did not go through, above the form. Its id is where the return from a bank's
 * check lands (`#payment-failure`).
 */
export function PaymentFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="payment-failure" role="alert" id="payment-failure">
      <h2>{message === paymentMessages.stillProcessing ? "Your payment is being processed" : "Your payment did not go through"}</h2>
      <p>{message}</p>
    </div>
  );
}
