// Words her card and payment pages need beyond their own catalogue groups: the messages such a
// page draws in the browser (it hydrates for Stripe's card element), picked one by one, since
// their groups also hold refusals with plurals that only the server formats; and a payment
// service's answer, which comes in English, in her language.
import { parse } from "@formatjs/icu-messageformat-parser";
import { en, type MessageId } from "../../i18n/en";
import { browserReady } from "../../i18n/client-messages";
import type { Language, Translator } from "../../i18n/languages";
import { catalogues, clientCatalogue, type ClientCatalogue } from "../../i18n/messages";

const picked = new Map<string, ClientCatalogue>();

/** The messages of `groups` and the single messages `ids`, parsed for the browser. */
export function drawnMessages(language: Language, groups: readonly string[], ids: readonly MessageId[]): ClientCatalogue {
  const key = `${language}:${groups.join(",")}:${ids.join(",")}`;
  let messages = picked.get(key);
  if (!messages) {
    messages = { ...clientCatalogue(language, groups) };
    for (const id of ids) {
      const elements = parse(catalogues[language][id]);
      if (!browserReady(elements)) throw new Error(`${id} is sent to the browser but needs the server's formats`);
      messages[id] = elements;
    }
    picked.set(key, messages);
  }
  return messages;
}

/** The payment service's words (a test card's decline, in Stripe's English) by their English. */
const paymentIds = new Map<string, MessageId>(
  (Object.entries(en) as [MessageId, string][]).filter(([id]) => id.startsWith("payment.")).map(([id, text]) => [text, id]),
);

/** What the payment service said, in her language when the catalogue knows it; else as it came. */
export function paymentServiceSays(message: string, t: Translator): string {
  const id = paymentIds.get(message);
  return id ? t(id) : message;
}
