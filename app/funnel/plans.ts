// Billing plans (spec section 9): codes, labels, cadence and months, in one table. Her pages
// read a plan's words in her language (`planWords`); this table's English is the console's
// and the same as the English catalogue's (test/unit/catalogue.test.ts).
import type { Translator } from "../i18n/languages";

export const planCodes = ["monthly", "quarterly", "6_month", "yearly"] as const;
export type PlanCode = (typeof planCodes)[number];

interface PlanFacts {
  /** Plan toggle label. */
  label: string;
  /** Name used inside sentences ("the 6-month plan"). */
  name: string;
  /** Price period label shown after a price. */
  period: string;
  /** Billing cadence text. */
  cadence: string;
  months: number;
}

export const plans: Record<PlanCode, PlanFacts> = {
  monthly: { label: "Monthly", name: "monthly", period: "/month", cadence: "every month", months: 1 },
  quarterly: { label: "Quarterly", name: "quarterly", period: "/quarterly", cadence: "every 3 months", months: 3 },
  "6_month": { label: "6 Months", name: "6-month", period: "/6 months", cadence: "every 6 months", months: 6 },
  yearly: { label: "Yearly", name: "yearly", period: "/year", cadence: "every 12 months", months: 12 },
};

export function isPlanCode(value: unknown): value is PlanCode {
  return typeof value === "string" && (planCodes as readonly string[]).includes(value);
}

/** Spec section 4: quarterly when it is visible, otherwise the first visible plan. */
export function defaultPlan(visiblePlans: readonly PlanCode[]): PlanCode {
  return visiblePlans.includes("quarterly") ? "quarterly" : (visiblePlans[0] ?? "quarterly");
}

/** Visible plans in the spec's order, whatever order the configuration lists them in. */
export function orderedPlans(visiblePlans: readonly PlanCode[]): PlanCode[] {
  return planCodes.filter((plan) => visiblePlans.includes(plan));
}

/** A plan's words in her language: the catalogue's `plan.{code}.*`. */
export function planWords(plan: PlanCode, t: Translator): Pick<PlanFacts, "label" | "name" | "period" | "cadence"> {
  return {
    label: t(`plan.${plan}.label`),
    name: t(`plan.${plan}.name`),
    period: t(`plan.${plan}.period`),
    cadence: t(`plan.${plan}.cadence`),
  };
}
