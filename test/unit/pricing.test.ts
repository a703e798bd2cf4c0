import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import { effectivePrice, formatDollars, priceDisplay, selectedMedications, totalPrice, undiscountedPrice } from "../../app/funnel/pricing";
import { findOption } from "../../app/funnel/selection";

const option = (id: string) => findOption(fallbackCatalogue, id)!.option;

describe("price display (spec sections 2 and 9)", () => {
  // Every non-monthly example the section 9 table gives: price, per month, undiscounted, save.
  it.each([
    ["gel", "quarterly", 399, "/quarterly", 133, 417, 18],
    ["gel", "6_month", 750, "/6 months", 125, 834, 84],
    ["gel", "yearly", 1400, "/year", 117, 1668, 268],
    ["patch", "quarterly", 399, "/quarterly", 133, 447, 48],
    ["patch", "6_month", 750, "/6 months", 125, 894, 144],
    ["patch", "yearly", 1400, "/year", 117, 1788, 388],
    ["i_dont_know_no_preference", "quarterly", 299, "/quarterly", 100, 357, 58],
    ["i_dont_know_no_preference", "6_month", 550, "/6 months", 92, 714, 164],
    ["i_dont_know_no_preference", "yearly", 1000, "/year", 83, 1428, 428],
    ["vaginal_estrogen_cream", "quarterly", 299, "/quarterly", 100, 387, 88],
    ["vaginal_estrogen_insert", "6_month", 550, "/6 months", 92, 774, 224],
    ["non_hormonal_therapy", "yearly", 1000, "/year", 83, 1548, 548],
  ] as const)("%s on %s: $%i%s, $%i/month, was $%i, save $%i", (id, plan, price, period, perMonth, undiscounted, save) => {
    expect(priceDisplay(option(id), price, plan, true)).toEqual({ price, period, perMonth, undiscounted, save });
  });

  it("shows only the price and period on the monthly plan, and beyond the first option", () => {
    expect(priceDisplay(option("gel"), 139, "monthly", true)).toEqual({ price: 139, period: "/month" });
    expect(priceDisplay(option("gel"), 399, "quarterly", false)).toEqual({ price: 399, period: "/quarterly" });
  });

  it("falls back to the quarterly price times 2 or 4 without a monthly price", () => {
    const noMonthly = { ...option("gel"), monthly_price: null };
    expect(undiscountedPrice(noMonthly, "6_month")).toBe(798);
    expect(undiscountedPrice(noMonthly, "yearly")).toBe(1596);
    expect(undiscountedPrice(noMonthly, "quarterly")).toBeNull();
    expect(priceDisplay(noMonthly, 1400, "yearly", true)).toEqual({
      price: 1400,
      period: "/year",
      perMonth: 117,
      undiscounted: 1596,
      save: 196,
    });
  });

  it("shows no savings for a free option", () => {
    expect(priceDisplay(option("progesterone_pill"), 0, "yearly", true)).toEqual({ price: 0, period: "/year" });
  });
});

describe("progesterone is free with any estrogen (spec section 5)", () => {
  const pricedPill = { ...option("progesterone_pill"), quarterly_price: 45 };
  it.each([
    [{ systemic_estrogen: "gel" }, 0],
    [{ vaginal_estrogen: "vaginal_estrogen_insert" }, 0],
    [{}, 45],
  ])("with %j costs %i", (optionIds, price) => {
    expect(effectivePrice(pricedPill, "progesterone", "quarterly", optionIds)).toBe(price);
  });
});

describe("the selection, priced", () => {
  it("lists the chosen options with plan, price and category, and totals them", () => {
    const selected = selectedMedications(fallbackCatalogue, "yearly", {
      systemic_estrogen: "patch",
      progesterone: "progesterone_pill",
      vaginal_estrogen: "vaginal_estrogen_insert",
    });
    expect(selected.map((m) => [m.product_id, m.selected_plan, m.selected_price, m.category_name])).toEqual([
      ["patch", "yearly", 1400, "Estrogen"],
      ["progesterone_pill", "yearly", 0, "Progesterone"],
      ["vaginal_estrogen_insert", "yearly", 1000, "Vaginal Estrogen"],
    ]);
    expect(totalPrice(selected)).toBe(2400);
  });

  it("formats dollars without needless cents, with thousands separated", () => {
    expect(formatDollars(399)).toBe("$399");
    expect(formatDollars(63.5)).toBe("$63.50");
    expect(formatDollars(1400)).toBe("$1,400");
    expect(formatDollars(0)).toBe("$0");
  });

  it("gives an amount the same text however often it is asked, past the texts it keeps", () => {
    const fresh = (amount: number) =>
      `$${amount.toLocaleString("en-US", Number.isInteger(amount) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100),
          { maxLength: 2_500 },
        ),
        (amounts) => {
          for (const amount of [...amounts, ...amounts]) expect(formatDollars(amount)).toBe(fresh(amount));
        },
      ),
      { numRuns: 20 },
    );
  });
});
