import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Rich, useT } from "../components/i18n";
import { maskEmail } from "../funnel/her-subscription";
import type { PreAuthOrderBody, RedirectType } from "../funnel/pre-auth-order";
import type { MessageId } from "../i18n/en";
import { clientCatalogue, translator } from "../i18n/messages";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { outcomeOf } from "../server/checkout/place-order.server";
import { findOrder } from "../server/db/stores/orders.server";
import { requireFlow } from "../server/flow/require-flow.server";

export const handle: RouteHandle = { title: "paymentComplete.title" };

/** Spec section 4: the message depends on where she is going. */
const redirectMessages = {
  appointment: "paymentComplete.toAppointment",
  activation: "paymentComplete.toActivation",
  login: "paymentComplete.toLogin",
  other: "paymentComplete.toOther",
} as const satisfies Record<RedirectType, MessageId>;

export async function loader({ request, params }: LoaderFunctionArgs) {
  // A reload after she has been sent on, or a uuid that is not hers: on to /thank-you.
  const { visitor, responderUuid } = await requireFlow(request, params, "payment-complete");
  const order = await findOrder(responderUuid);
  const outcome = order ? outcomeOf(order) : null;
  if (outcome?.status !== "authorised") throw await visitor.redirect(`/final-checkout/${responderUuid}`);
  visitor.release(responderUuid);
  const delayMs = config().REDIRECT_DELAY_MS;
  const destination = outcome.destination.redirect_url;
  const t = translator(visitor.language);
  return visitor.data(
    {
      destination,
      message: t(redirectMessages[outcome.destination.redirect_type]),
      delayMs,
      card: order?.cardLast4
        ? t("paymentComplete.card", { brand: order.cardBrand ?? t("paymentComplete.cardAnyBrand"), last4: order.cardLast4 })
        : null,
      // What she quotes if she calls or writes to us about this order.
      reference: order?.reference ?? null,
      // Where her acknowledgment went: enough for her to recognise the address, no more.
      emailedTo: order ? maskEmail((order.body as unknown as PreAuthOrderBody).customer.email) : null,
      // Reached by a navigation from the final checkout, the page is drawn in the browser too.
      clientMessages: clientCatalogue(visitor.language, ["paymentComplete"]),
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

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function PaymentComplete() {
  const { destination, message, card, delayMs, reference, emailedTo } = useLoaderData<typeof loader>();
  const t = useT();
  // Reached by a client-side navigation from the checkout, the page goes on by itself.
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(destination), delayMs);
    return () => clearTimeout(timer);
  }, [destination, delayMs]);
  return (
    <div className="step payment-complete">
      <section className="panel narrow success-panel" role="status" aria-labelledby="page-title">
        <img className="success-mark" src="/icons/check-circle.svg" alt="" width="56" height="56" />
        <h1 id="page-title">{t("paymentComplete.title")}</h1>
        <p className="lead">{message}</p>
        {reference ? (
          <p className="order-reference">
            <Rich id="paymentComplete.reference" values={{ reference, strong }} />
          </p>
        ) : null}
        {emailedTo ? (
          <p>
            <Rich id="paymentComplete.emailedTo" values={{ email: emailedTo, strong }} />
          </p>
        ) : null}
        {card ? <p>{t("paymentComplete.preAuthorised", { card })}</p> : null}
        <p>
          <a className="button button-primary" href={destination}>
            {t("paymentComplete.continue")}
          </a>
        </p>
      </section>
    </div>
  );
}
