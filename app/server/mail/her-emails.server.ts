// Delivering one of her emails (the outbox's "email" messages): her order and address read
// now, the words from app/funnel/emails, her current private link (or the one a request by
// email sent), then the mailer.
import { orderedMedicationWords } from "../../funnel/product-words";
import { renderDoctorEmail, renderEmail, type EmailOrder } from "../../funnel/emails";
import type { PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { eq, sql } from "drizzle-orm";
import { database, type Database } from "../db/client.server";
import { prepared, statementName } from "../db/prepared.server";
import { orders, subscriptions } from "../db/schema.server";
import { findOrder, type OrderRow } from "../db/stores/orders.server";
import { paidPaymentOfPeriod, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { log } from "../log.server";
import { subscriptionLinks } from "../subscriptions/private-link.server";
import { emailFacts, type DoctorEmailPayload, type EmailPayload } from "../../funnel/email-messages";
import { translator } from "../../i18n/messages";
import { mailer, type Mailer } from "./mailer.server";

/** Her order as her emails and her page name it, and the address she gave. */
export async function herOrder(
  subscription: SubscriptionRow,
  /** The order row when the caller has read it already. */
  read?: OrderRow,
): Promise<{ order: EmailOrder; email: string } | undefined> {
  const row = read ?? (await findOrder(subscription.responderUuid));
  if (!row) return undefined;
  const body = row.body as unknown as Partial<PreAuthOrderBody>;
  if (!body.customer?.email) return undefined;
  return {
    email: body.customer.email,
    order: {
      reference: subscription.reference,
      firstName: body.customer.firstName,
      plan: subscription.plan,
      // In her words where they are ours (the provider's copy is English).
      medications: (body.medications ?? []).map((m) =>
        orderedMedicationWords({ name: m.name, dosage: m.dosage }, translator(subscription.language)),
      ),
      firstPeriodCents: subscription.firstPeriodCents,
      renewalCents: subscription.renewalCents,
    },
  };
}

/**
 * The payment whose receipt a receipt email links to: the refund it tells of (its id travels
 * with it), or the period's one paid capture or charge, read at delivery, when it was written
 * in the same transaction as the message.
 */
async function receiptOf(subscription: SubscriptionRow, payload: EmailPayload): Promise<number | undefined> {
  if (payload.email === "refunded") return payload.refund_id;
  if ((payload.email === "approved" || payload.email === "renewal_charged") && payload.period !== undefined) {
    return (await paidPaymentOfPeriod(subscription.id, payload.period))?.id;
  }
  return undefined;
}

/**
 * The generation of her link an email carries: the one that opens now, or, for a link asked
 * for by email, the generation sent, while it still waits to be opened (once a newer one
 * opens, the email carries that).
 */
function linkVersionOf(subscription: SubscriptionRow, payload: EmailPayload): number {
  const sent = payload.link_version;
  return sent !== undefined && sent > subscription.linkVersion && sent <= subscription.newestLinkVersion ? sent : subscription.linkVersion;
}

// Every email reads the subscription it is about and her order (her name, her address): one
// statement, as each "order received" email follows a checkout.
const subscriptionAndOrderOf = (db: Database) =>
  db
    .select({ subscription: subscriptions, order: orders })
    .from(subscriptions)
    .leftJoin(orders, eq(orders.responderUuid, subscriptions.responderUuid))
    .where(eq(subscriptions.reference, sql.placeholder("reference")))
    .prepare(statementName(db, "subscription_and_order_of_reference"));

export async function deliverEmail(payload: EmailPayload, idempotencyKey: string, send: Mailer = mailer()): Promise<void> {
  const [read] = await prepared(await database(), subscriptionAndOrderOf).execute({ reference: payload.reference });
  const subscription = read?.subscription;
  const her = subscription && read.order ? await herOrder(subscription, read.order) : undefined;
  if (!subscription || !her) {
    // Nothing to send it about or to: trying again would not change that.
    log.warn({ email: payload.email }, "email for an unknown order dropped");
    return;
  }
  const links = subscriptionLinks({ id: subscription.id, linkVersion: linkVersionOf(subscription, payload) });
  const receiptId = await receiptOf(subscription, payload);
  // In the language she ordered in (or chose since on her page), read now like her link.
  const rendered = renderEmail(
    her.order,
    emailFacts(payload),
    receiptId === undefined ? links : { ...links, receipt: `${links.subscription}/receipts/${receiptId}` },
    translator(subscription.language),
  );
  await send.send({ idempotencyKey, kind: payload.email, orderReference: subscription.reference, to: her.email, ...rendered });
}

/** Her plan to her own doctor (the plan's printable page asked for it): in English, for a US clinician. */
export async function deliverDoctorEmail(payload: DoctorEmailPayload, idempotencyKey: string, send: Mailer = mailer()): Promise<void> {
  const rendered = renderDoctorEmail(payload.summary, { firstName: payload.first_name, note: payload.note }, payload.printable);
  await send.send({ idempotencyKey, kind: "plan_for_doctor", orderReference: null, to: payload.to, ...rendered });
}
