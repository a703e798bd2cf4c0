import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { CardFields } from "../components/card-fields";
import { CartCountdown } from "../components/cart-countdown";
import { ErrorSummary } from "../components/error-summary";
import { fieldErrors } from "../components/form-errors";
import { OrderSummary } from "../components/order-summary";
import { ShippingFields } from "../components/shipping-fields";
import { TestimonialQuote } from "../components/testimonial-quote";
import { TextField } from "../components/text-field";
import { ToastNotice } from "../components/toast-notice";
import { finalCheckoutSchema, missingGroupMessage } from "../funnel/final-checkout";
import { contact } from "../funnel/marketing";
import { fillEmptyFields } from "../funnel/pre-checkout";
import { preAuthOrderBody } from "../funnel/pre-auth-order";
import { normalisePromoCode, promoBoxVisible, promoOutcome } from "../funnel/promo";
import { subscriptionTerms } from "../funnel/subscription-terms";
import { cardBrand, readCardNumber, readExpiry, readSecurityCode, cardInputMessages } from "../funnel/test-cards";
import type { Toast } from "../funnel/toasts";
import type { RouteHandle } from "../route-handle";
import { testimonialsFor } from "../server/catalogue.server";
import { checkoutFlow, searchWithout } from "../server/checkout-flow.server";
import { config } from "../server/config.server";
import { loadCheckoutCart, loadShippingAddress, saveCheckoutDetails, savePromoOutcome } from "../server/final-checkout.server";
import { readForm } from "../server/form.server";
import { findOrder, outcomeOf, resumeOrder, submitOrder } from "../server/orders.server";
import { paymentGateway, publicPaymentSettings } from "../server/payments/index.server";
import type { AuthorisationResult, AuthoriseRequest } from "../server/payments/index.server";
import { loadPreCheckoutDraft } from "../server/pre-checkout.server";
import { provider } from "../server/provider/index.server";
import { hitRateLimit, peekRateLimit, rateLimitKeys, rateLimits, type RateLimit } from "../server/rate-limits.server";
import { takeToast } from "../server/toast.server";
import { arriveWithToken } from "../server/token-arrival.server";
import { Visitor } from "../server/visitor.server";

export const handle: RouteHandle = { title: "Secure Checkout", hydrate: true };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const visitor = await Visitor.open(request);
  const arrival = await arriveWithToken(visitor, request, params.responderUuid, "final-checkout", {
    loaded: "account-found",
    refused: "token-error-support",
  });
  if (arrival) throw arrival;
  const flow = await checkoutFlow(visitor, request, params.responderUuid, "final-checkout");
  if (flow.redirectTo !== undefined) throw await visitor.redirect(flow.redirectTo);
  const responderUuid = flow.responderUuid;
  const order = flow.flowClaim ? undefined : await findOrder(responderUuid);
  // Paid already: a second tab or Back shows the first payment's result, never a second form.
  if (order?.status === "authorised") throw await visitor.redirect(`/payment-complete/${responderUuid}`);
  const { toast, headers } = await takeToast(request);
  const [account, shipping, checkout, testimonials] = await Promise.all([
    loadPreCheckoutDraft(responderUuid),
    loadShippingAddress(responderUuid),
    loadCheckoutCart(responderUuid),
    testimonialsFor(responderUuid),
  ]);
  const values = { ...fillEmptyFields(account, { email: visitor.trackingParams.email_address }), ...shipping };
  const tracking = visitor.trackingParams;
  return visitor.data(
    {
      responderUuid: flow.flowClaim ? undefined : responderUuid,
      values,
      toast,
      cart: checkout.cart,
      totals: checkout.totals,
      promo: checkout.promo,
      promoBoxShown: promoBoxVisible(
        tracking.referral_code,
        checkout.cart.medications[0]?.product_id,
        config().PROMO_SPECIAL_PRODUCT_ID,
      ),
      secondsLeft: Math.max(0, Math.round((checkout.countdownEndsAt.getTime() - Date.now()) / 1000)),
      payment: publicPaymentSettings(),
      attemptKey: randomUUID(),
      lastFailure: order?.status === "declined" || order?.status === "failed" ? order.failureMessage : null,
      testimonial: testimonials[0] ?? null,
      backTo: `/pre-checkout/${responderUuid}${searchWithout(request, "st", "token")}`,
    },
    { headers },
  );
}

const promoIntentSchema = z.looseObject({});
/** Never sent back to the page: the security code is typed again after a refusal. */
const hiddenFields = ["securityCode", "attemptKey", "intent"];

function refuse(status: number, message: string): never {
  throw data({ message, returnTo: "/checkout" }, { status });
}

/** A limit that holds for this visitor and, behind a trusted proxy, her address. */
async function limited(limit: RateLimit, request: Request, visitor: Visitor, count: boolean): Promise<number> {
  const visitorKey = visitor.session.id || visitor.currentUuid || "anonymous";
  for (const key of rateLimitKeys(request, visitorKey)) {
    const answer = count ? await hitRateLimit(limit, key) : await peekRateLimit(limit, key);
    if (!answer.allowed) return answer.retryAfterSeconds;
  }
  return 0;
}

function minutes(seconds: number): string {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} ${count === 1 ? "minute" : "minutes"}`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const visitor = await Visitor.open(request);
  const responderUuid = params.responderUuid ? visitor.ownedUuid(params.responderUuid) : undefined;
  if (!responderUuid) refuse(404, "We could not find your plan on this device. Please start again from the treatment page.");

  // Stripe with JavaScript, after 3-D Secure in the page (Stripe.js handleNextAction): where her
  // PaymentIntent stands now is asked of Stripe, never taken from the browser.
  if (formData.get("intent") === "confirm-payment") {
    const answer = (status: number, message: string) =>
      visitor.data(
        {
          lastResult: parseWithZod(formData, { schema: promoIntentSchema }).reply({ hideFields: hiddenFields, formErrors: [message] }),
          promoNotice: null,
          toast: null,
          attemptKey: randomUUID(),
        },
        { status },
      );
    const order = await findOrder(responderUuid);
    // Only a PaymentIntent made in the page (pi_); a hosted Checkout session (cs_) comes back by /payment-return.
    const reference = order?.status === "requires_action" && order.gateway === "stripe" ? order.paymentReference : null;
    const waiting = order !== undefined && reference?.startsWith("pi_") === true;
    const outcome = waiting
      ? await resumeOrder(order, await paymentGateway().resume(reference!))
      : order
        ? outcomeOf(order)
        : ({ status: "failed", message: "An unexpected error occurred. Please try again." } as const);
    switch (outcome.status) {
      case "authorised":
        return visitor.redirect(`/payment-complete/${responderUuid}`);
      case "requires_action":
        // Still waiting for her bank: Stripe.js shows the challenge again.
        if (outcome.action.kind === "stripe-next-action") {
          return visitor.data({ lastResult: null, promoNotice: null, toast: null, clientSecret: outcome.action.clientSecret });
        }
        return answer(409, "Your payment is still being processed. Please wait a moment, then refresh this page.");
      case "processing":
        return answer(409, "Your payment is still being processed. Please wait a moment, then refresh this page.");
      case "declined":
      case "failed":
        if (waiting) await limited(rateLimits.paymentFailure, request, visitor, true);
        return answer(402, outcome.message);
    }
  }

  if (formData.get("intent") === "apply-promo") {
    const submission = parseWithZod(formData, { schema: promoIntentSchema });
    const lastResult = submission.reply({ hideFields: hiddenFields });
    const code = normalisePromoCode(formData.get("promoCode"));
    const { cart, totals } = await loadCheckoutCart(responderUuid);
    // Spec section 5: a blank code, or an empty cart, is ignored.
    if (!code || cart.medications.length === 0) return visitor.data({ lastResult, promoNotice: null, toast: null });
    const wait = await limited(rateLimits.promoCheck, request, visitor, true);
    if (wait > 0) {
      const notice = `Too many promo codes tried. Please try again in ${minutes(wait)}.`;
      return visitor.data({ lastResult, promoNotice: notice, toast: null }, { status: 429, headers: { "Retry-After": String(wait) } });
    }
    const check = await (await provider()).checkPromoCode(code, totals.subtotalCents, responderUuid);
    await savePromoOutcome(responderUuid, code, promoOutcome(code, check, totals.subtotalCents));
    return visitor.data({ lastResult, promoNotice: null, toast: null });
  }

  const submission = parseWithZod(formData, { schema: finalCheckoutSchema });
  const gateway = paymentGateway();
  const cardErrors: Record<string, string[]> = {};
  let card: { number: string; expiry: string; securityCode: string } | undefined;
  if (gateway.kind === "sandbox") {
    const number = readCardNumber(String(formData.get("cardNumber") ?? ""));
    const expiry = readExpiry(String(formData.get("expiry") ?? ""), new Date());
    const securityCode = readSecurityCode(String(formData.get("securityCode") ?? ""), cardBrand(number ?? ""));
    if (!number) cardErrors.cardNumber = [cardInputMessages.cardNumber];
    if (!expiry.ok) cardErrors.expiry = [expiry.message];
    if (!securityCode) cardErrors.securityCode = [cardInputMessages.securityCode(cardBrand(number ?? ""))];
    if (number && expiry.ok && securityCode) {
      card = { number, expiry: String(formData.get("expiry")), securityCode };
    }
  }
  if (submission.status !== "success" || !card && gateway.kind === "sandbox") {
    const groupMessage = missingGroupMessage(submission.payload);
    const toast: Toast | null = groupMessage ? { title: "Missing Information", description: groupMessage, tone: "error" } : null;
    const lastResult = submission.reply({ hideFields: hiddenFields, fieldErrors: {
      ...(submission.status === "error" ? submission.error : {}),
      ...cardErrors,
    } as Record<string, string[]> });
    return visitor.data({ lastResult, promoNotice: null, toast }, { status: 400 });
  }

  const { cart, totals, promo } = await loadCheckoutCart(responderUuid);
  // A new attempt key with every refusal: with JavaScript the page is not reloaded after a 4xx,
  // and the next try is a new attempt, not a replay of this one.
  const refusal = (status: number, message: string) =>
    visitor.data(
      {
        lastResult: submission.reply({ hideFields: hiddenFields, formErrors: [message] }),
        promoNotice: null,
        toast: null,
        attemptKey: randomUUID(),
      },
      { status },
    );
  if (cart.medications.length === 0) return refusal(400, "No medications selected");
  const wait = await limited(rateLimits.paymentFailure, request, visitor, false);
  if (wait > 0) return refusal(429, `Too many payment attempts. Please try again in ${minutes(wait)}.`);

  const details = submission.value;
  const account = { firstName: details.firstName, lastName: details.lastName, email: details.email, phone: details.phone };
  await saveCheckoutDetails(responderUuid, account, details);
  const body = preAuthOrderBody({
    responderUuid,
    customer: account,
    shipping: details,
    medications: cart.medications,
    selectedPlan: cart.selectedPlan,
    totals,
    promoCode: promo.applied ? (promo.code ?? undefined) : undefined,
    tracking: visitor.trackingParams,
    paymentMethodId: "",
    timestamp: new Date(),
  });
  const origin = new URL(request.url).origin;
  // Stripe without JavaScript (no card made in the browser by Stripe.js): she pays on Stripe's
  // hosted Checkout page, also held for manual capture, and comes back to /payment-return.
  const authoriseCard =
    gateway.kind === "stripe" && !formData.get("paymentMethodId") && gateway.startHostedCheckout
      ? async ({ card: _card, paymentMethodId: _paymentMethodId, ...hosted }: AuthoriseRequest): Promise<AuthorisationResult> => {
          const session = await gateway.startHostedCheckout!({
            ...hosted,
            returnUrl: `${origin}/payment-return/${responderUuid}`,
            cancelUrl: `${origin}/final-checkout/${responderUuid}`,
          });
          return {
            status: "requires_action",
            reference: session.reference,
            cardBrand: null,
            cardLast4: null,
            action: { kind: "redirect", url: session.url },
          };
        }
      : (authorisation: AuthoriseRequest) => gateway.authorise(authorisation);
  const outcome = await submitOrder({
    responderUuid,
    attemptKey: String(formData.get("attemptKey") ?? "").slice(0, 100) || randomUUID(),
    gateway: gateway.kind,
    body,
    amountCents: totals.totalCents,
    authorise: (orderId, idempotencyKey) =>
      authoriseCard({
        amountCents: totals.totalCents,
        currency: "usd",
        orderId,
        responderUuid,
        customer: {
          name: `${account.firstName} ${account.lastName}`,
          email: account.email,
          phone: account.phone,
          address: {
            line1: details.addressLine1,
            line2: details.addressLine2,
            city: details.city,
            state: details.state,
            postal_code: details.zipCode,
            country: "US",
          },
        },
        idempotencyKey,
        returnUrl: `${origin}/final-checkout/${responderUuid}`,
        card,
        paymentMethodId: String(formData.get("paymentMethodId") ?? "") || undefined,
      }),
  });
  switch (outcome.status) {
    case "authorised":
      return visitor.redirect(`/payment-complete/${responderUuid}`);
    case "requires_action":
      if (outcome.action.kind === "redirect") return visitor.redirect(outcome.action.url);
      return visitor.data({ lastResult: submission.reply({ hideFields: hiddenFields }), promoNotice: null, toast: null, clientSecret: outcome.action.clientSecret });
    case "processing":
      return refusal(409, "Your payment is still being processed. Please wait a moment, then refresh this page.");
    case "declined":
    case "failed":
      await limited(rateLimits.paymentFailure, request, visitor, true);
      return refusal(402, outcome.message);
  }
}

type CheckoutFormFields = Record<
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "addressLine1"
  | "addressLine2"
  | "zipCode"
  | "state"
  | "city"
  | "cardNumber"
  | "expiry"
  | "securityCode"
  | "subscriptionAgreement",
  string
>;

export default function FinalCheckout() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<CheckoutFormFields>({
    id: "final-checkout",
    lastResult: actionData?.lastResult,
    defaultValue: { ...page.values, subscriptionAgreement: "on" },
    shouldValidate: "onSubmit",
  });
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") === "complete-purchase";
  const failure = form.errors?.[0] ?? (actionData ? null : page.lastFailure);
  const accountFields = [fields.firstName, fields.lastName, fields.email, fields.phone];
  const shippingFields = [fields.addressLine1, fields.addressLine2, fields.zipCode, fields.state, fields.city];
  const cardFields = [fields.cardNumber, fields.expiry, fields.securityCode];
  const accountHasErrors = accountFields.some((field) => field.errors?.length);

  if (page.cart.medications.length === 0 && page.cart.unavailable.length === 0) {
    return (
      <div className="final-checkout">
        <section className="panel narrow empty-cart" aria-labelledby="page-title">
          <h1 id="page-title">No medications selected</h1>
          <p>Please go back to the checkout page and choose your treatment to continue.</p>
          <a className="button button-primary" href={page.responderUuid ? `/checkout/${page.responderUuid}` : "/checkout"}>
            Back to the checkout page
          </a>
        </section>
      </div>
    );
  }

  return (
    <div className="final-checkout">
      <a className="back-link" href={page.backTo}>
        Back to Personal Information
      </a>
      <ToastNotice toast={actionData ? actionData.toast : page.toast} />
      <CartCountdown secondsLeft={page.secondsLeft} />
      <div className="checkout-columns">
        <aside className="checkout-aside" aria-label="Your order">
          <OrderSummary
            cart={page.cart}
            totals={page.totals}
            promo={page.promo}
            promoBoxShown={page.promoBoxShown}
            promoNotice={actionData?.promoNotice ?? null}
            formId={form.id}
          />
          <div className="large-screen-only">
            {page.testimonial ? (
              <section className="checkout-testimonial" aria-label="What women say">
                <TestimonialQuote
                  name={page.testimonial.name}
                  quote={page.testimonial.quote}
                  rating={page.testimonial.rating}
                />
              </section>
            ) : null}
            <section className="need-help" aria-labelledby="need-help-title">
              <h2 id="need-help-title">Need Help?</h2>
              <p>
                Call us at <a href={contact.phoneHref}>{contact.phoneDisplay}</a>
              </p>
            </section>
          </div>
        </aside>
        <section className="checkout-main" aria-labelledby="page-title">
          <p className="eyebrow">Step 3 of 3</p>
          <h1 id="page-title">Secure Checkout</h1>
          <Form method="post" {...getFormProps(form)} className="details-form checkout-form">
            <ErrorSummary errors={fieldErrors([...accountFields, ...shippingFields, ...cardFields, fields.subscriptionAgreement])} />
            {failure ? (
              <div className="payment-failure" role="alert" id="payment-failure">
                <h2>Your payment did not go through</h2>
                <p>{failure}</p>
              </div>
            ) : null}
            <input
              type="hidden"
              name="attemptKey"
              value={(actionData && "attemptKey" in actionData ? actionData.attemptKey : undefined) ?? page.attemptKey}
            />
            <details className="account-details" open={accountHasErrors || !page.values.firstName}>
              <summary>Account Details</summary>
              <div className="field-pair">
                <TextField field={fields.firstName} label="First Name" autoComplete="given-name" required />
                <TextField field={fields.lastName} label="Last Name" autoComplete="family-name" required />
              </div>
              <TextField field={fields.email} label="E-mail" type="email" autoComplete="email" inputMode="email" required />
              <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" inputMode="tel" required />
            </details>
            <ShippingFields fields={fields} />
            <fieldset className="payment-method">
              <legend>Payment Method</legend>
              <CardFields fields={fields} payment={page.payment} />
            </fieldset>
            <div className={fields.subscriptionAgreement.errors?.length ? "field agreement has-error" : "field agreement"}>
              {fields.subscriptionAgreement.errors?.[0] ? (
                <p className="field-error" id={fields.subscriptionAgreement.errorId}>
                  <span className="visually-hidden">Error: </span>
                  {fields.subscriptionAgreement.errors[0]}
                </p>
              ) : null}
              <label className="checkbox">
                <input
                  type="checkbox"
                  id={fields.subscriptionAgreement.id}
                  name={fields.subscriptionAgreement.name}
                  defaultChecked={fields.subscriptionAgreement.initialValue === "on"}
                  aria-describedby="subscription-terms"
                  aria-invalid={fields.subscriptionAgreement.errors?.length ? true : undefined}
                />
                <span>Subscription Agreement: I agree to the subscription terms</span>
              </label>
              <ul className="terms" id="subscription-terms">
                {subscriptionTerms.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </div>
            <button type="submit" name="intent" value="complete-purchase" className="button button-primary complete-purchase">
              COMPLETE PURCHASE
            </button>
          </Form>
        </section>
      </div>
      {paying ? (
        <div className="overlay" role="status" aria-live="assertive">
          <div className="overlay-panel">
            <p className="overlay-title">Processing Payment... Do not close this window.</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
