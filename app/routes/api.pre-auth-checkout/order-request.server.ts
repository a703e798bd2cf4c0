// What POST /api/pre-auth-checkout is sent (spec section 7: customer, shippingAddress,
// billingAddress, payment, metadata, and ours: subscriptionAgreement, true only when she
// ticked the subscription agreement), read with the final checkout form's own rules
// (pre-checkout.ts, final-checkout.ts: the PO Box rule included) into the checkout service's
// PaymentRequest, or the messages of what is wrong, by the body's own field names. The
// medications and pricing it carries are not read: the server prices her stored cart.
import { z } from "zod";
import {
  billingAddressMissing,
  billingFieldsMissing,
  billingSchema,
  missingGroupMessage,
  shippingSchema,
} from "../../funnel/final-checkout";
import { preCheckoutFieldNames, preCheckoutSchema } from "../../funnel/pre-checkout";
import { normalisePromoCode } from "../../funnel/promo";
import { hasTrackingParams, readTrackingParams, trackingParamNames, type TrackingParams } from "../../funnel/tracking";
import { translator } from "../../i18n/messages";
import type { PaymentRequest } from "../../server/checkout/pay-for-flow.server";
import { checkoutPaymentFor } from "../../server/payments/payment-methods.server";
import type { PaymentGateway } from "../../server/payments/index.server";

const paymentSchema = z.object({
  stripePaymentMethodId: z
    .string({ error: "payment.stripePaymentMethodId is required" })
    .trim()
    .min(1, "payment.stripePaymentMethodId is required")
    .max(255, "payment.stripePaymentMethodId is too long"),
  /** Cents: what the client showed her. Optional; when sent, it must be what we charge. */
  amount: z.number({ error: "payment.amount must be a whole number of cents" }).int().nonnegative().nullish(),
  currency: z
    .string()
    .nullish()
    .refine((currency) => currency == null || currency.toLowerCase() === "usd", "payment.currency must be usd"),
});

/** An Idempotency-Key as the page's attempt key: printable, at most 100 characters. */
const attemptKeyPattern = /^[\x21-\x7e]{1,100}$/;

export function objectOr(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The API answers in English: a schema's message that is a catalogue id is given in its English. */
const english = translator("en");

function issuesOf(prefix: string, error: z.ZodError | undefined): [string, string][] {
  return (error?.issues ?? []).map((issue) => [
    [prefix, ...issue.path].join("."),
    english.has(issue.message) ? english(issue.message) : issue.message,
  ]);
}

/** Tracking for the order: the session's, else the body's metadata (a client without a session). */
function trackingOf(sessionTracking: TrackingParams, metadata: Record<string, unknown>): TrackingParams {
  if (hasTrackingParams(sessionTracking)) return sessionTracking;
  const search = new URLSearchParams();
  for (const name of trackingParamNames) {
    const value = metadata[name];
    if (typeof value === "string") search.set(name, value);
  }
  return readTrackingParams(search);
}

export type OrderRequestReading = { ok: true; order: PaymentRequest } | { ok: false; message: string; errors: Record<string, string> };

export function readOrderRequest(
  body: Record<string, unknown>,
  idempotencyKey: string | undefined,
  context: { gateway: PaymentGateway["kind"]; tracking: TrackingParams; now: Date },
): OrderRequestReading {
  const metadata = objectOr(body.metadata);
  // Billing is the same as shipping unless billingAddress.sameAsShipping is false; then its own
  // fields are checked (whatever variant: a billing address sent is kept, never dropped).
  const customerValues = objectOr(body.customer);
  const shippingValues = objectOr(body.shippingAddress);
  const billingValues = objectOr(body.billingAddress);
  const billingOwn = billingValues.sameAsShipping === false;
  const customer = preCheckoutSchema.safeParse(customerValues);
  const shipping = shippingSchema.safeParse(shippingValues);
  const billing = billingOwn ? billingSchema.safeParse(billingValues) : undefined;
  const payment = paymentSchema.safeParse(objectOr(body.payment));
  const errors = [
    ...issuesOf("customer", customer.error),
    ...issuesOf("shippingAddress", shipping.error),
    ...issuesOf("billingAddress", billing?.error),
    ...issuesOf("payment", payment.error),
  ];
  const rawCode = metadata.discount_code;
  const codeGiven = typeof rawCode === "string" ? rawCode.trim() !== "" : rawCode !== undefined && rawCode !== null;
  const promoCode = codeGiven ? normalisePromoCode(rawCode) : undefined;
  if (codeGiven && !promoCode) {
    errors.push(["metadata.discount_code", "metadata.discount_code must be 1 to 40 letters, digits, - or _."]);
  }
  if (idempotencyKey !== undefined && !attemptKeyPattern.test(idempotencyKey)) {
    errors.push(["Idempotency-Key", "The Idempotency-Key header must be 1 to 100 printable characters."]);
  }
  // Her consent is hers to give: a client says she ticked the subscription agreement herself.
  if (body.subscriptionAgreement !== true) errors.push(["subscriptionAgreement", english("finalCheckout.agreementMissing")]);
  const method = payment.success ? checkoutPaymentFor(context.gateway, payment.data.stripePaymentMethodId, context.now) : undefined;
  if (method && !method.ok) errors.push(["payment.stripePaymentMethodId", method.message]);
  if (!customer.success || !shipping.success || billing?.success === false || !payment.success || !method?.ok || errors.length > 0) {
    const accountValues = Object.fromEntries(preCheckoutFieldNames.map((name) => [name, customerValues[name]]));
    const billingMissing = billingOwn && billingFieldsMissing(billingValues) ? billingAddressMissing : null;
    const message = missingGroupMessage({ ...shippingValues, ...accountValues }) ?? billingMissing ?? errors[0]![1];
    return { ok: false, message, errors: Object.fromEntries(errors) };
  }
  return {
    ok: true,
    order: {
      tracking: trackingOf(context.tracking, metadata),
      account: customer.data,
      shipping: shipping.data,
      billing: billing?.data ?? null,
      payment: { card: method.card, paymentMethodId: method.paymentMethodId },
      attemptKey: idempotencyKey,
      promoCode,
      expectedTotalCents: payment.data.amount,
    },
  };
}
