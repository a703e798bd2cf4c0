// Prices on the selection page (spec sections 2, 5 and 9).
import { listedPrice, type Catalogue, type CategoryCode, type MedicationOption } from "./catalogue";
import { plans, type PlanCode } from "./plans";
import { findOption, type SelectedMedication, type SelectedOptionIds } from "./selection";

/** Spec section 5: progesterone is free when any estrogen product is in the cart. */
export function effectivePrice(
  option: MedicationOption,
  category: CategoryCode,
  plan: PlanCode,
  optionIds: SelectedOptionIds,
): number | null {
  if (category === "progesterone" && (optionIds.systemic_estrogen || optionIds.vaginal_estrogen)) return 0;
  return listedPrice(option, plan);
}

export interface PriceDisplay {
  price: number;
  /** "/month", "/quarterly", "/6 months", "/year". */
  period: string;
  /** For non-monthly plans: the rounded price per month. */
  perMonth?: number;
  /** The undiscounted price, struck through. */
  undiscounted?: number;
  /** Whole dollars saved against the undiscounted price. */
  save?: number;
}

/**
 * Spec section 2: the undiscounted price is the monthly price times the plan's months, or
 * without a monthly price the quarterly price times 2 (6 months) or 4 (yearly).
 */
export function undiscountedPrice(option: MedicationOption, plan: PlanCode): number | null {
  if (plan === "monthly") return null;
  if (option.monthly_price !== null && option.monthly_price > 0) return option.monthly_price * plans[plan].months;
  if (option.quarterly_price === null || option.quarterly_price <= 0) return null;
  if (plan === "6_month") return option.quarterly_price * 2;
  if (plan === "yearly") return option.quarterly_price * 4;
  return null;
}

/** What the option's price reads; `withSavings` for the first option (spec section 2). */
export function priceDisplay(option: MedicationOption, price: number, plan: PlanCode, withSavings: boolean): PriceDisplay {
  const display: PriceDisplay = { price, period: plans[plan].period };
  if (!withSavings || plan === "monthly" || price <= 0) return display;
  display.perMonth = Math.round(price / plans[plan].months);
  const undiscounted = undiscountedPrice(option, plan);
  if (undiscounted !== null && undiscounted > price) {
    display.undiscounted = undiscounted;
    display.save = Math.round(undiscounted - price);
  }
  return display;
}

/** The chosen options with plan and price, in catalogue order. */
export function selectedMedications(catalogue: Catalogue, plan: PlanCode, optionIds: SelectedOptionIds): SelectedMedication[] {
  const selected: SelectedMedication[] = [];
  for (const category of catalogue) {
    const optionId = optionIds[category.category];
    const found = optionId ? findOption(catalogue, optionId) : undefined;
    if (!found) continue;
    const price = effectivePrice(found.option, category.category, plan, optionIds);
    if (price === null) continue;
    selected.push({ ...found.option, selected_plan: plan, selected_price: price, category_name: category.name });
  }
  return selected;
}

export function totalPrice(selected: readonly { selected_price: number }[]): number {
  return Math.round(selected.reduce((sum, medication) => sum + medication.selected_price, 0) * 100) / 100;
}

/** "$399", "$1,400", or "$63.50" when there are cents. */
// Made once: toLocaleString builds a formatter on every call, a price's worth of work each time.
const wholeDollars = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as dollars, always with cents: "$1,263.50". */
export function formatCents(cents: number): string {
  return `$${dollarsAndCents.format(cents / 100)}`;
}

// A formatter's call still costs microseconds, and a page shows the same few prices dozens of
// times: each amount's text is kept (a page's prices come from the catalogue, a short list; the
// bound keeps any other use from growing it).
const dollarTexts = new Map<number, string>();
const keptDollarTexts = 1_000;

export function formatDollars(amount: number): string {
  let text = dollarTexts.get(amount);
  if (text === undefined) {
    text = `$${(Number.isInteger(amount) ? wholeDollars : dollarsAndCents).format(amount)}`;
    if (dollarTexts.size >= keptDollarTexts) dollarTexts.clear();
    dollarTexts.set(amount, text);
  }
  return text;
}
