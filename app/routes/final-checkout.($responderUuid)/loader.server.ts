// The final checkout's loader (spec sections 2, 4, 5 and 8). Kept apart from the route module
// with the actions: the one page that hydrates ships none of its server code.
import { checkoutLastDay } from "../../funnel/consent";
import { categoryNameWords, optionWords } from "../../funnel/product-words";
import { testimonialsIn } from "../../funnel/testimonials";
import { toastIn } from "../../funnel/toasts";
import { config } from "../../server/config.server";
import { planSummaryPath } from "../../server/subscriptions/plan-link.server";
import { availableIn } from "../../funnel/state-availability";
import { randomUUID } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { countdownSecondsLeft } from "../../funnel/cart";
import { fillEmptyFields } from "../../funnel/pre-checkout";
import { variantFacts } from "../../funnel/variant";
import { openCheckoutCart } from "../../server/checkout/cart.server";
import { readCheckout } from "../../server/checkout/checkout-read.server";
import { searchWithout } from "../../server/flow/checkout-flow.server";
import { requireFlow } from "../../server/flow/require-flow.server";
import { promoBoxShown } from "../../server/checkout/promo-code.server";
import { loadBillingAddress, loadShippingAddress } from "../../server/db/stores/addresses.server";
import { loadPreCheckoutDraft } from "../../server/db/stores/personal-details.server";
import { publicPaymentSettings } from "../../server/payments/index.server";
import { testimonialsFor } from "../../server/provider/catalogue-cache.server";
import { takeToast } from "../../server/visitor/toast.server";
import { recordFlowSteps } from "../../server/db/stores/flow-progress.server";
import { herWords } from "../../server/checkout/checkout-words.server";
import { clientCatalogue, translator } from "../../i18n/messages";
import { paymentFormToken } from "./payment-form-token.server";

/**
 * What the page and the components in it draw: its own groups, the fields' (account fields,
 * toasts and the testimonial are the selection page's), and the renewal terms above the card.
 */
const finalCheckoutGroups = [
  "finalCheckout",
  "addressForm",
  "cardForm",
  "form",
  "processing",
  "sandbox",
  "accountForm",
  "toast",
  "testimonial",
  "disclosure",
  "subscriptionTerms",
  "plan",
  "amount",
] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, params, "final-checkout");
  const { visitor, responderUuid } = flow;
  // Her order, her cart, her products' rows and the flow's variant in one statement; the cart
  // is made from them (the variant is then known here without a read of its own).
  const read = await readCheckout(responderUuid);
  const variant = await flow.readVariant();
  const order = flow.flowClaim ? undefined : read.order;
  // Paid already: a second tab or Back shows the first payment's result, never a second form.
  if (order?.status === "authorised") throw await visitor.redirect(`/payment-complete/${responderUuid}`);
  const { toast, headers } = await takeToast(request);
  const billingAsked = variantFacts[variant].billingAddress;
  const [account, shipping, billing, checkout, testimonials] = await Promise.all([
    loadPreCheckoutDraft(responderUuid),
    loadShippingAddress(responderUuid),
    billingAsked ? loadBillingAddress(responderUuid) : {},
    openCheckoutCart(responderUuid, variant, read),
    testimonialsFor(responderUuid),
    flow.flowClaim ? undefined : recordFlowSteps(responderUuid, ["final-checkout"], { variant, tracking: visitor.trackingParams }),
  ]);
  const values = { ...fillEmptyFields(account, { email: visitor.trackingParams.email_address }), ...shipping, ...billing };
  // What the services said (her cart's promo message, the last refused payment) in her words.
  const t = translator(visitor.language);
  const promoWords = checkout.promo.message ? herWords(t, checkout.promo.message) : null;
  const failed = (order?.status === "declined" || order?.status === "failed") && order.failureMessage;
  const lastFailure = failed ? herWords(t, failed) : null;
  return visitor.data(
    {
      responderUuid: flow.flowClaim ? undefined : responderUuid,
      billingAsked,
      values,
      toast: toast ? toastIn(toast, t) : toast,
      cart: checkout.cart,
      itemWords: Object.fromEntries(
        checkout.cart.medications.map((item) => [
          item.id,
          { name: optionWords(item, t).name, category: categoryNameWords(item.category_name, t) },
        ]),
      ),
      sharePlan: flow.flowClaim ? null : planSummaryPath(responderUuid),
      // Address suggestions load only where a maps key is configured.
      mapsScriptUrl: config().MAPS_API_KEY ? config().MAPS_SCRIPT_URL : null,
      // Spec section 2: the notice beside each option her saved shipping state cannot have.
      unavailableHere: {
        optionIds: checkout.cart.medications.filter((m) => !availableIn(m, values.state)).map((m) => m.id),
        changeSelection: `/checkout/${responderUuid}`,
      },
      totals: checkout.totals,
      // Dated from now: her first period starts at the approval, never sooner.
      lastDayToCancel: checkoutLastDay(t, checkout.cart.selectedPlan, new Date()),
      agreementStartsTicked: config().AGREEMENT_STARTS_TICKED,
      promo: { ...checkout.promo, message: promoWords?.text ?? null, ...(promoWords?.english ? { messageInEnglish: true } : {}) },
      promoBoxShown: promoBoxShown(visitor.trackingParams, checkout.cart),
      secondsLeft: countdownSecondsLeft(checkout.countdownEndsAt, new Date()),
      payment: publicPaymentSettings(),
      attemptKey: randomUUID(),
      // The payment form's CSRF token: for this browser session and this flow only.
      csrfToken: flow.flowClaim || !visitor.session.id ? null : paymentFormToken(visitor.session.id, responderUuid),
      lastFailure: lastFailure?.text ?? null,
      lastFailureInEnglish: lastFailure?.english ?? false,
      testimonial: testimonialsIn(testimonials.slice(0, 1), t)[0] ?? null,
      backTo: `/pre-checkout/${responderUuid}${searchWithout(request, "st", "token")}`,
      // The page hydrates (the card element): the words it draws in the browser, and no others.
      clientMessages: clientCatalogue(visitor.language, finalCheckoutGroups),
    },
    { headers },
  );
}
