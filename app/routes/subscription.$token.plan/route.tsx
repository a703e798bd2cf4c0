// Change her plan from her link (/subscription/{token}/plan): the plans offered with her price
// on each, the chosen one previewed (what changes, from when, how to undo it, and what she
// agrees to) before one press confirms it. Plain forms: no script.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import type { FormReply } from "../../components/form-reply";
import { HerPanel, HerResult } from "../../components/her-result";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { planAction, planPage } from "./plan-page.server";
import { PlanChoices, PlanPreview } from "./plan-views";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "Change your plan" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  const page = await planPage(subscription, params.token!, new URL(request.url));
  return data(page, { status: page.status, headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  return planAction(request, subscription, params.token!);
}

export default function ChangePlan() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A post's refusal, else the refusal of the plan asked for in the address.
  const reply = (answer?.lastResult ?? ("refusal" in page ? page.refusal : null)) as FormReply | null;
  const form = useFormReply({ id: "choose-plan", names: ["plan"] as const, lastResult: reply });
  if (page.done) {
    return (
      <HerResult title={page.done.title} text={page.done.text} back={page.back}>
        <p>We have emailed you a confirmation.</p>
      </HerResult>
    );
  }
  return (
    <HerPanel title="Change your plan" reference={page.reference}>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      <dl className="facts">
        <dt>Your plan</dt>
        <dd>
          {page.current.plan}, {page.current.price}
        </dd>
        {page.current.nextBilling ? (
          <>
            <dt>Next billing date</dt>
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
          <p>A new plan starts on your next billing date, at the price of your medications on that plan. A billing date less than 72 hours away is fixed, as the terms say: then the new plan starts on the date after it.</p>
          <PlanChoices page={page} field={form.fields.plan} />
        </>
      )}
      {page.preview ? null : (
        <p>
          <a className="button" href={page.back}>
            Back to your subscription
          </a>
        </p>
      )}
    </HerPanel>
  );
}
