// Her private page's data: her order, where it is, its timeline and payments, and what she
// may do now. Only her own order, named by her link; nothing of her answers or her card's
// number (the brand and last four digits name the card).
import { disqualifiedMoneyText, herEventWords, herPaymentText, herStateWords } from "../../funnel/her-subscription";
import { planTypeText } from "../../funnel/cart";
import { amountAndCadence } from "../../funnel/emails";
import { billedStates, periodAmountCents } from "../../funnel/subscription-life";
import { findOrder } from "../../server/db/stores/orders.server";
import { subscriptionTimeline, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { herOrder } from "../../server/mail/her-emails.server";
import { anotherCardStates } from "../../server/subscriptions/pay-with-another-card.server";
import { cancellableStates } from "../../funnel/her-subscription";
import { planSummaryPath } from "../../server/subscriptions/plan-link.server";
import { hasReceipt } from "../../funnel/receipt";
import { planChangeAhead } from "../../funnel/plan-change";
import type { Translator } from "../../i18n/languages";

/** Her page's data, its words in her language (`t`). */
export async function herPage(subscription: SubscriptionRow, t: Translator) {
  const [{ events, payments }, order] = await Promise.all([subscriptionTimeline(subscription.id), findOrder(subscription.responderUuid)]);
  const her = order && (await herOrder(subscription, order));
  const billed = billedStates.includes(subscription.state) && subscription.state !== "ending" && subscription.nextBillingAt !== null;
  const brand = subscription.cardLast4 ? subscription.cardBrand : order?.cardBrand;
  const last4 = subscription.cardLast4 ?? order?.cardLast4;
  return {
    reference: subscription.reference,
    state: subscription.state,
    status: herStateWords(subscription.state, t),
    // Ended by the medical team: what became of her money, said beside where her order is.
    money: subscription.state === "disqualified" ? (disqualifiedMoneyText(payments, t) ?? null) : null,
    plan: planTypeText(subscription.plan, t),
    price: amountAndCadence(subscription.renewalCents, subscription.plan, t),
    // A plan change still ahead ("Your plan changes to Quarterly on ..."), and the way to change it.
    planAhead: planChangeAhead(subscription, events, t)?.text ?? null,
    canChangePlan: subscription.state === "active" && subscription.nextBillingAt !== null,
    firstPeriodCents: subscription.firstPeriodCents !== subscription.renewalCents ? subscription.firstPeriodCents : null,
    medications: her?.order.medications ?? [],
    card: last4
      ? t("herPage.cardEnding", { brand: brand ? brand[0]!.toUpperCase() + brand.slice(1) : t("herPage.cardAnyBrand"), last4 })
      : null,
    nextBilling: billed
      ? { at: subscription.nextBillingAt!.toISOString(), amountCents: periodAmountCents(subscription.periodsPaid, subscription) }
      : null,
    timeline: events.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      text: herEventWords(event.event, t),
      // The end of her plan moves no money itself: the release or refund beside it says how much.
      amountCents:
        event.event !== "medically_disqualified" && typeof event.detail.amount_cents === "number" ? event.detail.amount_cents : null,
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      at: payment.at.toISOString(),
      text: herPaymentText(payment.kind, payment.status, t),
      amountCents: payment.amountCents,
      failed: payment.status === "failed",
      // A payment taken or a refund made has a printable receipt of its own.
      receipt: hasReceipt(payment),
    })),
    canCancel: cancellableStates.includes(subscription.state),
    // A fresh plan link of her current generation, drawn each time she opens her page.
    // Her plan's page follows the address's language (it has no subscription to ask).
    sharePlan: `${planSummaryPath(subscription.responderUuid, subscription.linkVersion)}${t.language === "en" ? "" : `?lang=${t.language}`}`,
    anotherCard: anotherCardStates.includes(subscription.state)
      ? subscription.state === "hold_expired"
        ? t("herPage.useAnotherCard")
        : t("herPage.payWithAnotherCard")
      : null,
  };
}
