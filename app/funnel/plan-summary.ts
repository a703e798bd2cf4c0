// Her plan as she may share it with her own doctor (spec section 1: "Alternatively the visitor
// may share the plan with her own doctor"): the medications and what each is for, the plan and
// its billing, the starting dosage, the price, what the review involves, and how to reach us.
// Nothing else of hers: no card, no answers, no phone. Pure.
//
// Her printable page reads it in her language (a translator given); the email to her doctor,
// a letter to a US clinician, reads it in English (none given), as the console would.
import { z } from "zod";
import type { Translator } from "../i18n/languages";
import { amountAndCadence } from "./amounts-and-dates";
import type { Catalogue } from "./catalogue";
import { formatCents } from "./cart";
import { firstLinkIn } from "./links-in-text";
import { contact } from "./marketing";
import { planWords, plans, type PlanCode } from "./plans";
import { startingDosage } from "./pre-auth-order";
import { selectedMedications, totalPrice } from "./pricing";
import type { SelectedOptionIds } from "./selection";

export interface PlanSummary {
  plan: string;
  cadence: string;
  medications: { name: string; category: string; description: string; price: string }[];
  total: string;
  startingDosage: string;
  review: string[];
  contact: { phone: string; email: string };
}

export const providerReview = [
  "A licensed provider reviews the plan and her health history before anything is prescribed.",
  "The provider may ask questions, change a dose or a medication, or decide a treatment is not right for her.",
  "Nothing is shipped or charged unless the provider prescribes it; medication then ships within 3-5 business days.",
] as const;

/** What the provider's review involves, in her language (`providerReview` is its English). */
function providerReviewIn(t: Translator): string[] {
  return [t("planPage.reviewProvider"), t("planPage.reviewChanges"), t("planPage.reviewNothing")];
}

/**
 * The summary of what she has chosen, or null when nothing is. The medications' names and
 * descriptions are the catalogue's, in the provider's English whatever the language.
 */
export function planSummary(catalogue: Catalogue, plan: PlanCode, optionIds: SelectedOptionIds, t?: Translator): PlanSummary | null {
  const chosen = selectedMedications(catalogue, plan, optionIds);
  if (chosen.length === 0) return null;
  const totalCents = Math.round(totalPrice(chosen) * 100);
  return {
    plan: t ? planWords(plan, t).label : plans[plan].label,
    cadence: t ? t("planPage.billed", { cadence: planWords(plan, t).cadence }) : `billed ${plans[plan].cadence}`,
    medications: chosen.map((medication) => ({
      name: medication.name.replace(/\s*\n\s*/g, " "),
      category: medication.category_name,
      description: catalogue.find((category) => category.options.some((option) => option.id === medication.id))?.description ?? "",
      price: formatCents(Math.round(medication.selected_price * 100)),
    })),
    total: amountAndCadence(totalCents, plan, t),
    startingDosage: t ? t("planPage.startingDosage") : startingDosage,
    review: t ? providerReviewIn(t) : [...providerReview],
    contact: { phone: contact.phoneDisplay, email: contact.email },
  };
}

/** What the form to email her doctor may say, in her language; English without a translator. */
export function doctorEmailWords(t?: Translator) {
  return {
    email: t ? t("planPage.doctorEmailInvalid") : "Enter your doctor's email address, like doctor@example.com",
    note: t ? t("planPage.noteTooLong") : "Keep your note under 500 characters",
    /** Her note goes out under our name: it carries words, never a link (links-in-text.ts). */
    link: (found: string) =>
      t
        ? t("planPage.noteHasLink", { found })
        : `Your note cannot contain a web or email address. Please remove \u201C${found}\u201D and send it again.`,
    /** A plan before any order: anyone can start one, so it sends nothing to an address typed in. */
    beforeOrder: t
      ? t("planPage.beforeOrder")
      : "You can email this plan to your doctor once you have placed your order, from your subscription page. Until then, print it or share this page's address.",
    /** Over the day's ceiling for everyone. */
    dailyLimit: t
      ? t("planPage.dailyLimit")
      : "We cannot send any more plans to doctors today. Please try again tomorrow, or print this page for your doctor.",
  };
}

/** What "Email it to my doctor" accepts: her doctor's address, and a short note without links. */
export function doctorEmailSchema(t?: Translator) {
  const messages = doctorEmailWords(t);
  return z.object({
    doctorEmail: z
      .string({ error: messages.email })
      .trim()
      .max(254, messages.email)
      .pipe(z.email({ error: messages.email })),
    note: z
      .string()
      .trim()
      .max(500, messages.note)
      .superRefine((note, context) => {
        if (note.length > 500) return; // refused for its length already
        const found = firstLinkIn(note);
        if (found !== undefined) context.addIssue({ code: "custom", message: messages.link(found) });
      })
      .optional(),
  });
}

/** What the plan's address answers when it does not open the plan, in her language; English without a translator. */
export function planLinkWords(t?: Translator) {
  return {
    invalid: t ? t("planPage.linkInvalid") : "This link does not open a plan. Check that you copied the whole link.",
    /** Ended or retired, her order placed: a fresh link is on her subscription page. */
    endedAfterOrder: t
      ? t("planPage.linkEndedAfterOrder")
      : "This link to the plan has expired. To share your plan again, open your subscription page from the link in our latest email and choose Share with my doctor. If you cannot find that email, ask for a new link.",
    /** Ended before any order: a fresh link is on her plan's page. */
    endedBeforeOrder: t
      ? t("planPage.linkEndedBeforeOrder")
      : "This link to the plan has expired. To share your plan again, go back to your plan and choose Share with my doctor.",
  };
}

/** The subject of every email to a doctor: our words only, nothing she typed. */
export const doctorEmailSubject = "A patient shared a menopause treatment plan with you";

const plainName = /^[\p{L}\p{M}][\p{L}\p{M} .'\u2019-]{0,39}$/u;

/**
 * How the email to her doctor names her: her first name when it reads as a name (letters,
 * spaces, hyphens, apostrophes, at most 40 characters, nothing a mail program would link),
 * otherwise "Your patient". She typed
 * it, and it goes out under our name, so it cannot carry a link or a sentence.
 */
export function patientName(firstName: string | null | undefined): string {
  const name = firstName?.normalize("NFKC").replace(/\s+/g, " ").trim() ?? "";
  return plainName.test(name) && firstLinkIn(name) === undefined ? name : "Your patient";
}
