// Her words in her language: one catalogue per language (en.ts, es.ts), ICU MessageFormat
// through @formatjs/intl, so plurals, numbers and dates follow the language's rules and no
// sentence is built by joining pieces. Pure: no I/O, no React. The server formats with the
// whole catalogue; a page that hydrates gets only the messages it draws, already parsed
// (`clientCatalogue`), and formats them with client-messages.ts, which ships no parser.
import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { en, type MessageId } from "./en";
import { es } from "./es";
import { localeOf, type Language, type Translator } from "./languages";
import { browserReady } from "./client-messages";

export { languages, readLanguage, localeOf, defaultLanguage, type Language, type Translator } from "./languages";
export type { MessageId } from "./en";

export const catalogues: Record<Language, Record<MessageId, string>> = { en, es };

const ids = new Set<string>(Object.keys(en));

export function isMessageId(id: string): id is MessageId {
  return ids.has(id);
}

const cache = createIntlCache();
const translators = new Map<Language, Translator>();

type MessageFormat = ReturnType<IntlShape<string>["formatters"]["getMessageFormat"]>;

/** A translator over a catalogue: the language's own (`translator`), or a test's. */
export function translatorOver(language: Language, messages: Readonly<Record<string, string>>): Translator {
  const intl = createIntl<string>({ locale: localeOf(language), defaultLocale: "en-US", messages }, cache);
  // formatMessage finds a message's formatter by JSON-serialising its arguments on every call,
  // a cost on each word of a page. So each message takes its formatter once, on first use (the
  // one formatMessage would find), and one that is text alone is kept as its text, unquoted as
  // the formatter reads it (`''` is `'`). Anything unusual (an id without a message, a value
  // missing) goes to formatMessage, which reports it and falls back as it always has.
  const prepared = new Map<string, string | MessageFormat>();
  const prepare = (id: string) => {
    const message = Object.hasOwn(messages, id) ? messages[id] : "";
    if (!message) return undefined;
    const format = intl.formatters.getMessageFormat(message, intl.locale, intl.formats, { formatters: intl.formatters });
    const elements = format.getAst();
    const made = elements.every((element) => element.type === TYPE.literal)
      ? elements.map((element) => (element as { value: string }).value).join("")
      : format;
    prepared.set(id, made);
    return made;
  };
  const format = (id: MessageId, values?: Record<string, unknown>): unknown => {
    try {
      const made = prepared.get(id) ?? prepare(id);
      if (typeof made === "string") return made;
      if (made) return made.format(values ?? {});
    } catch {
      // formatMessage meets the same error below.
    }
    return intl.formatMessage({ id }, values as never);
  };
  const t = ((id, values) => format(id, values)) as Translator;
  t.rich = (id, values) => {
    const formatted = format(id, values);
    return (Array.isArray(formatted) ? formatted : [formatted]) as never;
  };
  t.has = isMessageId;
  t.language = language;
  t.locale = localeOf(language);
  return t;
}

/** The language's translator, made once. */
export function translator(language: Language): Translator {
  let t = translators.get(language);
  if (!t) {
    t = translatorOver(language, catalogues[language]);
    translators.set(language, t);
  }
  return t;
}

/** Messages parsed ahead, by id: what a page that hydrates is given for the browser. */
export type ClientCatalogue = Partial<Record<MessageId, MessageFormatElement[]>>;

const parsed = new Map<string, ClientCatalogue>();

/**
 * The messages of the given groups ("header", "footer", ...: an id's first part), parsed.
 * Only a hydrating page's data carries them to the browser; a page without scripts never
 * sends its loader data at all.
 */
export function clientCatalogue(language: Language, groups: readonly string[]): ClientCatalogue {
  const key = `${language}:${groups.join(",")}`;
  let messages = parsed.get(key);
  if (!messages) {
    messages = {};
    for (const [id, message] of Object.entries(catalogues[language]) as [MessageId, string][]) {
      if (!groups.includes(id.slice(0, id.indexOf(".")))) continue;
      const elements = parse(message);
      // Plurals, selects and number formats are the server's: the browser draws text only.
      if (!browserReady(elements)) throw new Error(`${id} is sent to the browser but needs the server's formats`);
      messages[id] = elements;
    }
    parsed.set(key, messages);
  }
  return messages;
}

/** The groups every page draws: the skip link, header, footer and error page. */
export const chromeGroups = ["common", "header", "footer", "errorPage"] as const;

/** A form's reply with every message that is a catalogue id (a schema's) in her words. */
export function translateReply<Reply extends { error?: Record<string, readonly string[] | null | undefined> | null }>(
  t: Translator,
  reply: Reply,
): Reply {
  if (!reply.error) return reply;
  const error: Record<string, string[] | null | undefined> = {};
  for (const [name, messages] of Object.entries(reply.error)) {
    error[name] = messages?.map((message) => (t.has(message) ? t(message) : message));
  }
  return { ...reply, error };
}
