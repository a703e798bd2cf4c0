// What the final checkout's form asks for (spec sections 4, 5, 7 and 8): apply a promo code,
// complete the purchase, or confirm a payment after 3-D Secure in the page. The guards come
// first, in the order every action keeps (ownership, the step-post limit, then reading the
// form); the checkout service decides and writes; this module only turns its tagged result
// into the page's answer: the same shape of action data every time, or a redirect.
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { finalCheckoutSchema, missingGroupMessage, readBillingChoice } from "../../funnel/final-checkout";
import { normalisePromoCode } from "../../funnel/promo";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { Translator } from "../../i18n/languages";
import type { Toast } from "../../funnel/toasts";
import { variantFacts, type Variant } from "../../funnel/variant";
import { openCheckoutCart } from "../../server/checkout/cart.server";
import { readCheckoutBesideSession } from "../../server/checkout/checkout-read.server";
import { confirmPayment, payForFlow, type Payer, type PaymentResult } from "../../server/checkout/pay-for-flow.server";
import { applyPromoCode } from "../../server/checkout/promo-code.server";
import { herWords } from "../../server/checkout/checkout-words.server";
import { requireFlow } from "../../server/flow/require-flow.server";
import { formText } from "../../funnel/form-text";
import { readForm } from "../../server/http/form-body.server";
import { readSandboxCard } from "../../server/payments/sandbox-card-form.server";
import { paymentGateway } from "../../server/payments/index.server";
import { countStepPost, countStepPostPeeking, rateLimits, visitorRateKey } from "../../server/http/rate-limits.server";
import { fieldRefusal, formEcho, formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { isResponderUuid, type Visitor } from "../../server/visitor/visitor.server";
import { translator } from "../../i18n/messages";
import { paymentFormTokenField, paymentFormTokenIsValid } from "./payment-form-token.server";

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
  /** Options her state cannot have (with JavaScript a 4xx does not reload the page's data). */
  unavailableOptionIds?: string[];
  /** The form's own message is a payment still under way, not a refusal. */
  paymentProcessing?: boolean;
  /** The form's own message is not ours to translate (a card issuer's): English on a page that is not. */
  failureInEnglish?: boolean;
}

interface CheckoutPost {
  formData: FormData;
  visitor: Visitor;
  payer: Payer;
  variant: Variant;
  /** Her words: the page's language. */
  t: Translator;
}

/** Never sent back to the page: the security code is typed again after a refusal. */
const hideFields = ["securityCode", "attemptKey", "intent", "paymentMethodId", "csrf"];

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  // COMPLETE PURCHASE reads her order, cart and products with her session, in one statement;
  // used only once the guard has found the flow hers.
  const besideSession =
    intent !== "apply-promo" && intent !== "confirm-payment" && isResponderUuid(params.responderUuid)
      ? readCheckoutBesideSession(request, params.responderUuid)
      : undefined;
  const flow = await requireFlow(request, params, "final-checkout");
  const { visitor, responderUuid } = flow;
  const variant = await flow.readVariant();
  const payer: Payer = { request, visitorKey: visitorRateKey(visitor, request), responderUuid, variant, language: visitor.language };
  const t = translator(visitor.language);
  const post: CheckoutPost = { formData, visitor, payer, variant, t };
  // A post without this page's form token: refused, what she typed kept, nothing done.
  if (!paymentFormTokenIsValid(formData.get(paymentFormTokenField), visitor.session.id, responderUuid)) {
    return refusal(post, 403, t("payment.pageExpired"));
  }
  if (intent === "apply-promo" || intent === "confirm-payment") {
    const wait = await countStepPost(request, visitor);
    if (wait > 0) return refusal(post, 429, tooManyAttemptsMessage(wait, t), retryAfter(wait));
    return intent === "apply-promo" ? applyPromo(post) : answerPayment(post, await confirmPayment(payer));
  }
  // COMPLETE PURCHASE: the step post counted and her payment failures read in one statement.
  const { wait, peekWait } = await countStepPostPeeking(request, visitor, rateLimits.paymentFailure);
  if (wait > 0) return refusal(post, 429, tooManyAttemptsMessage(wait, t), retryAfter(wait));
  const checkoutRead = responderUuid === params.responderUuid ? besideSession?.() : undefined;
  return completePurchase({ ...post, payer: { ...payer, paymentFailureWait: peekWait, checkoutRead } });
}

function answer(visitor: Visitor, value: Partial<CheckoutAnswer>, status = 200, headers?: HeadersInit) {
  return visitor.data<CheckoutAnswer>({ lastResult: null, toast: null, promoNotice: null, ...value }, { status, headers });
}

/** A refusal of the whole form: the message above it, what she typed kept, a new attempt key. */
function refusal(post: CheckoutPost, status: number, message: string, headers?: HeadersInit, more: Partial<CheckoutAnswer> = {}) {
  const lastResult = formRefusal(post.formData, message, hideFields);
  return answer(post.visitor, { lastResult, attemptKey: randomUUID(), ...more }, status, headers);
}

/** A refusal whose message the checkout service or the gateway made, in English, put into her words. */
function serviceRefusal(post: CheckoutPost, status: number, message: string, headers?: HeadersInit, more: Partial<CheckoutAnswer> = {}) {
  const words = herWords(post.t, message);
  return refusal(post, status, words.text, headers, words.english ? { ...more, failureInEnglish: true } : more);
}

/** Spec sections 5, 7 and 8: the code checked by the provider and kept with the cart. */
async function applyPromo({ formData, visitor, payer, t }: CheckoutPost) {
  const lastResult = formEcho(formData, hideFields);
  const cart = await openCheckoutCart(payer.responderUuid, payer.variant);
  const checkout = { responderUuid: payer.responderUuid, tracking: visitor.trackingParams, cart };
  const result = await applyPromoCode(payer, checkout, normalisePromoCode(formData.get("promoCode")));
  if (result.kind === "too_many_attempts") {
    return answer(visitor, { lastResult, promoNotice: herWords(t, result.message).text }, 429, retryAfter(result.retryAfterSeconds));
  }
  // Applied or refused, the message is kept with the cart and shown from there.
  return answer(visitor, { lastResult });
}

/** COMPLETE PURCHASE: the form read and checked, then the checkout service pays for the flow. */
async function completePurchase(post: CheckoutPost) {
  const { formData, visitor, payer, variant, t } = post;
  const submission = parseWithZod(formData, { schema: finalCheckoutSchema });
  const sandbox = paymentGateway().kind === "sandbox" ? readSandboxCard(formData) : { card: undefined, errors: {} };
  // The older variant's billing address; elsewhere billing is the same as shipping.
  const billingAsked = variantFacts[variant].billingAddress;
  const billing = billingAsked ? readBillingChoice(submission.payload, t) : { ok: true as const, billing: null };
  if (submission.status !== "success" || Object.keys(sandbox.errors).length > 0 || !billing.ok) {
    const groupMessage = missingGroupMessage(submission.payload, billingAsked, t);
    const toast: Toast | null = groupMessage
      ? { title: t("finalCheckout.missingInformation"), description: groupMessage, tone: "error" }
      : null;
    const fieldErrors = {
      ...(submission.status === "error" ? submission.error : {}),
      ...(billing.ok ? {} : billing.errors),
      ...sandbox.errors,
    } as Record<string, string[]>;
    return answer(visitor, { lastResult: visitor.reply(submission.reply({ hideFields, fieldErrors })), toast }, 400);
  }
  const details = submission.value;
  const paymentMethodId = formText(formData, "paymentMethodId") || undefined;
  const result = await payForFlow(payer, {
    tracking: visitor.trackingParams,
    account: { firstName: details.firstName, lastName: details.lastName, email: details.email, phone: details.phone },
    shipping: details,
    billing: billing.billing,
    payment: { card: sandbox.card, paymentMethodId },
    attemptKey: formText(formData, "attemptKey") || undefined,
  });
  return answerPayment(post, result);
}

function answerPayment(post: CheckoutPost, result: PaymentResult) {
  const { visitor, payer } = post;
  switch (result.kind) {
    case "paid":
      return visitor.redirect(`/payment-complete/${payer.responderUuid}`);
    case "requires_action":
      if (result.action.kind === "redirect") return visitor.redirect(result.action.url);
      return answer(visitor, { clientSecret: result.action.clientSecret });
    case "processing":
      return serviceRefusal(post, 409, result.message, undefined, { paymentProcessing: true });
    case "price_changed":
      return serviceRefusal(post, 409, result.message);
    case "declined":
      return serviceRefusal(post, 402, result.message);
    case "invalid":
      if (result.field === "state" || result.field === "zipCode") {
        const lastResult = fieldRefusal(post.formData, result.field, herWords(post.t, result.message).text, hideFields);
        return answer(post.visitor, { lastResult, attemptKey: randomUUID(), unavailableOptionIds: result.unavailableOptionIds }, 400);
      }
      return serviceRefusal(post, 400, result.message);
    case "too_many_attempts":
      return serviceRefusal(post, 429, result.message, retryAfter(result.retryAfterSeconds));
  }
}
