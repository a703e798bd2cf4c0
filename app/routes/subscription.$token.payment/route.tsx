// Another card after a failed payment, from her link: the card fields as on the final
// checkout (the sandbox's three fields, or Stripe's card element; without JavaScript, Stripe's
// hosted page in setup mode), then the amount due charged once.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { ReactNode } from "react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CardFields } from "../../components/card-fields";
import { ErrorSummary } from "../../components/error-summary";
import { HerFormButtons, HerResult } from "../../components/her-result";
import { Rich, useT } from "../../components/i18n";
import { RenewalTerms } from "../../components/renewal-terms";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { paymentGateway } from "../../server/payments/index.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { payWithAnotherCard } from "../../server/subscriptions/pay-with-another-card.server";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";
import { paymentPage, answerCard, cardFromReturn, giveCard } from "./payment-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herPayment.title", hydrate: true };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const address = `/subscription/${params.token}/payment`;
  const t = translator(herLanguage(request, subscription));
  const returned = await cardFromReturn(new URL(request.url), subscription);
  // The browser's messages beside the page, where root gathers every route's.
  const { clientMessages, ...page } = paymentPage(subscription, address, t, await lifecycleNow());
  if (returned) {
    // Back from her bank or Stripe's page: the card is kept and the amount due charged here.
    const answer = await answerCard(
      request,
      subscription,
      await payWithAnotherCard(paymentGateway(), subscription, { resumed: returned }),
      t,
    );
    return data({ page, returned: answer.data, clientMessages }, { status: answer.init?.status ?? 200, headers: privatePageHeaders });
  }
  return data({ page, returned: null, clientMessages }, { headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  return giveCard(request, subscription, `/subscription/${params.token}/payment`, translator(herLanguage(request, subscription)));
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

type Answer =
  | { done: true; text: string }
  | { done: false; lastResult: { status: "error"; initialValue: Record<string, unknown>; error: Record<string, string[]> } };

export default function AnotherCard() {
  const { page, returned } = useLoaderData<typeof loader>();
  const t = useT();
  const posted = useActionData<typeof action>() as Answer | undefined;
  const answer = (posted ?? returned ?? undefined) as Answer | undefined;
  const form = useFormReply({
    id: "another-card",
    names: ["cardNumber", "expiry", "securityCode"] as const,
    lastResult: answer && !answer.done ? answer.lastResult : null,
  });
  const back = page.address.replace(/\/payment$/, "");
  if (answer?.done) return <HerResult title={t("herPayment.title")} text={answer.text} back={back} />;
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t("herPayment.title")}</h1>
        <p className="order-reference">
          <Rich id="herPayment.orderReference" values={{ reference: page.reference, strong }} />
        </p>
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        <p className="lead">{page.intro}</p>
        {page.open ? (
          <Form method="post" id="another-card" noValidate className="checkout-form">
            {page.terms ? <RenewalTerms lines={page.terms} /> : null}
            <CardFields fields={form.fields} payment={page.payment} />
            <HerFormButtons submit={page.button} leave={[{ href: back, label: t("herPayment.back") }]} />
          </Form>
        ) : (
          <p>
            <a className="button" href={back}>
              {t("herPayment.back")}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
