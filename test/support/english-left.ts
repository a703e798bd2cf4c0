// English left on a page drawn in Spanish. Two nets: every sentence of the English catalogue
// (the spec's wording) whose Spanish differs, by its literal runs of four words or more; and
// any run of text reading as English by its small words ("your", "the", "will"...), which also
// catches English never put in a catalogue. Text inside an element with `lang="en"` (a name or
// phrase kept in English on purpose, such as the link "English") is left out by the caller.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { en } from "../../app/i18n/en";
import { es } from "../../app/i18n/es";

/** The literal runs of a message, between its placeholders and tags. */
function literalRuns(elements: MessageFormatElement[]): string[] {
  const runs: string[] = [];
  let current = "";
  const flush = () => {
    if (current.trim()) runs.push(current.trim());
    current = "";
  };
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal) current += element.value;
      else if (element.type === TYPE.tag) {
        flush();
        walk(element.children);
        flush();
      } else flush();
    }
  };
  walk(elements);
  flush();
  return runs;
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/** The English runs worth looking for: four words or more, not said the same way in Spanish. */
const englishRuns: string[] = (() => {
  const spanish = new Set(Object.values(es).map(normalise));
  const runs = new Set<string>();
  for (const [id, message] of Object.entries(en)) {
    if (normalise(message) === normalise(es[id as keyof typeof es])) continue;
    for (const run of literalRuns(parse(message))) {
      const text = normalise(run);
      if (text.split(" ").length >= 4 && !spanish.has(text)) runs.add(text);
    }
  }
  return [...runs];
})();

/** Small English words no Spanish sentence has. */
const englishWords = /\b(the|your|you|we|will|with|and|this|that|our|is|are|of|for|to|be|have|has|please|here|now|from)\b/gi;

/**
 * The English found in `text` (a page's visible text): catalogue sentences, and any line with
 * three or more of English's small words.
 */
export function englishLeftIn(text: string): string[] {
  const found: string[] = [];
  const flat = normalise(text);
  for (const run of englishRuns) if (flat.includes(run)) found.push(run);
  for (const line of text.split(/\n+/)) {
    const words = line.match(englishWords) ?? [];
    if (new Set(words.map((word) => word.toLowerCase())).size >= 3) found.push(normalise(line));
  }
  return [...new Set(found)];
}

/** How many English runs the first net looks for (a test proves the net is not empty). */
export const englishRunCount = englishRuns.length;
