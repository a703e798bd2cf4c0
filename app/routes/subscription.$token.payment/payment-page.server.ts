// Another card from her link: what the page shows, and what a card given does (kept at the
// gateway, then the amount due charged once; app/server/subscriptions/pay-with-another-card.server).
// Every word in her language (`t`), the card fields' messages too.
import { data, redirect } from "@remix-run/node";
import { formatCents } from "../../funnel/cart";
import { cardPageDisclosure } from "../../funnel/consent";
import { nextRenewalAfterCard } from "../../funnel/last-day-to-cancel";
import { formatEmailDate } from "../../funnel/emails";
import { minutesOf, tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { MessageId } from "../../i18n/en";
import type { Translator } from "../../i18n/languages";
import { translateReply } from "../../i18n/messages";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { readForm } from "../../server/http/form-body.server";
import { paymentGateway, publicPaymentSettings } from "../../server/payments/index.server";
import type { SaveCardResult } from "../../server/payments/gateway.server";
import { countHit, rateLimits, rateLimitWait } from "../../server/http/rate-limits.server";
import {
  amountDue,
  anotherCardStates,
  payWithAnotherCard,
  type AnotherCardOutcome,
} from "../../server/subscriptions/pay-with-another-card.server";
import { cardFromReturn as cardReturned, readGivenCard } from "../../server/subscriptions/card-she-gives.server";
import { drawnMessages, paymentServiceSays } from "../../server/subscriptions/card-page-words.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { publicUrl } from "../../server/config.server";

/** The English of each refusal (the tests'); the page says them in her language (`herPayment.*`). */
export const anotherCardMessages = {
  nothingDue: "Nothing is due on this order now: there is no card to give.",
  busy: "We could not reach the payment service, or a payment on your order is moving right now. Nothing was charged: please try again in a minute.",
  notThisOrder:
    "This card was not given on this order's page, so we did not use it. Nothing was charged: please give your card again below.",
} as const;

/** What the page draws in the browser (it hydrates for Stripe's card element). */
const drawnIds = [
  "herPayment.title",
  "herPayment.orderReference",
  "herPayment.back",
  // Her pages' result (app/components/her-result.tsx).
  "herPage.back",
] as const satisfies readonly MessageId[];

export function paymentPage(subscription: SubscriptionRow, address: string, t: Translator, now: Date) {
  const due = amountDue(subscription);
  const renewal = nextRenewalAfterCard(subscription, now);
  return {
    reference: subscription.reference,
    address,
    open: anotherCardStates.includes(subscription.state),
    intro:
      subscription.state === "hold_expired"
        ? t("herPayment.introHoldExpired")
        : due !== undefined
          ? t("herPayment.introDue", { amount: formatCents(due) })
          : t("herPayment.nothingDue"),
    // The terms of the renewal after this payment, above the card fields.
    terms: renewal ? cardPageDisclosure(t, renewal) : null,
    payment: publicPaymentSettings(),
    button: t(subscription.state === "hold_expired" ? "herPayment.useThisCard" : "herPayment.payWithThisCard"),
    clientMessages: drawnMessages(t.language, ["cardForm", "form", "sandbox"], drawnIds),
  };
}

/** The result in plain words, once a card was given. */
function resultText(outcome: Extract<AnotherCardOutcome, { status: "paid" | "saved" }>, t: Translator): string {
  if (outcome.status === "saved") return t("herPayment.saved");
  const next = outcome.subscription.nextBillingAt;
  const amount = formatCents(outcome.amountCents);
  return next ? t("herPayment.paidNext", { amount, date: formatEmailDate(next, t) }) : t("herPayment.paid", { amount });
}

function refusal(status: number, message: string, field?: "cardNumber") {
  return data(
    {
      done: false as const,
      lastResult: { status: "error" as const, initialValue: {}, error: field ? { [field]: [message] } : { "": [message] } },
    },
    { status, headers: privatePageHeaders },
  );
}

/** What the gateway's answer about the card becomes on the page. */
export async function answerCard(request: Request, subscription: SubscriptionRow, outcome: AnotherCardOutcome, t: Translator) {
  switch (outcome.status) {
    case "paid":
    case "saved":
      return data({ done: true as const, text: resultText(outcome, t) }, { headers: privatePageHeaders });
    case "requires_action":
      throw redirect(outcome.url, { headers: privatePageHeaders });
    case "declined":
      await countHit(request, `subscription:${subscription.id}`, rateLimits.paymentFailure);
      return refusal(402, paymentServiceSays(outcome.message, t));
    case "not_this_order":
      return refusal(400, t("herPayment.notThisOrder"));
    case "nothing_due":
      return refusal(409, t("herPayment.nothingDue"));
    case "busy":
      return refusal(503, t("herPayment.busy"));
  }
}

/** The card she posted: the sandbox's fields, Stripe.js's PaymentMethod, or Stripe's hosted page. */
export async function giveCard(request: Request, subscription: SubscriptionRow, address: string, t: Translator) {
  const key = `subscription:${subscription.id}`;
  const wait = await countHit(request, key, rateLimits.stepPost);
  if (wait > 0) return refusal(429, tooManyAttemptsMessage(wait, t));
  const failures = await rateLimitWait(rateLimits.paymentFailure, request, key, false);
  if (failures > 0) return refusal(429, t("payment.tooManyPayments", { minutes: minutesOf(failures) }));
  const gateway = paymentGateway();
  const given = await readGivenCard(gateway, subscription, await readForm(request), `${publicUrl()}${address}`);
  if (given.kind === "invalid") {
    return data(
      { done: false as const, lastResult: translateReply(t, { status: "error" as const, initialValue: {}, error: given.errors }) },
      { status: 400, headers: privatePageHeaders },
    );
  }
  // Without JavaScript: Stripe's own page in setup mode, back here with its session.
  if (given.kind === "hosted") throw redirect(given.url, { headers: privatePageHeaders });
  const outcome = await payWithAnotherCard(gateway, subscription, given.saving);
  return answerCard(request, subscription, outcome, t);
}

/** Back from her bank's check or Stripe's hosted page: where the card stands (card-she-gives.server). */
export function cardFromReturn(url: URL, subscription: SubscriptionRow): Promise<SaveCardResult | undefined> {
  return cardReturned(paymentGateway(), url, subscription);
}
