import type { ReactNode } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountFields } from "../../components/account-fields";
import { CheckoutAssurance } from "./checkout-assurance";
import { ErrorSummary } from "../../components/error-summary";
import { Rich, useEntryHref, useT } from "../../components/i18n";
import { ToastNotice } from "../../components/toast-notice";
import { useFormReply } from "../../components/use-form-reply";
import { fillEmptyFields, hasMissingField, preCheckoutSchema } from "../../funnel/pre-checkout";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { missingInformationToast, saveFailedToast, toastIn } from "../../funnel/toasts";
import type { Variant } from "../../funnel/variant";
import type { MessageId } from "../../i18n/en";
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
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { translator } from "../../i18n/messages";
import { keepRetryAfter } from "../../route-headers";
import { recordFlowSteps } from "../../server/db/stores/flow-progress.server";
import { log } from "../../server/log.server";

export const handle: RouteHandle = {
  title: (data) => (data as { texts?: { heading: string } } | undefined)?.texts?.heading ?? "Personal Information",
};

export const headers = keepRetryAfter;

/** Each variant's heading and button (spec section 2), in her words. */
const variantWords: Record<Variant, { heading: MessageId; button: MessageId }> = {
  current: { heading: "preCheckout.headingCurrent", button: "preCheckout.buttonCurrent" },
  classic: { heading: "preCheckout.headingClassic", button: "preCheckout.buttonClassic" },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, params, "pre-checkout");
  const { visitor } = flow;
  const variant = await flow.readVariant();
  const { toast, headers } = await takeToast(request);
  const t = translator(visitor.language);
  if (!flow.flowClaim) await recordFlowSteps(flow.responderUuid, ["pre-checkout"], { variant, tracking: visitor.trackingParams });
  // A new visitor's flow is claimed by her first submit; until then there is nothing saved.
  const saved = flow.flowClaim ? {} : await loadPreCheckoutDraft(flow.responderUuid);
  const recordEmail = flow.flowClaim ? undefined : (await findFunnelRecord(flow.responderUuid))?.emailAddress;
  // Spec section 4: the email comes from the URL (kept with her tracking params) when empty.
  const values = fillEmptyFields(saved, { email: visitor.trackingParams.email_address ?? recordEmail ?? undefined });
  return visitor.data(
    {
      values,
      toast: toast && toastIn(toast, t),
      flowClaim: flow.flowClaim,
      backTo: selectionAddress(visitor, flow.flowClaim ? undefined : flow.responderUuid),
      texts: { heading: t(variantWords[variant].heading), button: t(variantWords[variant].button) },
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, params, "pre-checkout");
  const { visitor } = flow;
  const t = translator(visitor.language);
  const wait = await countStepPost(request, visitor);
  if (wait > 0) {
    const lastResult = formRefusal(formData, tooManyAttemptsMessage(wait, t));
    return visitor.data({ lastResult, toast: null }, { status: 429, headers: retryAfter(wait) });
  }
  const submission = parseWithZod(formData, { schema: preCheckoutSchema });
  if (submission.status !== "success") {
    const toast = hasMissingField(submission.payload) ? toastIn(missingInformationToast, t) : null;
    return visitor.data({ lastResult: visitor.reply(submission.reply()), toast }, { status: 400 });
  }
  // A new visitor's first accepted post makes the flow hers.
  const responderUuid = flow.keep();
  try {
    const order = await loadOrderProducts(responderUuid, config().VISIBLE_PLANS);
    await savePreCheckout(responderUuid, submission.value, order);
  } catch (error) {
    // Her answers stay on the page; the log names the failure, never what she typed.
    log.error({ error: error instanceof Error ? error.name : "unknown" }, "pre-checkout save failed");
    return visitor.data({ lastResult: submission.reply(), toast: toastIn(saveFailedToast(), t) }, { status: 503 });
  }
  return visitor.redirect(finalCheckoutAddress(visitor, responderUuid));
}

// eslint-disable-next-line react/display-name -- renders a link inside a translated sentence for t(), not a component
const link = (href: string) => (chunks: ReactNode) => <a href={href}>{chunks}</a>;

export default function PreCheckout() {
  const t = useT();
  const terms = useEntryHref("/terms");
  const privacy = useEntryHref("/privacy");
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
        {t("preCheckout.back")}
      </a>
      <ToastNotice toast={actionData ? actionData.toast : toast} />
      <div className="checkout-columns">
        <section className="checkout-main" aria-labelledby="page-title">
          <p className="eyebrow">{t("preCheckout.step")}</p>
          <h1 id="page-title">{texts.heading}</h1>
          <p className="lead">{t("preCheckout.lead")}</p>
          <Form method="post" id="pre-checkout" noValidate className="details-form">
            <ErrorSummary summary={summary} formErrors={formErrors} />
            {flowClaim ? <input type="hidden" name="flowClaim" value={flowClaim} /> : null}
            <p className="required-note">
              <span aria-hidden="true">* </span>
              {t("preCheckout.requiredNote")}
            </p>
            <AccountFields fields={fields} phoneHint={t("preCheckout.phoneHint")} />
            <p className="consent">
              <Rich id="preCheckout.consent" values={{ terms: link(terms), privacy: link(privacy) }} />
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
