import { describe, expect, it } from "vitest";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import { readCatalogue } from "../../app/funnel/catalogue-answer";

const gel = {
  id: "gel",
  name: "Gel",
  image: "/medications/gel.svg",
  is_default: false,
  product_id: "gel",
  monthly_price: 139,
  quarterly_price: 399,
  half_yearly_price: 750,
  yearly_price: 1400,
};

const estrogen = (options: unknown[]) => ({
  name: "Estrogen",
  category: "systemic_estrogen",
  description: "Relieves hot flashes.",
  options,
});

describe("readCatalogue", () => {
  it("reads the fallback catalogue as itself", () => {
    expect(readCatalogue(JSON.parse(JSON.stringify(fallbackCatalogue)))).toEqual(fallbackCatalogue);
  });

  it("takes missing, null or unreadable prices as not offered on that plan", () => {
    const { monthly_price: _, ...noMonthly } = gel;
    const [category] = readCatalogue([estrogen([{ ...noMonthly, quarterly_price: null, half_yearly_price: "750.00", yearly_price: -1 }])])!;
    expect(category!.options[0]).toMatchObject({
      monthly_price: null,
      quarterly_price: null,
      half_yearly_price: 750,
      yearly_price: null,
    });
  });

  it("drops categories with an unknown code, and options that are not options", () => {
    const catalogue = readCatalogue([
      { ...estrogen([gel]), category: "weight_loss" },
      estrogen([{ ...gel, id: "" }, { ...gel, name: 7 }, "patch", { ...gel, id: "patch", product_id: "patch" }]),
    ]);
    expect(catalogue).toHaveLength(1);
    expect(catalogue![0]!.options.map((o) => o.id)).toEqual(["patch"]);
  });

  it("keeps ids unique, one category per code and one default per category", () => {
    const catalogue = readCatalogue([
      estrogen([
        { ...gel, is_default: true },
        { ...gel, name: "Gel again" },
        { ...gel, id: "patch", is_default: true },
      ]),
      estrogen([{ ...gel, id: "spray" }]),
    ])!;
    expect(catalogue).toHaveLength(1);
    expect(catalogue[0]!.options.map((o) => [o.id, o.is_default])).toEqual([
      ["gel", true],
      ["patch", false],
    ]);
  });

  it("keeps a name's line breaks, and no unsafe image address", () => {
    const [category] = readCatalogue([estrogen([{ ...gel, name: "I don't know /\nNo preference", image: "javascript:x" }])])!;
    expect(category!.options[0]).toMatchObject({ name: "I don't know /\nNo preference", image: null });
  });

  it("answers null when nothing can be shown", () => {
    for (const answer of [null, {}, { medications: [] }, [], [estrogen([])], [{ category: "progesterone" }], "[]"]) {
      expect(readCatalogue(answer)).toBeNull();
    }
  });
});
