// One receipt of hers: the payment named in the address, only when it is a payment taken or
// a refund made on her own order (any other id, a hold or a failed charge is her pages'
// refusal, 404, whatever order it may belong to). Reads her rows; the words are the pure
// app/funnel/receipt.ts. A payment names the plan it was made on (her plan may have changed
// since), each item priced on that plan.
import { orderedMedicationWords } from "../../funnel/product-words";
import type { PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { contact } from "../../funnel/marketing";
import { itemPricesOn } from "../../funnel/plan-change";
import { isPlanCode, type PlanCode } from "../../funnel/plans";
import {
  cardOfPayment,
  hasReceipt,
  merchantName,
  periodCovered,
  planOfPayment,
  receiptContent,
  type CardHistory,
  type Receipt,
  type ReceiptMedication,
  type ReceiptPayment,
} from "../../funnel/receipt";
import { billedStates } from "../../funnel/subscription-life";
import type { Translator } from "../../i18n/languages";
import { config } from "../../server/config.server";
import { findOrder, type OrderRow } from "../../server/db/stores/orders.server";
import {
  subscriptionTimeline,
  type SubscriptionEventRow,
  type SubscriptionPaymentRow,
  type SubscriptionRow,
} from "../../server/db/stores/subscriptions.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { medicationsFor } from "../../server/provider/catalogue-cache.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";

/** A payment's id as the address writes it: a whole number a bigserial can hold, nothing else. */
const paymentIdPattern = /^[1-9][0-9]{0,14}$/;

function noReceipt(back: string, t: Translator): never {
  refusePage(404, t("receipt.none"), back, privatePageHeaders, t("receipt.back"));
}

const asReceiptPayment = (row: SubscriptionPaymentRow): ReceiptPayment => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  period: row.period,
  amountCents: row.amountCents,
  at: row.at,
  refundOf: row.refundOf,
});

/**
 * When her cards changed, from what her order kept: a card she gave after a failed payment is
 * charged at once (its charge's key names the card), a card she updated is a line of her
 * timeline, and a card given while the hold had lapsed was charged from the approval on.
 */
function cardHistory(
  subscription: SubscriptionRow,
  order: OrderRow | undefined,
  payments: SubscriptionPaymentRow[],
  events: SubscriptionEventRow[],
): CardHistory {
  const hold = order ? { brand: order.cardBrand, last4: order.cardLast4 } : null;
  if (subscription.cardReference === null) return { hold, current: null, currentSince: null, firstChangeAt: null, holdLapsed: false };
  const anotherCard = payments.filter(
    (p) => p.kind === "charge" && p.status === "succeeded" && p.idempotencyKey.startsWith("another-card:"),
  );
  const updated = events.filter((e) => e.event === "card_updated");
  const changes = [...anotherCard.map((p) => p.at), ...updated.map((e) => e.at)].sort((a, b) => a.getTime() - b.getTime());
  const givenNow = [
    ...anotherCard.filter((p) => p.idempotencyKey.endsWith(`:${subscription.cardReference}`)).map((p) => p.at),
    ...updated.map((e) => e.at),
  ].sort((a, b) => a.getTime() - b.getTime());
  const holdLapsed = events.some((e) => e.event === "hold_expired");
  return {
    hold,
    current: { brand: subscription.cardBrand, last4: subscription.cardLast4 },
    // Given while the hold had lapsed and nothing changed since: every charge was on it.
    currentSince: givenNow.at(-1) ?? (holdLapsed && changes.length === 0 ? new Date(0) : null),
    firstChangeAt: changes[0] ?? null,
    holdLapsed,
  };
}

/**
 * Her medications as the receipt lists them for a payment on `plan`: the order's own prices
 * when it is the checkout's plan, else each priced from the catalogue on that plan (none when
 * the catalogue cannot price one: the total then carries the amount).
 */
async function medicationsOn(
  subscription: SubscriptionRow,
  body: Partial<PreAuthOrderBody>,
  plan: PlanCode,
  events: SubscriptionEventRow[],
): Promise<ReceiptMedication[]> {
  const ordered = body.medications ?? [];
  const planType = ordered[0]?.planType;
  // The checkout writes its plan beside each medication; an order kept without it paid its first period on the plan before any change.
  const checkoutPlan = isPlanCode(planType)
    ? planType
    : planOfPayment({ period: 0, at: subscription.holdPlacedAt }, subscription.plan, events);
  const asOrdered = (price: (m: (typeof ordered)[number]) => number | undefined) =>
    ordered.map((m) => ({
      ...orderedMedicationWords({ name: m.name, dosage: m.dosage }, translator(subscription.language)),
      price: price(m),
    }));
  if (checkoutPlan === plan) return asOrdered((m) => m.price);
  const catalogue = await medicationsFor(subscription.responderUuid, subscription.variant);
  const mine = ordered.flatMap((m) =>
    typeof m.product_id === "string" && m.product_id !== "" ? [{ productId: m.product_id, name: m.name }] : [],
  );
  const prices = itemPricesOn(catalogue, mine, plan);
  return asOrdered((m) => prices.get(m.product_id));
}

/** The receipt of payment `paymentIdText` of her order, or her pages' refusal (404), in her language. */
export async function herReceipt(
  subscription: SubscriptionRow,
  paymentIdText: string | undefined,
  back: string,
  t: Translator,
): Promise<Receipt> {
  if (!paymentIdText || !paymentIdPattern.test(paymentIdText)) noReceipt(back, t);
  const paymentId = Number(paymentIdText);
  const [{ events, payments }, order] = await Promise.all([subscriptionTimeline(subscription.id), findOrder(subscription.responderUuid)]);
  const row = payments.find((p) => p.id === paymentId);
  if (!row || !hasReceipt(row)) noReceipt(back, t);
  const payment = asReceiptPayment(row);
  const refundedRow = row.kind === "refund" ? payments.find((p) => p.id === row.refundOf) : undefined;
  if (row.kind === "refund" && !refundedRow) noReceipt(back, t);
  const paidFor = refundedRow ? asReceiptPayment(refundedRow) : payment;
  const body = (order?.body ?? {}) as Partial<PreAuthOrderBody>;
  const plan = planOfPayment(paidFor, subscription.plan, events);
  // While a renewal is still to be billed (cancelled too late included), her latest period ends when it begins.
  const renews = billedStates.includes(subscription.state);
  const cards = cardHistory(subscription, order, payments, events);
  return receiptContent(
    {
      merchant: { name: merchantName, address: config().MERCHANT_ADDRESS, phone: contact.phoneDisplay, email: contact.email },
      reference: subscription.reference,
      customer: { firstName: body.customer?.firstName ?? "", lastName: body.customer?.lastName ?? "" },
      plan,
      medications: await medicationsOn(subscription, body, plan, events),
      payment,
      refunded: refundedRow ? paidFor : undefined,
      period: periodCovered(paidFor, payments.map(asReceiptPayment), plan, renews ? subscription.nextBillingAt : null),
      card: cardOfPayment(paidFor, cards),
      prescribed: subscription.decision === "approved",
    },
    t,
  );
}
