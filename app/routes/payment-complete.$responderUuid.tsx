import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { maskEmail } from "../funnel/her-subscription";
import type { PreAuthOrderBody, RedirectType } from "../funnel/pre-auth-order";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { outcomeOf } from "../server/checkout/submit-order-once.server";
import { findOrder } from "../server/db/stores/orders.server";
import { requireFlow } from "../server/flow/require-flow.server";

export const handle: RouteHandle = { title: "Payment Successful!" };

/** Spec section 4: the message depends on where she is going. */
const redirectMessages: Record<RedirectType, string> = {
  appointment: "Payment successful! Redirecting you to the appointment booking page...",
  activation: "Payment successful! Redirecting you to activate your account...",
  login: "Payment successful! Redirecting you to sign in...",
  other: "Payment successful! Redirecting you...",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  // A reload after she has been sent on, or a uuid that is not hers: on to /thank-you.
  const { visitor, responderUuid } = await requireFlow(request, params, "payment-complete");
  const order = await findOrder(responderUuid);
  const outcome = order ? outcomeOf(order) : null;
  if (outcome?.status !== "authorised") throw await visitor.redirect(`/final-checkout/${responderUuid}`);
  visitor.release(responderUuid);
  const delayMs = config().REDIRECT_DELAY_MS;
  const destination = outcome.destination.redirect_url;
  return visitor.data(
    {
      destination,
      message: redirectMessages[outcome.destination.redirect_type],
      delayMs,
      card: order?.cardLast4 ? `${order.cardBrand ?? "Card"} ending ${order.cardLast4}` : null,
      // What she quotes if she calls or writes to us about this order.
      reference: order?.reference ?? null,
      // Where her acknowledgment went: enough for her to recognise the address, no more.
      emailedTo: order ? maskEmail((order.body as unknown as PreAuthOrderBody).customer.email) : null,
    },
    // Without JavaScript the browser goes on by itself after the delay (an HTTP Refresh rather
    // than a <meta> refresh, which screen readers announce as a sudden change); the link is
    // there for anyone who does not want to wait.
    { headers: { Refresh: `${Math.round(delayMs / 1000)};url=${destination}` } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const refresh = loaderHeaders.get("Refresh");
  return refresh ? { Refresh: refresh } : new Headers();
};

export default function PaymentComplete() {
  const { destination, message, card, delayMs, reference, emailedTo } = useLoaderData<typeof loader>();
  // Reached by a client-side navigation from the checkout, the page goes on by itself.
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(destination), delayMs);
    return () => clearTimeout(timer);
  }, [destination, delayMs]);
  return (
    <div className="step payment-complete">
      <section className="panel narrow success-panel" role="status" aria-labelledby="page-title">
        <img className="success-mark" src="/icons/check-circle.svg" alt="" width="56" height="56" />
        <h1 id="page-title">Payment Successful!</h1>
        <p className="lead">{message}</p>
        {reference ? (
          <p className="order-reference">
            Your order reference is <strong>{reference}</strong>
          </p>
        ) : null}
        {emailedTo ? (
          <p>
            We have emailed your order details to <strong>{emailedTo}</strong>, with a private link where you can see your order or
            cancel online at any time.
          </p>
        ) : null}
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
