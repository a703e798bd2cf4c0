// How her emails and the pages that quote them write a date and an amount with its cadence.
// A module of its own so that a page drawn in the browser (the final checkout's renewal
// disclosure, through consent.ts) ships these two functions and not every email's words.
import { formatCents } from "./cart";
import { plans, type PlanCode } from "./plans";

/** "January 22, 2027" (the day in UTC, the clock billing dates are kept on). */
export function formatEmailDate(date: Date): string {
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** "$299.00 every 3 months". */
export function amountAndCadence(cents: number, plan: PlanCode): string {
  return `${formatCents(cents)} ${plans[plan].cadence}`;
}
