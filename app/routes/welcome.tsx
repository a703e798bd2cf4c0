import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ChoiceQuestion } from "../components/choice-question";
import { ErrorSummary } from "../components/error-summary";
import { useOwnAddressAction } from "../components/own-address-action";
import { useFormReply } from "../components/use-form-reply";
import { headlineClaim, providersClaim } from "../funnel/marketing";
import { motivationOptions } from "../funnel/questionnaire";
import { welcomeSchema } from "../funnel/schemas";
import { withQuery } from "../funnel/tracking";
import type { RouteHandle } from "../route-handle";
import { recordFunnelStep } from "../server/flow/funnel-step.server";
import { readForm } from "../server/http/form-body.server";
import { countStepPost } from "../server/http/rate-limits.server";
import { retryAfter, tooManyAttemptsReply } from "../server/http/form-refusal.server";
import { entryPageHeaders } from "../server/http/entry-pages.server";
import { requireFlow } from "../server/flow/require-flow.server";
import { keepEntryPageHeaders } from "../route-headers";

export const handle: RouteHandle = { title: "It's not you. It's menopause." };

export const headers = keepEntryPageHeaders;

/** The same page for every new visitor: nothing of hers is read or written for a visit. */
export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: entryPageHeaders("welcome", request) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // A new flow, unless her browser started one a moment ago (a double click).
  const flow = await requireFlow(request, params, "welcome");
  const { visitor } = flow;
  const wait = await countStepPost(request, visitor);
  if (wait > 0) return visitor.data({ lastResult: tooManyAttemptsReply(formData, wait) }, { status: 429, headers: retryAfter(wait) });
  const submission = parseWithZod(formData, { schema: welcomeSchema });
  if (submission.status !== "success") {
    return visitor.data({ lastResult: submission.reply() }, { status: 400 });
  }
  const responderUuid = flow.keep();
  await recordFunnelStep(responderUuid, {
    currentStepId: "welcome",
    reasonYouAreHereToday: [submission.value.reason],
    trackingParams: visitor.trackingParams,
  }, visitor.variant);
  return visitor.redirect(withQuery(`/concerns/${responderUuid}`, visitor.trackingParams));
}

export default function Welcome() {
  const postTo = useOwnAddressAction();
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
      {/* No action on the shared page: the form posts to the page's own address, tracking
          params and all, so the page is the same for every visitor whatever link brought her. */}
      <form method="post" action={postTo} id="welcome" noValidate className="step-form">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <ChoiceQuestion
          field={form.fields.reason}
          question="What best describes why you are exploring HRT?"
          options={motivationOptions}
        />
        <button type="submit" className="button button-primary">
          Tell me more
        </button>
      </form>
    </div>
  );
}
