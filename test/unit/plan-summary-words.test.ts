// Her printable plan's words: the English the doctor's email and the console read without a
// translator is the English catalogue's, word for word, and the Spanish is a translation of it.
import { describe, expect, it } from "vitest";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import { doctorEmailWords, planLinkWords, planSummary } from "../../app/funnel/plan-summary";
import { translator } from "../../app/i18n/messages";

const chosen = { systemic_estrogen: "patch", progesterone: "progesterone_pill" } as const;

describe("her plan's words", () => {
  it("says the same in English with or without the English catalogue", () => {
    const en = translator("en");
    expect(planSummary(fallbackCatalogue, "quarterly", chosen, en)).toEqual(planSummary(fallbackCatalogue, "quarterly", chosen));
    const { link, ...words } = doctorEmailWords(en);
    const { link: englishLink, ...english } = doctorEmailWords();
    expect(words).toEqual(english);
    expect(link("www.prize.example")).toBe(englishLink("www.prize.example"));
    expect(planLinkWords(en)).toEqual(planLinkWords());
  });

  it("summarises her plan in Spanish, the provider's medication names as they are", () => {
    const summary = planSummary(fallbackCatalogue, "quarterly", chosen, translator("es"))!;
    expect(summary).toMatchObject({ plan: "Trimestral", cadence: "facturado cada 3 meses", total: "$399.00 cada 3 meses" });
    expect(summary.medications.map((m) => m.name)).toEqual(["Patch", "Pill"]);
    expect(summary.review[0]).toMatch(/^Un proveedor médico autorizado revisa el plan/);
  });
});
