// Her card for the payments to come, from her link: what the page shows (the card in use, when
// the new one is first charged), what a card posted does, and her way back from her bank's
// check or Stripe's hosted setup page (app/server/subscriptions/card-update.server). A card
// she types is never sent back to her page: a refusal carries only its message. Every word in
// her language (`t`), the card fields' messages too.
import { data, redirect } from "@remix-run/node";
import { cardPageDisclosure } from "../../funnel/consent";
import { formatEmailDate } from "../../funnel/emails";
import { nextRenewalAfterCard } from "../../funnel/last-day-to-cancel";
import {
  canUpdateCard,
  cardName,
  firstUseText,
  herCardMessage,
  tooManyCardUpdatesMessage,
  type HerCardRefusal,
} from "../../funnel/her-card";
import type { MessageId } from "../../i18n/en";
import type { Translator } from "../../i18n/languages";
import { translateReply } from "../../i18n/messages";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { publicUrl } from "../../server/config.server";
import { findOrder } from "../../server/db/stores/orders.server";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { formText } from "../../funnel/form-text";
import { readForm } from "../../server/http/form-body.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { countHit, rateLimits, rateLimitWait } from "../../server/http/rate-limits.server";
import { paymentGateway, publicPaymentSettings } from "../../server/payments/index.server";
import { anotherCardStates } from "../../server/subscriptions/pay-with-another-card.server";
import { cardFromReturn, readGivenCard } from "../../server/subscriptions/card-she-gives.server";
import { cardUpdateLimit, shownCard, updateHerCard, type CardUpdateOutcome } from "../../server/subscriptions/card-update.server";
import { drawnMessages, paymentServiceSays } from "../../server/subscriptions/card-page-words.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";

/** The field that carries the card her page showed (a digest): never a card of hers. */
export const shownField = "shown";

const rateKey = (subscription: SubscriptionRow) => `subscription:${subscription.id}`;

export type CardReply = { status: "error"; initialValue: Record<string, never>; error: Record<string, string[]> };

function refusal(message: string): CardReply {
  return { status: "error", initialValue: {}, error: { "": [message] } };
}

/** What the page draws in the browser (it hydrates for Stripe's card element): text only, no plural. */
const drawnIds = [
  "herCard.title",
  "herCard.updatedTitle",
  "herCard.updatedText",
  "herCard.updatedNothingCharged",
  "herCard.current",
  "herCard.lead",
  "herCard.useThisCard",
  "herCard.keepMyCard",
  "herCard.payWithAnother",
  "herCard.back",
  // Her pages' panel and result (app/components/her-result.tsx).
  "herPage.reference",
  "herPage.back",
] as const satisfies readonly MessageId[];

export async function cardPage(subscription: SubscriptionRow, token: string, url: URL, t: Translator) {
  const order = subscription.cardLast4 ? undefined : await findOrder(subscription.responderUuid);
  const renewal = nextRenewalAfterCard(subscription, await lifecycleNow());
  const current = subscription.cardLast4
    ? cardName({ brand: subscription.cardBrand, last4: subscription.cardLast4 }, t)
    : cardName({ brand: order?.cardBrand, last4: order?.cardLast4 }, t);
  return {
    reference: subscription.reference,
    back: `/subscription/${token}`,
    open: canUpdateCard(subscription.state),
    // A payment due now is paid on the page that charges it, with the card she gives there.
    payInstead: anotherCardStates.includes(subscription.state) ? `/subscription/${token}/payment` : null,
    closed: herCardMessage(anotherCardStates.includes(subscription.state) ? "paymentDue" : "ended", t),
    current: current ?? null,
    // The renewal's terms above the card fields: none when her plan ends without another.
    terms: renewal ? cardPageDisclosure(t, renewal) : null,
    firstUse: firstUseText(subscription.state === "on_hold", subscription.nextBillingAt, (date) => formatEmailDate(date, t), t),
    shown: shownCard(subscription),
    payment: publicPaymentSettings(),
    updated: url.searchParams.get("updated") === "1",
    clientMessages: drawnMessages(t.language, ["cardForm", "form", "sandbox"], drawnIds),
  };
}

/** Where her card page sends her after a change: the page that says which card is hers now. */
const updatedAddress = (token: string) => `/subscription/${token}/card?updated=1`;

/** Her card page's own address, absolute, with the card it showed: where Stripe sends her back. */
function returnAddress(token: string, shown: string): string {
  return `${publicUrl()}/subscription/${token}/card?${new URLSearchParams({ [shownField]: shown })}`;
}

/** What an outcome other than a change says, and with which status. */
function refusalOf(outcome: Exclude<CardUpdateOutcome, { status: "updated" | "requires_action" }>, t: Translator): [number, string] {
  const said = (status: number, refusal: HerCardRefusal): [number, string] => [status, herCardMessage(refusal, t)];
  switch (outcome.status) {
    case "declined":
      return [402, paymentServiceSays(outcome.message, t)];
    case "not_this_order":
      return said(400, "notThisOrder");
    case "moved_on":
      return said(409, "movedOn");
    case "payment_due":
      return said(409, "paymentDue");
    case "ended":
      return said(409, "ended");
    case "busy":
      return said(503, "busy");
  }
}

/**
 * Back from her bank's check or Stripe's hosted page (the query names the SetupIntent or the
 * session): the card made hers once, then a 303 to the page that says so; a refusal to draw;
 * or undefined when the address names no return.
 */
export async function cardReturn(
  subscription: SubscriptionRow,
  token: string,
  url: URL,
  t: Translator,
): Promise<{ status: number; reply: CardReply } | undefined> {
  const gateway = paymentGateway();
  const returned = await cardFromReturn(gateway, url, subscription);
  if (returned === undefined) return undefined;
  const shown = (url.searchParams.get(shownField) ?? "").slice(0, 64);
  const outcome = await updateHerCard(gateway, subscription, shown, { resumed: returned });
  if (outcome.status === "updated") throw redirect(updatedAddress(token), { status: 303, headers: privatePageHeaders });
  // A return is never her bank asking again: Stripe's resume answers a decline instead.
  if (outcome.status === "requires_action") throw redirect(outcome.url, { status: 303, headers: privatePageHeaders });
  const [status, message] = refusalOf(outcome, t);
  return { status, reply: refusal(message) };
}

function answer(status: number, reply: CardReply, headers: Record<string, string> = {}) {
  return data({ lastResult: reply }, { status, headers: { ...privatePageHeaders, ...headers } });
}

/**
 * Her post: counted, the card read, then made hers once (a 303 to the page that says so), her
 * bank's or Stripe's page (a 303 there), or the form's refusal with a 4xx. Cards tried count
 * against a limit of their own, declined ones too; a post whose fields are not a card does not.
 */
export async function saveHerCard(request: Request, subscription: SubscriptionRow, token: string, t: Translator) {
  const key = rateKey(subscription);
  const wait = await countHit(request, key, rateLimits.stepPost);
  if (wait > 0) return answer(429, refusal(tooManyAttemptsMessage(wait, t)), retryAfter(wait));
  const tries = await rateLimitWait(cardUpdateLimit, request, key, false);
  if (tries > 0) return answer(429, refusal(tooManyCardUpdatesMessage(tries, t)), retryAfter(tries));
  const formData = await readForm(request);
  if (!canUpdateCard(subscription.state)) {
    return answer(409, refusal(herCardMessage(anotherCardStates.includes(subscription.state) ? "paymentDue" : "ended", t)));
  }
  const shown = formText(formData, shownField).slice(0, 64);
  const gateway = paymentGateway();
  const given = await readGivenCard(gateway, subscription, formData, returnAddress(token, shown));
  if (given.kind === "invalid") return answer(400, translateReply(t, { status: "error", initialValue: {}, error: given.errors }));
  const counted = await countHit(request, key, cardUpdateLimit);
  if (counted > 0) return answer(429, refusal(tooManyCardUpdatesMessage(counted, t)), retryAfter(counted));
  // Without JavaScript (Stripe): its own page in setup mode, back here with its session.
  if (given.kind === "hosted") return redirect(given.url, { status: 303, headers: privatePageHeaders });
  const outcome = await updateHerCard(gateway, subscription, shown, given.saving);
  if (outcome.status === "updated") return redirect(updatedAddress(token), { status: 303, headers: privatePageHeaders });
  if (outcome.status === "requires_action") return redirect(outcome.url, { status: 303, headers: privatePageHeaders });
  const [status, message] = refusalOf(outcome, t);
  return answer(status, refusal(message));
}
