// The selection rules of spec section 4 ("Selection rules") and section 5 (plan availability),
// as pure functions of the catalogue, the plan and the chosen option per category.
import { listedPrice, type Catalogue, type CategoryCode, type MedicationCategory, type MedicationOption } from "./catalogue";
import type { Translator } from "../i18n/languages";
import { planWords, plans, type PlanCode } from "./plans";

/** The chosen option id per category: one at most in each (spec section 4). */
export type SelectedOptionIds = Partial<Record<CategoryCode, string>>;

export interface PlanSelection {
  selectedPlan: PlanCode;
  optionIds: SelectedOptionIds;
}

/** A chosen option with its plan and price (spec section 3, "Selected medication"). */
export interface SelectedMedication extends MedicationOption {
  selected_plan: PlanCode;
  selected_price: number;
  category_name: string;
}

/** Spec section 4: the monthly plan hides the vaginal estrogen cream. */
const hiddenOnPlan: Partial<Record<PlanCode, readonly string[]>> = {
  monthly: ["vaginal_estrogen_cream"],
};

export function isAvailableOn(option: MedicationOption, plan: PlanCode): boolean {
  return listedPrice(option, plan) !== null && !hiddenOnPlan[plan]?.includes(option.product_id);
}

/** The visible plans that offer the option, in the spec's order. */
export function plansOffering(option: MedicationOption, visiblePlans: readonly PlanCode[]): PlanCode[] {
  return visiblePlans.filter((plan) => isAvailableOn(option, plan));
}

/**
 * "quarterly", "quarterly or yearly", "monthly, quarterly or yearly" (spec section 5); in her
 * words with her translator ("trimestral o anual"). Without one, the console's English.
 */
export function joinPlanNames(planCodes: readonly PlanCode[], t?: Translator): string {
  const names = planCodes.map((plan) => (t ? planWords(plan, t).name : plans[plan].name));
  if (names.length <= 1) return names.join("");
  const list = names.slice(0, -1).join(", ");
  return t ? t("selection.planOr", { list, last: names.at(-1) }) : `${list} or ${names.at(-1)}`;
}

/** Why an option cannot be chosen on the plan (spec section 5), or null when it can; in her words with `t`. */
export function unavailableMessage(
  option: MedicationOption,
  plan: PlanCode,
  visiblePlans: readonly PlanCode[],
  t?: Translator,
): string | null {
  if (isAvailableOn(option, plan)) return null;
  const offering = plansOffering(option, visiblePlans);
  if (t) {
    if (offering.length === 0) return t("selection.unavailableAnyPlan");
    return t("selection.unavailableOnPlan", { plan: planWords(plan, t).name, plans: joinPlanNames(offering, t) });
  }
  if (offering.length === 0) return "This medication isn't currently available on any plan.";
  return `This medication isn't available with the ${plans[plan].name} plan. Please select the ${joinPlanNames(offering)} plan to continue.`;
}

export function findOption(catalogue: Catalogue, optionId: string): { category: MedicationCategory; option: MedicationOption } | undefined {
  for (const category of catalogue) {
    const option = category.options.find((candidate) => candidate.id === optionId);
    if (option) return { category, option };
  }
  return undefined;
}

function categoryOf(catalogue: Catalogue, code: CategoryCode): MedicationCategory | undefined {
  return catalogue.find((category) => category.category === code);
}

function defaultOptionOf(category: MedicationCategory | undefined, plan: PlanCode): MedicationOption | undefined {
  return category?.options.find((option) => option.is_default && isAvailableOn(option, plan));
}

/**
 * Spec section 4: each category's default is chosen, except non_hormonal; progesterone only
 * when systemic estrogen has a default.
 */
export function defaultOptionIds(catalogue: Catalogue, plan: PlanCode): SelectedOptionIds {
  const optionIds: SelectedOptionIds = {};
  for (const category of catalogue) {
    if (category.category === "non_hormonal" || category.category === "progesterone") continue;
    const option = defaultOptionOf(category, plan);
    if (option) optionIds[category.category] = option.id;
  }
  if (optionIds.systemic_estrogen) {
    const progesterone = defaultOptionOf(categoryOf(catalogue, "progesterone"), plan);
    if (progesterone) optionIds.progesterone = progesterone.id;
  }
  return optionIds;
}

export type ToggleRefusal = "unknown-option" | "unavailable-on-plan" | "progesterone-required" | "last-selection";

export type ToggleResult = { ok: true; optionIds: SelectedOptionIds } | { ok: false; refusal: ToggleRefusal };

function countSelected(optionIds: SelectedOptionIds): number {
  return Object.values(optionIds).filter(Boolean).length;
}

/** The progesterone that goes with estrogen: the default, else the first one the plan offers. */
function companionProgesterone(catalogue: Catalogue, plan: PlanCode): MedicationOption | undefined {
  const category = categoryOf(catalogue, "progesterone");
  return defaultOptionOf(category, plan) ?? category?.options.find((option) => isAvailableOn(option, plan));
}

/** One click on an option (spec section 4). */
export function toggleOption(catalogue: Catalogue, selection: PlanSelection, optionId: string): ToggleResult {
  const found = findOption(catalogue, optionId);
  if (!found) return { ok: false, refusal: "unknown-option" };
  const { category, option } = found;
  const { selectedPlan, optionIds } = selection;
  const code = category.category;
  const next: SelectedOptionIds = { ...optionIds };

  if (optionIds[code] === option.id) {
    if (code === "progesterone" && optionIds.systemic_estrogen) return { ok: false, refusal: "progesterone-required" };
    if (countSelected(optionIds) === 1) return { ok: false, refusal: "last-selection" };
    delete next[code];
    if (code === "systemic_estrogen") delete next.progesterone;
    return { ok: true, optionIds: next };
  }

  if (!isAvailableOn(option, selectedPlan)) return { ok: false, refusal: "unavailable-on-plan" };
  next[code] = option.id;
  if (code === "non_hormonal") {
    delete next.systemic_estrogen;
    delete next.progesterone;
  }
  if (code === "systemic_estrogen" || code === "progesterone") delete next.non_hormonal;
  if (code === "systemic_estrogen" && !next.progesterone) {
    const progesterone = companionProgesterone(catalogue, selectedPlan);
    if (progesterone) next.progesterone = progesterone.id;
  }
  return { ok: true, optionIds: next };
}

/**
 * A change of plan (our decision, docs/decisions/0005-plan-change.md): what the new plan does
 * not offer is taken out of the selection, and the page then shows it disabled with the
 * plan-unavailable message, so she sees why it went and which plan brings it back.
 */
export function changePlan(catalogue: Catalogue, selection: PlanSelection, plan: PlanCode): PlanSelection {
  const optionIds: SelectedOptionIds = {};
  for (const [code, optionId] of Object.entries(selection.optionIds) as [CategoryCode, string][]) {
    const found = findOption(catalogue, optionId);
    if (found && isAvailableOn(found.option, plan)) optionIds[code] = optionId;
  }
  return { selectedPlan: plan, optionIds };
}

/** Spec section 2: progesterone carries a "Required" tag while systemic estrogen is chosen. */
export function progesteroneRequired(optionIds: SelectedOptionIds): boolean {
  return Boolean(optionIds.systemic_estrogen);
}

/** Drops ids the catalogue no longer has (a provider's catalogue can change under a stored selection). */
export function knownOptionIds(catalogue: Catalogue, optionIds: SelectedOptionIds): SelectedOptionIds {
  const known: SelectedOptionIds = {};
  for (const [code, optionId] of Object.entries(optionIds) as [CategoryCode, string][]) {
    const found = findOption(catalogue, optionId);
    if (found && found.category.category === code) known[code] = optionId;
  }
  return known;
}
