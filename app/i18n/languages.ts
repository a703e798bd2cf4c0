// The languages she can read the product in, and how each formats numbers and dates. Pure and
// free of any catalogue, so a page that hydrates can use it without shipping messages.
import type { MessageId } from "./en";

export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "en";

/** The language an address or a stored choice names ("es", "ES", " es "), or undefined. */
export function readLanguage(raw: unknown): Language | undefined {
  if (typeof raw !== "string") return undefined;
  const value = raw.trim().toLowerCase();
  return (languages as readonly string[]).includes(value) ? (value as Language) : undefined;
}

/** US English and US Spanish: prices in dollars as a US reader writes them either way. */
export function localeOf(language: Language): "en-US" | "es-US" {
  return language === "es" ? "es-US" : "en-US";
}

/** Each language's name in itself: what the link to it says, in its own `lang`. */
export const languageNames: Record<Language, string> = { en: "English", es: "Español" };

/** The other language: where the switch link leads. */
export function otherLanguage(language: Language): Language {
  return language === "es" ? "en" : "es";
}

/** A value a message's placeholder takes: text, a number, or (for rich text) anything drawn. */
export type MessageValue = string | number | null | undefined;

/**
 * One language's messages. `t(id, values)` is the text; `rich` also takes values that are
 * not text (a link, a function for a tag such as `<strong>…</strong>`) and returns the parts.
 */
export interface Translator {
  (id: MessageId, values?: Record<string, MessageValue>): string;
  rich<Part>(id: MessageId, values: Record<string, MessageValue | Part | ((chunks: Array<string | Part>) => Part)>): Array<string | Part>;
  /** Whether `id` names a message (a handle's title, a reply's message, may be one). */
  has(id: string): id is MessageId;
  language: Language;
  locale: "en-US" | "es-US";
}
