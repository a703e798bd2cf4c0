import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fallbackCatalogue, listedPrice } from "../../app/funnel/catalogue";
import { selectionPageModel } from "../../app/funnel/selection-page";
import { planCodes } from "../../app/funnel/plans";
import {
  olderPlanMonths,
  variantCatalogue,
  weightLossCategory,
  weightLossData,
  weightLossMedications,
  weightLossOption,
  type OlderSampleMedication,
} from "../../app/funnel/weight-loss";

describe("the older sample medications (spec sections 3 and 9)", () => {
  it("are two weight-loss injections in the older shape at 199.00 and 297.00", () => {
    expect(weightLossMedications.map((m) => m.price)).toEqual(["199.00", "297.00"]);
    for (const medication of weightLossMedications) {
      expect(Object.keys(medication).sort()).toEqual(
        ["dosage", "equivalent", "id", "image", "inStock", "name", "price", "product_id", "recommended"].sort(),
      );
    }
  });

  it("are priced with the older multipliers: quarterly 3, 6 months 6, yearly 12 months", () => {
    expect(olderPlanMonths).toEqual({ monthly: 1, quarterly: 3, "6_month": 6, yearly: 12 });
    const semaglutide = weightLossOption(weightLossMedications[0]!);
    expect(planCodes.map((plan) => listedPrice(semaglutide, plan))).toEqual([199, 597, 1194, 2388]);
    const tirzepatide = weightLossOption(weightLossMedications[1]!);
    expect(planCodes.map((plan) => listedPrice(tirzepatide, plan))).toEqual([297, 891, 1782, 3564]);
  });

  it("price any string price in cents exactly, and an out-of-stock one on no plan", () => {
    const medication = fc.record({
      cents: fc.integer({ min: 0, max: 1_000_000 }),
      inStock: fc.boolean(),
    });
    fc.assert(
      fc.property(medication, ({ cents, inStock }) => {
        const older: OlderSampleMedication = { ...weightLossMedications[0]!, price: (cents / 100).toFixed(2), inStock };
        const option = weightLossOption(older);
        for (const plan of planCodes) {
          expect(listedPrice(option, plan)).toBe(inStock ? (cents * olderPlanMonths[plan]) / 100 : null);
        }
      }),
    );
  });

  it("carry their dosage, brand equivalent and recommendation onto the option, never chosen for her", () => {
    const option = weightLossCategory.options[0]!;
    expect(option).toMatchObject({ id: "semaglutide", product_id: "semaglutide", is_default: false, recommended: true });
    expect(option.dosage).toMatch(/mg/);
    expect(option.equivalent).toMatch(/Ozempic/);
  });
});

describe("variantCatalogue", () => {
  it("adds the weight-loss category only for the older variant", () => {
    expect(variantCatalogue(fallbackCatalogue, "current")).toBe(fallbackCatalogue);
    const classic = variantCatalogue(fallbackCatalogue, "classic");
    expect(classic.map((c) => c.category)).toEqual([...fallbackCatalogue.map((c) => c.category), "weight_loss"]);
  });

  it("shows the injections on the selection page with their details and quarterly price", () => {
    const model = selectionPageModel(variantCatalogue(fallbackCatalogue, "classic"), { selectedPlan: "quarterly", optionIds: {} }, [
      "monthly",
      "quarterly",
    ]);
    const weightLoss = model.categories.find((c) => c.code === "weight_loss")!;
    expect(weightLoss.options.map((o) => [o.name, o.price?.price, o.recommended])).toEqual([
      ["Semaglutide", 597, true],
      ["Tirzepatide", 891, false],
    ]);
    expect(weightLoss.options[0]!.details[1]).toMatch(/Ozempic/);
  });
});

describe("the weight-loss data (spec section 3)", () => {
  it("has milestones 555, 530, 504 and 482 at months 0 to 3", () => {
    expect(weightLossData.startWeight).toBe(555);
    expect(weightLossData.milestones).toEqual([
      { month: 0, weight: 555 },
      { month: 1, weight: 530 },
      { month: 2, weight: 504 },
      { month: 3, weight: 482 },
    ]);
  });
});
