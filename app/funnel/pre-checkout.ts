// The pre-checkout form (spec sections 3 "Pre-checkout form", 5 and 7 "save-pre-checkout"):
// what it accepts, the messages it gives, and the body the provider receives. The schema's
// messages are catalogue ids, put into her words where the reply is made (`visitor.reply`); the
// English of each is kept here too, for the JSON API, which answers in English.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import type { MessageId } from "../i18n/en";
import { selectionEn } from "../i18n/areas/selection.en";
import type { PlanCode } from "./plans";

export const preCheckoutFieldNames = ["firstName", "lastName", "email", "phone"] as const;
export type PreCheckoutFieldName = (typeof preCheckoutFieldNames)[number];

/** What she has entered, field by field; any of them may still be empty. */
export type PreCheckoutDraft = Partial<Record<PreCheckoutFieldName, string>>;

/** The four details, all present and valid. */
export type PreCheckoutDetails = Record<PreCheckoutFieldName, string>;

/** What the account fields' schema says, by catalogue id. */
export const preCheckoutMessageIds = {
  firstNameMissing: "accountForm.firstNameMissing",
  lastNameMissing: "accountForm.lastNameMissing",
  emailMissing: "accountForm.emailMissing",
  emailFormat: "accountForm.emailFormat",
  phoneMissing: "accountForm.phoneMissing",
  phoneFormat: "accountForm.phoneFormat",
  nameTooLong: "accountForm.nameTooLong",
  emailTooLong: "accountForm.emailTooLong",
} as const satisfies Record<string, keyof typeof selectionEn & MessageId>;

type MessageName = keyof typeof preCheckoutMessageIds;

/** The same messages in English: what the JSON API answers. */
export const preCheckoutMessages = Object.fromEntries(
  Object.entries(preCheckoutMessageIds).map(([name, id]) => [name, selectionEn[id]]),
) as { [Name in MessageName]: (typeof selectionEn)[(typeof preCheckoutMessageIds)[Name]] };

const requiredText = (missing: MessageId, max: number, tooLong: MessageId) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/**
 * A number that looks like a US one: ten digits with a real area code and exchange, "+1"
 * allowed (North American numbering, so a Canadian mobile passes too). Checked with
 * libphonenumber's rules rather than a hand-written pattern.
 */
export function isUsPhoneNumber(value: string): boolean {
  if (value.length > 40 || !/^[\d\s().+-]+$/.test(value)) return false;
  const number = parsePhoneNumberFromString(value, "US");
  return number !== undefined && number.countryCallingCode === "1" && number.isValid();
}

export const preCheckoutSchema = z.object({
  firstName: requiredText(preCheckoutMessageIds.firstNameMissing, 100, preCheckoutMessageIds.nameTooLong),
  lastName: requiredText(preCheckoutMessageIds.lastNameMissing, 100, preCheckoutMessageIds.nameTooLong),
  email: requiredText(preCheckoutMessageIds.emailMissing, 254, preCheckoutMessageIds.emailTooLong).pipe(
    z.email(preCheckoutMessageIds.emailFormat),
  ),
  // Checked for format only once it is there, so an empty field gets one message.
  phone: requiredText(preCheckoutMessageIds.phoneMissing, 40, preCheckoutMessageIds.phoneFormat).pipe(
    z.string().refine(isUsPhoneNumber, preCheckoutMessageIds.phoneFormat),
  ),
});

/** True when any of the four fields was left empty (the "Missing Information" toast). */
export function hasMissingField(values: Record<string, unknown>): boolean {
  return preCheckoutFieldNames.some((name) => typeof values[name] !== "string" || values[name].trim() === "");
}

/**
 * What the form shows: what she saved, and where a field is still empty, the prefill (the
 * email from the URL, or a token's details). Never overwrites what she entered.
 */
export function fillEmptyFields(saved: PreCheckoutDraft, prefill: PreCheckoutDraft): PreCheckoutDraft {
  const filled: PreCheckoutDraft = { ...saved };
  for (const name of preCheckoutFieldNames) {
    if (!filled[name]?.trim() && prefill[name]?.trim()) filled[name] = prefill[name].trim();
  }
  return filled;
}

/** Spec section 7, POST /api/save-pre-checkout: the body the provider receives. */
export interface PreCheckoutBody {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  product_id: string[];
  selected_plan: PlanCode;
}

export function preCheckoutBody(details: PreCheckoutDetails, productIds: readonly string[], selectedPlan: PlanCode): PreCheckoutBody {
  return {
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phone: details.phone,
    product_id: [...productIds],
    selected_plan: selectedPlan,
  };
}
