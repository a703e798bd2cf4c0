// The net the Spanish tests cast for English left on a page: it catches the spec's sentences and
// English never put in a catalogue, and lets Spanish through.
import { describe, expect, it } from "vitest";
import { translator } from "../../app/i18n/messages";
import { englishLeftIn, englishRunCount } from "../support/english-left";

describe("English left on a Spanish page", () => {
  it("finds a sentence of the catalogue's English, even with its placeholders filled", () => {
    expect(englishRunCount).toBeGreaterThan(60);
    const english = translator("en")
      .rich("paymentComplete.emailedTo", { email: "jane@example.org", strong: (chunks) => chunks.join("") })
      .join("");
    expect(englishLeftIn(`Menú\n${english}`)).not.toEqual([]);
    expect(englishLeftIn("Your subscription renews automatically at the end of each billing period until you cancel it.")).not.toEqual([]);
  });

  it("finds English that is in no catalogue by its small words", () => {
    expect(englishLeftIn("Hola\nPlease check the address and try again")).toEqual(["Please check the address and try again"]);
  });

  it("finds nothing in the Spanish of the same messages", () => {
    const t = translator("es");
    const page = [
      t.rich("paymentComplete.emailedTo", { email: "jane@example.org", strong: (chunks) => chunks.join("") }).join(""),
      t("footer.help", { phone: "1-800", email: "ayuda@example.com" }),
      t("subscriptionTerms.renews"),
      t("disclosure.cancelOnline"),
      "Menopause Care",
      "Visa",
    ].join("\n");
    expect(englishLeftIn(page)).toEqual([]);
  });
});
