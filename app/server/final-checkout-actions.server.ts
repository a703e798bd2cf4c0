// What the final checkout's form asks for (spec sections 4, 5, 7 and 8): apply a promo code,
// complete the purchase, or confirm a payment after 3-D Secure in the page. Each answers the
// page with the same shape of action data, or a redirect.
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { finalCheckoutSchema, missingGroupMessage, readBillingChoice } from "../funnel/final-checkout";
import { normalisePromoCode, promoBoxVisible, promoOutcome } from "../funnel/promo";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import { cardBrand, cardInputMessages, paymentMessages, readCardNumber, readExpiry, readSecurityCode } from "../funnel/test-cards";
import type { Toast } from "../funnel/toasts";
import { variantFacts, type Variant } from "../funnel/variant";
import { placeOrder, rateLimitWait, waitInMinutes } from "./checkout-payment.server";
import { config } from "./config.server";
import { loadCheckoutCart, saveCheckoutDetails, savePromoOutcome } from "./final-checkout.server";
import { findOrder, outcomeOf, resumeOrder, type OrderOutcome } from "./orders.server";
import { paymentGateway } from "./payments/index.server";
import { provider } from "./provider/index.server";
import { countHit, rateLimits, visitorRateKey } from "./rate-limits.server";
import { retryAfter } from "./too-many-attempts.server";
import type { Visitor } from "./visitor.server";

export interface CheckoutRequest {
  request: Request;
  formData: FormData;
  visitor: Visitor;
  responderUuid: string;
  /** The flow's A/B variant (flow-variant.server.ts). */
  variant: Variant;
}

/** The page's action data, whatever was asked. */
export interface CheckoutAnswer {
  lastResult: SubmissionResult<string[]> | null;
  toast: Toast | null;
  /** A promo message that is not stored with the cart (the rate limit's). */
  promoNotice: string | null;
  /** A fresh attempt key after a refusal: with JavaScript the page is not reloaded after a 4xx. */
  attemptKey?: string;
  /** Stripe asks for 3-D Secure: Stripe.js finishes it in the page. */
  clientSecret?: string;
}

/** Never sent back to the page: the security code is typed again after a refusal. */
const hideFields = ["securityCode", "attemptKey", "intent", "paymentMethodId", "csrf"];
const anyFields = z.looseObject({});

function answer(visitor: Visitor, value: Partial<CheckoutAnswer>, status = 200, headers?: HeadersInit) {
  return visitor.data<CheckoutAnswer>({ lastResult: null, toast: null, promoNotice: null, ...value }, { status, headers });
}

/** A refusal of the payment: the message above the form, what she typed kept. */
function refusal(checkout: CheckoutRequest, status: number, message: string, headers?: HeadersInit) {
  const lastResult = parseWithZod(checkout.formData, { schema: anyFields }).reply({ hideFields, formErrors: [message] });
  return answer(checkout.visitor, { lastResult, attemptKey: randomUUID() }, status, headers);
}

/** A post without this page's form token (issue 7): refused, what she typed kept, nothing done. */
export function refuseStaleForm(checkout: CheckoutRequest) {
  return refusal(checkout, 403, "This page has expired. Please reload it and try again.");
}

/** Spec sections 5, 7 and 8: the code checked by the provider and kept with the cart. */
export async function applyPromo(checkout: CheckoutRequest) {
  const { request, formData, visitor, responderUuid, variant } = checkout;
  const lastResult = parseWithZod(formData, { schema: anyFields }).reply({ hideFields });
  const code = normalisePromoCode(formData.get("promoCode"));
  const { cart, totals } = await loadCheckoutCart(responderUuid, variant);
  // Spec section 5: a blank code, or an empty cart, is ignored; and so is a code posted where
  // the promo box is not shown.
  const boxShown = promoBoxVisible(
    visitor.trackingParams.referral_code,
    cart.medications[0]?.product_id,
    config().PROMO_SPECIAL_PRODUCT_ID,
  );
  if (!code || cart.medications.length === 0 || !boxShown) return answer(visitor, { lastResult });
  const wait = await rateLimitWait(rateLimits.promoCheck, request, visitorRateKey(visitor, request), true);
  if (wait > 0) {
    const promoNotice = `Too many promo codes tried. Please try again in ${waitInMinutes(wait)}.`;
    return answer(visitor, { lastResult, promoNotice }, 429, { "Retry-After": String(wait) });
  }
  const check = await (await provider()).checkPromoCode(code, totals.subtotalCents, responderUuid);
  await savePromoOutcome(responderUuid, code, promoOutcome(code, check, totals.subtotalCents), totals.subtotalCents);
  return answer(visitor, { lastResult });
}

/** The sandbox's card fields, read; the gateway never sees a malformed one. */
function readSandboxCard(formData: FormData) {
  const number = readCardNumber(String(formData.get("cardNumber") ?? ""));
  const expiryText = String(formData.get("expiry") ?? "");
  const expiry = readExpiry(expiryText, new Date());
  const brand = cardBrand(number ?? "");
  const securityCode = readSecurityCode(String(formData.get("securityCode") ?? ""), brand);
  const errors: Record<string, string[]> = {};
  if (!number) errors.cardNumber = [cardInputMessages.cardNumber];
  if (!expiry.ok) errors.expiry = [expiry.message];
  if (!securityCode) errors.securityCode = [cardInputMessages.securityCode(brand)];
  const card = number && expiry.ok && securityCode ? { number, expiry: expiryText, securityCode } : undefined;
  return { card, errors };
}

/** COMPLETE PURCHASE: validated, saved, then the order placed exactly once (orders.server.ts). */
export async function completePurchase(checkout: CheckoutRequest) {
  const { request, formData, visitor, responderUuid, variant } = checkout;
  const gateway = paymentGateway();
  const submission = parseWithZod(formData, { schema: finalCheckoutSchema });
  const sandbox = gateway.kind === "sandbox" ? readSandboxCard(formData) : { card: undefined, errors: {} };
  // The older variant's billing address; elsewhere billing is the same as shipping.
  const billingAsked = variantFacts[variant].billingAddress;
  const billing = billingAsked ? readBillingChoice(submission.payload) : { ok: true as const, billing: null };
  if (submission.status !== "success" || (gateway.kind === "sandbox" && !sandbox.card) || !billing.ok) {
    const groupMessage = missingGroupMessage(submission.payload, billingAsked);
    const toast: Toast | null = groupMessage ? { title: "Missing Information", description: groupMessage, tone: "error" } : null;
    const fieldErrors = {
      ...(submission.status === "error" ? submission.error : {}),
      ...(billing.ok ? {} : billing.errors),
      ...sandbox.errors,
    } as Record<string, string[]>;
    return answer(visitor, { lastResult: submission.reply({ hideFields, fieldErrors }), toast }, 400);
  }

  const cart = await loadCheckoutCart(responderUuid, variant);
  if (cart.cart.medications.length === 0) return refusal(checkout, 400, "No medications selected");
  const wait = await rateLimitWait(rateLimits.paymentFailure, request, visitorRateKey(visitor, request), false);
  if (wait > 0) return refusal(checkout, 429, `Too many payment attempts. Please try again in ${waitInMinutes(wait)}.`, retryAfter(wait));
  // A step post, counted before the card is tried: an attempt counts whatever the gateway answers.
  const postWait = await countHit(request, visitorRateKey(visitor, request), rateLimits.stepPost);
  if (postWait > 0) return refusal(checkout, 429, tooManyAttemptsMessage(postWait), retryAfter(postWait));

  const details = submission.value;
  const account = { firstName: details.firstName, lastName: details.lastName, email: details.email, phone: details.phone };
  await saveCheckoutDetails(responderUuid, account, details, billing.billing);
  const origin = new URL(request.url).origin;
  const paymentMethodId = String(formData.get("paymentMethodId") ?? "") || undefined;
  const outcome = await placeOrder({
    responderUuid,
    attemptKey: String(formData.get("attemptKey") ?? "") || undefined,
    gateway,
    account,
    shipping: details,
    billing: billing.billing,
    variant,
    checkout: cart,
    tracking: visitor.trackingParams,
    payment: { card: sandbox.card, paymentMethodId },
    returnUrl: `${origin}/final-checkout/${responderUuid}`,
    // Stripe without JavaScript (no card made in the page by Stripe.js): she pays on Stripe's
    // hosted Checkout page, also held for manual capture, and comes back to /payment-return.
    hostedCheckout:
      gateway.kind === "stripe" && !paymentMethodId
        ? { returnUrl: `${origin}/payment-return/${responderUuid}`, cancelUrl: `${origin}/final-checkout/${responderUuid}` }
        : undefined,
  });
  return answerOutcome(checkout, outcome, true);
}

/**
 * Stripe with JavaScript, after 3-D Secure in the page (Stripe.js handleNextAction): where her
 * PaymentIntent stands now is asked of Stripe, never taken from the browser.
 */
export async function confirmPayment(checkout: CheckoutRequest) {
  const order = await findOrder(checkout.responderUuid);
  // Only a PaymentIntent made in the page (pi_); a hosted Checkout session comes back by /payment-return.
  const reference = order?.status === "requires_action" && order.gateway === "stripe" ? order.paymentReference : null;
  if (!order) return refusal(checkout, 402, paymentMessages.unexpected);
  if (!reference?.startsWith("pi_")) return answerOutcome(checkout, outcomeOf(order), false);
  const outcome = await resumeOrder(order, await paymentGateway().resume(reference));
  return answerOutcome(checkout, outcome, true);
}

async function answerOutcome(checkout: CheckoutRequest, outcome: OrderOutcome, countFailure: boolean) {
  const { request, visitor, responderUuid } = checkout;
  switch (outcome.status) {
    case "authorised":
      return visitor.redirect(`/payment-complete/${responderUuid}`);
    case "requires_action":
      if (outcome.action.kind === "redirect") return visitor.redirect(outcome.action.url);
      return answer(visitor, { clientSecret: outcome.action.clientSecret });
    case "processing":
      return refusal(checkout, 409, paymentMessages.stillProcessing);
    case "declined":
    case "failed":
      if (countFailure) await rateLimitWait(rateLimits.paymentFailure, request, visitorRateKey(visitor, request), true);
      return refusal(checkout, 402, outcome.message);
  }
}
