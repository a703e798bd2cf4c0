import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChoiceQuestion } from "../components/choice-question";
import { ErrorSummary } from "../components/error-summary";
import { useT } from "../components/i18n";
import { useFormReply } from "../components/use-form-reply";
import { concernOptions } from "../funnel/questionnaire";
import { concernsSchema } from "../funnel/schemas";
import { withQuery } from "../funnel/tracking";
import { translator } from "../i18n/messages";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import type { RouteHandle } from "../route-handle";
import { readForm } from "../server/http/form-body.server";
import { requireFlow } from "../server/flow/require-flow.server";
import { recordFunnelStep } from "../server/flow/funnel-step.server";
import { countStepPost } from "../server/http/rate-limits.server";
import { formRefusal, retryAfter } from "../server/http/form-refusal.server";
import { keepRetryAfter } from "../route-headers";

export const handle: RouteHandle = { title: "concerns.title" };

export const headers = keepRetryAfter;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { visitor, record } = await requireFlow(request, params, "concerns");
  return visitor.data({ concern: record.concernsAboutHrt[0] });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { visitor, responderUuid, trackingParams } = await requireFlow(request, params, "concerns");
  const wait = await countStepPost(request, visitor);
  if (wait > 0) {
    const message = tooManyAttemptsMessage(wait, translator(visitor.language));
    return visitor.data({ lastResult: formRefusal(formData, message) }, { status: 429, headers: retryAfter(wait) });
  }
  const submission = parseWithZod(formData, { schema: concernsSchema });
  if (submission.status !== "success") {
    return visitor.data({ lastResult: visitor.reply(submission.reply()) }, { status: 400 });
  }
  await recordFunnelStep(
    responderUuid,
    {
      currentStepId: "concerns",
      concernsAboutHrt: [submission.value.concern],
      trackingParams,
    },
    visitor.variant,
  );
  return visitor.redirect(withQuery(`/social-proof/${responderUuid}`, trackingParams));
}

export default function Concerns() {
  const t = useT();
  // The loader answers with her saved answer: the form's default.
  const form = useFormReply({ id: "concerns", names: ["concern"], defaultValue: useLoaderData<typeof loader>() });
  const options = concernOptions.map(({ code }) => ({ code, label: t(`concern.${code}`) }));
  return (
    <div className="step">
      <p className="eyebrow">{t("concerns.eyebrow")}</p>
      <Form method="post" id="concerns" noValidate className="step-form">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <ChoiceQuestion field={form.fields.concern} question={t("concerns.title")} options={options} asHeading />
        <p className="reassurance">{t("concerns.reassurance")}</p>
        <button type="submit" className="button button-primary">
          {t("concerns.submit")}
        </button>
      </Form>
    </div>
  );
}
