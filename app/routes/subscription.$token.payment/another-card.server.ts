// Another card from her link: what the page shows, and what a card given does (kept at the
// gateway, then the amount due charged once; app/server/subscriptions/another-card.server).
import { data, redirect } from "@remix-run/node";
import { formatCents } from "../../funnel/cart";
import { formatEmailDate } from "../../funnel/emails";
import { tooManyPaymentsMessage, tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { readForm } from "../../server/http/form-body.server";
import { paymentGateway, publicPaymentSettings } from "../../server/payments/index.server";
import type { SaveCardResult } from "../../server/payments/gateway.server";
import { countHit, rateLimits, rateLimitWait } from "../../server/http/rate-limits.server";
import { amountDue, anotherCardStates, giveAnotherCard, type AnotherCardOutcome } from "../../server/subscriptions/another-card.server";
import { cardFromReturn as cardReturned, readGivenCard } from "../../server/subscriptions/card-given.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { publicUrl } from "../../server/config.server";

export const anotherCardMessages = {
  nothingDue: "Nothing is due on this order now: there is no card to give.",
  busy: "We could not reach the payment service, or a payment on your order is moving right now. Nothing was charged: please try again in a minute.",
  notThisOrder: "This card was not given on this order's page, so we did not use it. Nothing was charged: please give your card again below.",
} as const;

export function anotherCardPage(subscription: SubscriptionRow, address: string) {
  const due = amountDue(subscription);
  return {
    reference: subscription.reference,
    address,
    open: anotherCardStates.includes(subscription.state),
    intro:
      subscription.state === "hold_expired"
        ? "Your order is still under review. Give another card here and we will charge it, instead of the card you gave at checkout, only if a provider prescribes your treatment."
        : due !== undefined
          ? `${formatCents(due)} is due on your order. Give another card here and we charge it once, now.`
          : anotherCardMessages.nothingDue,
    payment: publicPaymentSettings(),
    button: subscription.state === "hold_expired" ? "Use this card" : "Pay with this card",
  };
}

/** The result in plain words, once a card was given. */
function resultText(outcome: Extract<AnotherCardOutcome, { status: "paid" | "saved" }>): string {
  if (outcome.status === "saved") {
    return "Thank you. We will charge this card only if a provider prescribes your treatment; until then nothing is charged.";
  }
  const next = outcome.subscription.nextBillingAt;
  return `Thank you. We charged ${formatCents(outcome.amountCents)} to your new card, and your subscription is active.${
    next ? ` Your next billing date is ${formatEmailDate(next)}.` : ""
  } We have emailed you a receipt.`;
}

function refusal(status: number, message: string, field?: "cardNumber") {
  return data(
    { done: false as const, lastResult: { status: "error" as const, initialValue: {}, error: field ? { [field]: [message] } : { "": [message] } } },
    { status, headers: privatePageHeaders },
  );
}

/** What the gateway's answer about the card becomes on the page. */
export async function answerCard(request: Request, subscription: SubscriptionRow, outcome: AnotherCardOutcome) {
  switch (outcome.status) {
    case "paid":
    case "saved":
      return data({ done: true as const, text: resultText(outcome) }, { headers: privatePageHeaders });
    case "requires_action":
      throw redirect(outcome.url, { headers: privatePageHeaders });
    case "declined":
      await countHit(request, `subscription:${subscription.id}`, rateLimits.paymentFailure);
      return refusal(402, outcome.message);
    case "not_this_order":
      return refusal(400, anotherCardMessages.notThisOrder);
    case "nothing_due":
      return refusal(409, anotherCardMessages.nothingDue);
    case "busy":
      return refusal(503, anotherCardMessages.busy);
  }
}

/** The card she posted: the sandbox's fields, Stripe.js's PaymentMethod, or Stripe's hosted page. */
export async function giveCard(request: Request, subscription: SubscriptionRow, address: string) {
  const key = `subscription:${subscription.id}`;
  const wait = await countHit(request, key, rateLimits.stepPost);
  if (wait > 0) return refusal(429, tooManyAttemptsMessage(wait));
  const failures = await rateLimitWait(rateLimits.paymentFailure, request, key, false);
  if (failures > 0) return refusal(429, tooManyPaymentsMessage(failures));
  const gateway = paymentGateway();
  const given = await readGivenCard(gateway, subscription, await readForm(request), `${publicUrl()}${address}`);
  if (given.kind === "invalid") {
    return data(
      { done: false as const, lastResult: { status: "error" as const, initialValue: {}, error: given.errors } },
      { status: 400, headers: privatePageHeaders },
    );
  }
  // Without JavaScript: Stripe's own page in setup mode, back here with its session.
  if (given.kind === "hosted") throw redirect(given.url, { headers: privatePageHeaders });
  const outcome = await giveAnotherCard(gateway, subscription, given.saving);
  return answerCard(request, subscription, outcome);
}

/** Back from her bank's check or Stripe's hosted page: where the card stands (card-given.server). */
export function cardFromReturn(url: URL, subscription: SubscriptionRow): Promise<SaveCardResult | undefined> {
  return cardReturned(paymentGateway(), url, subscription);
}
