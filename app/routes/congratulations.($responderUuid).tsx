import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorSummary } from "../components/error-summary";
import { useT } from "../components/i18n";
import { TrustBadges } from "../components/trust-badges";
import { useOwnAddressAction } from "../components/own-address-action";
import { useFormReply } from "../components/use-form-reply";
import { congratulationsIntakeUrl } from "../funnel/intake";
import type { MessageId } from "../i18n/en";
import { translator } from "../i18n/messages";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { readForm } from "../server/http/form-body.server";
import { findFunnelRecord } from "../server/db/stores/funnel-records.server";
import { recordFunnelStep } from "../server/flow/funnel-step.server";
import { countStepPost } from "../server/http/rate-limits.server";
import { formRefusal, retryAfter } from "../server/http/form-refusal.server";
import { entryPageHeaders } from "../server/http/entry-pages.server";
import { requireFlow } from "../server/flow/require-flow.server";
import { keepEntryPageHeaders } from "../route-headers";

export const handle: RouteHandle = { title: "congratulations.title" };

export const headers = keepEntryPageHeaders;

/**
 * The same page for every visitor: which flow Build My Plan hands over is decided when she
 * presses it (the form posts back to this address, so the action reads what it names).
 * /congratulations/{uuid} names a flow: only /congratulations itself is an entry page.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return data(null, { headers: params.responderUuid ? {} : entryPageHeaders("congratulations", request) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // The flow the address names when it is hers, else her current one, else a new one.
  const flow = await requireFlow(request, params, "congratulations");
  const { visitor } = flow;
  const wait = await countStepPost(request, visitor);
  if (wait > 0) {
    const message = tooManyAttemptsMessage(wait, translator(visitor.language));
    return visitor.data({ lastResult: formRefusal(formData, message) }, { status: 429, headers: retryAfter(wait) });
  }
  const responderUuid = flow.keep();
  const record = await findFunnelRecord(responderUuid);
  const trackingParams = { ...record?.trackingParams, ...visitor.trackingParams };
  await recordFunnelStep(responderUuid, { currentStepId: "congratulation", trackingParams }, visitor.variant);
  // Spec section 4: all query params copied, responder_uuid renamed responderUuid.
  const pageQuery = new URL(request.url).searchParams;
  return visitor.redirect(congratulationsIntakeUrl(config().INTAKE_URL, responderUuid, pageQuery, trackingParams));
}

/** What happens after Build My Plan, in order. */
const eligibilitySteps = [
  "congratulations.stepBuildPlan",
  "congratulations.stepDetails",
  "congratulations.stepReview",
  "congratulations.stepShipping",
  "congratulations.stepCare",
] as const satisfies readonly MessageId[];

export default function Congratulations() {
  const t = useT();
  // Build My Plan asks nothing: the only message is the form's own (too many attempts).
  const postTo = useOwnAddressAction();
  const form = useFormReply({ id: "congratulations", names: [] });
  return (
    <div className="step congratulations">
      <img className="celebration" src="/icons/celebrate.svg" alt="" width="64" height="64" />
      <h1>{t("congratulations.heading")}</h1>
      <p className="lead">{t("congratulations.lead")}</p>
      <ol className="numbered-steps compact">
        {eligibilitySteps.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
      {/* No action on the shared page: the form posts to the page's own address. */}
      <form method="post" action={postTo} className="step-form">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <button type="submit" className="button button-primary">
          {t("congratulations.submit")}
        </button>
      </form>
      <TrustBadges />
    </div>
  );
}
