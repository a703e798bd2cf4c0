import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartFor, cartTotals, formatCents, planTypeText, type Cart } from "../../app/funnel/cart";
import { fallbackCatalogue, type Catalogue } from "../../app/funnel/catalogue";
import { planCodes } from "../../app/funnel/plans";

const catalogue = fallbackCatalogue;
const twoPlans = ["monthly", "quarterly"] as const;
const allPlans = planCodes;

/** What the order summary lists: product, plan, price, category. */
const lines = (cart: Cart) => cart.medications.map((m) => [m.product_id, m.selected_plan, m.selected_price, m.category_name]);

/** The fallback catalogue with progesterone priced, to see it become free beside estrogen. */
const pricedProgesterone: Catalogue = catalogue.map((category) =>
  category.category === "progesterone"
    ? {
        ...category,
        options: category.options.map((o) => ({ ...o, monthly_price: 15, quarterly_price: 45, half_yearly_price: 80, yearly_price: 150 })),
      }
    : category,
);

describe("cartFor: her products, matched by product_id and priced on her plan", () => {
  it("lists the products in catalogue order with plan, price and category, and totals them", () => {
    const cart = cartFor(catalogue, ["vaginal_estrogen_insert", "progesterone_pill", "patch"], "quarterly", twoPlans);
    expect(lines(cart)).toEqual([
      ["patch", "quarterly", 399, "Estrogen"],
      ["progesterone_pill", "quarterly", 0, "Progesterone"],
      ["vaginal_estrogen_insert", "quarterly", 299, "Vaginal Estrogen"],
    ]);
    expect(cart).toMatchObject({ selectedPlan: "quarterly", unavailable: [], subtotal: 698 });
  });

  it.each([
    ["monthly", 139],
    ["quarterly", 399],
    ["6_month", 750],
    ["yearly", 1400],
  ] as const)("prices gel on the %s plan at $%i (spec section 9)", (plan, price) => {
    const cart = cartFor(catalogue, ["gel", "progesterone_pill"], plan, allPlans);
    expect(lines(cart)).toEqual([
      ["gel", plan, price, "Estrogen"],
      ["progesterone_pill", plan, 0, "Progesterone"],
    ]);
    expect(cart.subtotal).toBe(price);
  });

  it("keeps the option's own fields, line breaks in the name included", () => {
    const [medication] = cartFor(catalogue, ["i_dont_know_no_preference"], "yearly", allPlans).medications;
    expect(medication).toMatchObject({
      id: "i_dont_know_no_preference",
      name: "I don't know /\nNo preference",
      is_default: true,
      selected_price: 1000,
    });
  });

  it("makes progesterone free beside systemic or vaginal estrogen, and charges for it alone (spec section 5)", () => {
    expect(lines(cartFor(pricedProgesterone, ["progesterone_pill"], "quarterly", twoPlans))).toEqual([
      ["progesterone_pill", "quarterly", 45, "Progesterone"],
    ]);
    expect(cartFor(pricedProgesterone, ["progesterone_pill", "gel"], "quarterly", twoPlans).subtotal).toBe(399);
    expect(lines(cartFor(pricedProgesterone, ["progesterone_pill", "vaginal_estrogen_insert"], "yearly", allPlans))).toEqual([
      ["progesterone_pill", "yearly", 0, "Progesterone"],
      ["vaginal_estrogen_insert", "yearly", 1000, "Vaginal Estrogen"],
    ]);
    expect(cartFor(pricedProgesterone, ["progesterone_pill", "non_hormonal_therapy"], "monthly", twoPlans).subtotal).toBe(144);
  });

  it("sets the vaginal cream aside on the monthly plan, with the spec's message", () => {
    const cart = cartFor(catalogue, ["gel", "progesterone_pill", "vaginal_estrogen_cream"], "monthly", twoPlans);
    expect(lines(cart)).toEqual([
      ["gel", "monthly", 139, "Estrogen"],
      ["progesterone_pill", "monthly", 0, "Progesterone"],
    ]);
    expect(cart.unavailable).toEqual([
      {
        name: "Cream",
        message: "This medication isn't available with the monthly plan. Please select the quarterly plan to continue.",
      },
    ]);
    expect(cart.subtotal).toBe(139);
  });

  it("names every visible plan that offers the cream, or none", () => {
    expect(cartFor(catalogue, ["vaginal_estrogen_cream"], "monthly", allPlans).unavailable).toEqual([
      {
        name: "Cream",
        message: "This medication isn't available with the monthly plan. Please select the quarterly, 6-month or yearly plan to continue.",
      },
    ]);
    expect(cartFor(catalogue, ["vaginal_estrogen_cream"], "monthly", ["monthly"]).unavailable).toEqual([
      { name: "Cream", message: "This medication isn't currently available on any plan." },
    ]);
  });

  it("offers the cream on the quarterly plan", () => {
    const cart = cartFor(catalogue, ["vaginal_estrogen_cream"], "quarterly", twoPlans);
    expect(lines(cart)).toEqual([["vaginal_estrogen_cream", "quarterly", 299, "Vaginal Estrogen"]]);
    expect(cart.unavailable).toEqual([]);
  });

  it("ignores product ids the catalogue does not have", () => {
    const cart = cartFor(catalogue, ["aspirin", "gel", "", "GEL"], "quarterly", twoPlans);
    expect(lines(cart)).toEqual([["gel", "quarterly", 399, "Estrogen"]]);
    expect(cart.unavailable).toEqual([]);
    expect(cartFor(catalogue, ["aspirin"], "quarterly", twoPlans)).toEqual({
      selectedPlan: "quarterly",
      medications: [],
      unavailable: [],
      subtotal: 0,
    });
  });

  it("holds one option per category: the first product named wins", () => {
    expect(lines(cartFor(catalogue, ["patch", "gel"], "monthly", twoPlans))).toEqual([["patch", "monthly", 149, "Estrogen"]]);
    expect(lines(cartFor(catalogue, ["vaginal_estrogen_insert", "vaginal_estrogen_cream"], "quarterly", twoPlans))).toEqual([
      ["vaginal_estrogen_insert", "quarterly", 299, "Vaginal Estrogen"],
    ]);
  });

  it("never holds two options of a category, whatever ids arrive (property)", () => {
    const ids = [...catalogue.flatMap((c) => c.options.map((o) => o.product_id)), "aspirin", "weight_loss"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ids), { maxLength: 12 }), fc.constantFrom(...allPlans), (productIds, plan) => {
        const cart = cartFor(catalogue, productIds, plan, allPlans);
        const categories = cart.medications.map((m) => m.category_name);
        expect(new Set(categories).size).toBe(categories.length);
        for (const medication of cart.medications) expect(productIds).toContain(medication.product_id);
        expect(cart.subtotal).toBe(cart.medications.reduce((sum, m) => sum + m.selected_price, 0));
      }),
    );
  });
});

describe("cartTotals: cents, with a promo discount", () => {
  const cartOf = (subtotal: number): Cart => ({ selectedPlan: "quarterly", medications: [], unavailable: [], subtotal });

  it("takes the discount off the subtotal", () => {
    expect(cartTotals(cartOf(399), 10_000)).toEqual({ subtotalCents: 39_900, discountCents: 10_000, totalCents: 29_900 });
  });

  it("counts no discount when there is none", () => {
    expect(cartTotals(cartOf(698), null)).toEqual({ subtotalCents: 69_800, discountCents: 0, totalCents: 69_800 });
    expect(cartTotals(cartOf(698), undefined)).toEqual({ subtotalCents: 69_800, discountCents: 0, totalCents: 69_800 });
  });

  it("never discounts below nothing or beyond the subtotal", () => {
    expect(cartTotals(cartOf(119), 50_000)).toEqual({ subtotalCents: 11_900, discountCents: 11_900, totalCents: 0 });
    expect(cartTotals(cartOf(119), -500)).toEqual({ subtotalCents: 11_900, discountCents: 0, totalCents: 11_900 });
    expect(cartTotals(cartOf(0), 10_000)).toEqual({ subtotalCents: 0, discountCents: 0, totalCents: 0 });
  });

  it("keeps whole cents", () => {
    expect(cartTotals(cartOf(63.5), 1_000.4)).toEqual({ subtotalCents: 6_350, discountCents: 1_000, totalCents: 5_350 });
    expect(cartTotals(cartOf(0.1 + 0.2), 0.6)).toEqual({ subtotalCents: 30, discountCents: 1, totalCents: 29 });
    expect(cartTotals(cartOf(1399.99), 0)).toEqual({ subtotalCents: 139_999, discountCents: 0, totalCents: 139_999 });
  });

  it("adds up for any discount: total + discount = subtotal, both within it, in whole cents (property)", () => {
    const discount = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double({ noNaN: true }),
      fc.constantFrom(null, undefined),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), discount, (subtotalCents, promo) => {
        const totals = cartTotals(cartOf(subtotalCents / 100), promo);
        expect(totals.subtotalCents).toBe(subtotalCents);
        expect(totals.totalCents + totals.discountCents).toBe(totals.subtotalCents);
        expect(Number.isInteger(totals.discountCents)).toBe(true);
        expect(totals.discountCents).toBeGreaterThanOrEqual(0);
        expect(totals.discountCents).toBeLessThanOrEqual(subtotalCents);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("formatCents: the order summary's amounts", () => {
  it.each([
    [140_000, "$1,400.00"],
    [0, "$0.00"],
    [6_350, "$63.50"],
    [5, "$0.05"],
    [39_900, "$399.00"],
    [123_456_789, "$1,234,567.89"],
  ])("shows %i cents as %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it("always shows dollars and two-digit cents that read back to the amount (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Math.round(Number(text.slice(1).replaceAll(",", "")) * 100)).toBe(cents);
      }),
    );
  });
});

describe("planTypeText: the order summary's plan type (spec section 9)", () => {
  it.each([
    ["monthly", "Monthly (billed every month)"],
    ["quarterly", "Quarterly (billed every 3 months)"],
    ["6_month", "6 Months (billed every 6 months)"],
    ["yearly", "Yearly (billed every 12 months)"],
  ] as const)("reads %s as %j", (plan, text) => {
    expect(planTypeText(plan)).toBe(text);
  });
});
