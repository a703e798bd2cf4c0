// Testimonials (spec section 3): read from whatever the provider answers, at most 4 shown
// (section 9).
import { z } from "zod";
import type { MessageId } from "../i18n/en";
import { selectionEn } from "../i18n/areas/selection.en";
import type { Translator } from "../i18n/languages";

export interface Testimonial {
  id: string;
  name: string;
  quote: string;
  image: string | null;
  beforeImage: string | null;
  afterImage: string | null;
  /** Star count, 0 to 5. */
  rating: number;
  /** The quote's language where it is not the page's (a provider's words we cannot translate). */
  lang?: "en";
}

export const testimonialsShown = 4;

/** Shown when the list is empty or could not be had (spec section 8). */
export const noTestimonialsMessage = selectionEn["testimonial.none"];

/**
 * An image address we are willing to put in an <img>: http(s) or a path on our own site.
 * Anything else (a data: or javascript: address, a typo) becomes no image, not a dropped quote.
 */
export const imageAddress = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(value.trim()) ? value.trim() : null));

const text = (max: number) => z.string().trim().min(1).max(max);

const testimonialSchema = z.object({
  id: z.union([z.string().trim().min(1).max(100), z.number().int()]).transform(String),
  name: text(100),
  quote: text(1_000),
  image: imageAddress,
  beforeImage: imageAddress,
  afterImage: imageAddress,
  // Spec section 9: the ratings are 5 stars; a provider that leaves it out means 5.
  rating: z
    .number()
    .min(0)
    .max(5)
    .nullish()
    .transform((stars) => (stars == null ? 5 : Math.round(stars))),
});

/**
 * The testimonials in a provider's answer, which may be an array or an object with a
 * `testimonials` list (spec section 3). Entries that are not testimonials are dropped, not the
 * whole list; the first 4 good ones are kept.
 */
export function readTestimonials(answer: unknown): Testimonial[] {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === "object" && answer !== null && Array.isArray((answer as { testimonials?: unknown }).testimonials)
      ? (answer as { testimonials: unknown[] }).testimonials
      : [];
  const testimonials: Testimonial[] = [];
  const seen = new Set<string>();
  for (const entry of list) {
    const parsed = testimonialSchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    testimonials.push(parsed.data);
    if (testimonials.length === testimonialsShown) break;
  }
  return testimonials;
}

/** The embedded provider's seeded quotes (migration 0002), by their ids: these we can say in her words. */
const seededQuotes: Record<string, keyof typeof selectionEn & MessageId> = {
  "karen-m": "testimonial.quoteKarenM",
  "susan-b": "testimonial.quoteSusanB",
  "michelle-t": "testimonial.quoteMichelleT",
  "rachel-d": "testimonial.quoteRachelD",
};

/**
 * The testimonials in her words: a seeded quote still in its seeded English is translated;
 * any other quote, a provider's own, stays as it came and is marked English.
 */
export function testimonialsIn(testimonials: readonly Testimonial[], t: Translator): Testimonial[] {
  if (t.language === "en") return [...testimonials];
  return testimonials.map((testimonial) => {
    const id = seededQuotes[testimonial.id];
    return id && selectionEn[id] === testimonial.quote ? { ...testimonial, quote: t(id) } : { ...testimonial, lang: "en" };
  });
}
