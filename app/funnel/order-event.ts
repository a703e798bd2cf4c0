// What the provider hears of an order after its hold (the order-events path): every
// transition it did not make itself. Named by the order's reference and her uuid only: no
// personal data, no card data.
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
  /** ISO time, on the lifecycle clock. */
  occurred_at: string;
}
