import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChoiceQuestion } from "../components/choice-question";
import { ErrorSummary } from "../components/error-summary";
import { useFormReply } from "../components/use-form-reply";
import { headlineClaim, providersClaim } from "../funnel/marketing";
import { motivationOptions } from "../funnel/questionnaire";
import { welcomeSchema } from "../funnel/schemas";
import { withQuery } from "../funnel/tracking";
import type { RouteHandle } from "../route-handle";
import { newFlowClaim } from "../server/flow-claim.server";
import { recordFunnelStep } from "../server/db/stores/funnel-records.server";
import { readForm } from "../server/http/form-body.server";
import { countStepPost } from "../server/rate-limits.server";
import { keepRetryAfter, retryAfter, tooManyAttemptsReply } from "../server/form-refusal.server";
import { Visitor } from "../server/visitor.server";

export const handle: RouteHandle = { title: "It's not you. It's menopause." };

export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  // Spec section 4: entering a new flow makes a new flow uuid and clears old tracking params.
  // The uuid is claimed when she answers; nothing is written for a visit alone.
  const visitor = await Visitor.open(request, { newFlow: true });
  return visitor.data({ flowClaim: newFlowClaim() });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const visitor = await Visitor.open(request);
  const wait = await countStepPost(request, visitor);
  if (wait > 0) return visitor.data({ lastResult: tooManyAttemptsReply(formData, wait) }, { status: 429, headers: retryAfter(wait) });
  const submission = parseWithZod(formData, { schema: welcomeSchema });
  if (submission.status !== "success") {
    return visitor.data({ lastResult: submission.reply() }, { status: 400 });
  }
  const responderUuid = visitor.claimFlow(formData.get("flowClaim"));
  await recordFunnelStep(responderUuid, {
    currentStepId: "welcome",
    reasonYouAreHereToday: [submission.value.reason],
    trackingParams: visitor.trackingParams,
  }, visitor.variant);
  return visitor.redirect(withQuery(`/concerns/${responderUuid}`, visitor.trackingParams));
}

export default function Welcome() {
  const { flowClaim } = useLoaderData<typeof loader>();
  const form = useFormReply({ id: "welcome", names: ["reason"] });
  return (
    <div className="step step-intro">
      <p className="eyebrow">{headlineClaim}</p>
      <h1>It's not you. It's menopause.</h1>
      <ul className="claims" aria-label="Why women choose us">
        <li>
          <strong>96%</strong> of women say they would recommend us to a friend
        </li>
        <li>
          <strong>{providersClaim}</strong> licensed and ready to help
        </li>
      </ul>
      <Form method="post" id="welcome" noValidate className="step-form">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <input type="hidden" name="flowClaim" value={flowClaim} />
        <ChoiceQuestion
          field={form.fields.reason}
          question="What best describes why you are exploring HRT?"
          options={motivationOptions}
        />
        <button type="submit" className="button button-primary">
          Tell me more
        </button>
      </Form>
    </div>
  );
}
