// The visitor's plan on the selection page, kept per responder uuid.
import { eq } from "drizzle-orm";
import type { Catalogue, CategoryCode } from "../../../funnel/catalogue";
import { defaultPlan, type PlanCode } from "../../../funnel/plans";
import { changePlan, defaultOptionIds, knownOptionIds, type PlanSelection, type SelectedMedication } from "../../../funnel/selection";
import { database, type Queryable } from "../client.server";
import { planSelections } from "../schema.server";

/**
 * The plan as she left it, or the defaults (spec section 4) when she has not changed them:
 * a stored plan that is no longer visible becomes the default plan, and options the catalogue
 * or the plan no longer offer are left out.
 */
export async function loadPlanSelection(
  responderUuid: string,
  catalogue: Catalogue,
  visiblePlans: readonly PlanCode[],
): Promise<PlanSelection> {
  const [row] = await (await database()).select().from(planSelections).where(eq(planSelections.responderUuid, responderUuid));
  return planSelectionOf(row, catalogue, visiblePlans);
}

/** Her selection as kept (or the defaults, without a row), on today's visible plans and catalogue. */
export function planSelectionOf(
  row: { selectedPlan: PlanCode | null; selectedOptionIds: Partial<Record<CategoryCode, string>> | null } | undefined,
  catalogue: Catalogue,
  visiblePlans: readonly PlanCode[],
): PlanSelection {
  const storedPlan = row?.selectedPlan;
  const plan = storedPlan && visiblePlans.includes(storedPlan) ? storedPlan : defaultPlan(visiblePlans);
  if (!row?.selectedOptionIds) return { selectedPlan: plan, optionIds: defaultOptionIds(catalogue, plan) };
  return changePlan(catalogue, { selectedPlan: plan, optionIds: knownOptionIds(catalogue, row.selectedOptionIds) }, plan);
}

export async function savePlanSelection(selection: PlanSelection & { responderUuid: string }, tx?: Queryable): Promise<void> {
  const values = { selectedPlan: selection.selectedPlan, selectedOptionIds: selection.optionIds, updatedAt: new Date() };
  await (tx ?? (await database()))
    .insert(planSelections)
    .values({ responderUuid: selection.responderUuid, ...values })
    .onConflictDoUpdate({ target: planSelections.responderUuid, set: values });
}

/** ADD TO PLAN: the priced selection, kept with the plan. */
export async function saveAddedToPlan(
  responderUuid: string,
  selection: PlanSelection,
  selectedMedications: SelectedMedication[],
  tx: Queryable,
): Promise<void> {
  const values = {
    selectedPlan: selection.selectedPlan,
    selectedOptionIds: selection.optionIds,
    selectedMedications,
    addedToPlanAt: new Date(),
    updatedAt: new Date(),
  };
  await tx
    .insert(planSelections)
    .values({ responderUuid, ...values })
    .onConflictDoUpdate({ target: planSelections.responderUuid, set: values });
}
