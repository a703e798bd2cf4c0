// A component drawn as a page draws it: inside root's I18nProvider, with the server's
// translators (entry.server.tsx), in the language asked for.
import { createElement as h, type ReactElement } from "react";
import { I18nProvider, ServerTranslators } from "../../app/components/i18n";
import type { Language } from "../../app/i18n/languages";
import { translator } from "../../app/i18n/messages";

export function inLanguage(element: ReactElement, language: Language = "en"): ReactElement {
  return h(ServerTranslators.Provider, { value: translator }, h(I18nProvider, { language, messages: {}, children: element }));
}
