// How her emails and the pages that quote them write a date and an amount with its cadence.
// A module of its own so that a page drawn in the browser (the final checkout's renewal
// disclosure, through consent.ts) ships these two functions and not every email's words.
// Without a translator (the console) they write English.
import type { Translator } from "../i18n/languages";
import { formatCents } from "./cart";
import { planWords, plans, type PlanCode } from "./plans";

/** "January 22, 2027", "22 de enero de 2027" (the day in UTC, the clock billing dates are kept on). */
export function formatEmailDate(date: Date, t?: Pick<Translator, "locale">): string {
  return date.toLocaleDateString(t?.locale ?? "en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** "$299.00 every 3 months", "$299.00 cada 3 meses" (US Spanish writes dollars as US English does). */
export function amountAndCadence(cents: number, plan: PlanCode, t?: Translator): string {
  if (!t) return `${formatCents(cents)} ${plans[plan].cadence}`;
  return t("amount.withCadence", { amount: formatCents(cents), cadence: planWords(plan, t).cadence });
}
