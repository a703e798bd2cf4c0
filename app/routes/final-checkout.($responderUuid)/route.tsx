import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountFields } from "../../components/account-fields";
import { BillingFields } from "./billing-fields";
import { CardFields } from "../../components/card-fields";
import { CartCountdown } from "./cart-countdown";
import { EmptyCart } from "./empty-cart";
import { ErrorSummary } from "../../components/error-summary";
import { useT } from "../../components/i18n";
import { NeedHelp } from "./need-help";
import { OrderSummary } from "./order-summary";
import { RenewalDisclosure } from "./renewal-disclosure";
import { AddressSuggestions } from "./address-suggestions";
import { PaymentFailure } from "./payment-failure";
import { ProcessingOverlay } from "../../components/processing-overlay";
import { ShippingFields } from "../../components/address-fields";
import { SubscriptionAgreement } from "./subscription-agreement";
import { TestimonialQuote } from "../../components/testimonial-quote";
import { ToastNotice } from "../../components/toast-notice";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import type { action } from "./actions.server";
import type { loader } from "./loader.server";

export const handle: RouteHandle = { title: "finalCheckout.title", hydrate: true };

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
  const t = useT();
  // The server validates (Conform and Zod in the action); the page reads its reply without
  // Conform's client, which would cost this hydrating page about 9 KB gzipped.
  const { fields, summary, formErrors } = useFormReply({
    id: formId,
    names: checkoutFieldNames,
    // Her consent is hers to give: the box starts unticked unless AGREEMENT_STARTS_TICKED.
    defaultValue: page.agreementStartsTicked ? { ...page.values, subscriptionAgreement: "on" } : page.values,
  });
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") === "complete-purchase";
  const accountHasErrors = [fields.firstName, fields.lastName, fields.email, fields.phone].some((field) => field.errors);

  if (page.cart.medications.length === 0 && page.cart.unavailable.length === 0) {
    return <EmptyCart responderUuid={page.responderUuid} />;
  }

  return (
    <div className="final-checkout">
      <a className="back-link" href={page.backTo}>
        {t("finalCheckout.back")}
      </a>
      <ToastNotice toast={actionData ? actionData.toast : page.toast} />
      <CartCountdown secondsLeft={page.secondsLeft} />
      <div className="checkout-columns">
        <aside className="checkout-aside" aria-label={t("finalCheckout.yourOrder")}>
          <OrderSummary
            cart={page.cart}
            itemWords={page.itemWords}
            totals={page.totals}
            promo={page.promo}
            promoBoxShown={page.promoBoxShown}
            promoNotice={actionData?.promoNotice ?? null}
            formId={formId}
            unavailableHere={
              actionData?.unavailableOptionIds
                ? { ...page.unavailableHere, optionIds: actionData.unavailableOptionIds }
                : page.unavailableHere
            }
          />
          {page.sharePlan && page.cart.medications.length > 0 ? (
            <p className="share-plan">
              <a href={page.sharePlan}>{t("finalCheckout.sharePlan")}</a>
            </p>
          ) : null}
          <div className="large-screen-only">
            {page.testimonial ? (
              <section className="checkout-testimonial" aria-label={t("finalCheckout.whatWomenSay")}>
                <TestimonialQuote
                  name={page.testimonial.name}
                  quote={page.testimonial.quote}
                  rating={page.testimonial.rating}
                  lang={page.testimonial.lang}
                />
              </section>
            ) : null}
            <NeedHelp />
          </div>
        </aside>
        <section className="checkout-main" aria-labelledby="page-title">
          <p className="eyebrow">{t("finalCheckout.step")}</p>
          <h1 id="page-title">{t("finalCheckout.title")}</h1>
          <Form method="post" id={formId} noValidate className="details-form checkout-form">
            {/* The form's own message here is a refused payment, drawn as such just below. */}
            <ErrorSummary summary={summary} />
            <PaymentFailure
              message={formErrors[0] ?? (actionData ? null : page.lastFailure)}
              processing={Boolean(actionData?.paymentProcessing)}
              english={actionData ? Boolean(actionData.failureInEnglish) : page.lastFailureInEnglish}
            />
            {page.csrfToken ? <input type="hidden" name="csrf" value={page.csrfToken} /> : null}
            <input type="hidden" name="attemptKey" value={actionData?.attemptKey ?? page.attemptKey} />
            <details className="account-details" open={accountHasErrors || !page.values.firstName}>
              <summary>{t("finalCheckout.accountDetails")}</summary>
              <AccountFields fields={fields} />
            </details>
            <ShippingFields fields={fields} />
            {page.billingAsked ? <BillingFields fields={fields} /> : null}
            {page.cart.medications.length > 0 ? (
              <RenewalDisclosure
                plan={page.cart.selectedPlan}
                renewalCents={page.totals.subtotalCents}
                holdCents={page.totals.totalCents}
                lastDay={page.lastDayToCancel}
              />
            ) : null}
            <fieldset className="payment-method">
              <legend>{t("finalCheckout.paymentMethod")}</legend>
              <CardFields fields={fields} payment={page.payment} />
            </fieldset>
            <AddressSuggestions formId={formId} scriptUrl={page.mapsScriptUrl} />
            <SubscriptionAgreement field={fields.subscriptionAgreement} />
            <button type="submit" name="intent" value="complete-purchase" className="button button-primary complete-purchase">
              {t("finalCheckout.completePurchase")}
            </button>
          </Form>
        </section>
      </div>
      {paying ? <ProcessingOverlay /> : null}
    </div>
  );
}
