// Every language says the same things: the same ids, and in each message the same
// placeholders of the same kinds, and every message parses as ICU MessageFormat.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { planCodes, planWords, plans } from "../../app/funnel/plans";
import { concernOptions, motivationOptions } from "../../app/funnel/questionnaire";
import { browserReady, clientTranslator } from "../../app/i18n/client-messages";
import { languages } from "../../app/i18n/languages";
import { catalogues, clientCatalogue, translator, type MessageId } from "../../app/i18n/messages";

/** Each placeholder and tag of a message as "name:kind", sorted, nested ones included. */
function placeholders(elements: MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.add(`${element.value}:${TYPE[element.type]}`);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(elements);
  return [...found].sort();
}

const english = catalogues.en;

describe("the catalogues", () => {
  it.each(languages)("%s has exactly the English ids", (language) => {
    expect(Object.keys(catalogues[language]).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).length).toBeGreaterThan(30);
  });

  it.each(languages)("%s: every message parses, with the English message's placeholders", (language) => {
    const differing = (Object.keys(english) as MessageId[]).flatMap((id) => {
      const mine = placeholders(parse(catalogues[language][id]));
      const theirs = placeholders(parse(english[id]));
      return JSON.stringify(mine) === JSON.stringify(theirs) ? [] : [`${id}: ${mine.join(",")} vs ${theirs.join(",")}`];
    });
    expect(differing).toEqual([]);
  });

  it("catches a placeholder renamed or made another kind", () => {
    expect(placeholders(parse("Call {phone} or {email}"))).not.toEqual(placeholders(parse("Call {phone} or {mail}")));
    expect(placeholders(parse("{n} days"))).not.toEqual(placeholders(parse("{n, plural, one {# day} other {# days}}")));
  });

  it("names the plans in English as the console's table does, and in Spanish otherwise", () => {
    for (const plan of planCodes) {
      const { months: _months, ...english } = plans[plan];
      expect(planWords(plan, translator("en")), plan).toEqual(english);
      expect(planWords(plan, translator("es")).label, plan).not.toBe(english.label);
    }
  });

  it("names the questionnaire's answers as the console does", () => {
    const t = translator("en");
    for (const { code, label } of motivationOptions) expect(t(`motivation.${code}`)).toBe(label);
    for (const { code, label } of concernOptions) expect(t(`concern.${code}`)).toBe(label);
  });

  it("formats in the browser as on the server, and sends it only what it can draw", () => {
    const message = "{name}: <b>{place}</b> hoy";
    const elements = parse(message);
    for (const language of languages) {
      const t = clientTranslator(language, { "welcome.title": elements });
      const values = { name: "Ana", place: "Austin", b: (chunks: unknown[]) => `[${chunks.join("")}]` };
      expect(t.rich("welcome.title", values).join("")).toBe("Ana: [Austin] hoy");
      expect(t("welcome.title", { name: "Ana", place: "Austin" })).toBe("Ana: Austin hoy");
    }
    // Plurals, selects and number formats are the server's: a message with one is not sent.
    expect(browserReady(parse("{n, plural, one {# día} other {# días}}"))).toBe(false);
    expect(browserReady(parse("{n, number}"))).toBe(false);
    expect(browserReady(parse("<b>{n, select, a {x} other {y}}</b>"))).toBe(false);
    expect(browserReady(elements)).toBe(true);
    for (const language of languages) {
      const server = translator(language);
      const browser = clientTranslator(
        language,
        clientCatalogue(language, ["common", "header", "footer", "errorPage", "welcome", "errors", "motivation", "paymentComplete"]),
      );
      for (const id of Object.keys(english) as MessageId[]) {
        // A page's messages reach the browser only when it draws there.
        if (!browser.has(id)) continue;
        const values = {
          title: "T",
          phone: "P",
          email: "E",
          reference: "R",
          brand: "B",
          last4: "L",
          card: "C",
          strong: (chunks: unknown[]) => `*${chunks.join("")}*`,
        };
        expect(browser.rich(id, values).join(""), id).toBe(server.rich(id, values).join(""));
      }
    }
  });
});
