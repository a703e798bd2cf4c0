// Delivering the outbox (docs/architecture.md, "Reliability rules"): the messages that are due,
// each tried once a round, by kind to the provider or the mailer (her emails, her plan to her
// doctor, a setup link to a person of the staff, the link to her health data), with its idempotency key;
// one that fails is tried again after a backoff. The queue itself is db/stores/outbox.server.ts.
import type { DoctorEmailPayload, EmailPayload } from "../../funnel/email-messages";
import type { HealthDataEmailPayload } from "../../funnel/health-data";
import type { OrderEventBody } from "../../funnel/order-event";
import type { PreCheckoutBody } from "../../funnel/pre-checkout";
import type { ProductSelectionBody } from "../../funnel/product-selection";
import type { SalesFunnelRecordBody } from "../../funnel/sales-funnel-record";
import type { StaffEmailPayload } from "../../funnel/staff-setup";
import {
  claimDueOutboxMessages,
  markOutboxAttemptFailed,
  markOutboxDelivered,
  type LatestSavePayload,
  type PreAuthCheckoutPayload,
} from "../db/stores/outbox.server";
import { deliverHealthDataEmail } from "../health-data/health-data-email.server";
import { deliverDoctorEmail, deliverEmail } from "../mail/her-emails.server";
import { deliverStaffEmail } from "../mail/staff-emails.server";
import type { Provider } from "../provider/provider.server";

const firstRetryMs = 1_000;
const longestRetryMs = 15 * 60_000;

/** How long to wait after the n-th failed attempt: doubling from 1 s, at most 15 minutes. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** How long a claimed message stays with one worker before another may try it. */
const claimMs = 60_000;

async function deliver(provider: Provider, kind: string, payload: unknown, key: string): Promise<void> {
  switch (kind) {
    case "sales-funnel":
      return provider.postSalesFunnelRecord(payload as SalesFunnelRecordBody, key);
    case "save-product-selection": {
      const { responderUuid, body } = payload as LatestSavePayload<ProductSelectionBody>;
      return provider.saveProductSelection(responderUuid, body, key);
    }
    case "save-pre-checkout": {
      const { responderUuid, body } = payload as LatestSavePayload<PreCheckoutBody>;
      return provider.savePreCheckout(responderUuid, body, key);
    }
    case "pre-auth-checkout": {
      const { body } = payload as PreAuthCheckoutPayload;
      await provider.preAuthCheckout(body, key);
      return;
    }
    case "order-event":
      return provider.reportOrderEvent(payload as OrderEventBody, key);
    case "email":
      return deliverEmail(payload as EmailPayload, key);
    case "doctor-email":
      return deliverDoctorEmail(payload as DoctorEmailPayload, key);
    case "staff-email":
      return deliverStaffEmail(payload as StaffEmailPayload, key);
    case "health-data-email":
      return deliverHealthDataEmail(payload as HealthDataEmailPayload, key);
    default:
      throw new Error(`unknown outbox kind ${kind}`);
  }
}

export interface DeliveryRound {
  delivered: number;
  failed: number;
}

/** Claims the messages that are due and tries each once. Several instances may run it. */
export async function deliverDueOutboxMessages(provider: Provider, batchSize = 20): Promise<DeliveryRound> {
  const claimed = await claimDueOutboxMessages(new Date(), claimMs, batchSize);
  const round: DeliveryRound = { delivered: 0, failed: 0 };
  for (const message of claimed) {
    try {
      await deliver(provider, message.kind, message.payload, message.idempotencyKey);
      await markOutboxDelivered(message);
      round.delivered++;
    } catch (error) {
      const nextAttemptAt = new Date(Date.now() + retryDelayMs(message.attempts + 1));
      await markOutboxAttemptFailed(message, nextAttemptAt, error instanceof Error ? error.message : String(error));
      round.failed++;
    }
  }
  return round;
}
