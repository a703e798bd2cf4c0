// What she reads when a rate limit holds: how long to wait, in whole minutes
// rounded up, never "0 minutes". Her pages pass their translator (`t`) and read it in her
// language; the console and the JSON API answer in English.
import type { Translator } from "../i18n/languages";

/** "1 minute", "7 minutes": a wait as she reads it, rounded up. */
export function waitInMinutes(seconds: number): string {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} ${count === 1 ? "minute" : "minutes"}`;
}

/** The whole minutes a wait comes to, rounded up, at least 1. */
export function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The message above a form (or on the page) that was posted once too often. */
export function tooManyAttemptsMessage(retryAfterSeconds: number, t?: Translator): string {
  if (t) return t("limits.tooManyAttempts", { minutes: minutesOf(retryAfterSeconds) });
  return `Too many attempts. Please wait ${waitInMinutes(retryAfterSeconds)} and try again.`;
}

/** Over the promo-check limit: the promo box's own message. */
export function tooManyPromoCodesMessage(retryAfterSeconds: number): string {
  return `Too many promo codes tried. Please try again in ${waitInMinutes(retryAfterSeconds)}.`;
}

/** Over the failed-payment limit: above the payment form. */
export function tooManyPaymentsMessage(retryAfterSeconds: number): string {
  return `Too many payment attempts. Please try again in ${waitInMinutes(retryAfterSeconds)}.`;
}
