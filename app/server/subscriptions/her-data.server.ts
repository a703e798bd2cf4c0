// "Download my data" (/subscription/{token}/data): her own rows, read by the order her link
// opens and nothing else, shaped by app/funnel/her-data.ts. A download reads a dozen tables,
// so each subscription may ask for it a few times an hour.
import { billingFieldNames, billingSameField } from "../../funnel/final-checkout";
import { emailFacts, type EmailPayload } from "../../funnel/email-messages";
import { renderEmail } from "../../funnel/emails";
import { translator } from "../../i18n/messages";
import { flowData, herData, type FlowData, type HerAddress, type HerData } from "../../funnel/her-data";
import type { PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { config } from "../config.server";
import { loadBillingAddress, loadShippingAddress } from "../db/stores/addresses.server";
import { consentRecordsOf } from "../db/stores/consent-records.server";
import { findFunnelRecord } from "../db/stores/funnel-records.server";
import { findOrder, type OrderRow } from "../db/stores/orders.server";
import { deliveredEmailsOf } from "../db/stores/outbox.server";
import { loadPreCheckoutDraft } from "../db/stores/personal-details.server";
import { latestStoredEmailsOf } from "../db/stores/stored-emails.server";
import { subscriptionTimeline, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { hitRateLimit, type RateLimit } from "../http/rate-limits.server";
import { herOrder } from "../mail/her-emails.server";
import { keyedHash } from "../secrets/signed-link.server";
import { lifecycleNow } from "./clock.server";
import { subscriptionLinks } from "./private-link.server";

/** Downloads of her data: ten an hour for one subscription, whoever holds the link. */
export const herDataDownloads: RateLimit = { bucket: "her-data", limit: 10, windowMs: 60 * 60_000 };

/** Emails listed in one download: years of renewals and every change. */
export const herDataEmailLimit = 500;

/** Counts one download of her data; the seconds to wait when the hour's downloads are used, else 0. */
export async function countHerDataDownload(subscription: SubscriptionRow): Promise<number> {
  const answer = await hitRateLimit(herDataDownloads, `subscription:${keyedHash(subscription.id)}`);
  return answer.retryAfterSeconds;
}

function billingOf(form: Record<string, string>): HerAddress | null {
  if (form[billingSameField] === "on") return null;
  return Object.fromEntries(Object.entries(billingFieldNames).map(([name, formName]) => [name, form[formName] ?? null]));
}

/**
 * The emails sent to her: the words when the embedded mail store keeps them (as sent, in the
 * language each was written in), else what and when, the subject written again in the
 * language her emails are written in now.
 */
async function emailsOf(subscription: SubscriptionRow, order: OrderRow | undefined) {
  if (config().SMTP_URL === undefined) {
    const { rows } = await latestStoredEmailsOf(subscription.reference, herDataEmailLimit);
    return {
      kept: true,
      list: rows
        .reverse()
        .map((row) => ({ kind: row.kind, subject: row.subject, sentAt: row.createdAt, to: row.toAddress, text: row.text })),
    };
  }
  const her = order && (await herOrder(subscription, order));
  const links = subscriptionLinks(subscription);
  const rows = await deliveredEmailsOf(subscription.reference, herDataEmailLimit);
  return {
    kept: false,
    list: rows.map((row) => {
      const payload = row.payload as unknown as EmailPayload;
      return {
        kind: payload.email,
        subject: her ? renderEmail(her.order, emailFacts(payload), links, translator(subscription.language)).subject : payload.email,
        sentAt: row.deliveredAt ?? row.createdAt,
      };
    }),
  };
}

function answersOf(record: Awaited<ReturnType<typeof findFunnelRecord>>) {
  return record
    ? {
        reasonYouAreHereToday: record.reasonYouAreHereToday,
        concernsAboutHrt: record.concernsAboutHrt,
        emailAddress: record.emailAddress,
        tracking: record.trackingParams,
      }
    : null;
}

/** Everything we hold about her from a visit with no subscription (an order not authorized at most). */
export async function flowDataOf(responderUuid: string): Promise<FlowData> {
  const [order, details, shipping, billing, record, consents, generatedAt] = await Promise.all([
    findOrder(responderUuid),
    loadPreCheckoutDraft(responderUuid),
    loadShippingAddress(responderUuid),
    loadBillingAddress(responderUuid),
    findFunnelRecord(responderUuid),
    consentRecordsOf(responderUuid),
    lifecycleNow(),
  ]);
  const body = (order?.body ?? {}) as Partial<PreAuthOrderBody>;
  return flowData({
    generatedAt,
    details: Object.keys(details).length > 0 ? details : (body.customer ?? {}),
    shippingAddress: Object.keys(shipping).length > 0 ? shipping : (body.shippingAddress ?? null),
    billingAddress: billingOf(billing),
    answers: answersOf(record),
    consents,
  });
}

/** Everything we hold about her, for the order her link opened. */
export async function herDataOf(subscription: SubscriptionRow): Promise<HerData> {
  const uuid = subscription.responderUuid;
  const [order, details, shipping, billing, record, { events, payments }, consents, generatedAt] = await Promise.all([
    findOrder(uuid),
    loadPreCheckoutDraft(uuid),
    loadShippingAddress(uuid),
    loadBillingAddress(uuid),
    findFunnelRecord(uuid),
    subscriptionTimeline(subscription.id),
    consentRecordsOf(uuid),
    lifecycleNow(),
  ]);
  const body = (order?.body ?? {}) as Partial<PreAuthOrderBody>;
  const emails = await emailsOf(subscription, order);
  return herData({
    generatedAt,
    // What she typed at the checkout; the order's copy when that is all there is.
    details: Object.keys(details).length > 0 ? details : (body.customer ?? {}),
    shippingAddress: Object.keys(shipping).length > 0 ? shipping : (body.shippingAddress ?? null),
    billingAddress: billingOf(billing),
    answers: answersOf(record),
    subscription: { ...subscription, hasOtherCard: subscription.cardReference !== null },
    order: order
      ? {
          status: order.status,
          amountCents: order.amountCents,
          currency: order.currency,
          createdAt: order.createdAt,
          authorisedAt: order.authorisedAt,
          cardBrand: order.cardBrand,
          cardLast4: order.cardLast4,
          medications: body.medications ?? [],
          promoCode: body.metadata?.discount_code ?? null,
          shippingAddress: body.shippingAddress ?? null,
          billingAddress: body.billingAddress ?? null,
        }
      : null,
    events,
    payments,
    emails,
    consents,
  });
}
