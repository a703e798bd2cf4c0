import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../components/error-summary";
import { TrustBadges } from "../components/trust-badges";
import { useFormReply } from "../components/use-form-reply";
import { congratulationsIntakeUrl } from "../funnel/intake";
import { eligibilitySteps } from "../funnel/marketing";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { newFlowClaim } from "../server/flow-claim.server";
import { readForm } from "../server/http/form-body.server";
import { findFunnelRecord, recordFunnelStep } from "../server/db/stores/funnel-records.server";
import { countStepPost } from "../server/rate-limits.server";
import { keepRetryAfter, retryAfter, tooManyAttemptsReply } from "../server/form-refusal.server";
import { Visitor } from "../server/visitor.server";

export const handle: RouteHandle = { title: "Congrats, you're eligible!" };

export const headers = keepRetryAfter;

/**
 * The flow this page belongs to: the one in the address when this browser owns it, else her
 * current one when the address names none, else a new one of her own. Its signed claim goes
 * into the form, so a second click of Build My Plan posts the same step for the same flow.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const visitor = await Visitor.open(request);
  const named = params.responderUuid ?? new URL(request.url).searchParams.get("responder_uuid") ?? undefined;
  const responderUuid = visitor.ownedUuid(named) ?? (named ? undefined : visitor.currentUuid);
  return visitor.data({ flowClaim: newFlowClaim(responderUuid) });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const visitor = await Visitor.open(request);
  const wait = await countStepPost(request, visitor);
  if (wait > 0) return visitor.data({ lastResult: tooManyAttemptsReply(formData, wait) }, { status: 429, headers: retryAfter(wait) });
  const responderUuid = visitor.claimFlow(formData.get("flowClaim"));
  const record = await findFunnelRecord(responderUuid);
  const trackingParams = { ...record?.trackingParams, ...visitor.trackingParams };
  await recordFunnelStep(responderUuid, { currentStepId: "congratulation", trackingParams }, visitor.variant);
  // Spec section 4: all query params copied, responder_uuid renamed responderUuid.
  const pageQuery = new URL(request.url).searchParams;
  return visitor.redirect(congratulationsIntakeUrl(config().INTAKE_URL, responderUuid, pageQuery, trackingParams));
}

export default function Congratulations() {
  const { flowClaim } = useLoaderData<typeof loader>();
  // Build My Plan asks nothing: the only message is the form's own (too many attempts).
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
      <Form method="post" className="step-form">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <input type="hidden" name="flowClaim" value={flowClaim} />
        <button type="submit" className="button button-primary">
          Build My Plan
        </button>
      </Form>
      <TrustBadges />
    </div>
  );
}
