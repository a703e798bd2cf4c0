// What the selection page shows (spec section 2, "Selection page"), computed from the rules:
// one pure view model, so the page's every display rule is testable without a browser. With
// her translator it is in her words; without one, in the spec's English.
import type { Translator } from "../i18n/languages";
import type { Catalogue, CategoryCode } from "./catalogue";
import { orderedPlans, plans, planWords, type PlanCode } from "./plans";
import { effectivePrice, priceDisplay, selectedMedications, totalPrice, type PriceDisplay } from "./pricing";
import { categoryWords, optionWords, type Words } from "./product-words";
import { progesteroneRequired, unavailableMessage, type PlanSelection } from "./selection";
import { availableIn, stateUnavailableNotice } from "./state-availability";

export interface OptionView {
  id: string;
  name: string;
  /** The name's language, where it is not the page's (a medication's name stays English). */
  nameLang?: "en";
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
  /** The details' language, where a provider's words are not the page's. */
  detailsLang?: "en";
  price: PriceDisplay | null;
}

export interface CategoryView {
  code: CategoryCode;
  name: string;
  description: string;
  /** The name's and the description's language, where a provider's words are not the page's. */
  nameLang?: "en";
  descriptionLang?: "en";
  options: OptionView[];
}

export interface SelectionPageModel {
  plans: { code: PlanCode; label: string; selected: boolean }[];
  selectedPlan: PlanCode;
  categories: CategoryView[];
  /** ADD TO PLAN shows once something is selected. */
  summary: { count: number; total: number; period: string; cadence: string } | null;
}

/** Only the languages that differ from the page's are named: an English page's model has none. */
function langOf<Name extends string>(name: Name, lang: "en" | undefined): Partial<Record<Name, "en">> {
  return lang ? ({ [name]: lang } as Record<Name, "en">) : {};
}

export function selectionPageModel(
  catalogue: Catalogue,
  selection: PlanSelection,
  visiblePlans: readonly PlanCode[],
  /** Her shipping state once she has given one: options it cannot have are disabled with the notice. */
  shippingState: string | null = null,
  t?: Translator,
): SelectionPageModel {
  const { selectedPlan, optionIds } = selection;
  const wordsOf = (plan: PlanCode) => (t ? planWords(plan, t) : plans[plan]);
  const notInHerState = t ? t("selection.stateUnavailable") : stateUnavailableNotice;
  const categories = catalogue.map((category) => {
    const words = t ? categoryWords(category, t) : { name: { text: category.name }, description: { text: category.description } };
    return {
      code: category.category,
      name: words.name.text,
      description: words.description.text,
      ...langOf("nameLang", words.name.lang),
      ...langOf("descriptionLang", words.description.lang),
      options: category.options.map((option, index) => {
        const unavailableReason =
          unavailableMessage(option, selectedPlan, visiblePlans, t) ?? (availableIn(option, shippingState) ? null : notInHerState);
        const price = effectivePrice(option, category.category, selectedPlan, optionIds);
        const said = t ? optionWords(option, t) : undefined;
        const details: Words[] = said
          ? said.details
          : [option.dosage, option.equivalent].filter((detail): detail is string => Boolean(detail)).map((text) => ({ text }));
        return {
          id: option.id,
          name: said ? said.name.text : option.name,
          ...langOf("nameLang", said?.name.lang),
          image: option.image,
          selected: optionIds[category.category] === option.id,
          unavailableReason,
          required: category.category === "progesterone" && progesteroneRequired(optionIds),
          recommended: option.recommended === true,
          details: details.map((detail) => detail.text),
          ...langOf("detailsLang", details.find((detail) => detail.lang)?.lang),
          // Spec section 2: the first option also shows per-month, struck-through and saving.
          price:
            unavailableReason || price === null
              ? null
              : { ...priceDisplay(option, price, selectedPlan, index === 0), period: wordsOf(selectedPlan).period },
        };
      }),
    };
  });
  const selected = selectedMedications(catalogue, selectedPlan, optionIds);
  return {
    plans: orderedPlans(visiblePlans).map((code) => ({ code, label: wordsOf(code).label, selected: code === selectedPlan })),
    selectedPlan,
    categories,
    summary:
      selected.length === 0
        ? null
        : {
            count: selected.length,
            total: totalPrice(selected),
            period: wordsOf(selectedPlan).period,
            cadence: wordsOf(selectedPlan).cadence,
          },
  };
}
