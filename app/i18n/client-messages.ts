// A hydrating page's messages in the browser: the server parsed them with the ICU parser
// (messages.ts `clientCatalogue`), so here they are only put together: text, arguments and
// rich-text tags, as intl-messageformat does. @formatjs/intl itself is about 13 KB gzipped,
// more than the final checkout's script budget has left, and even plurals and number formats
// cost that budget more than they give: a message the browser draws uses none of them (the
// server formats such words and passes them as text), which `browserReady` checks where the
// catalogue for the browser is made. Pure: no React, no catalogue.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { MessageId } from "./en";
import { localeOf, type Language, type Translator } from "./languages";

type Catalogue = Partial<Record<MessageId, MessageFormatElement[]>>;
type Values = Record<string, unknown>;

// The parser's element types (its TYPE enum), by number: a type-only import keeps the parser out.
const literal = 0,
  argument = 1,
  tag = 8;

/** Whether the browser can draw a message: text, plain arguments and tags only. */
export function browserReady(elements: readonly MessageFormatElement[]): boolean {
  return elements.every(
    (element) =>
      (element.type as number) === literal ||
      (element.type as number) === argument ||
      ((element.type as number) === tag && browserReady((element as unknown as { children: MessageFormatElement[] }).children)),
  );
}

function formatParts(elements: MessageFormatElement[], values: Values): unknown[] {
  const parts: unknown[] = [];
  const push = (part: unknown) => {
    const last = parts.at(-1);
    if (typeof part === "string" && typeof last === "string") parts[parts.length - 1] = last + part;
    else parts.push(part);
  };
  for (const element of elements) {
    const value = "value" in element ? values[element.value] : undefined;
    if ((element.type as number) === literal) push((element as { value: string }).value);
    else if ((element.type as number) === argument)
      push(typeof value === "string" || typeof value === "number" ? String(value) : (value ?? ""));
    else {
      const chunks = formatParts((element as unknown as { children: MessageFormatElement[] }).children, values);
      const wrap = value as ((chunks: unknown[]) => unknown) | undefined;
      if (wrap) push(wrap(chunks));
      else for (const part of chunks) push(part);
    }
  }
  return parts;
}

/** A translator over the messages a hydrating page was given. */
export function clientTranslator(language: Language, catalogue: Catalogue): Translator {
  const parts = (id: MessageId, values: Values = {}) => {
    const elements = catalogue[id];
    return elements ? formatParts(elements, values) : [id];
  };
  const t = ((id: MessageId, values?: Values) => parts(id, values).join("")) as Translator;
  t.rich = (id, values) => parts(id, values) as never;
  t.has = (id: string): id is MessageId => id in catalogue;
  t.language = language;
  t.locale = localeOf(language);
  return t;
}
