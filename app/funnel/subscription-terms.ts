// Subscription terms (spec section 9), worded once for every screen that shows them: the
// terms page, the subscription-agreement checkbox on the final checkout, her emails and her
// pages, in her language (the catalogue's `subscriptionTerms.*` and `disclosure.*`). Each
// sentence stands on its own, so a screen may show any of them alone.
import type { Translator } from "../i18n/languages";

/** The three terms, in order. */
export function subscriptionTerms(t: Translator): [renews: string, cancelBefore: string, noRefunds: string] {
  return [t("subscriptionTerms.renews"), t("subscriptionTerms.cancelBefore"), t("subscriptionTerms.noRefunds")];
}

/** Spec section 1: the card is pre-authorised; a licensed provider's prescription decides the charge. */
export function preAuthorisationNote(t: Translator): string {
  return t("subscriptionTerms.preAuthorised");
}

/**
 * What she agrees to, in plain words, above her card (ROSCA and California's automatic renewal
 * law ask for the terms next to the consent; New York's and Massachusetts' before she gives
 * her card): the amount and how often, the automatic renewal, the hold, cancelling online, and
 * her last day to cancel before the first renewal (`lastDay`, a date in her words).
 */
export function renewalDisclosure(t: Translator, amountAndCadence: string, hold: string, promoApplied: boolean, lastDay: string): string[] {
  return [
    t("disclosure.amount", { amountAndCadence }),
    t(promoApplied ? "disclosure.holdPromo" : "disclosure.hold", { hold }),
    t("disclosure.cancelOnline"),
    t("disclosure.lastDayFirst", { date: lastDay }),
  ];
}
