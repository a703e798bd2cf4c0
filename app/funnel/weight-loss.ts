// The older variant's weight-loss injections and weight-loss data (spec sections 1, 3 and 9):
// the older sample medication shape, priced with the older plan multipliers, and turned into
// one more category of the catalogue so the selection rules, cart and order treat it as any other.
import { selectionEn } from "../i18n/areas/selection.en";
import type { Catalogue, MedicationCategory, MedicationOption } from "./catalogue";
import type { PlanCode } from "./plans";
import { variantFacts, type Variant } from "./variant";

/** Spec section 3, "Older sample medication". */
export interface OlderSampleMedication {
  id: number;
  product_id: string;
  name: string;
  dosage: string;
  equivalent: string;
  /** Dollars a month, as a string: "199.00". */
  price: string;
  inStock: boolean;
  recommended: boolean;
  image: string;
}

/** Spec sections 1 and 9: two weight-loss injections at the older sample prices. */
export const weightLossMedications: readonly OlderSampleMedication[] = [
  {
    id: 1,
    product_id: "semaglutide",
    name: "Semaglutide",
    // The English catalogue's words, which product-words.ts puts in her language.
    dosage: selectionEn["product.semaglutideDosage"],
    equivalent: selectionEn["product.semaglutideEquivalent"],
    price: "199.00",
    inStock: true,
    recommended: true,
    image: "/medications/semaglutide.svg",
  },
  {
    id: 2,
    product_id: "tirzepatide",
    name: "Tirzepatide",
    dosage: selectionEn["product.tirzepatideDosage"],
    equivalent: selectionEn["product.tirzepatideEquivalent"],
    price: "297.00",
    inStock: true,
    recommended: false,
    image: "/medications/tirzepatide.svg",
  },
];

/** Spec section 9: the older plan multipliers (months of the monthly price). */
export const olderPlanMonths: Record<PlanCode, number> = { monthly: 1, quarterly: 3, "6_month": 6, yearly: 12 };

/** Dollars with cents, as the multiplied string price comes to. */
function times(price: string, months: number): number | null {
  const monthly = Number(price);
  if (!Number.isFinite(monthly) || monthly < 0) return null;
  return Math.round(monthly * months * 100) / 100;
}

/** One older sample medication as a catalogue option; out of stock means no plan offers it. */
export function weightLossOption(medication: OlderSampleMedication): MedicationOption {
  const price = (plan: PlanCode) => (medication.inStock ? times(medication.price, olderPlanMonths[plan]) : null);
  return {
    id: medication.product_id,
    name: medication.name,
    image: medication.image,
    // Not chosen for her: like non_hormonal, a weight-loss treatment is her own pick.
    is_default: false,
    product_id: medication.product_id,
    monthly_price: price("monthly"),
    quarterly_price: price("quarterly"),
    half_yearly_price: price("6_month"),
    yearly_price: price("yearly"),
    dosage: medication.dosage,
    equivalent: medication.equivalent,
    recommended: medication.recommended,
  };
}

export const weightLossCategory: MedicationCategory = {
  name: selectionEn["product.weightLossName"],
  category: "weight_loss",
  description: selectionEn["product.weightLossDescription"],
  options: weightLossMedications.map(weightLossOption),
};

/** The catalogue a variant shows: the older variant adds the weight-loss injections. */
export function variantCatalogue(catalogue: Catalogue, variant: Variant): Catalogue {
  return variantFacts[variant].weightLoss ? [...catalogue, weightLossCategory] : catalogue;
}

/** Spec section 3, "Weight-loss data". */
export interface WeightLossData {
  id: number;
  startWeight: number;
  milestones: { month: number; weight: number }[];
}

/** Spec section 3: milestones 555, 530, 504 and 482 at months 0 to 3. */
export const weightLossData: WeightLossData = {
  id: 1,
  startWeight: 555,
  milestones: [
    { month: 0, weight: 555 },
    { month: 1, weight: 530 },
    { month: 2, weight: 504 },
    { month: 3, weight: 482 },
  ],
};
