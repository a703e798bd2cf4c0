import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import { defaultPlan, planCodes, type PlanCode } from "../../app/funnel/plans";
import { variants } from "../../app/funnel/variant";
import { variantCatalogue } from "../../app/funnel/weight-loss";
import {
  changePlan,
  defaultOptionIds,
  findOption,
  isAvailableOn,
  joinPlanNames,
  progesteroneRequired,
  toggleOption,
  unavailableMessage,
  type PlanSelection,
} from "../../app/funnel/selection";

const catalogue = fallbackCatalogue;
const option = (id: string) => findOption(catalogue, id)!.option;

function toggled(selection: PlanSelection, optionId: string): PlanSelection {
  const result = toggleOption(catalogue, selection, optionId);
  return result.ok ? { ...selection, optionIds: result.optionIds } : selection;
}

describe("defaults (spec section 4)", () => {
  it("preselects each category's default except non-hormonal, with progesterone beside estrogen", () => {
    expect(defaultOptionIds(catalogue, "quarterly")).toEqual({
      systemic_estrogen: "i_dont_know_no_preference",
      progesterone: "progesterone_pill",
    });
  });

  it("preselects progesterone only when systemic estrogen has a default", () => {
    const withoutEstrogenDefault = catalogue.map((category) => ({
      ...category,
      options: category.options.map((o) => (category.category === "systemic_estrogen" ? { ...o, is_default: false } : o)),
    }));
    expect(defaultOptionIds(withoutEstrogenDefault, "quarterly")).toEqual({});
  });

  it("never preselects non-hormonal, even when flagged as default", () => {
    const flagged = catalogue.map((category) => ({
      ...category,
      options: category.options.map((o) => ({ ...o, is_default: category.category === "non_hormonal" || o.is_default })),
    }));
    expect(defaultOptionIds(flagged, "monthly").non_hormonal).toBeUndefined();
  });

  it("picks quarterly when visible, else the first visible plan", () => {
    expect(defaultPlan(["monthly", "quarterly"])).toBe("quarterly");
    expect(defaultPlan(["yearly", "monthly"])).toBe("yearly");
    expect(defaultPlan(["6_month"])).toBe("6_month");
  });
});

describe("one click (spec section 4)", () => {
  const start: PlanSelection = { selectedPlan: "quarterly", optionIds: defaultOptionIds(catalogue, "quarterly") };

  it("replaces the earlier choice in the same category", () => {
    expect(toggled(start, "patch").optionIds).toEqual({ systemic_estrogen: "patch", progesterone: "progesterone_pill" });
  });

  it("keeps progesterone while systemic estrogen is chosen", () => {
    expect(toggleOption(catalogue, start, "progesterone_pill")).toEqual({ ok: false, refusal: "progesterone-required" });
  });

  it("deselects systemic estrogen together with its progesterone", () => {
    const withCream = toggled(start, "vaginal_estrogen_cream");
    expect(toggled(withCream, "i_dont_know_no_preference").optionIds).toEqual({ vaginal_estrogen: "vaginal_estrogen_cream" });
  });

  it("never deselects the last remaining selection", () => {
    const onlyCream: PlanSelection = { selectedPlan: "quarterly", optionIds: { vaginal_estrogen: "vaginal_estrogen_cream" } };
    expect(toggleOption(catalogue, onlyCream, "vaginal_estrogen_cream")).toEqual({ ok: false, refusal: "last-selection" });
  });

  it("non-hormonal removes estrogen and progesterone; estrogen removes non-hormonal and brings progesterone", () => {
    const nonHormonal = toggled(start, "non_hormonal_therapy");
    expect(nonHormonal.optionIds).toEqual({ non_hormonal: "non_hormonal_therapy" });
    expect(toggled(nonHormonal, "gel").optionIds).toEqual({ systemic_estrogen: "gel", progesterone: "progesterone_pill" });
    expect(toggled(nonHormonal, "progesterone_pill").optionIds).toEqual({ progesterone: "progesterone_pill" });
  });

  it("refuses an option the plan does not offer, and an unknown one", () => {
    const monthly: PlanSelection = { selectedPlan: "monthly", optionIds: defaultOptionIds(catalogue, "monthly") };
    expect(toggleOption(catalogue, monthly, "vaginal_estrogen_cream")).toEqual({ ok: false, refusal: "unavailable-on-plan" });
    expect(toggleOption(catalogue, monthly, "aspirin")).toEqual({ ok: false, refusal: "unknown-option" });
  });

  it("tags progesterone Required while systemic estrogen is chosen", () => {
    expect(progesteroneRequired(start.optionIds)).toBe(true);
    expect(progesteroneRequired({ progesterone: "progesterone_pill" })).toBe(false);
  });
});

describe("plans and availability (spec sections 4 and 5)", () => {
  it("hides the vaginal cream on the monthly plan only", () => {
    expect(planCodes.filter((plan) => isAvailableOn(option("vaginal_estrogen_cream"), plan))).toEqual(["quarterly", "6_month", "yearly"]);
    expect(planCodes.every((plan) => isAvailableOn(option("vaginal_estrogen_insert"), plan))).toBe(true);
  });

  it("joins plan names with commas and 'or'", () => {
    expect(joinPlanNames(["quarterly"])).toBe("quarterly");
    expect(joinPlanNames(["quarterly", "yearly"])).toBe("quarterly or yearly");
    expect(joinPlanNames(["quarterly", "6_month", "yearly"])).toBe("quarterly, 6-month or yearly");
  });

  it("says which visible plans offer an option, in the spec's words", () => {
    const cream = option("vaginal_estrogen_cream");
    expect(unavailableMessage(cream, "monthly", ["monthly", "quarterly"])).toBe(
      "This medication isn't available with the monthly plan. Please select the quarterly plan to continue.",
    );
    expect(unavailableMessage(cream, "monthly", ["monthly", "quarterly", "6_month", "yearly"])).toBe(
      "This medication isn't available with the monthly plan. Please select the quarterly, 6-month or yearly plan to continue.",
    );
    expect(unavailableMessage(cream, "monthly", ["monthly"])).toBe("This medication isn't currently available on any plan.");
    expect(unavailableMessage(cream, "quarterly", ["monthly", "quarterly"])).toBeNull();
    const nowhere = { ...cream, quarterly_price: null, half_yearly_price: null, yearly_price: null };
    expect(unavailableMessage(nowhere, "quarterly", ["monthly", "quarterly"])).toBe(
      "This medication isn't currently available on any plan.",
    );
  });

  it("takes out of the selection what the new plan does not offer", () => {
    const quarterly: PlanSelection = {
      selectedPlan: "quarterly",
      optionIds: { systemic_estrogen: "gel", progesterone: "progesterone_pill", vaginal_estrogen: "vaginal_estrogen_cream" },
    };
    expect(changePlan(catalogue, quarterly, "monthly")).toEqual({
      selectedPlan: "monthly",
      optionIds: { systemic_estrogen: "gel", progesterone: "progesterone_pill" },
    });
  });
});

describe.each(variants)("the rules together, after any sequence of clicks and plan changes (%s variant)", (variant) => {
  const shown = variantCatalogue(catalogue, variant);
  const shownOptionIds = shown.flatMap((category) => category.options.map((option) => option.id));
  type Step = { kind: "toggle"; optionId: string } | { kind: "plan"; plan: PlanCode };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.constantFrom(...shownOptionIds).map((optionId) => ({ kind: "toggle" as const, optionId })),
    fc.constantFrom(...planCodes).map((plan) => ({ kind: "plan" as const, plan })),
  );

  it("keeps every invariant of spec section 4", () => {
    fc.assert(
      fc.property(fc.constantFrom(...planCodes), fc.array(step, { maxLength: 40 }), (firstPlan, steps) => {
        let selection: PlanSelection = { selectedPlan: firstPlan, optionIds: defaultOptionIds(shown, firstPlan) };
        // The weight-loss injections are her own pick: never chosen for her.
        expect(selection.optionIds.weight_loss).toBeUndefined();
        for (const s of steps) {
          const before = selection;
          if (s.kind === "plan") {
            selection = changePlan(shown, selection, s.plan);
          } else {
            const result = toggleOption(shown, selection, s.optionId);
            if (result.ok) selection = { ...selection, optionIds: result.optionIds };
            // Never emptied by a click, except by deselecting estrogen that took progesterone along.
            const emptied = Object.keys(before.optionIds).length > 0 && Object.keys(selection.optionIds).length === 0;
            if (emptied) expect(Object.keys(before.optionIds).sort()).toEqual(["progesterone", "systemic_estrogen"]);
            // A weight-loss injection sits beside any hormone choice: an HRT click never touches it.
            if (findOption(shown, s.optionId)?.category.category !== "weight_loss") {
              expect(selection.optionIds.weight_loss).toBe(before.optionIds.weight_loss);
            }
          }
          const ids = selection.optionIds;
          // One option per category, and each id belongs to its category.
          for (const [code, id] of Object.entries(ids)) expect(findOption(shown, id)?.category.category).toBe(code);
          // Progesterone whenever systemic estrogen.
          if (ids.systemic_estrogen) expect(ids.progesterone).toBeDefined();
          // Non-hormonal never beside estrogen or progesterone.
          if (ids.non_hormonal) expect(ids.systemic_estrogen ?? ids.progesterone).toBeUndefined();
          // Nothing the plan does not offer.
          for (const id of Object.values(ids)) expect(isAvailableOn(findOption(shown, id)!.option, selection.selectedPlan)).toBe(true);
          // The current variant never offers a weight-loss item.
          if (variant === "current") expect(ids.weight_loss).toBeUndefined();
        }
      }),
      { numRuns: 500 },
    );
  });
});
