// The provider adapter (spec section 7): what the funnel asks of the provider's API.
import type { SalesFunnelRecordBody } from "../../funnel/sales-funnel-record";

export interface Provider {
  /** POST to the sales path: one step of the sales funnel record. */
  postSalesFunnelRecord(body: SalesFunnelRecordBody, idempotencyKey: string): Promise<void>;
}

/** A call the provider did not accept; the message names no personal data. */
export class ProviderError extends Error {
  constructor(message: string, public readonly status?: number) {
    super(message);
    this.name = "ProviderError";
  }
}
