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
  /**
   * A refund's reason (app/funnel/refunds.ts), a dispute's (the bank's word, as Stripe gives it),
   * or, when she gave one, her cancel's code (app/funnel/cancel-reasons.ts; never her own words).
   */
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
  /** Her card for the payments to come (card_updated): its brand and last four digits, never more. */
  card_brand?: string;
  card_last4?: string;
  /** Her billing date moved, skipped or shipped sooner: her next billing date now (ISO). */
  next_billing_at?: string;
  /**
   * Her plan changed (plan_changed), or a change that waited starts after this renewal
   * (renewal_charged): the plan from `plan_from` (ISO), its price each period, and the plan before.
   */
  plan?: string;
  previous_plan?: string;
  renewal_cents?: number;
  plan_from?: string;
  /** ISO time, on the lifecycle clock. */
  occurred_at: string;
}
