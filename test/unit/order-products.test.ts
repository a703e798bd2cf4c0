import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderProducts, type ProductChoice } from "../../app/funnel/order-products";
import { planCodes } from "../../app/funnel/plans";

const visible = ["monthly", "quarterly", "yearly"] as const;
const earlier = new Date("2025-03-01T10:00:00Z");
const later = new Date("2025-03-01T10:05:00Z");

const selection = (at: Date, productIds = ["patch", "progesterone_pill"]): ProductChoice => ({
  productIds,
  selectedPlan: "monthly",
  at,
});
const token = (at: Date, productIds = ["non_hormonal_therapy"]): ProductChoice => ({
  productIds,
  selectedPlan: "yearly",
  at,
});

describe("which products her order carries (spec section 4, the hybrid flow)", () => {
  it("puts a plan the site does not show (a token's, or one taken off) on the default plan", () => {
    expect(orderProducts(null, token(later), ["monthly", "quarterly"])).toMatchObject({ selectedPlan: "quarterly", source: "token" });
    expect(orderProducts(selection(later), null, ["quarterly"])).toMatchObject({ selectedPlan: "quarterly", source: "selection" });
  });

  it("takes her own selection when she made it after the token arrived", () => {
    expect(orderProducts(selection(later), token(earlier), visible)).toEqual({
      productIds: ["patch", "progesterone_pill"],
      selectedPlan: "monthly",
      source: "selection",
    });
  });

  it("takes the token's products and plan when the token is newer", () => {
    expect(orderProducts(selection(earlier), token(later), visible)).toEqual({
      productIds: ["non_hormonal_therapy"],
      selectedPlan: "yearly",
      source: "token",
    });
  });

  it("takes the token when both arrived at the same moment: the selection must be after it", () => {
    expect(orderProducts(selection(earlier), token(new Date(earlier)), visible).source).toBe("token");
  });

  it("takes whichever one is present", () => {
    expect(orderProducts(selection(earlier), null, visible)).toEqual({
      productIds: ["patch", "progesterone_pill"],
      selectedPlan: "monthly",
      source: "selection",
    });
    expect(orderProducts(null, token(later), visible)).toEqual({
      productIds: ["non_hormonal_therapy"],
      selectedPlan: "yearly",
      source: "token",
    });
  });

  it("ignores an empty list, however recent", () => {
    expect(orderProducts(selection(later, []), token(earlier), visible)).toEqual({
      productIds: ["non_hormonal_therapy"],
      selectedPlan: "yearly",
      source: "token",
    });
    expect(orderProducts(selection(earlier), token(later, []), visible)).toEqual({
      productIds: ["patch", "progesterone_pill"],
      selectedPlan: "monthly",
      source: "selection",
    });
  });

  it("carries nothing with neither, on the default plan", () => {
    expect(orderProducts(null, null, visible)).toEqual({ productIds: [], selectedPlan: "quarterly", source: "none" });
    expect(orderProducts(null, null, ["yearly", "monthly"])).toEqual({ productIds: [], selectedPlan: "yearly", source: "none" });
    expect(orderProducts(null, null, [])).toEqual({ productIds: [], selectedPlan: "quarterly", source: "none" });
  });

  it("keeps the plan she chose even when both lists are empty", () => {
    expect(orderProducts(selection(later, []), token(earlier, []), visible)).toEqual({
      productIds: [],
      selectedPlan: "monthly",
      source: "none",
    });
    expect(orderProducts(null, token(earlier, []), visible)).toEqual({ productIds: [], selectedPlan: "yearly", source: "none" });
  });

  it("follows the newer non-empty choice for any timestamps (property)", () => {
    const moment = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms));
    const ids = fc.array(fc.constantFrom("gel", "patch", "progesterone_pill", "vaginal_estrogen_insert"), { maxLength: 3 });
    const choice = fc.record({ productIds: ids, selectedPlan: fc.constantFrom(...planCodes), at: moment });
    fc.assert(
      fc.property(fc.option(choice, { nil: null }), fc.option(choice, { nil: null }), (mine, theirs) => {
        // Every plan shown, so the plan is never moved to the default here.
        const result = orderProducts(mine, theirs, planCodes);
        const mineCounts = mine !== null && mine.productIds.length > 0;
        const theirsCount = theirs !== null && theirs.productIds.length > 0;
        const winner =
          mineCounts && (!theirsCount || mine.at.getTime() > theirs.at.getTime())
            ? { choice: mine, source: "selection" }
            : theirsCount
              ? { choice: theirs, source: "token" }
              : null;
        if (winner) {
          expect(result).toEqual({
            productIds: winner.choice.productIds,
            selectedPlan: winner.choice.selectedPlan,
            source: winner.source,
          });
        } else {
          expect(result).toEqual({
            productIds: [],
            selectedPlan: mine?.selectedPlan ?? theirs?.selectedPlan ?? "quarterly",
            source: "none",
          });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("lets her selection win exactly when it is strictly newer (property)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        const base = Date.UTC(2025, 0, 1);
        const result = orderProducts(selection(new Date(base + a)), token(new Date(base + b)), visible);
        expect(result.source).toBe(a > b ? "selection" : "token");
      }),
    );
  });
});
