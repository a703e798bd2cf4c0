// The server's translator makes each message's formatter once and keeps a message of text alone
// as its text. Every id of both catalogues, with values and without, and messages that quote
// ICU's syntax must read exactly as @formatjs/intl's formatMessage writes them.
import { createIntl, createIntlCache } from "@formatjs/intl";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { languages, localeOf, type Language } from "../../app/i18n/languages";
import { catalogues, translatorOver, type MessageId } from "../../app/i18n/messages";

type Values = Record<string, unknown>;

/**
 * Sets of values for a message's placeholders: text for an argument, counts for a plural, each
 * option in turn for a select, and for a tag a function that wraps (in text, or as an object).
 */
function valueSets(message: string, tag: (name: string) => (chunks: unknown[]) => unknown): Values[] {
  const counts = [0, 1, 2, 21];
  const selects = new Map<string, string[]>();
  const counted = new Set<string>();
  const shared: Values = {};
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) shared[element.value] = `«${element.value}»`;
      if (element.type === TYPE.date || element.type === TYPE.time) shared[element.value] = new Date(Date.UTC(2027, 0, 22));
      if (element.type === TYPE.tag) {
        shared[element.value] = tag(element.value);
        walk(element.children);
      }
      if (element.type === TYPE.plural || element.type === TYPE.number) counted.add(element.value);
      if (element.type === TYPE.select) selects.set(element.value, Object.keys(element.options));
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  try {
    walk(parse(message));
  } catch {
    return [{}]; // a message that does not parse takes no values
  }
  const rounds = Math.max(counts.length, ...[...selects.values()].map((options) => options.length));
  return Array.from({ length: rounds }, (_, round) => {
    const values: Values = { ...shared };
    for (const [name, options] of selects) values[name] = options[round % options.length];
    for (const name of counted) values[name] = counts[round % counts.length];
    return values;
  });
}

/** What formatMessage itself writes, over the same messages. */
function reference(language: Language, messages: Record<string, string>) {
  return createIntl<string>({ locale: localeOf(language), defaultLocale: "en-US", messages }, createIntlCache());
}

const asText = (name: string) => (chunks: unknown[]) => `<${name}>${chunks.join("")}</${name}>`;
const asPart = (name: string) => (chunks: unknown[]) => ({ name, chunks });

/** Checks every id of `messages` through the translator against formatMessage. */
function expectSameAsFormatMessage(language: Language, messages: Record<string, string>) {
  const t = translatorOver(language, messages);
  const intl = reference(language, messages);
  for (const [key, message] of Object.entries(messages)) {
    const id = key as MessageId;
    // Twice: the first call prepares the message, the second takes what was kept.
    for (let call = 0; call < 2; call++) {
      expect(t(id), id).toBe(intl.formatMessage({ id }));
      expect(t.rich(id, {}), id).toEqual([intl.formatMessage({ id }, {})].flat());
      for (const values of valueSets(message, asText)) {
        expect(t(id, values as never), `${id} ${JSON.stringify(values)}`).toBe(intl.formatMessage({ id }, values as never));
      }
      for (const values of valueSets(message, asPart)) {
        expect(t.rich(id, values as never), id).toEqual([intl.formatMessage({ id }, values as never)].flat());
      }
    }
  }
}

describe("the server's translator", () => {
  // A message given no values for its placeholders is reported (console.error outside
  // production) and written as it stands, by formatMessage either way.
  beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it.each(languages)("writes every %s message as formatMessage does, with values and without", (language) => {
    expectSameAsFormatMessage(language, catalogues[language]);
  });

  const quoted = {
    "q.apostrophe": "It's her plan",
    "q.doubled": "It''s her plan, '' twice",
    "q.braces": "Write '{name}' as it is",
    "q.openBrace": "A '{' alone",
    "q.tag": "Not a tag: '<b>'",
    "q.pound": "# and '#'",
    "q.quotedAndArgument": "'{name}' is {name}, it''s so",
    "q.plural": "{n, plural, one {'#' is # it''s} other {# it''s '{n}'}}",
    "q.empty": "",
    "q.malformed": "{name",
    "q.onlyTag": "<b>bold</b>",
  };

  it.each(languages)("reads ICU's quoting as formatMessage does (%s)", (language) => {
    expectSameAsFormatMessage(language, quoted);
  });

  it("keeps a plain message's parsed text, not its source", () => {
    const t = translatorOver("en", quoted);
    expect(t("q.doubled" as MessageId)).toBe("It's her plan, ' twice");
    expect(t("q.braces" as MessageId)).toBe("Write {name} as it is");
    expect(t("q.openBrace" as MessageId, { name: "Ana" })).toBe("A { alone");
    expect(t("q.tag" as MessageId)).toBe("Not a tag: <b>");
  });

  it("answers an id without a message as formatMessage does", () => {
    const t = translatorOver("es", quoted);
    const intl = reference("es", quoted);
    for (const id of ["q.missing", "q.empty", "q.malformed", "toString"]) {
      expect(t(id as MessageId), id).toBe(intl.formatMessage({ id }));
    }
  });
});
