// Marketing claims and trust signals shown on screens (spec section 1), in one place so every
// screen says the same thing. Where a list is drawn in her words, it names catalogue ids.
import { perLocale } from "./formatters";
import type { MessageId } from "../i18n/en";

export const contact = {
  phoneDisplay: "1-888-555-0142",
  phoneHref: "tel:+18885550142",
  email: "care@example.com",
} as const;

/** The lowest monthly price any plan starts from, in whole dollars ("Care from as little as $63/month"). */
export const lowestMonthlyPrice = 63;
export const overallRating = "4.9";

const ratingFormat = perLocale((locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }));

/** The overall rating as the locale writes it ("4.9", "4,9"). */
export function overallRatingIn(locale: string): string {
  return ratingFormat(locale).format(Number(overallRating));
}

/** The stats of the pre-checkout page, each a figure in <strong> and its words. */
export const stats = [
  "preCheckout.statHotFlashes",
  "preCheckout.statMoodSleep",
  "preCheckout.statFractures",
  "preCheckout.statEffective",
] as const satisfies readonly MessageId[];

/** The selection page's trust indicators: title, subtitle (the rating's takes {rating}) and icon. */
export const trustIndicators = [
  { title: "selection.trustShipping", subtitle: "selection.trustShippingNote", icon: "truck" },
  { title: "selection.trustCustomers", subtitle: "selection.trustCustomersNote", icon: "heart" },
  { title: "selection.trustProfessionals", subtitle: "selection.trustProfessionalsNote", icon: "stethoscope" },
  { title: "selection.trustReviews", subtitle: "selection.trustReviewsNote", icon: "star" },
  { title: "selection.trustCharges", subtitle: "selection.trustChargesNote", icon: "tag" },
  { title: "selection.trustStock", subtitle: "selection.trustStockNote", icon: "box" },
] as const satisfies readonly { title: MessageId; subtitle: MessageId; icon: string }[];

/** The guarantee box of the pre-checkout page (spec section 2). */
export const guarantee = {
  title: "preCheckout.promiseTitle",
  // After the pre-authorisation note (subscription-terms.ts), which leads it in her language.
  points: ["preCheckout.promiseVisits", "preCheckout.promiseCancel"],
} as const satisfies { title: MessageId; points: readonly MessageId[] };
