// Update her card from her link (/subscription/{token}/card): the card her payments use now,
// and the checkout's card fields (the sandbox's three fields, or Stripe's card element; without
// JavaScript, Stripe's hosted page in setup mode) for the one to use from her next payment on.
// Nothing is charged here; a payment due now is paid on the "another card" page instead.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { ReactNode } from "react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CardFields } from "../../components/card-fields";
import { ErrorSummary } from "../../components/error-summary";
import { HerFormButtons, HerPanel, HerResult } from "../../components/her-result";
import { Rich, useT } from "../../components/i18n";
import { RenewalTerms } from "../../components/renewal-terms";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";
import { cardPage, cardReturn, saveHerCard, shownField } from "./card-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herCard.title", hydrate: true };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const url = new URL(request.url);
  const t = translator(herLanguage(request, subscription));
  const returned = await cardReturn(subscription, params.token!, url, t);
  const page = await cardPage(subscription, params.token!, url, t);
  return data({ ...page, returned: returned?.reply ?? null }, { status: returned?.status ?? 200, headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  return saveHerCard(request, subscription, params.token!, translator(herLanguage(request, subscription)));
}

const names = ["cardNumber", "expiry", "securityCode"] as const;

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function UpdateCard() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const posted = useActionData<typeof action>();
  const form = useFormReply({ id: "her-card", names, lastResult: posted?.lastResult ?? page.returned ?? null });
  if (page.updated && page.current) {
    return (
      <HerResult title={t("herCard.updatedTitle")} text={t("herCard.updatedText", { card: page.current })} back={page.back}>
        <p>{page.firstUse}</p>
        <p>{t("herCard.updatedNothingCharged")}</p>
      </HerResult>
    );
  }
  return (
    <HerPanel title={t("herCard.title")} reference={page.reference}>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      {page.current ? (
        <p>
          <Rich id="herCard.current" values={{ card: page.current, strong }} />
        </p>
      ) : null}
      {page.open ? (
        <Form method="post" id="her-card" noValidate className="checkout-form">
          <input type="hidden" name={shownField} value={page.shown} />
          <p className="lead">{t("herCard.lead")}</p>
          <p>{page.firstUse}</p>
          {page.terms ? <RenewalTerms lines={page.terms} /> : null}
          <CardFields fields={form.fields} payment={page.payment} />
          <HerFormButtons submit={t("herCard.useThisCard")} leave={[{ href: page.back, label: t("herCard.keepMyCard") }]} />
        </Form>
      ) : (
        <>
          <p className="lead">{page.closed}</p>
          <p>
            {page.payInstead ? (
              <a className="button button-primary" href={page.payInstead}>
                {t("herCard.payWithAnother")}
              </a>
            ) : null}{" "}
            <a className="button" href={page.back}>
              {t("herCard.back")}
            </a>
          </p>
        </>
      )}
    </HerPanel>
  );
}
