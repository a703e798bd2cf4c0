// Her words for what the checkout and the payment gateway tell her. The services answer in
// English: it is the JSON API's language, what the store keeps (an order's failure, her cart's
// promo message) and the console shows, and the language of Stripe's own messages. Her pages
// put each message they know into her language here, read by the English catalogue's own
// wording (its placeholders become the values), so the two cannot drift apart. A message we
// do not know (a card issuer's or the promo provider's own) stays as it came, marked English.
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { finalCheckoutEn } from "../../i18n/areas/final-checkout.en";
import type { MessageId } from "../../i18n/en";
import type { Translator } from "../../i18n/languages";

/** The groups whose messages the services say in English. */
const spokenGroups = ["payment", "promo", "stateAvailability"];

interface Reading {
  id: MessageId;
  pattern: RegExp;
  /** Each placeholder, in order; a plural's count is a number. */
  values: { name: string; count: boolean }[];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function readingOf(id: MessageId, english: string): Reading {
  let source = "";
  const values: Reading["values"] = [];
  for (const element of parse(english)) {
    if (element.type === TYPE.literal) source += escaped(element.value);
    else if (element.type === TYPE.argument) {
      source += "(.+?)";
      values.push({ name: element.value, count: false });
    } else if (element.type === TYPE.plural) {
      // "7 minutes", "1 minute": the count, then its word.
      source += "(\\d+) \\S+?";
      values.push({ name: element.value, count: true });
    } else throw new Error(`${id}: the services' messages are plain text`);
  }
  return { id, pattern: new RegExp(`^${source}$`), values };
}

const readings: Reading[] = (Object.entries(finalCheckoutEn) as [MessageId, string][])
  .filter(([id]) => spokenGroups.includes(id.slice(0, id.indexOf("."))))
  .map(([id, english]) => readingOf(id, english));

/** The message in her words; `english` when it is not ours to translate and her page is not English. */
export interface HerWords {
  text: string;
  english: boolean;
}

export function herWords(t: Translator, message: string): HerWords {
  for (const reading of readings) {
    const match = reading.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      reading.values.map((value, index) => [value.name, value.count ? Number(match[index + 1]) : match[index + 1]]),
    );
    return { text: t(reading.id, values), english: false };
  }
  return { text: message, english: t.language !== "en" };
}

/** Just the text: where an unknown message needs no mark of its own. */
export function inHerWords(t: Translator, message: string): string {
  return herWords(t, message).text;
}
