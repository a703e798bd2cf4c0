import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { RedirectType } from "../funnel/pre-auth-order";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { findOrder, outcomeOf } from "../server/orders.server";
import { Visitor } from "../server/visitor.server";

export const handle: RouteHandle = { title: "Payment Successful!" };

/** Spec section 4: the message depends on where she is going. */
const redirectMessages: Record<RedirectType, string> = {
  appointment: "Payment successful! Redirecting you to the appointment booking page...",
  activation: "Payment successful! Redirecting you to activate your account...",
  login: "Payment successful! Redirecting you to sign in...",
  other: "Payment successful! Redirecting you...",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const visitor = await Visitor.open(request);
  const responderUuid = visitor.ownedUuid(params.responderUuid);
  // A reload after she has been sent on, or a uuid that is not hers: nothing to show here.
  if (!responderUuid) throw await visitor.redirect("/thank-you");
  const order = await findOrder(responderUuid);
  const outcome = order ? outcomeOf(order) : null;
  if (outcome?.status !== "authorised") throw await visitor.redirect(`/final-checkout/${responderUuid}`);
  visitor.release(responderUuid);
  const delayMs = config().REDIRECT_DELAY_MS;
  return visitor.data({
    destination: outcome.destination.redirect_url,
    message: redirectMessages[outcome.destination.redirect_type],
    delaySeconds: Math.round(delayMs / 1000),
    card: order?.cardLast4 ? `${order.cardBrand ?? "Card"} ending ${order.cardLast4}` : null,
  });
}

/** Without JavaScript the page itself goes on after the delay; the link is there too. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ httpEquiv: "refresh", content: `${data.delaySeconds};url=${data.destination}` }] : [];

export default function PaymentComplete() {
  const { destination, message, card } = useLoaderData<typeof loader>();
  return (
    <div className="step payment-complete">
      <section className="panel narrow success-panel" role="status" aria-labelledby="page-title">
        <img className="success-mark" src="/icons/check-circle.svg" alt="" width="56" height="56" />
        <h1 id="page-title">Payment Successful!</h1>
        <p className="lead">{message}</p>
        {card ? <p>Your card ({card}) has been pre-authorised. You are charged only if your treatment is prescribed.</p> : null}
        <p>
          <a className="button button-primary" href={destination}>
            Continue now
          </a>
        </p>
      </section>
    </div>
  );
}
