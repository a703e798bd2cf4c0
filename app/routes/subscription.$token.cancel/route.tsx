// Cancel online, as easy as buying (spec section 9's terms): one confirmation page that says
// what cancelling does right now, then the result in plain words. The provider hears of it
// and she gets the cancelled email (both through the outbox, with the transition).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { HerResult } from "../../components/her-result";
import { cancelPreview, cancelResultText } from "../../funnel/her-subscription";
import type { RouteHandle } from "../../route-handle";
import { rateLimits, countHit } from "../../server/http/rate-limits.server";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { paymentGateway } from "../../server/payments/index.server";
import { cancelSubscription } from "../../server/subscriptions/cancel.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "Cancel subscription" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  const preview = cancelPreview({ ...subscription, decided: subscription.decision !== null }, await lifecycleNow());
  return { reference: subscription.reference, preview: { can: preview.can, text: preview.text }, address: `/subscription/${params.token}` };
}

export const cancelMessages = {
  busy: "A payment on your order is moving right now. Nothing was cancelled yet: please try again in a minute.",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  const address = `/subscription/${params.token}`;
  const wait = await countHit(request, `subscription:${subscription.id}`, rateLimits.stepPost);
  if (wait > 0) {
    return data({ done: false as const, text: tooManyAttemptsMessage(wait), address }, { status: 429, headers: { ...privatePageHeaders, "Retry-After": String(wait) } });
  }
  const before = subscription.state;
  const lastBillingAt = subscription.nextBillingAt;
  const outcome = await cancelSubscription(paymentGateway(), subscription);
  if (outcome.status === "busy") return data({ done: false as const, text: cancelMessages.busy, address }, { status: 409, headers: privatePageHeaders });
  return data(
    { done: true as const, text: cancelResultText(outcome.status, before, { ...subscription, lastBillingAt }), address, emailed: outcome.status !== "closed" },
    { headers: privatePageHeaders },
  );
}

export default function CancelSubscription() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result?.done) {
    return (
      <HerResult title="Cancel subscription" text={result.text} back={result.address}>
        {result.emailed ? <p>We have emailed you a confirmation.</p> : null}
      </HerResult>
    );
  }
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">Cancel subscription</h1>
        <p className="order-reference">
          Order reference <strong>{page.reference}</strong>
        </p>
        {result ? (
          <div className="error-summary" role="alert" tabIndex={-1}>
            <p>{result.text}</p>
          </div>
        ) : null}
        <p className="lead">{page.preview.text}</p>
        {page.preview.can ? (
          <Form method="post" reloadDocument>
            <div className="button-row">
              <button type="submit" className="button button-primary">
                Yes, cancel my subscription
              </button>
              <a className="button" href={page.address}>
                Keep my subscription
              </a>
            </div>
          </Form>
        ) : (
          <p>
            <a className="button" href={page.address}>
              Back to your subscription
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
