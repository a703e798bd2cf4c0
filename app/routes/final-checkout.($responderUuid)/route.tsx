import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BillingFields } from "../../components/billing-fields";
import { CardFields } from "../../components/card-fields";
import { CartCountdown } from "../../components/cart-countdown";
import { ErrorSummary } from "../../components/error-summary";
import { firstControlInError, formFields, replyErrors, replyValues, summaryOf } from "../../components/form-reply";
import { OrderSummary } from "../../components/order-summary";
import { ProcessingOverlay } from "../../components/processing-overlay";
import { ShippingFields } from "../../components/shipping-fields";
import { TestimonialQuote } from "../../components/testimonial-quote";
import { TextField } from "../../components/text-field";
import { ToastNotice } from "../../components/toast-notice";
import { contact } from "../../funnel/marketing";
import { subscriptionTerms } from "../../funnel/subscription-terms";
import { paymentMessages } from "../../funnel/test-cards";
import type { RouteHandle } from "../../route-handle";
import type { action } from "./actions.server";
import type { loader } from "./loader.server";

export const handle: RouteHandle = { title: "Secure Checkout", hydrate: true };

// The loader and actions live in server modules beside this one, so that the server modules
// they use are no part of the scripts this hydrating page sends.
export { loader } from "./loader.server";
export { action } from "./actions.server";
export { keepRetryAfter as headers } from "../../route-headers";

/** The form's fields, in the order the error summary lists them. */
const checkoutFieldNames = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "addressLine1",
  "addressLine2",
  "zipCode",
  "state",
  "city",
  "billingSameAsShipping",
  "billingFirstName",
  "billingLastName",
  "billingAddressLine1",
  "billingAddressLine2",
  "billingZipCode",
  "billingState",
  "billingCity",
  "cardNumber",
  "expiry",
  "securityCode",
  "subscriptionAgreement",
] as const;

const formId = "final-checkout";

export default function FinalCheckout() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // The server validates (Conform and Zod in the action); the page reads its reply, without
  // Conform's client. The values are read once: with JavaScript a refusal does not
  // reload the page, and the inputs keep what she typed, as they did under Conform's useForm.
  const lastResult = actionData?.lastResult;
  const [values] = useState(() => replyValues(lastResult, { ...page.values, subscriptionAgreement: "on" }));
  const errors = replyErrors(lastResult);
  const fields = formFields(formId, checkoutFieldNames, values, errors);
  useFocusOnRefusal(lastResult, errors);
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") === "complete-purchase";
  const failure = errors[""]?.[0] ?? (actionData ? null : page.lastFailure);
  const accountFields = [fields.firstName, fields.lastName, fields.email, fields.phone];
  const shippingFields = [fields.addressLine1, fields.addressLine2, fields.zipCode, fields.state, fields.city];
  const billingFields = page.billingAsked
    ? [
        fields.billingFirstName,
        fields.billingLastName,
        fields.billingAddressLine1,
        fields.billingAddressLine2,
        fields.billingZipCode,
        fields.billingState,
        fields.billingCity,
      ]
    : [];
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
            formId={formId}
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
          <Form method="post" id={formId} noValidate className="details-form checkout-form">
            <ErrorSummary errors={summaryOf([...accountFields, ...shippingFields, ...billingFields, ...cardFields, fields.subscriptionAgreement])} />
            {failure ? (
              <div className="payment-failure" role="alert" id="payment-failure">
                <h2>
                  {failure === paymentMessages.stillProcessing
                    ? "Your payment is being processed"
                    : "Your payment did not go through"}
                </h2>
                <p>{failure}</p>
              </div>
            ) : null}
            {page.csrfToken ? <input type="hidden" name="csrf" value={page.csrfToken} /> : null}
            <input
              type="hidden"
              name="attemptKey"
              value={actionData?.attemptKey ?? page.attemptKey}
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
            {page.billingAsked ? <BillingFields fields={fields} /> : null}
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
      {paying ? <ProcessingOverlay /> : null}
    </div>
  );
}

/**
 * With JavaScript a refusal (400) does not reload the page: the focus goes to the first field
 * in error, as Conform's useForm did. Not on the first render (a page loaded after a post
 * without JavaScript starts at the top, with the error summary).
 */
function useFocusOnRefusal(lastResult: { status?: string } | null | undefined, errors: Record<string, string[]>) {
  const shown = useRef(lastResult);
  useEffect(() => {
    if (shown.current === lastResult) return;
    shown.current = lastResult;
    const form = document.getElementById(formId);
    if (lastResult?.status !== "error" || !(form instanceof HTMLFormElement)) return;
    (firstControlInError(form.elements, errors) as HTMLElement | undefined)?.focus();
  });
}
