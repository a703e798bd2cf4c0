// The final checkout form (spec sections 2 "Final checkout", 3 "Shipping address" and 5):
// account details, shipping address and the subscription agreement. Card fields belong to
// the payment gateway (test-cards.ts for the sandbox).
import { z } from "zod";
import { preCheckoutMessages, preCheckoutSchema } from "./pre-checkout";
import { usStateCodes } from "./us-states";

/** Spec section 5, the messages when a group is incomplete. */
export const accountDetailsMissing = "Please fill in all account details";
export const shippingAddressMissing = "Please fill in all shipping address fields";

export const shippingMessages = {
  addressLine1Missing: "Enter the first line of your address",
  poBox: "We cannot deliver to a PO Box. Enter a street address.",
  cityMissing: "Enter your town or city",
  stateMissing: "Select your state",
  zipCodeMissing: "Enter your ZIP code",
  zipCodeFormat: "Enter a 5-digit ZIP code, like 10001",
  tooLong: "This must be 100 characters or fewer",
  agreement: "Agree to the subscription terms to continue",
} as const;

/**
 * Spec section 2 (a label note) and docs/architecture.md (refused by the server too): a PO Box in
 * any of its usual spellings (PO Box, P.O. Box, Post Office Box, POB 12, Box 12).
 */
export function isPoBox(addressLine: string): boolean {
  return /\b(?:p\.?\s*o\.?\s*b(?:ox)?\.?|post\s*(?:al)?\s*office\s*box|box)\s*#?\s*\d+/i.test(addressLine) ||
    /\b(?:p\.?\s*o\.?\s*box|post\s*(?:al)?\s*office\s*box)\b/i.test(addressLine);
}

const text = (missing: string, max = 100) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, shippingMessages.tooLong);

const optionalText = z
  .string()
  .trim()
  .max(100, shippingMessages.tooLong)
  .optional()
  .transform((value) => value || undefined);

export const shippingSchema = z.object({
  addressLine1: text(shippingMessages.addressLine1Missing).pipe(
    z.string().refine((line) => !isPoBox(line), shippingMessages.poBox),
  ),
  addressLine2: optionalText.pipe(
    z.string().optional().refine((line) => !line || !isPoBox(line), shippingMessages.poBox),
  ),
  city: text(shippingMessages.cityMissing),
  state: z.enum(usStateCodes, { error: shippingMessages.stateMissing }),
  zipCode: text(shippingMessages.zipCodeMissing, 10).pipe(
    z.string().regex(/^\d{5}(?:-\d{4})?$/, shippingMessages.zipCodeFormat),
  ),
});

/** The whole form: account details (as on pre-checkout), shipping, and the agreement. */
export const finalCheckoutSchema = preCheckoutSchema.extend({
  ...shippingSchema.shape,
  subscriptionAgreement: z.literal("on", { error: shippingMessages.agreement }),
});

export type ShippingAddress = z.output<typeof shippingSchema>;

/** The older variant's Billing Address section (spec section 2); its box's label is in final-checkout-texts.ts. */
export const billingAddressMissing = "Please fill in all billing address fields";

export const billingMessages = {
  firstNameMissing: "Enter the first name for your billing address",
  lastNameMissing: "Enter the last name for your billing address",
  addressLine1Missing: "Enter the first line of your billing address",
  cityMissing: "Enter the town or city of your billing address",
  stateMissing: "Select the state of your billing address",
  zipCodeMissing: "Enter the ZIP code of your billing address",
} as const;

/** Where the card's statements go: a PO Box is fine here, unlike for delivery. */
export const billingSchema = z.object({
  firstName: text(billingMessages.firstNameMissing),
  lastName: text(billingMessages.lastNameMissing),
  addressLine1: text(billingMessages.addressLine1Missing),
  addressLine2: optionalText,
  city: text(billingMessages.cityMissing),
  state: z.enum(usStateCodes, { error: billingMessages.stateMissing }),
  zipCode: text(billingMessages.zipCodeMissing, 10).pipe(z.string().regex(/^\d{5}(?:-\d{4})?$/, shippingMessages.zipCodeFormat)),
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

export type BillingChoice =
  | { ok: true; billing: BillingAddress | null }
  | { ok: false; errors: Record<string, string[]> };

/**
 * What the Billing Address section says: null while the box is ticked (the same as shipping),
 * else the address, checked by the server whatever the browser did (the fields are always in
 * the page, so this works without JavaScript).
 */
export function readBillingChoice(values: Record<string, unknown>): BillingChoice {
  if (values[billingSameField] === "on") return { ok: true, billing: null };
  const address = Object.fromEntries(
    Object.entries(billingFieldNames).map(([name, formName]) => [name, values[formName] ?? ""]),
  );
  const parsed = billingSchema.safeParse(address);
  if (parsed.success) return { ok: true, billing: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const formName = billingFieldNames[issue.path[0] as keyof BillingAddress];
    if (formName && !errors[formName]) errors[formName] = [issue.message];
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
 * (the older variant) also the billing address, when the box is not ticked.
 */
export function missingGroupMessage(values: Record<string, unknown>, billingAsked = false): string | null {
  if (accountFields.some((name) => blank(values[name]))) return accountDetailsMissing;
  if (shippingFields.some((name) => blank(values[name]))) return shippingAddressMissing;
  if (billingAsked && values[billingSameField] !== "on") {
    const address = Object.fromEntries(billingFields.map((name) => [name, values[billingFieldNames[name]]]));
    if (billingFieldsMissing(address)) return billingAddressMissing;
  }
  return null;
}

export { preCheckoutMessages as accountMessages };
