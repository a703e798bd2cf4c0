// The final checkout form (spec sections 2 "Final checkout", 3 "Shipping address" and 5):
// account details, shipping address and the subscription agreement. Card fields belong to
// the payment gateway (test-cards.ts for the sandbox). The schemas' messages are catalogue
// ids, put into her words where the reply is made (`visitor.reply`, `translateReply`); the
// English of each is kept here too, for the JSON API and the console, which answer in English.
import { z } from "zod";
import type { MessageId } from "../i18n/en";
import { finalCheckoutEn } from "../i18n/areas/final-checkout.en";
import type { Translator } from "../i18n/languages";
import { preCheckoutMessages, preCheckoutSchema } from "./pre-checkout";
import { usStateCodes } from "./us-states";

type FinalCheckoutId = keyof typeof finalCheckoutEn;

/** A message of this form in English (the spec's words), or in her words with her translator. */
export function formWords(id: FinalCheckoutId, t?: Translator): string {
  return t ? t(id) : finalCheckoutEn[id];
}

function inEnglish<Ids extends Record<string, FinalCheckoutId>>(ids: Ids): { [Name in keyof Ids]: string } {
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, finalCheckoutEn[id]])) as { [Name in keyof Ids]: string };
}

/** Spec section 5, the messages when a group is incomplete. */
const groupMessageIds = {
  account: "addressForm.accountDetailsMissing",
  shipping: "addressForm.shippingAddressMissing",
  billing: "addressForm.billingAddressMissing",
} as const satisfies Record<string, FinalCheckoutId>;

export const accountDetailsMissing = finalCheckoutEn[groupMessageIds.account];
export const shippingAddressMissing = finalCheckoutEn[groupMessageIds.shipping];

/** What the shipping schema says, by catalogue id. */
export const shippingMessageIds = {
  addressLine1Missing: "addressForm.addressLine1Missing",
  poBox: "addressForm.poBox",
  cityMissing: "addressForm.cityMissing",
  stateMissing: "addressForm.stateMissing",
  zipCodeMissing: "addressForm.zipCodeMissing",
  zipCodeFormat: "addressForm.zipCodeFormat",
  tooLong: "addressForm.tooLong",
  agreement: "finalCheckout.agreementMissing",
} as const satisfies Record<string, FinalCheckoutId & MessageId>;

/** The same messages in English: what the JSON API answers and the console shows. */
export const shippingMessages = inEnglish(shippingMessageIds);

/**
 * Spec section 2 (a label note) and docs/architecture.md (refused by the server too): a PO Box in
 * any of its usual spellings (PO Box, P.O. Box, Post Office Box, POB 12, Box 12).
 */
export function isPoBox(addressLine: string): boolean {
  return (
    /\b(?:p\.?\s*o\.?\s*b(?:ox)?\.?|post\s*(?:al)?\s*office\s*box|box)\s*#?\s*\d+/i.test(addressLine) ||
    /\b(?:p\.?\s*o\.?\s*box|post\s*(?:al)?\s*office\s*box)\b/i.test(addressLine)
  );
}

const text = (missing: MessageId, max = 100) => z.string({ error: missing }).trim().min(1, missing).max(max, shippingMessageIds.tooLong);

const optionalText = z
  .string()
  .trim()
  .max(100, shippingMessageIds.tooLong)
  .optional()
  .transform((value) => value || undefined);

export const shippingSchema = z.object({
  addressLine1: text(shippingMessageIds.addressLine1Missing).pipe(z.string().refine((line) => !isPoBox(line), shippingMessageIds.poBox)),
  addressLine2: optionalText.pipe(
    z
      .string()
      .optional()
      .refine((line) => !line || !isPoBox(line), shippingMessageIds.poBox),
  ),
  city: text(shippingMessageIds.cityMissing),
  state: z.enum(usStateCodes, { error: shippingMessageIds.stateMissing }),
  zipCode: text(shippingMessageIds.zipCodeMissing, 10).pipe(z.string().regex(/^\d{5}(?:-\d{4})?$/, shippingMessageIds.zipCodeFormat)),
});

/** The whole form: account details (as on pre-checkout), shipping, and the agreement. */
export const finalCheckoutSchema = preCheckoutSchema.extend({
  ...shippingSchema.shape,
  subscriptionAgreement: z.literal("on", { error: shippingMessageIds.agreement }),
});

export type ShippingAddress = z.output<typeof shippingSchema>;

/** The older variant's Billing Address section (spec section 2); its box's label is the catalogue's finalCheckout.billingSame. */
export const billingAddressMissing = finalCheckoutEn[groupMessageIds.billing];

export const billingMessageIds = {
  firstNameMissing: "addressForm.billingFirstNameMissing",
  lastNameMissing: "addressForm.billingLastNameMissing",
  addressLine1Missing: "addressForm.billingAddressLine1Missing",
  cityMissing: "addressForm.billingCityMissing",
  stateMissing: "addressForm.billingStateMissing",
  zipCodeMissing: "addressForm.billingZipCodeMissing",
} as const satisfies Record<string, FinalCheckoutId & MessageId>;

export const billingMessages = inEnglish(billingMessageIds);

/** Where the card's statements go: a PO Box is fine here, unlike for delivery. */
export const billingSchema = z.object({
  firstName: text(billingMessageIds.firstNameMissing),
  lastName: text(billingMessageIds.lastNameMissing),
  addressLine1: text(billingMessageIds.addressLine1Missing),
  addressLine2: optionalText,
  city: text(billingMessageIds.cityMissing),
  state: z.enum(usStateCodes, { error: billingMessageIds.stateMissing }),
  zipCode: text(billingMessageIds.zipCodeMissing, 10).pipe(z.string().regex(/^\d{5}(?:-\d{4})?$/, shippingMessageIds.zipCodeFormat)),
});

export type BillingAddress = z.output<typeof billingSchema>;

/** The form's names for the billing fields: the address's own names with a "billing" prefix. */
export const billingFieldNames = {
  firstName: "billingFirstName",
  lastName: "billingLastName",
  addressLine1: "billingAddressLine1",
  addressLine2: "billingAddressLine2",
  city: "billingCity",
  state: "billingState",
  zipCode: "billingZipCode",
} as const satisfies Record<keyof BillingAddress, string>;

export const billingSameField = "billingSameAsShipping";

export type BillingChoice = { ok: true; billing: BillingAddress | null } | { ok: false; errors: Record<string, string[]> };

/**
 * What the Billing Address section says: null while the box is ticked (the same as shipping),
 * else the address, checked by the server whatever the browser did (the fields are always in
 * the page, so this works without JavaScript). Its messages are in English, or in her words
 * with her translator.
 */
export function readBillingChoice(values: Record<string, unknown>, t?: Translator): BillingChoice {
  if (values[billingSameField] === "on") return { ok: true, billing: null };
  const address = Object.fromEntries(Object.entries(billingFieldNames).map(([name, formName]) => [name, values[formName] ?? ""]));
  const parsed = billingSchema.safeParse(address);
  if (parsed.success) return { ok: true, billing: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const formName = billingFieldNames[issue.path[0] as keyof BillingAddress];
    if (formName && !errors[formName]) errors[formName] = [formWords(issue.message as FinalCheckoutId, t)];
  }
  return { ok: false, errors };
}
export type FinalCheckoutDetails = z.output<typeof finalCheckoutSchema>;

const accountFields = ["firstName", "lastName", "email", "phone"] as const;
const shippingFields = ["addressLine1", "city", "state", "zipCode"] as const;

function blank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

const billingFields = ["firstName", "lastName", "addressLine1", "city", "state", "zipCode"] as const;

/** A billing address (in its own names) with a required field left blank. */
export function billingFieldsMissing(address: Record<string, unknown>): boolean {
  return billingFields.some((name) => blank(address[name]));
}

/**
 * Spec section 5: which group message applies to what she sent, if any; with `billingAsked`
 * (the older variant) also the billing address, when the box is not ticked. In English, or in
 * her words with her translator.
 */
export function missingGroupMessage(values: Record<string, unknown>, billingAsked = false, t?: Translator): string | null {
  if (accountFields.some((name) => blank(values[name]))) return formWords(groupMessageIds.account, t);
  if (shippingFields.some((name) => blank(values[name]))) return formWords(groupMessageIds.shipping, t);
  if (billingAsked && values[billingSameField] !== "on") {
    const address = Object.fromEntries(billingFields.map((name) => [name, values[billingFieldNames[name]]]));
    if (billingFieldsMissing(address)) return formWords(groupMessageIds.billing, t);
  }
  return null;
}

export { preCheckoutMessages as accountMessages };
