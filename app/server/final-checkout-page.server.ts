// The final checkout's loader and action (spec sections 2, 4, 5, 7 and 8), apart from the
// route module: every server module a route imports becomes an empty script that the browser
// still loads, and this is the one page that hydrates (issue 7). The route re-exports both.
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { fillEmptyFields } from "../funnel/pre-checkout";
import { promoBoxVisible } from "../funnel/promo";
import { variantFacts } from "../funnel/variant";
import { testimonialsFor } from "./catalogue.server";
import { checkoutFlow, searchWithout } from "./checkout-flow.server";
import { config } from "./config.server";
import { applyPromo, completePurchase, confirmPayment, refuseStaleForm } from "./final-checkout-actions.server";
import { loadBillingAddress, loadCheckoutCart, loadShippingAddress } from "./final-checkout.server";
import { flowVariant } from "./flow-variant.server";
import { readForm } from "./form.server";
import { findOrder } from "./orders.server";
import { paymentFormToken, paymentFormTokenField, paymentFormTokenIsValid } from "./payment-form-token.server";
import { publicPaymentSettings } from "./payments/index.server";
import { loadPreCheckoutDraft } from "./pre-checkout.server";
import { takeToast } from "./toast.server";
import { arriveWithToken } from "./token-arrival.server";
import { Visitor } from "./visitor.server";

/** Keeps Retry-After on the page's 429 answers (Remix keeps only cookies otherwise). */
export { keepRetryAfter as headers } from "./too-many-attempts.server";

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
      // The payment form's CSRF token: for this browser session and this flow only.
      csrfToken: flow.flowClaim || !visitor.session.id ? null : paymentFormToken(visitor.session.id, responderUuid),
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
  if (!paymentFormTokenIsValid(formData.get(paymentFormTokenField), visitor.session.id, responderUuid)) return refuseStaleForm(checkout);
  switch (formData.get("intent")) {
    case "apply-promo":
      return applyPromo(checkout);
    case "confirm-payment":
      return confirmPayment(checkout);
    default:
      return completePurchase(checkout);
  }
}
