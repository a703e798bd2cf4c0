// Her emails from the outbox: her order and address read now, words from app/funnel/emails, her
// current private link (or the one a request by email sent).
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

export async function herOrder(
  subscription: SubscriptionRow,
  /** When the caller has read it already. */
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
      // Her words where they are ours (the provider's copy is English).
      medications: (body.medications ?? []).map((m) =>
        orderedMedicationWords({ name: m.name, dosage: m.dosage }, translator(subscription.language)),
      ),
      firstPeriodCents: subscription.firstPeriodCents,
      renewalCents: subscription.renewalCents,
    },
  };
}

/** The refund it tells of, or the period's paid capture or charge, written in the message's transaction. */
async function receiptOf(subscription: SubscriptionRow, payload: EmailPayload): Promise<number | undefined> {
  if (payload.email === "refunded") return payload.refund_id;
  if ((payload.email === "approved" || payload.email === "renewal_charged") && payload.period !== undefined) {
    return (await paidPaymentOfPeriod(subscription.id, payload.period))?.id;
  }
  return undefined;
}

/** The link opening now, or a link asked for by email while it still waits to be opened. */
function linkVersionOf(subscription: SubscriptionRow, payload: EmailPayload): number {
  const sent = payload.link_version;
  return sent !== undefined && sent > subscription.linkVersion && sent <= subscription.newestLinkVersion ? sent : subscription.linkVersion;
}

// One statement: each "order received" email follows a checkout.
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
  // In her language, read now like her link.
  const rendered = renderEmail(
    her.order,
    emailFacts(payload),
    receiptId === undefined ? links : { ...links, receipt: `${links.subscription}/receipts/${receiptId}` },
    translator(subscription.language),
  );
  await send.send({ idempotencyKey, kind: payload.email, orderReference: subscription.reference, to: her.email, ...rendered });
}

/** In English, for a US clinician. */
export async function deliverDoctorEmail(payload: DoctorEmailPayload, idempotencyKey: string, send: Mailer = mailer()): Promise<void> {
  const rendered = renderDoctorEmail(payload.summary, { firstName: payload.first_name, note: payload.note }, payload.printable);
  await send.send({ idempotencyKey, kind: "plan_for_doctor", orderReference: null, to: payload.to, ...rendered });
}
