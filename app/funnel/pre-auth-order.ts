// The pre-authorisation order (spec section 7, "POST /api/pre-auth-checkout").
import { plans, type PlanCode } from "./plans";
import { startingDosage } from "./starting-dosage";
import { utmParamNames, type TrackingParams } from "./tracking";
import { bookingAddress, type Variant } from "./variant";

export const redirectTypes = ["appointment", "activation", "login", "other"] as const;
export type RedirectType = (typeof redirectTypes)[number];

/** Where she goes after payment: the provider's answer to the order. */
export interface OrderDestination {
  redirect_url: string;
  redirect_type: RedirectType;
}

export interface OrderMedication {
  id: string;
  product_id: string;
  name: string;
  dosage: string;
  price: number;
  planType: string;
  billing_frequency: string;
  recommended: boolean;
  category_name: string;
}

interface AddressFields {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
}

export interface PreAuthOrderBody {
  /**
   * Paid on the sandbox gateway: a test card, no money held. Absent for a real payment, so the
   * spec's body is unchanged; the provider must not treat such an order as paid.
   */
  sandbox?: true;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  shippingAddress: AddressFields;
  billingAddress: AddressFields & { sameAsShipping: boolean };
  medications: OrderMedication[];
  pricing: {
    subtotal: number;
    shipping: 0;
    tax: 0;
    total: number;
    currency: "USD";
    discount_amount?: number;
    original_price?: number;
  };
  payment: { stripePaymentMethodId: string; amount: number; currency: "usd" };
  metadata: {
    orderSource: "website";
    checkoutFlow: "three-step";
    timestamp: string;
    responder_uuid: string;
    /** The funnel's A/B variant the order came through. */
    variant: Variant;
    referral_code?: string;
    discount_code?: string;
    utm_source?: string;
    utm_medium?: string;
    utm_campaign?: string;
    utm_term?: string;
    utm_content?: string;
  };
}

/** Where she goes when the answer names nowhere we may send her. */
export const defaultDestination: OrderDestination = { redirect_url: "/thank-you", redirect_type: "other" };

/**
 * An address we may send her to: a path on this site, or an http(s) address. Backslashes,
 * spaces and control characters are refused outright: browsers read "/\\evil.example" or
 * "/\t/evil.example" as another site.
 */
export function safeRedirectUrl(url: unknown): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (typeof url !== "string" || url.length > 2000 || /[\s\\\u0000-\u001f\u007f]/.test(url)) return undefined;
  if (/^\/(?!\/)/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The appointment-booking address with the variant's parameters (treatment_id=1 in the older variant). */
export function variantDestination(destination: OrderDestination, variant: Variant): OrderDestination {
  if (destination.redirect_type !== "appointment") return destination;
  return { ...destination, redirect_url: bookingAddress(destination.redirect_url, variant) };
}

/** The provider's answer read defensively: a safe address and a known type (else "other"). */
export function readOrderDestination(answer: unknown): OrderDestination {
  const { redirect_url: url, redirect_type: type } = (answer ?? {}) as Record<string, unknown>;
  const safeUrl = safeRedirectUrl(url);
  if (!safeUrl) return defaultDestination;
  const redirectType = (redirectTypes as readonly unknown[]).includes(type) ? (type as RedirectType) : "other";
  return { redirect_url: safeUrl, redirect_type: redirectType };
}

export interface OrderInput {
  responderUuid: string;
  customer: PreAuthOrderBody["customer"];
  shipping: { addressLine1: string; addressLine2?: string; city: string; state: string; zipCode: string };
  /** A billing address of its own; none means the same as shipping. */
  billing?: {
    firstName: string;
    lastName: string;
    addressLine1: string;
    addressLine2?: string;
    city: string;
    state: string;
    zipCode: string;
  } | null;
  variant: Variant;
  medications: readonly SelectedMedicationLike[];
  selectedPlan: PlanCode;
  totals: { subtotalCents: number; discountCents: number; totalCents: number };
  promoCode?: string;
  tracking: TrackingParams;
  paymentMethodId: string;
  timestamp: Date;
  /** The sandbox gateway takes the payment (no real money). */
  sandbox?: boolean;
}

interface SelectedMedicationLike {
  id: string;
  product_id: string;
  name: string;
  selected_price: number;
  is_default: boolean;
  category_name: string;
  dosage?: string;
  recommended?: boolean;
}

/** The spec section 7 body of the order, in dollars except the payment's cents. */
export function preAuthOrderBody(input: OrderInput): PreAuthOrderBody {
  const address = {
    firstName: input.customer.firstName,
    lastName: input.customer.lastName,
    addressLine1: input.shipping.addressLine1,
    addressLine2: input.shipping.addressLine2 ?? "",
    city: input.shipping.city,
    state: input.shipping.state,
    zipCode: input.shipping.zipCode,
  };
  const pricing: PreAuthOrderBody["pricing"] = {
    subtotal: input.totals.subtotalCents / 100,
    shipping: 0,
    tax: 0,
    total: input.totals.totalCents / 100,
    currency: "USD",
  };
  if (input.totals.discountCents > 0) {
    pricing.discount_amount = input.totals.discountCents / 100;
    pricing.original_price = input.totals.subtotalCents / 100;
  }
  const metadata: PreAuthOrderBody["metadata"] = {
    orderSource: "website",
    checkoutFlow: "three-step",
    timestamp: input.timestamp.toISOString(),
    responder_uuid: input.responderUuid,
    variant: input.variant,
  };
  if (input.tracking.referral_code) metadata.referral_code = input.tracking.referral_code;
  if (input.promoCode) metadata.discount_code = input.promoCode;
  for (const name of utmParamNames) if (input.tracking[name]) metadata[name] = input.tracking[name];
  return {
    ...(input.sandbox ? { sandbox: true as const } : {}),
    customer: { ...input.customer },
    shippingAddress: address,
    billingAddress: input.billing
      ? { sameAsShipping: false, ...input.billing, addressLine2: input.billing.addressLine2 ?? "" }
      : { sameAsShipping: true, ...address },
    medications: input.medications.map((medication) => ({
      id: medication.id,
      product_id: medication.product_id,
      name: medication.name,
      dosage: medication.dosage ?? startingDosage,
      price: medication.selected_price,
      planType: input.selectedPlan,
      billing_frequency: plans[input.selectedPlan].cadence,
      recommended: medication.recommended ?? medication.is_default,
      category_name: medication.category_name,
    })),
    pricing,
    payment: { stripePaymentMethodId: input.paymentMethodId, amount: input.totals.totalCents, currency: "usd" },
    metadata,
  };
}

export { startingDosage };
