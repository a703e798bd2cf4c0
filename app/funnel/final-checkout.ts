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
 * Spec section 2 (a label note) and ARCHITECTURE.md (refused by the server too): a PO Box in
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
export type FinalCheckoutDetails = z.output<typeof finalCheckoutSchema>;

const accountFields = ["firstName", "lastName", "email", "phone"] as const;
const shippingFields = ["addressLine1", "city", "state", "zipCode"] as const;

function blank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

/** Spec section 5: which group message applies to what she sent, if any. */
export function missingGroupMessage(values: Record<string, unknown>): string | null {
  if (accountFields.some((name) => blank(values[name]))) return accountDetailsMissing;
  if (shippingFields.some((name) => blank(values[name]))) return shippingAddressMissing;
  return null;
}

export { preCheckoutMessages as accountMessages };
