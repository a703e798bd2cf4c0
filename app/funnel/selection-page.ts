// What the selection page shows (spec section 2, "Selection page"), computed from the rules:
// one pure view model, so the page's every display rule is testable without a browser.
import type { Catalogue, CategoryCode } from "./catalogue";
import { orderedPlans, plans, type PlanCode } from "./plans";
import { effectivePrice, priceDisplay, selectedMedications, totalPrice, type PriceDisplay } from "./pricing";
import { progesteroneRequired, unavailableMessage, type PlanSelection } from "./selection";
import { availableIn, stateUnavailableNotice } from "./state-availability";

export interface OptionView {
  id: string;
  name: string;
  image: string | null;
  selected: boolean;
  /** Why it cannot be chosen on this plan or in her state; the option is then disabled. */
  unavailableReason: string | null;
  /** The "Required" tag on progesterone while systemic estrogen is chosen. */
  required: boolean;
  /** The older sample medications' "recommended" (a tag). */
  recommended: boolean;
  /** Dosage and brand equivalent, where the option names them (the older variant's injections). */
  details: string[];
  price: PriceDisplay | null;
}

export interface CategoryView {
  code: CategoryCode;
  name: string;
  description: string;
  options: OptionView[];
}

export interface SelectionPageModel {
  plans: { code: PlanCode; label: string; selected: boolean }[];
  selectedPlan: PlanCode;
  categories: CategoryView[];
  /** ADD TO PLAN shows once something is selected. */
  summary: { count: number; total: number; period: string; cadence: string } | null;
}

export function selectionPageModel(
  catalogue: Catalogue,
  selection: PlanSelection,
  visiblePlans: readonly PlanCode[],
  /** Her shipping state once she has given one: options it cannot have are disabled with the notice. */
  shippingState: string | null = null,
): SelectionPageModel {
  const { selectedPlan, optionIds } = selection;
  const categories = catalogue.map((category) => ({
    code: category.category,
    name: category.name,
    description: category.description,
    options: category.options.map((option, index) => {
      const unavailableReason =
        unavailableMessage(option, selectedPlan, visiblePlans) ?? (availableIn(option, shippingState) ? null : stateUnavailableNotice);
      const price = effectivePrice(option, category.category, selectedPlan, optionIds);
      return {
        id: option.id,
        name: option.name,
        image: option.image,
        selected: optionIds[category.category] === option.id,
        unavailableReason,
        required: category.category === "progesterone" && progesteroneRequired(optionIds),
        recommended: option.recommended === true,
        details: [option.dosage, option.equivalent].filter((detail): detail is string => Boolean(detail)),
        // Spec section 2: the first option also shows per-month, struck-through and saving.
        price: unavailableReason || price === null ? null : priceDisplay(option, price, selectedPlan, index === 0),
      };
    }),
  }));
  const selected = selectedMedications(catalogue, selectedPlan, optionIds);
  return {
    plans: orderedPlans(visiblePlans).map((code) => ({ code, label: plans[code].label, selected: code === selectedPlan })),
    selectedPlan,
    categories,
    summary:
      selected.length === 0
        ? null
        : {
            count: selected.length,
            total: totalPrice(selected),
            period: plans[selectedPlan].period,
            cadence: plans[selectedPlan].cadence,
          },
  };
}
