// The catalogue's words in her language. Medication names are names and stay as they are
// (Semaglutide, Paroxetine...). The seeded options named by ordinary words (Patch, Pill, Cream,
// Insert), the category texts of the embedded provider's seed (migration 0002, the fallback
// catalogue), the older variant's injections (weight-loss.ts) and the "no preference" choice
// are said in her words by their ids, while they still read as seeded. Any other text a
// provider sends stays as it came, marked English, since we cannot translate it.
import type { MessageId } from "../i18n/en";
import { finalCheckoutEn } from "../i18n/areas/final-checkout.en";
import { selectionEn } from "../i18n/areas/selection.en";
import type { Translator } from "../i18n/languages";
import type { CategoryCode, MedicationCategory, MedicationOption } from "./catalogue";

type ProductId = keyof typeof selectionEn & MessageId;

/** A text to draw, and its language when it is not the page's. */
export interface Words {
  text: string;
  lang?: "en";
}

const categoryIds: Record<CategoryCode, { name: ProductId; description: ProductId }> = {
  systemic_estrogen: { name: "product.systemicEstrogenName", description: "product.systemicEstrogenDescription" },
  progesterone: { name: "product.progesteroneName", description: "product.progesteroneDescription" },
  vaginal_estrogen: { name: "product.vaginalEstrogenName", description: "product.vaginalEstrogenDescription" },
  non_hormonal: { name: "product.nonHormonalName", description: "product.nonHormonalDescription" },
  weight_loss: { name: "product.weightLossName", description: "product.weightLossDescription" },
};

/** Option texts that are words, not a medication's name, by the option's (or product's) id. */
const optionIds: Record<string, { name?: ProductId; dosage?: ProductId; equivalent?: ProductId }> = {
  i_dont_know_no_preference: { name: "product.noPreference" },
  patch: { name: "product.patchName" },
  progesterone_pill: { name: "product.pillName" },
  vaginal_estrogen_cream: { name: "product.creamName" },
  vaginal_estrogen_insert: { name: "product.insertName" },
  semaglutide: { dosage: "product.semaglutideDosage", equivalent: "product.semaglutideEquivalent" },
  tirzepatide: { dosage: "product.tirzepatideDosage", equivalent: "product.tirzepatideEquivalent" },
};

/** `text` in her words when it is still the seed's English for `id`; else as it came, marked English. */
function seeded(text: string, id: ProductId | undefined, t: Translator): Words {
  if (t.language === "en") return { text };
  return id && selectionEn[id] === text ? { text: t(id) } : { text, lang: "en" };
}

export function categoryWords(category: Pick<MedicationCategory, "category" | "name" | "description">, t: Translator) {
  const ids = categoryIds[category.category];
  return { name: seeded(category.name, ids?.name, t), description: seeded(category.description, ids?.description, t) };
}

/** The option's name (a medication's name stays, marked English; an ordinary word is hers), and its dosage and brand equivalent where it names them. */
export function optionWords(option: Pick<MedicationOption, "id" | "product_id" | "name" | "dosage" | "equivalent">, t: Translator) {
  const ids = optionIds[option.id] ?? optionIds[option.product_id] ?? {};
  // A medication's name stays as the catalogue writes it, in English: marked so on her page.
  // A seeded option named by an ordinary word ("Patch") is said in her words.
  const name: Words = seeded(option.name, ids.name, t);
  const details = [
    option.dosage ? seeded(option.dosage, ids.dosage, t) : null,
    option.equivalent ? seeded(option.equivalent, ids.equivalent, t) : null,
  ].filter((detail): detail is Words => detail !== null);
  return { name, details };
}

/** A category named by its seeded English name alone (a cart item carries only the name). */
export function categoryNameWords(name: string, t: Translator): Words {
  const ids = Object.values(categoryIds).find((candidate) => selectionEn[candidate.name] === name);
  return seeded(name, ids?.name, t);
}

const sameWords = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/** The option names that are words of ours, found by their English (an order keeps the name alone). */
const nameIds = Object.values(optionIds).flatMap((ids) => (ids.name ? [ids.name] : []));

function nameOf(name: string, t: Translator): string {
  const id = nameIds.find((candidate) => sameWords(name, selectionEn[candidate]));
  return id ? t(id) : name;
}

/**
 * A medication as her order names it (the provider's copy, in English: a name and a dosage),
 * in her words where the words are ours: an option named by an ordinary word, the "no
 * preference" choice, and the starting dose.
 */
export function orderedMedicationWords<Medication extends { name: string; dosage: string }>(
  medication: Medication,
  t: Translator,
): Medication {
  if (t.language === "en") return medication;
  return {
    ...medication,
    name: nameOf(medication.name, t),
    dosage: sameWords(medication.dosage ?? "", finalCheckoutEn["finalCheckout.startingDose"])
      ? t("finalCheckout.startingDose")
      : medication.dosage,
  };
}
