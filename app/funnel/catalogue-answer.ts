// Reads the provider's medication catalogue (spec section 3, section 7 "List of categories
// with options") into our Catalogue, tolerating what a real API does and dropping what we
// cannot show safely.
import { usStateCodes } from "./us-states";
import { z } from "zod";
import { hrtCategoryCodes, type Catalogue, type MedicationCategory, type MedicationOption } from "./catalogue";
import { imageAddress } from "./testimonials";

/**
 * A price in dollars: a number, or a decimal string as many APIs write money ("139.00").
 * Missing, negative or unreadable means not offered on that plan.
 */
const price = z
  .unknown()
  .optional()
  .transform((value): number | null => {
    const number = typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
    return typeof number === "number" && Number.isFinite(number) && number >= 0 ? number : null;
  });

const identifier = z.union([z.string().trim().min(1).max(100), z.number().int()]).transform(String);

const optionSchema = z.object({
  id: identifier,
  // Line breaks are part of some names ("I don't know /\nNo preference"); keep them.
  name: z
    .string()
    .min(1)
    .max(200)
    .refine((name) => name.trim() !== ""),
  image: imageAddress,
  is_default: z.boolean().nullish().transform(Boolean),
  product_id: identifier,
  monthly_price: price,
  quarterly_price: price,
  half_yearly_price: price,
  yearly_price: price,
  // Where it cannot be shipped: unknown codes are dropped, and a list that is not one means
  // everywhere (the provider says nothing we can read).
  unavailable_states: z
    .unknown()
    .optional()
    .transform((value) =>
      Array.isArray(value)
        ? [...new Set(value.filter((code): code is string => typeof code === "string").map((code) => code.trim().toUpperCase()))].filter(
            (code) => (usStateCodes as readonly string[]).includes(code),
          )
        : undefined,
    ),
});

const categorySchema = z.object({
  name: z.string().trim().min(1).max(200),
  category: z.enum(hrtCategoryCodes),
  description: z
    .string()
    .max(1_000)
    .nullish()
    .transform((description) => description ?? ""),
  options: z.array(z.unknown()),
});

/**
 * The catalogue in a provider's answer, or null when nothing in it can be shown (the caller
 * then uses the fallback catalogue). Within a good answer:
 * - a category with an unknown code, or that is not a category, is dropped;
 * - an option that is not an option is dropped, and so is a category left with none;
 * - a second category with the same code, or a second option with an id already seen, is
 *   dropped (the selection holds option ids, so they must be unique);
 * - a category keeps at most one default option, the first.
 */
export function readCatalogue(answer: unknown): Catalogue | null {
  if (!Array.isArray(answer)) return null;
  const catalogue: Catalogue = [];
  const categoriesSeen = new Set<string>();
  const optionsSeen = new Set<string>();
  for (const entry of answer) {
    const category = categorySchema.safeParse(entry);
    if (!category.success || categoriesSeen.has(category.data.category)) continue;
    const options: MedicationOption[] = [];
    let hasDefault = false;
    for (const candidate of category.data.options) {
      const option = optionSchema.safeParse(candidate);
      if (!option.success || optionsSeen.has(option.data.id)) continue;
      optionsSeen.add(option.data.id);
      options.push({ ...option.data, is_default: option.data.is_default && !hasDefault });
      hasDefault ||= option.data.is_default;
    }
    if (options.length === 0) continue;
    categoriesSeen.add(category.data.category);
    const { name, category: code, description } = category.data;
    catalogue.push({ name, category: code, description, options } satisfies MedicationCategory);
  }
  return catalogue.length > 0 ? catalogue : null;
}
