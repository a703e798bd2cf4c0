// Change her plan from her link (/subscription/{token}/plan): the plans offered with her price
// on each, the chosen one previewed (what changes, from when, how to undo it, and what she
// agrees to) before one press confirms it. Plain forms: no script.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import type { FormReply } from "../../components/form-reply";
import { HerPanel, HerResult } from "../../components/her-result";
import { useT } from "../../components/i18n";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";
import { planAction, planPage } from "./plan-page.server";
import { PlanChoices, PlanPreview } from "./plan-views";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herPlan.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const page = await planPage(subscription, params.token!, new URL(request.url), translator(herLanguage(request, subscription)));
  return data(page, { status: page.status, headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  return planAction(request, subscription, params.token!, translator(herLanguage(request, subscription)));
}

export default function ChangePlan() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const answer = useActionData<typeof action>();
  // A post's refusal, else the refusal of the plan asked for in the address.
  const reply = (answer?.lastResult ?? ("refusal" in page ? page.refusal : null)) as FormReply | null;
  const form = useFormReply({ id: "choose-plan", names: ["plan"] as const, lastResult: reply });
  if (page.done) {
    return (
      <HerResult title={page.done.title} text={page.done.text} back={page.back}>
        <p>{t("herPlan.emailed")}</p>
      </HerResult>
    );
  }
  return (
    <HerPanel title={t("herPlan.title")} reference={page.reference}>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      <dl className="facts">
        <dt>{t("herPlan.yourPlan")}</dt>
        <dd>{t("herPlan.currentPlan", { plan: page.current.plan, price: page.current.price })}</dd>
        {page.current.nextBilling ? (
          <>
            <dt>{t("herPlan.nextBilling")}</dt>
            <dd>{page.current.nextBilling}</dd>
          </>
        ) : null}
      </dl>
      {page.ahead ? <p className="lead">{page.ahead}</p> : null}
      {page.closed ? (
        <p>{page.closed}</p>
      ) : page.preview ? (
        <PlanPreview preview={page.preview} back={page.back} again={`${page.back}/plan`} />
      ) : (
        <>
          <p>{t("herPlan.intro")}</p>
          <PlanChoices page={page} field={form.fields.plan} />
        </>
      )}
      {page.preview ? null : (
        <p>
          <a className="button" href={page.back}>
            {t("herPlan.back")}
          </a>
        </p>
      )}
    </HerPanel>
  );
}
