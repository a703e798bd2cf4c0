import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ChoiceQuestion } from "../components/choice-question";
import { ErrorSummary } from "../components/error-summary";
import { Rich, useT } from "../components/i18n";
import { useOwnAddressAction } from "../components/own-address-action";
import { useFormReply } from "../components/use-form-reply";
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

export const handle: RouteHandle = { title: "welcome.title" };

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
    return visitor.data({ lastResult: visitor.reply(submission.reply()) }, { status: 400 });
  }
  const responderUuid = flow.keep();
  await recordFunnelStep(
    responderUuid,
    {
      currentStepId: "welcome",
      reasonYouAreHereToday: [submission.value.reason],
      trackingParams: visitor.trackingParams,
    },
    visitor.variant,
  );
  return visitor.redirect(withQuery(`/concerns/${responderUuid}`, visitor.trackingParams));
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function Welcome() {
  const t = useT();
  const postTo = useOwnAddressAction();
  const form = useFormReply({ id: "welcome", names: ["reason"] });
  const options = motivationOptions.map(({ code }) => ({ code, label: t(`motivation.${code}`) }));
  return (
    <div className="step step-intro">
      <p className="eyebrow">{t("welcome.eyebrow")}</p>
      <h1>{t("welcome.title")}</h1>
      <ul className="claims" aria-label={t("welcome.claimsLabel")}>
        <li>
          <Rich id="welcome.claimRecommend" values={{ strong }} />
        </li>
        <li>
          <Rich id="welcome.claimProviders" values={{ strong }} />
        </li>
      </ul>
      {/* No action on the shared page: the form posts to the page's own address, tracking
          params and all, so the page is the same for every visitor whatever link brought her. */}
      <form method="post" action={postTo} id="welcome" noValidate className="step-form">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <ChoiceQuestion field={form.fields.reason} question={t("welcome.question")} options={options} />
        <button type="submit" className="button button-primary">
          {t("welcome.submit")}
        </button>
      </form>
    </div>
  );
}
