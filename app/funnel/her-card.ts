// Her card for the payments to come, changed from her private page
// (/subscription/{token}/card): while her plan is under review, running, or ending with one
// renewal still to bill. When a payment is due now (a failed charge, a lapsed hold), the card
// is given on the "another card" page instead, which charges what is due. Pure: the service
// (app/server/subscriptions/card-update.server) asks these rules and uses these words.
import type { Translator } from "../i18n/languages";
import { minutesOf, waitInMinutes } from "./rate-limits";
import type { SubscriptionState } from "./subscription-life";

/**
 * Where a new card changes only the charges to come. Under review the first payment is taken
 * from the hold already on her checkout card (a capture cannot move to another card), so the
 * new card is used from the first renewal on; the page and her email say so.
 */
export const cardUpdateStates: readonly SubscriptionState[] = ["on_hold", "active", "ending"];

export function canUpdateCard(state: SubscriptionState): boolean {
  return cardUpdateStates.includes(state);
}

/**
 * "Visa ending 4242", "Visa terminada en 4242": the brand and the last four digits, never more
 * of the card. In her language with `t` (a brand is a proper name); English without.
 */
export function cardName(card: { brand: string | null | undefined; last4: string | null | undefined }, t?: Translator): string | undefined {
  if (!card.last4) return undefined;
  const known = card.brand && card.brand !== "unknown" ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : undefined;
  if (t) return t("herCard.cardName", { brand: known ?? t("herCard.anyBrand"), last4: card.last4 });
  return `${known ?? "Card"} ending ${card.last4}`;
}

/** The English of each refusal (the tests' and the console's); her page says them with `herCardMessage`. */
export const herCardMessages = {
  ended: "This order has ended, so nothing more will be charged and there is no card to update.",
  paymentDue: "A payment is due on your order now. Please give your card on the page that pays it.",
  movedOn:
    "Your card was changed a moment ago, perhaps in another window. The card shown below is the one we have now: check it, and update it again if you need to.",
  busy: "We could not reach the payment service, or a payment on your order is moving right now. Nothing was changed: please try again in a minute.",
  notThisOrder:
    "This card was not given on this order's page, so we did not use it. Nothing was changed: please give your card again below.",
} as const;

export type HerCardRefusal = keyof typeof herCardMessages;

/** A refusal of her card page in her language. */
export function herCardMessage(refusal: HerCardRefusal, t: Translator): string {
  return t(`herCard.${refusal}`);
}

/**
 * When the new card is first charged, in her words (her page and her email). `formatDate`
 * comes from the caller, so these words do not import the emails that use them; with `t`, in
 * her language (the caller's `formatDate` then writes the date in it too).
 */
export function firstUseText(underReview: boolean, nextBillingAt: Date | null, formatDate: (date: Date) => string, t?: Translator): string {
  if (t) {
    if (underReview) return t("herCard.firstUseUnderReview");
    return nextBillingAt ? t("herCard.firstUseOn", { date: formatDate(nextBillingAt) }) : t("herCard.firstUseNext");
  }
  if (underReview) {
    return (
      "If a provider prescribes your treatment, your first payment is taken from the hold already on the card you gave at checkout. " +
      "Your new card is used from your first renewal on."
    );
  }
  if (nextBillingAt)
    return `We will use it from your next payment, on ${formatDate(nextBillingAt)}, and no longer charge the card you used before.`;
  return "We will use it from your next payment on, and no longer charge the card you used before.";
}

/** Over the limit of card updates: above the form (in her language with `t`). */
export function tooManyCardUpdatesMessage(retryAfterSeconds: number, t?: Translator): string {
  if (t) return t("herCard.tooManyCards", { minutes: minutesOf(retryAfterSeconds) });
  return `You have tried many cards in a short while. Please try again in ${waitInMinutes(retryAfterSeconds)}, or call or email us.`;
}
