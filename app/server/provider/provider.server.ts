// The provider adapter (spec section 7): what the funnel asks of the provider's API.
import type { Catalogue } from "../../funnel/catalogue";
import type { OrderEventBody } from "../../funnel/order-event";
import type { OrderDestination, PreAuthOrderBody } from "../../funnel/pre-auth-order";
import type { PreCheckoutBody } from "../../funnel/pre-checkout";
import type { PromoCheck } from "../../funnel/promo";
import type { ProductSelectionBody } from "../../funnel/product-selection";
import type { SalesFunnelRecordBody } from "../../funnel/sales-funnel-record";
import type { Testimonial } from "../../funnel/testimonials";

export interface Provider {
  /**
   * Its catalogue and testimonials are the same for every responder (the embedded provider's
   * own tables), so one kept answer serves every flow; the provider's API is asked per responder.
   */
  readonly sameAnswersForEveryone?: boolean;
  /** POST to the sales path: one step of the sales funnel record. */
  postSalesFunnelRecord(body: SalesFunnelRecordBody, idempotencyKey: string): Promise<void>;
  /**
   * The medication catalogue for this responder. Never fails for want of the provider: on an
   * error or an answer we cannot read, the fallback catalogue (spec section 7).
   */
  getMedications(responderUuid: string): Promise<Catalogue>;
  /** At most 4 testimonials; an empty list when there are none or the provider is slow or down. */
  getTestimonials(responderUuid: string): Promise<Testimonial[]>;
  /** POST save-product-selection path + /{responder_uuid}: what ADD TO PLAN chose. */
  saveProductSelection(responderUuid: string, body: ProductSelectionBody, idempotencyKey: string): Promise<void>;
  /** POST save-pre-checkout path + /{responder_uuid}: her personal details and her plan. */
  savePreCheckout(responderUuid: string, body: PreCheckoutBody, idempotencyKey: string): Promise<void>;
  /** The check-discount path: is this code good for this price (in cents)? Never throws. */
  checkPromoCode(code: string, priceInCents: number, responderUuid: string): Promise<PromoCheck>;
  /**
   * The pre-auth-checkout path: the authorised order. Answers where she goes next; throws a
   * ProviderError (with the answer's message, when it has one) on anything but success.
   */
  preAuthCheckout(body: PreAuthOrderBody, idempotencyKey: string): Promise<OrderDestination>;
  /**
   * The order-events path: something that happened to an order after its hold that the
   * provider did not do itself (captured, released, a renewal charged or failed, lapsed,
   * cancelled). Throws a ProviderError on anything but success.
   */
  reportOrderEvent(body: OrderEventBody, idempotencyKey: string): Promise<void>;
}

/** A call the provider did not accept; the message names no personal data. */
export class ProviderError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

const standIns = new WeakSet<object>();

/**
 * Marks an answer given in place of the provider's own (the fallback catalogue, an empty list
 * after a timeout), so a cache can keep it for less time than a real answer.
 */
export function standInAnswer<T extends object>(answer: T): T {
  standIns.add(answer);
  return answer;
}

export function isStandInAnswer(answer: object): boolean {
  return standIns.has(answer);
}
