// The funnel's A/B variants: "current" and the older weight-loss variant, "classic"
// (spec sections 1 to 4 and 9, "older variant"). Everything the two share is one code path;
// what differs is in the one table below, so the places that branch on the variant read it.
export const variants = ["current", "classic"] as const;
export type Variant = (typeof variants)[number];

/** How the owner's console names each variant. */
export const variantLabels: Record<Variant, string> = { current: "Current", classic: "Classic" };

export function isVariant(value: unknown): value is Variant {
  return typeof value === "string" && (variants as readonly string[]).includes(value);
}

/** Reads a variant name as a link or cookie gives it ("Classic", " current "), else undefined. */
export function readVariant(value: unknown): Variant | undefined {
  const name = typeof value === "string" ? value.trim().toLowerCase() : undefined;
  return isVariant(name) ? name : undefined;
}

export interface VariantAssignment {
  /** The `variant` query parameter. */
  requested?: string | null;
  /** Her existing assignment, from its cookie. */
  kept?: string | null;
  /** Percent of new visitors given "classic" (0 to 100). */
  classicPercent: number;
  /** A uniform draw in [0, 1) for a new visitor. */
  draw: number;
}

/** The query parameter, else her existing assignment, else the configured split. */
export function assignVariant({ requested, kept, classicPercent, draw }: VariantAssignment): Variant {
  return readVariant(requested) ?? readVariant(kept) ?? (draw * 100 < classicPercent ? "classic" : "current");
}

interface VariantFacts {
  /** The selection page adds the weight-loss injections (spec section 1). */
  weightLoss: boolean;
  /** The final checkout asks for a billing address, "same as shipping" at first (spec section 2). */
  billingAddress: boolean;
  /** What the cart-reserved countdown starts at (spec section 4). */
  countdownSeconds: number;
  /** Query parameters added to the appointment-booking address (spec section 2). */
  bookingParams: Record<string, string>;
  /** The thank-you page's line of a weight loss journey (spec section 1: the older variant's). */
  thankYouJourney: boolean;
}

export const variantFacts: Record<Variant, VariantFacts> = {
  current: {
    weightLoss: false,
    billingAddress: false,
    countdownSeconds: 15 * 60,
    bookingParams: {},
    thankYouJourney: false,
  },
  classic: {
    weightLoss: true,
    billingAddress: true,
    countdownSeconds: 14 * 60 + 56,
    bookingParams: { treatment_id: "1" },
    thankYouJourney: true,
  },
};

/** The booking address of spec section 2, with the variant's parameters (treatment_id=1). */
export function bookingAddress(url: string, variant: Variant): string {
  const params = Object.entries(variantFacts[variant].bookingParams);
  if (params.length === 0) return url;
  const address = new URL(url, "http://relative.invalid");
  for (const [name, value] of params) address.searchParams.set(name, value);
  return address.origin === "http://relative.invalid" ? `${address.pathname}${address.search}${address.hash}` : address.href;
}
