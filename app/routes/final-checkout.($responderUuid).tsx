import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BillingFields } from "../components/billing-fields";
import { CardFields } from "../components/card-fields";
import { CartCountdown } from "../components/cart-countdown";
import { ErrorSummary } from "../components/error-summary";
import { fieldErrors } from "../components/form-errors";
import { OrderSummary } from "../components/order-summary";
import { ProcessingOverlay } from "../components/processing-overlay";
import { ShippingFields } from "../components/shipping-fields";
import { TestimonialQuote } from "../components/testimonial-quote";
import { TextField } from "../components/text-field";
import { ToastNotice } from "../components/toast-notice";
import { contact } from "../funnel/marketing";
import { fillEmptyFields } from "../funnel/pre-checkout";
import { promoBoxVisible } from "../funnel/promo";
import { subscriptionTerms } from "../funnel/subscription-terms";
import { paymentMessages } from "../funnel/test-cards";
import { variantFacts } from "../funnel/variant";
import type { RouteHandle } from "../route-handle";
import { testimonialsFor } from "../server/catalogue.server";
import { checkoutFlow, searchWithout } from "../server/checkout-flow.server";
import { config } from "../server/config.server";
import { applyPromo, completePurchase, confirmPayment } from "../server/final-checkout-actions.server";
import { loadBillingAddress, loadCheckoutCart, loadShippingAddress } from "../server/final-checkout.server";
import { flowVariant } from "../server/flow-variant.server";
import { readForm } from "../server/form.server";
import { findOrder } from "../server/orders.server";
import { paymentGateway, publicPaymentSettings } from "../server/payments/index.server";
import { loadPreCheckoutDraft } from "../server/pre-checkout.server";
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
  const billingAsked = variantFacts[flow.variant].billingAddress;
  const [account, shipping, billing, checkout, testimonials] = await Promise.all([
    loadPreCheckoutDraft(responderUuid),
    loadShippingAddress(responderUuid),
    billingAsked ? loadBillingAddress(responderUuid) : {},
    loadCheckoutCart(responderUuid, flow.variant),
    testimonialsFor(responderUuid),
  ]);
  const values = { ...fillEmptyFields(account, { email: visitor.trackingParams.email_address }), ...shipping, ...billing };
  const tracking = visitor.trackingParams;
  return visitor.data(
    {
      responderUuid: flow.flowClaim ? undefined : responderUuid,
      billingAsked,
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

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const visitor = await Visitor.open(request);
  const responderUuid = params.responderUuid ? visitor.ownedUuid(params.responderUuid) : undefined;
  if (!responderUuid) {
    throw data(
      { message: "We could not find your plan on this device. Please start again from the treatment page.", returnTo: "/checkout" },
      { status: 404 },
    );
  }
  const checkout = { request, formData, visitor, responderUuid, variant: await flowVariant(responderUuid, visitor.variant) };
  switch (formData.get("intent")) {
    case "apply-promo":
      return applyPromo(checkout);
    case "confirm-payment":
      return confirmPayment(checkout);
    default:
      return completePurchase(checkout);
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
  | "billingSameAsShipping"
  | "billingFirstName"
  | "billingLastName"
  | "billingAddressLine1"
  | "billingAddressLine2"
  | "billingZipCode"
  | "billingState"
  | "billingCity"
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
            <ErrorSummary errors={fieldErrors([...accountFields, ...shippingFields, ...billingFields, ...cardFields, fields.subscriptionAgreement])} />
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
