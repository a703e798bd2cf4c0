// What the provider hears of an order after its hold (the order-events path): every
// transition it did not make itself. Named by the order's reference and her uuid only: no
// personal data (but the new address the provider ships to), no card data.
import type { PreAuthOrderBody } from "./pre-auth-order";
import type { SubscriptionEvent } from "./subscription-life";

export interface OrderEventBody {
  /** The order was paid on the sandbox gateway: no real money moved. Absent for Stripe. */
  sandbox?: true;
  responder_uuid: string;
  order_reference: string;
  event: Exclude<SubscriptionEvent, "hold_placed">;
  /** The subscription's state after it. */
  state: string;
  /** The money that moved, in cents, when some did. */
  amount_cents?: number;
  /** The period it concerns: 0 is the first (paid at approval). */
  period?: number;
  /** What the gateway said when a charge failed (its words, not ours). */
  message?: string;
  /** A refund's reason (app/funnel/refunds.ts) or a dispute's (the bank's word, as Stripe gives it). */
  reason?: string;
  /**
   * A refund: our id of it. Each refund is its own event, also two alike (same amount, same
   * moment), which would otherwise be one message to the outbox.
   */
  refund_id?: number;
  /**
   * Her new shipping address (address_changed), in the fields of the pre-authorisation order's
   * shippingAddress: the one event that carries personal data, as the provider ships to it.
   */
  shippingAddress?: PreAuthOrderBody["shippingAddress"];
  /** Her billing date moved, skipped or shipped sooner: her next billing date now (ISO). */
  next_billing_at?: string;
  /** ISO time, on the lifecycle clock. */
  occurred_at: string;
}
