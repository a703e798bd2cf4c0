// Her language for every component: `useT()` gives the translator of the page's language,
// `<Rich>` a message with tags or links in it. On the server the translator has the whole
// catalogue (entry.server.tsx provides `translator`); in the browser, which only a hydrating
// page runs in, it has the messages that page's data carried (root.tsx), already parsed.
import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import type { MessageId } from "../i18n/en";
import { clientTranslator } from "../i18n/client-messages";
import type { Language, MessageValue, Translator } from "../i18n/languages";
import type { ClientCatalogue } from "../i18n/messages";

/** The server's translators, by language (entry.server.tsx); absent in the browser. */
export const ServerTranslators = createContext<((language: Language) => Translator) | null>(null);

const PageTranslator = createContext<Translator | null>(null);

export function I18nProvider({ language, messages, children }: { language: Language; messages: ClientCatalogue; children: ReactNode }) {
  const server = useContext(ServerTranslators);
  const t = useMemo(() => (server ? server(language) : clientTranslator(language, messages)), [server, language, messages]);
  return <PageTranslator.Provider value={t}>{children}</PageTranslator.Provider>;
}

/** The page's translator: `t(id, values)`, `t.language`. */
export function useT(): Translator {
  const t = useContext(PageTranslator);
  if (!t) throw new Error("useT() outside the root's I18nProvider");
  return t;
}

type RichValue = MessageValue | ReactNode | ((chunks: Array<string | ReactNode>) => ReactNode);

/** A message whose placeholders or tags are drawn (`<strong>…</strong>`, a link). */
export function Rich({ id, values }: { id: MessageId; values: Record<string, RichValue> }) {
  const parts = useT().rich<ReactNode>(id, values as never);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

/** A link to an entry page in the page's language (entry pages take it from the address alone). */
export function useEntryHref(path: string): string {
  const { language } = useT();
  return language === "en" ? path : `${path}?lang=${language}`;
}
