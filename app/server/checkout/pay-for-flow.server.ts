// Paying for a flow (spec sections 4, 5, 7 and 8): the one checkout service that the final
// checkout page and POST /api/pre-auth-checkout both call once they have checked who is
// asking, counted the step post and read what she sent. It decides, writes and answers a
// tagged result; each entry point only turns that result into its own reply. Here what she
// pays, whether her card may be tried, and the order and its authorisation built; then both
// are done exactly once (place-order.server.ts).
import { randomUUID } from "node:crypto";
import { purchaseAgreement } from "../../funnel/consent";
import type { BillingAddress, ShippingAddress } from "../../funnel/final-checkout";
import { preAuthOrderBody, type OrderDestination } from "../../funnel/pre-auth-order";
import type { PreCheckoutDetails } from "../../funnel/pre-checkout";
import { promoNoLongerAvailable, promoWithdrawnMessage } from "../../funnel/promo";
import { tooManyPaymentsMessage } from "../../funnel/rate-limits";
import { formatCents } from "../../funnel/cart";
import type { TrackingParams } from "../../funnel/tracking";
import type { Variant } from "../../funnel/variant";
import { shippingRefusal } from "../../funnel/state-availability";
import { zipStateProblem } from "../../funnel/zip-codes";
import { lookUpZip } from "./zip-codes.server";
import { config } from "../config.server";
import { saveCheckoutDetails } from "../db/stores/addresses.server";
import { savePromoOutcome } from "../db/stores/checkout-carts.server";
import { findOrder } from "../db/stores/orders.server";
import { paymentGateway, paymentMessages, type PaymentGateway } from "../payments/index.server";
import { rateLimits, rateLimitWait } from "../http/rate-limits.server";
import { openCheckoutCart, type CheckoutCart } from "./cart.server";
import { readCheckout, type CheckoutRead } from "./checkout-read.server";
import { outcomeOf, placeOrder, resumeOrder, type Authorisation, type OrderOutcome } from "./place-order.server";
import { applyPromoCode, type TooManyAttempts } from "./promo-code.server";
import type { Language } from "../../i18n/languages";
import { translator } from "../../i18n/messages";

export const promoNotOffered = "Promo codes are not offered for this order.";

/** Who pays, and for which flow. */
export interface Payer {
  request: Request;
  /** Her rate-limit key (rate-limits.server.ts visitorRateKey). */
  visitorKey: string | undefined;
  responderUuid: string;
  variant: Variant;
  /** The language of the page she pays on: her emails and her private page follow it. */
  language: Language;
  /**
   * rateLimits.paymentFailure's wait for her, read already with her step post
   * (countStepPostPeeking); read here when not given.
   */
  paymentFailureWait?: number;
  /** Her order, cart and products, read already with her session (readCheckoutBesideSession); read here when not given. */
  checkoutRead?: Promise<CheckoutRead>;
}

export interface PaymentRequest {
  tracking: TrackingParams;
  account: PreCheckoutDetails;
  shipping: ShippingAddress;
  /** A billing address of her own (the older variant), or null: the same as shipping. */
  billing: BillingAddress | null;
  /** The sandbox's test card, or the PaymentMethod Stripe.js made; neither: Stripe's hosted page. */
  payment: { card?: { number: string; expiry: string; securityCode: string }; paymentMethodId?: string };
  /** One per rendered page or client attempt: the same key is the same attempt. */
  attemptKey: string | undefined;
  /** A code applied by a JSON client with the order, unless her cart holds it already. */
  promoCode?: string;
  /** Cents the client showed her: the card is tried only at that price. */
  expectedTotalCents?: number | null;
}

export type PaymentResult =
  | { kind: "paid"; destination: OrderDestination }
  | { kind: "requires_action"; action: { kind: "redirect"; url: string } | { kind: "stripe-next-action"; clientSecret: string } }
  /** Another attempt of the same order is still running. */
  | { kind: "processing"; message: string }
  | { kind: "declined"; message: string }
  /** Nothing to pay for, or a promo code that does not apply: the card was not tried. */
  | { kind: "invalid"; message: string; field?: "promoCode" | "state" | "zipCode"; unavailableOptionIds?: string[] }
  /** The total is not what the client showed her: the card was not tried. */
  | { kind: "price_changed"; totalCents: number; message: string }
  | TooManyAttempts;

/**
 * COMPLETE PURCHASE: her cart priced by the server (never by what a client says it costs), her
 * details kept before the card is tried, then the order placed exactly once.
 */
export async function payForFlow(payer: Payer, order: PaymentRequest): Promise<PaymentResult> {
  const { request, visitorKey, responderUuid, variant } = payer;
  // Paid already: the same answer as the payment that did it, and nothing changed.
  const read = await (payer.checkoutRead ?? readCheckout(responderUuid));
  const existing = read.order;
  if (existing?.status === "authorised") return resultOf(outcomeOf(existing));

  let checkout = await openCheckoutCart(responderUuid, variant, read);
  if (checkout.cart.medications.length === 0) return { kind: "invalid", message: "No medications selected" };
  if (order.promoCode && !(checkout.promo.applied && checkout.promo.code === order.promoCode)) {
    const promo = await applyPromoCode(
      { request, visitorKey },
      { responderUuid, tracking: order.tracking, cart: checkout },
      order.promoCode,
    );
    if (promo.kind === "too_many_attempts") return promo;
    if (promo.kind === "refused") return { kind: "invalid", message: promo.message, field: "promoCode" };
    // Spec section 5: the promo box is not shown for her; a client that names a code anyway
    // is told so rather than charged a price it did not expect.
    if (promo.kind === "ignored") return { kind: "invalid", message: promoNotOffered, field: "promoCode" };
    if (promo.kind === "applied") checkout = await openCheckoutCart(responderUuid, variant);
  }
  const { totalCents } = checkout.totals;
  if (order.expectedTotalCents != null && order.expectedTotalCents !== totalCents) {
    const message = `Your order total is ${formatCents(totalCents)}. Please review your order and try again.`;
    return { kind: "price_changed", totalCents, message };
  }
  const wait = payer.paymentFailureWait ?? (await rateLimitWait(rateLimits.paymentFailure, request, visitorKey, false));
  if (wait > 0) return { kind: "too_many_attempts", retryAfterSeconds: wait, message: tooManyPaymentsMessage(wait) };

  // Spec section 2: where her state cannot have a treatment (or we do not serve it at all),
  // the card is not tried. Her details are kept all the same, so the page shows the notice
  // beside each option her state cannot have, and nothing she typed is lost. Otherwise they
  // are kept with the order's claim, in its statement, before any card is tried.
  const zipProblem = zipStateProblem(order.shipping.zipCode, order.shipping.state, lookUpZip);
  const refusal = shippingRefusal(checkout.cart.medications, order.shipping.state, config().SERVED_STATES);
  if (zipProblem || refusal)
    await saveCheckoutDetails(responderUuid, { account: order.account, shipping: order.shipping, billing: order.billing });
  if (zipProblem) return { kind: "invalid", message: zipProblem, field: "zipCode" };
  if (refusal) {
    return {
      kind: "invalid",
      message: refusal.message,
      field: "state",
      unavailableOptionIds: refusal.reason === "unavailable" ? refusal.optionIds : [],
    };
  }
  const gateway = paymentGateway();
  const origin = new URL(request.url).origin;
  // When she pressed: the order's timestamp, and what dates her last day to cancel in her consent.
  const pressedAt = new Date();
  const outcome = await placeOrder({
    responderUuid,
    earlier: existing,
    attemptKey: order.attemptKey?.slice(0, 100) || randomUUID(),
    gateway,
    body: orderBody(payer, order, checkout, gateway, pressedAt),
    language: payer.language,
    details: { account: order.account, shipping: order.shipping, billing: order.billing },
    authorisation: authorisationOf(responderUuid, order, totalCents, `${origin}/final-checkout/${responderUuid}`),
    // Stripe without JavaScript (no card made in the page by Stripe.js): she pays on Stripe's
    // hosted Checkout page, also held for manual capture, and comes back to /payment-return.
    hostedCheckout:
      gateway.kind === "stripe" && !order.payment.paymentMethodId
        ? { returnUrl: `${origin}/payment-return/${responderUuid}`, cancelUrl: `${origin}/final-checkout/${responderUuid}` }
        : undefined,
    // In the language she reads it in, from the amounts the page showed: the hold is her first
    // period, the renewal the plan's price before any promo discount.
    agreement: purchaseAgreement(
      translator(payer.language),
      checkout.cart.selectedPlan,
      checkout.totals.subtotalCents,
      totalCents,
      pressedAt,
    ),
  });
  if (outcome.status === "promo_unavailable") return promoWithdrawn(responderUuid, checkout);
  return countedResult(payer, outcome);
}

/** The order as the provider gets it (spec section 7), built from her cart and details. */
function orderBody(payer: Payer, order: PaymentRequest, checkout: CheckoutCart, gateway: PaymentGateway, timestamp: Date) {
  const { cart, totals, promo } = checkout;
  return preAuthOrderBody({
    responderUuid: payer.responderUuid,
    customer: order.account,
    shipping: order.shipping,
    billing: order.billing,
    variant: payer.variant,
    medications: cart.medications,
    selectedPlan: cart.selectedPlan,
    totals,
    promoCode: promo.applied ? (promo.code ?? undefined) : undefined,
    tracking: order.tracking,
    // Filled in with the payment's reference once it is authorised.
    paymentMethodId: "",
    timestamp,
    sandbox: gateway.kind === "sandbox",
  });
}

/** What the gateway is asked to hold: her total, on the card's billing details (her billing address when she gave one, else shipping). */
function authorisationOf(responderUuid: string, order: PaymentRequest, amountCents: number, returnUrl: string): Authorisation {
  const { account, billing } = order;
  const address = billing ?? order.shipping;
  return {
    amountCents,
    currency: "usd",
    responderUuid,
    customer: {
      name: billing ? `${billing.firstName} ${billing.lastName}` : `${account.firstName} ${account.lastName}`,
      email: account.email,
      phone: account.phone,
      address: {
        line1: address.addressLine1,
        line2: address.addressLine2,
        city: address.city,
        state: address.state,
        postal_code: address.zipCode,
        country: "US",
      },
    },
    returnUrl,
    card: order.payment.card,
    paymentMethodId: order.payment.paymentMethodId,
  };
}

/**
 * Her code ran out before she paid (its cap, its dates): the card was not tried. She must never
 * pay a price she did not see: the code comes off her cart, the page shows the full price and
 * why, and paying it is her choice.
 */
async function promoWithdrawn(responderUuid: string, checkout: CheckoutCart): Promise<PaymentResult> {
  const { subtotalCents } = checkout.totals;
  await savePromoOutcome(responderUuid, checkout.promo.code ?? "", { applied: false, message: promoNoLongerAvailable }, subtotalCents);
  return { kind: "price_changed", totalCents: subtotalCents, message: promoWithdrawnMessage(subtotalCents) };
}

/**
 * Stripe with JavaScript, after 3-D Secure in the page (Stripe.js handleNextAction): where her
 * PaymentIntent stands now is asked of Stripe, never taken from the browser.
 */
export async function confirmPayment(payer: Payer): Promise<PaymentResult> {
  const order = await findOrder(payer.responderUuid);
  if (!order) return { kind: "declined", message: paymentMessages.unexpected };
  // Only a PaymentIntent made in the page (pi_); a hosted Checkout session comes back by /payment-return.
  const reference = order.status === "requires_action" && order.gateway === "stripe" ? order.paymentReference : null;
  if (!reference?.startsWith("pi_")) return resultOf(outcomeOf(order));
  return countedResult(payer, await resumeOrder(order, await paymentGateway().resume(reference)));
}

/** A declined or failed card counts against rateLimits.paymentFailure: card testing is slow. */
async function countedResult(payer: Payer, outcome: OrderOutcome): Promise<PaymentResult> {
  if (outcome.status === "declined" || outcome.status === "failed") {
    await rateLimitWait(rateLimits.paymentFailure, payer.request, payer.visitorKey, true);
  }
  return resultOf(outcome);
}

function resultOf(outcome: OrderOutcome): PaymentResult {
  switch (outcome.status) {
    case "authorised":
      return { kind: "paid", destination: outcome.destination };
    case "requires_action":
      return { kind: "requires_action", action: outcome.action };
    case "processing":
      return { kind: "processing", message: paymentMessages.stillProcessing };
    case "declined":
    case "failed":
      // Spec section 8: the message, or "Payment failed. Please try again."
      return { kind: "declined", message: outcome.message || "Payment failed. Please try again." };
  }
}
