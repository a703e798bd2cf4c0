// POST /api/pre-auth-checkout (spec section 7): the pre-authorisation order as JSON, for
// clients that make their card PaymentMethod with Stripe.js. Only the browser session that
// owns metadata.responder_uuid, or the bearer of a valid token for it, may pay for it (as
// POST /api/save-pre-checkout). The order is priced here from her stored plan, never from the
// body's medications or pricing: the client names the promo code and the amount it showed,
// and the payment goes ahead only if that is what we would charge. The order is then placed
// exactly as the final checkout page places it (one order per uuid, one attempt at a time,
// an Idempotency-Key header as the attempt key).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { formatCents } from "../funnel/cart";
import { billingAddressMissing, billingFieldsMissing, billingSchema, missingGroupMessage, shippingSchema } from "../funnel/final-checkout";
import { preCheckoutFieldNames, preCheckoutSchema } from "../funnel/pre-checkout";
import { normalisePromoCode, promoOutcome } from "../funnel/promo";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import { hasTrackingParams, readTrackingParams, trackingParamNames } from "../funnel/tracking";
import {
  checkoutPaymentFor,
  placeOrder,
  rateLimitWait,
  waitInMinutes,
} from "../server/checkout-payment.server";
import { jsonAnswer } from "../server/json-answer.server";
import { bearerMayAct } from "../server/tokens.server";
import { flowVariant } from "../server/flow-variant.server";
import { loadCheckoutCart, saveCheckoutDetails, savePromoOutcome } from "../server/final-checkout.server";
import { readJson } from "../server/json-body.server";
import { findOrder, outcomeOf, type OrderOutcome } from "../server/orders.server";
import { paymentGateway, paymentMessages } from "../server/payments/index.server";
import { provider } from "../server/provider/index.server";
import { countHit, rateLimits, visitorRateKey } from "../server/rate-limits.server";
import { retryAfter } from "../server/too-many-attempts.server";
import { isResponderUuid, Visitor } from "../server/visitor.server";
import { log } from "../server/log.server";

const notYours = () =>
  jsonAnswer(404, { success: false, message: "We could not find this plan. Please start again from the treatment page." });

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


function objectOr(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function issuesOf(prefix: string, error: z.ZodError | undefined): [string, string][] {
  return (error?.issues ?? []).map((issue) => [[prefix, ...issue.path].join("."), issue.message]);
}

function invalid(message: string, errors: [string, string][]) {
  return jsonAnswer(400, { success: false, message, errors: Object.fromEntries(errors) });
}

/** Tracking for the order: the session's, else the body's metadata (a client without a session). */
function trackingOf(visitor: Visitor, metadata: Record<string, unknown>) {
  if (hasTrackingParams(visitor.trackingParams)) return visitor.trackingParams;
  const search = new URLSearchParams();
  for (const name of trackingParamNames) {
    const value = metadata[name];
    if (typeof value === "string") search.set(name, value);
  }
  return readTrackingParams(search);
}

export async function loader() {
  return jsonAnswer(405, { success: false, message: "Use POST to place the order." }, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const body = await readJson(request);
  if (!body.ok) return jsonAnswer(body.status, { success: false, message: body.message });
  const metadata = objectOr(body.value.metadata);
  if (metadata.responder_uuid === undefined || metadata.responder_uuid === null || metadata.responder_uuid === "") {
    return invalid("metadata.responder_uuid is required", [["metadata.responder_uuid", "metadata.responder_uuid is required"]]);
  }
  if (!isResponderUuid(metadata.responder_uuid)) return notYours();
  const responderUuid = metadata.responder_uuid.toLowerCase();
  const visitor = await Visitor.open(request);
  const ownedBySession = visitor.ownedUuid(responderUuid) !== undefined;
  if (!ownedBySession && !(await bearerMayAct(request, responderUuid))) return notYours();
  // Rate limits count this browser; a client without a session, the order it pays for. The
  // step post is counted before anything is read or tried, the card included.
  const visitorKey = visitorRateKey(visitor, request, responderUuid);
  const stepWait = await countHit(request, visitorKey, rateLimits.stepPost);
  if (stepWait > 0) return jsonAnswer(429, { success: false, message: tooManyAttemptsMessage(stepWait) }, retryAfter(stepWait));

  // What she typed, as the page's form rules read it. Billing is the same as shipping unless
  // billingAddress.sameAsShipping is false; then its own fields are checked (whatever variant:
  // a client that sends a billing address has it kept, never silently dropped).
  const customerValues = objectOr(body.value.customer);
  const shippingValues = objectOr(body.value.shippingAddress);
  const billingValues = objectOr(body.value.billingAddress);
  const billingOwn = billingValues.sameAsShipping === false;
  const customer = preCheckoutSchema.safeParse(customerValues);
  const shipping = shippingSchema.safeParse(shippingValues);
  const billing = billingOwn ? billingSchema.safeParse(billingValues) : undefined;
  const payment = paymentSchema.safeParse(objectOr(body.value.payment));
  const errors = [
    ...issuesOf("customer", customer.error),
    ...issuesOf("shippingAddress", shipping.error),
    ...issuesOf("billingAddress", billing?.error),
    ...issuesOf("payment", payment.error),
  ];
  const rawCode = metadata.discount_code;
  const codeGiven = typeof rawCode === "string" ? rawCode.trim() !== "" : rawCode !== undefined && rawCode !== null;
  const discountCode = codeGiven ? normalisePromoCode(rawCode) : undefined;
  if (codeGiven && !discountCode) {
    errors.push(["metadata.discount_code", "metadata.discount_code must be 1 to 40 letters, digits, - or _."]);
  }
  const idempotencyKey = request.headers.get("Idempotency-Key")?.trim() || undefined;
  if (idempotencyKey !== undefined && !attemptKeyPattern.test(idempotencyKey)) {
    errors.push(["Idempotency-Key", "The Idempotency-Key header must be 1 to 100 printable characters."]);
  }
  const gateway = paymentGateway();
  const method = payment.success ? checkoutPaymentFor(gateway.kind, payment.data.stripePaymentMethodId, new Date()) : undefined;
  if (method && !method.ok) errors.push(["payment.stripePaymentMethodId", method.message]);
  if (!customer.success || !shipping.success || billing?.success === false || !payment.success || !method?.ok || errors.length > 0) {
    const accountValues = Object.fromEntries(preCheckoutFieldNames.map((name) => [name, customerValues[name]]));
    const billingMissing = billingOwn && billingFieldsMissing(billingValues) ? billingAddressMissing : null;
    const message = missingGroupMessage({ ...shippingValues, ...accountValues }) ?? billingMissing ?? errors[0]![1];
    return invalid(message, errors);
  }
  const billingAddress = billing?.data ?? null;

  const answer = async (status: number, result: Record<string, unknown>, headers: HeadersInit = {}) =>
    jsonAnswer(status, result, await visitor.headers(headers));

  try {
    // Paid already: the same answer as the payment that did it, and nothing changed.
    const existing = await findOrder(responderUuid);
    if (existing?.status === "authorised") return answer(...answerOf(outcomeOf(existing)));

    const variant = await flowVariant(responderUuid, visitor.variant);
    let checkout = await loadCheckoutCart(responderUuid, variant);
    if (checkout.cart.medications.length === 0) return answer(400, { success: false, message: "No medications selected" });

    // The code she applied on this client, checked here against our price, unless the cart
    // holds it already (applied on the page, or by an earlier attempt).
    if (discountCode && !(checkout.promo.applied && checkout.promo.code === discountCode)) {
      const wait = await rateLimitWait(rateLimits.promoCheck, request, visitorKey, true);
      if (wait > 0) {
        const message = `Too many promo codes tried. Please try again in ${waitInMinutes(wait)}.`;
        return answer(429, { success: false, message }, { "Retry-After": String(wait) });
      }
      const subtotal = checkout.totals.subtotalCents;
      const outcome = promoOutcome(discountCode, await (await provider()).checkPromoCode(discountCode, subtotal, responderUuid), subtotal);
      await savePromoOutcome(responderUuid, discountCode, outcome, subtotal);
      if (!outcome.applied) {
        return answer(400, { success: false, message: outcome.message, errors: { "metadata.discount_code": outcome.message } });
      }
      checkout = await loadCheckoutCart(responderUuid, variant);
    }

    const { totalCents } = checkout.totals;
    if (payment.data.amount != null && payment.data.amount !== totalCents) {
      return answer(409, {
        success: false,
        price_changed: true,
        amount: totalCents,
        message: `Your order total is ${formatCents(totalCents)}. Please review your order and try again.`,
      });
    }

    const wait = await rateLimitWait(rateLimits.paymentFailure, request, visitorKey, false);
    if (wait > 0) {
      const message = `Too many payment attempts. Please try again in ${waitInMinutes(wait)}.`;
      return answer(429, { success: false, message }, { "Retry-After": String(wait) });
    }

    await saveCheckoutDetails(responderUuid, customer.data, shipping.data, billingAddress);
    const outcome = await placeOrder({
      responderUuid,
      attemptKey: idempotencyKey,
      gateway,
      account: customer.data,
      shipping: shipping.data,
      billing: billingAddress,
      variant,
      checkout,
      tracking: trackingOf(visitor, metadata),
      payment: method,
      returnUrl: `${new URL(request.url).origin}/final-checkout/${responderUuid}`,
    });
    if (outcome.status === "declined" || outcome.status === "failed") {
      await rateLimitWait(rateLimits.paymentFailure, request, visitorKey, true);
    }
    return answer(...answerOf(outcome));
  } catch (error) {
    log.error({ error: error instanceof Error ? error.name : "unknown" }, "pre-auth checkout failed");
    return jsonAnswer(503, { success: false, message: paymentMessages.unexpected });
  }
}

/** The HTTP answer to where the order stands. */
function answerOf(outcome: OrderOutcome): [number, Record<string, unknown>] {
  switch (outcome.status) {
    case "authorised":
      return [200, { success: true, ...outcome.destination }];
    case "requires_action":
      return [
        202,
        outcome.action.kind === "redirect"
          ? { success: false, requires_action: true, redirect_url: outcome.action.url }
          : { success: false, requires_action: true, client_secret: outcome.action.clientSecret },
      ];
    case "processing":
      return [409, { success: false, processing: true, message: paymentMessages.stillProcessing }];
    case "declined":
    case "failed":
      // Spec section 8: the message, or "Payment failed. Please try again."
      return [402, { success: false, message: outcome.message || "Payment failed. Please try again." }];
  }
}
