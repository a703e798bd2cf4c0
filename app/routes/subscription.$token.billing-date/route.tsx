// Her billing date from her link (/subscription/{token}/billing-date): move it later by 1 to 8
// weeks, skip a period, move a change back, or ship sooner, each shown with the date it leads
// to before she presses, by the rules the page states. Plain forms: no script.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { HerResult } from "../../components/her-result";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { billingDateAction, billingDatePage } from "./billing-date-page.server";
import { BillingDateChoices } from "./billing-date-choices";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "Change your billing date" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  const changed = new URL(request.url).searchParams.get("changed") === "1";
  return data(await billingDatePage(subscription, params.token!, changed), { headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  return billingDateAction(request, subscription, params.token!);
}

export default function BillingDate() {
  const page = useLoaderData<typeof loader>();
  const form = useFormReply({ id: "move-date", names: ["weeks"] as const });
  if (page.done) {
    return (
      <HerResult title="Billing date changed" text={page.done} back={page.back}>
        <p>We have emailed you a confirmation.</p>
      </HerResult>
    );
  }
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">Change your billing date</h1>
        <p className="order-reference">
          Order reference <strong>{page.reference}</strong>
        </p>
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        {page.nextBilling ? (
          <p className="lead">
            Your next billing date: <strong>{page.nextBilling}</strong>
          </p>
        ) : null}
        {page.closed ? <p>{page.closed}</p> : <BillingDateChoices page={page} weeks={form.fields.weeks} />}
        <p>
          <a className="button" href={page.back}>
            Back to your subscription
          </a>
        </p>
      </section>
    </div>
  );
}
