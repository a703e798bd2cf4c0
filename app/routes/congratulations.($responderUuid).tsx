import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorSummary } from "../components/error-summary";
import { TrustBadges } from "../components/trust-badges";
import { useOwnAddressAction } from "../components/own-address-action";
import { useFormReply } from "../components/use-form-reply";
import { congratulationsIntakeUrl } from "../funnel/intake";
import { eligibilitySteps } from "../funnel/marketing";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { readForm } from "../server/http/form-body.server";
import { findFunnelRecord } from "../server/db/stores/funnel-records.server";
import { recordFunnelStep } from "../server/flow/funnel-step.server";
import { countStepPost } from "../server/http/rate-limits.server";
import { retryAfter, tooManyAttemptsReply } from "../server/http/form-refusal.server";
import { entryPageHeaders } from "../server/http/entry-pages.server";
import { requireFlow } from "../server/flow/require-flow.server";
import { keepEntryPageHeaders } from "../route-headers";

export const handle: RouteHandle = { title: "Congrats, you're eligible!" };

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
  if (wait > 0) return visitor.data({ lastResult: tooManyAttemptsReply(formData, wait) }, { status: 429, headers: retryAfter(wait) });
  const responderUuid = flow.keep();
  const record = await findFunnelRecord(responderUuid);
  const trackingParams = { ...record?.trackingParams, ...visitor.trackingParams };
  await recordFunnelStep(responderUuid, { currentStepId: "congratulation", trackingParams }, visitor.variant);
  // Spec section 4: all query params copied, responder_uuid renamed responderUuid.
  const pageQuery = new URL(request.url).searchParams;
  return visitor.redirect(congratulationsIntakeUrl(config().INTAKE_URL, responderUuid, pageQuery, trackingParams));
}

export default function Congratulations() {
  // Build My Plan asks nothing: the only message is the form's own (too many attempts).
  const postTo = useOwnAddressAction();
  const form = useFormReply({ id: "congratulations", names: [] });
  return (
    <div className="step congratulations">
      <img className="celebration" src="/icons/celebrate.svg" alt="" width="64" height="64" />
      <h1>CONGRATS YOU'RE ELIGIBLE!</h1>
      <p className="lead">Here is what happens next:</p>
      <ol className="numbered-steps compact">
        {eligibilitySteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {/* No action on the shared page: the form posts to the page's own address. */}
      <form method="post" action={postTo} className="step-form">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <button type="submit" className="button button-primary">
          Build My Plan
        </button>
      </form>
      <TrustBadges />
    </div>
  );
}
