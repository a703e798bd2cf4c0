// Her plan as she may share it with her own doctor (spec section 1: "Alternatively the visitor
// may share the plan with her own doctor"): the medications and what each is for, the plan and
// its billing, the starting dosage, the price, what the review involves, and how to reach us.
// Nothing else of hers: no card, no answers, no phone. Pure.
import type { Catalogue } from "./catalogue";
import { formatCents } from "./cart";
import { contact } from "./marketing";
import { plans, type PlanCode } from "./plans";
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

/** The summary of what she has chosen, or null when nothing is. */
export function planSummary(catalogue: Catalogue, plan: PlanCode, optionIds: SelectedOptionIds): PlanSummary | null {
  const chosen = selectedMedications(catalogue, plan, optionIds);
  if (chosen.length === 0) return null;
  return {
    plan: plans[plan].label,
    cadence: `billed ${plans[plan].cadence}`,
    medications: chosen.map((medication) => ({
      name: medication.name.replace(/\s*\n\s*/g, " "),
      category: medication.category_name,
      description: catalogue.find((category) => category.options.some((option) => option.id === medication.id))?.description ?? "",
      price: formatCents(Math.round(medication.selected_price * 100)),
    })),
    total: `${formatCents(Math.round(totalPrice(chosen) * 100))} ${plans[plan].cadence}`,
    startingDosage,
    review: [...providerReview],
    contact: { phone: contact.phoneDisplay, email: contact.email },
  };
}

export const doctorEmailMessages = {
  email: "Enter your doctor's email address, like doctor@example.com",
  note: "Keep your note under 500 characters",
} as const;
