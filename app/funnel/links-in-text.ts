// Whether a piece of her text holds anything a mail program would turn into a link: an
// address with a scheme (https://, ftp://, mailto:), anything starting www., a bare domain
// (example.com, clinic.co.uk, bücher.de), or an email address. Her note to her doctor goes out
// under our name, so it must not carry a link someone else chose. Pure.
//
// A bare domain is a word, a dot and two or more letters straight after it ("mg.Also" is one
// too): mail programs link such text whatever the ending, so we cannot tell a real one by a
// list of endings. Text a person writes has a space after a full stop, so this rarely
// refuses a real note, and the message quotes what was found so she can see what to change.

/** Characters that show nothing but could split a link so a check misses it. */
const invisible = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/** Dots other scripts write, which some mail programs read as a dot in an address. */
const otherDots = /[\u3002\uFF0E\uFF61]/g;

// Each pattern starts only where a word starts (the look-behinds) and a bare domain's labels
// are few, so a long text is read in about one pass rather than once from every character.
const patterns: RegExp[] = [
  // A scheme and two slashes (https://, ftp://, hxxp://), or mailto:.
  /(?<![\p{L}\p{N}+.-])[\p{L}\p{N}+.-]*:\/\/\S*|\bmailto:\S*/iu,
  // Anything starting www.
  /(?<![\p{L}\p{N}_-])www\.\S*/iu,
  // An email address.
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u,
  // A bare domain: up to eight labels joined by dots (a longer name still ends in eight),
  // ending in two or more letters or a punycode ending; bounded, so each start reads a little.
  /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.){1,8}(?:\p{L}{2,63}|xn--[\p{L}\p{N}-]{1,59})(?![\p{L}\p{N}_-])\S*/iu,
];

/** The text as a mail program would see it: compatibility forms folded, invisible characters gone. */
function asShown(text: string): string {
  return text.normalize("NFKC").replace(invisible, "").replace(otherDots, ".");
}

/** The first thing in `text` that a mail program would make a link of, or undefined. */
export function firstLinkIn(text: string): string | undefined {
  const shown = asShown(text);
  let first: { at: number; found: string } | undefined;
  for (const pattern of patterns) {
    const match = pattern.exec(shown);
    if (match && (!first || match.index < first.at)) first = { at: match.index, found: match[0] };
  }
  if (!first) return undefined;
  // Quoted back to her: without the sentence's own punctuation, and bounded.
  const found = first.found.replace(/[.,;:!?)\]}"'\u2019\u201D]+$/u, "");
  return found.length > 60 ? `${found.slice(0, 57)}...` : found;
}
