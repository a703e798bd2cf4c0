import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountFields } from "../../components/account-fields";
import { CheckoutAssurance } from "./checkout-assurance";
import { ErrorSummary } from "../../components/error-summary";
import { ToastNotice } from "../../components/toast-notice";
import { useFormReply } from "../../components/use-form-reply";
import { fillEmptyFields, hasMissingField, preCheckoutSchema } from "../../funnel/pre-checkout";
import { missingInformationToast, saveFailedToast } from "../../funnel/toasts";
import { variantFacts } from "../../funnel/variant";
import type { RouteHandle } from "../../route-handle";
import { finalCheckoutAddress, selectionAddress } from "../../server/flow/checkout-flow.server";
import { requireFlow } from "../../server/flow/require-flow.server";
import { config } from "../../server/config.server";
import { readForm } from "../../server/http/form-body.server";
import { findFunnelRecord } from "../../server/db/stores/funnel-records.server";
import { loadOrderProducts } from "../../server/db/stores/order-products.server";
import { loadPreCheckoutDraft } from "../../server/db/stores/personal-details.server";
import { savePreCheckout } from "../../server/checkout/pre-checkout.server";
import { countStepPost } from "../../server/http/rate-limits.server";
import { takeToast } from "../../server/visitor/toast.server";
import { retryAfter, tooManyAttemptsReply } from "../../server/http/form-refusal.server";
import { keepRetryAfter } from "../../route-headers";
import { recordFlowSteps } from "../../server/db/stores/flow-progress.server";
import { log } from "../../server/log.server";

export const handle: RouteHandle = {
  title: (data) => (data as { texts?: { heading: string } } | undefined)?.texts?.heading ?? "Personal Information",
};

export const headers = keepRetryAfter;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, params, "pre-checkout");
  const { visitor } = flow;
  const variant = await flow.readVariant();
  const { toast, headers } = await takeToast(request);
  if (!flow.flowClaim) await recordFlowSteps(flow.responderUuid, ["pre-checkout"], { variant, tracking: visitor.trackingParams });
  // A new visitor's flow is claimed by her first submit; until then there is nothing saved.
  const saved = flow.flowClaim ? {} : await loadPreCheckoutDraft(flow.responderUuid);
  const recordEmail = flow.flowClaim ? undefined : (await findFunnelRecord(flow.responderUuid))?.emailAddress;
  // Spec section 4: the email comes from the URL (kept with her tracking params) when empty.
  const values = fillEmptyFields(saved, { email: visitor.trackingParams.email_address ?? recordEmail ?? undefined });
  return visitor.data(
    {
      values,
      toast,
      flowClaim: flow.flowClaim,
      backTo: selectionAddress(visitor, flow.flowClaim ? undefined : flow.responderUuid),
      texts: { heading: variantFacts[variant].preCheckoutHeading, button: variantFacts[variant].preCheckoutButton },
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, params, "pre-checkout");
  const { visitor } = flow;
  const wait = await countStepPost(request, visitor);
  if (wait > 0) {
    return visitor.data({ lastResult: tooManyAttemptsReply(formData, wait), toast: null }, { status: 429, headers: retryAfter(wait) });
  }
  const submission = parseWithZod(formData, { schema: preCheckoutSchema });
  if (submission.status !== "success") {
    const toast = hasMissingField(submission.payload) ? missingInformationToast : null;
    return visitor.data({ lastResult: submission.reply(), toast }, { status: 400 });
  }
  // A new visitor's first accepted post makes the flow hers.
  const responderUuid = flow.keep();
  try {
    const order = await loadOrderProducts(responderUuid, config().VISIBLE_PLANS);
    await savePreCheckout(responderUuid, submission.value, order);
  } catch (error) {
    // Her answers stay on the page; the log names the failure, never what she typed.
    log.error({ error: error instanceof Error ? error.name : "unknown" }, "pre-checkout save failed");
    return visitor.data({ lastResult: submission.reply(), toast: saveFailedToast() }, { status: 503 });
  }
  return visitor.redirect(finalCheckoutAddress(visitor, responderUuid));
}

export default function PreCheckout() {
  const { values, toast, flowClaim, backTo, texts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { fields, summary, formErrors } = useFormReply({
    id: "pre-checkout",
    names: ["firstName", "lastName", "email", "phone"],
    defaultValue: values,
  });
  return (
    <div className="pre-checkout">
      <a className="back-link" href={backTo}>
        Back to Medication Selection
      </a>
      <ToastNotice toast={actionData ? actionData.toast : toast} />
      <div className="checkout-columns">
        <section className="checkout-main" aria-labelledby="page-title">
          <p className="eyebrow">Step 2 of 3</p>
          <h1 id="page-title">{texts.heading}</h1>
          <p className="lead">Tell us who you are so your provider can review your plan.</p>
          <Form method="post" id="pre-checkout" noValidate className="details-form">
            <ErrorSummary summary={summary} formErrors={formErrors} />
            {flowClaim ? <input type="hidden" name="flowClaim" value={flowClaim} /> : null}
            <p className="required-note">
              <span aria-hidden="true">* </span>All fields are required.
            </p>
            <AccountFields fields={fields} phoneHint="A US number, so your provider can reach you" />
            <p className="consent">
              By continuing you agree to our <a href="/terms">Terms of Service</a> and{" "}
              <a href="/privacy">Privacy Policy</a>.
            </p>
            <button type="submit" className="button button-primary">
              {texts.button}
            </button>
          </Form>
        </section>
        <CheckoutAssurance />
      </div>
    </div>
  );
}
