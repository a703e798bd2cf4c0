import { describe, expect, it } from "vitest";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import { productSelectionBody } from "../../app/funnel/product-selection";

const option = (id: string) => fallbackCatalogue.flatMap((c) => c.options).find((o) => o.id === id)!;

describe("productSelectionBody (spec section 7, save-product-selection)", () => {
  it("lists the names and sends the total as a string with the plan", () => {
    const selected = [
      { ...option("patch"), selected_price: 399 },
      { ...option("progesterone_pill"), selected_price: 0 },
      { ...option("vaginal_estrogen_insert"), selected_price: 299 },
    ];
    expect(productSelectionBody(selected, "quarterly")).toEqual({
      product_name: ["Patch", "Pill", "Insert"],
      price: "698",
      selected_plan: "quarterly",
    });
  });

  it("keeps line breaks in names as the catalogue gives them", () => {
    const body = productSelectionBody([{ ...option("non_hormonal_therapy"), selected_price: 1000 }], "yearly");
    expect(body.product_name).toEqual(["Paroxetine/\nDesvenlafaxine"]);
    expect(body.price).toBe("1000");
  });

  it("rounds the total to cents", () => {
    const body = productSelectionBody(
      [
        { name: "A", selected_price: 0.1 },
        { name: "B", selected_price: 0.2 },
        { name: "C", selected_price: 99.2 },
      ],
      "monthly",
    );
    expect(body.price).toBe("99.5");
  });

  it("sends 0 for an empty selection", () => {
    expect(productSelectionBody([], "monthly")).toEqual({ product_name: [], price: "0", selected_plan: "monthly" });
  });
});
