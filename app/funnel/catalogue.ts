// The medication catalogue (spec section 3) and the built-in fallback of section 9.
import type { PlanCode } from "./plans";

/** The provider's categories (spec section 3). */
export const hrtCategoryCodes = ["systemic_estrogen", "progesterone", "vaginal_estrogen", "non_hormonal"] as const;
/** With the older variant's weight-loss injections (weight-loss.ts), which only we add. */
export const categoryCodes = [...hrtCategoryCodes, "weight_loss"] as const;
export type CategoryCode = (typeof categoryCodes)[number];

export interface MedicationOption {
  id: string;
  /** May contain line breaks. */
  name: string;
  image: string | null;
  is_default: boolean;
  product_id: string;
  monthly_price: number | null;
  quarterly_price: number | null;
  half_yearly_price: number | null;
  yearly_price: number | null;
  /** Two-letter states it cannot be shipped to (state-availability.ts); absent: everywhere. */
  unavailable_states?: string[];
  /** The older sample medications' (weight-loss.ts) own facts, shown with the option. */
  dosage?: string;
  equivalent?: string;
  recommended?: boolean;
}

export interface MedicationCategory {
  name: string;
  category: CategoryCode;
  description: string;
  options: MedicationOption[];
}

export type Catalogue = MedicationCategory[];

/** The option's price field for a plan. */
export function listedPrice(option: MedicationOption, plan: PlanCode): number | null {
  switch (plan) {
    case "monthly":
      return option.monthly_price;
    case "quarterly":
      return option.quarterly_price;
    case "6_month":
      return option.half_yearly_price;
    case "yearly":
      return option.yearly_price;
  }
}

function option(
  id: string,
  name: string,
  product_id: string,
  [monthly, quarterly, halfYearly, yearly]: [number, number, number, number],
  is_default = false,
): MedicationOption {
  return {
    id,
    name,
    image: `/medications/${id}.svg`,
    is_default,
    product_id,
    monthly_price: monthly,
    quarterly_price: quarterly,
    half_yearly_price: halfYearly,
    yearly_price: yearly,
  };
}

function category(name: string, category: CategoryCode, description: string, options: MedicationOption[]): MedicationCategory {
  return { name, category, description, options };
}

/** The fallback catalogue (spec sections 3 and 9), used when the provider cannot answer. */
export const fallbackCatalogue: Catalogue = [
  category("Estrogen", "systemic_estrogen", "Relieves hot flashes, night sweats, sleep and mood symptoms.", [
    option("gel", "Gel", "gel", [139, 399, 750, 1400]),
    option("patch", "Patch", "patch", [149, 399, 750, 1400]),
    option("i_dont_know_no_preference", "I don't know /\nNo preference", "i_dont_know_no_preference", [119, 299, 550, 1000], true),
  ]),
  category("Progesterone", "progesterone", "Protects the lining of the uterus when you take estrogen.", [
    option("progesterone_pill", "Pill", "progesterone_pill", [0, 0, 0, 0], true),
  ]),
  category("Vaginal Estrogen", "vaginal_estrogen", "Eases vaginal dryness, discomfort and urinary symptoms.", [
    option("vaginal_estrogen_cream", "Cream", "vaginal_estrogen_cream", [129, 299, 550, 1000]),
    option("vaginal_estrogen_insert", "Insert", "vaginal_estrogen_insert", [129, 299, 550, 1000]),
  ]),
  category("Non-Hormonal", "non_hormonal", "A hormone-free option for hot flashes and night sweats.", [
    option("non_hormonal_therapy", "Paroxetine/\nDesvenlafaxine", "non_hormonal_therapy", [129, 299, 550, 1000]),
  ]),
];
