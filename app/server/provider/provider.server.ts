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
  /** The embedded provider's own tables: one kept answer serves every flow. */
  readonly sameAnswersForEveryone?: boolean;
  postSalesFunnelRecord(body: SalesFunnelRecordBody, idempotencyKey: string): Promise<void>;
  /** Never fails for want of the provider: the fallback catalogue (spec section 7). */
  getMedications(responderUuid: string): Promise<Catalogue>;
  /** At most 4; empty when there are none or the provider is slow or down. */
  getTestimonials(responderUuid: string): Promise<Testimonial[]>;
  /** What ADD TO PLAN chose. */
  saveProductSelection(responderUuid: string, body: ProductSelectionBody, idempotencyKey: string): Promise<void>;
  savePreCheckout(responderUuid: string, body: PreCheckoutBody, idempotencyKey: string): Promise<void>;
  /** Never throws. */
  checkPromoCode(code: string, priceInCents: number, responderUuid: string): Promise<PromoCheck>;
  /** Where she goes next; a ProviderError (with its message, when given) on anything but success. */
  preAuthCheckout(body: PreAuthOrderBody, idempotencyKey: string): Promise<OrderDestination>;
  /** What happened to an order after its hold that the provider did not do itself. A ProviderError on anything but success. */
  reportOrderEvent(body: OrderEventBody, idempotencyKey: string): Promise<void>;
}

/** Its message names no personal data. */
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

/** So a cache can keep a stand-in (the fallback catalogue, an empty list after a timeout) for less time. */
export function standInAnswer<T extends object>(answer: T): T {
  standIns.add(answer);
  return answer;
}

export function isStandInAnswer(answer: object): boolean {
  return standIns.has(answer);
}
