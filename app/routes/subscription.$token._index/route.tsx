// Her private page (/subscription/{token}): her order, where it stands, every step and every
// movement of her money, the next billing date, and the ways to cancel or pay again. There
// are no accounts: the signed link is her key (app/server/subscriptions/private-link.server).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { HerReference } from "../../components/her-result";
import { Rich, useT } from "../../components/i18n";
import { SubscriptionTermsList } from "../../components/subscription-terms";
import { formatCents } from "../../funnel/cart";
import { formatEmailDate } from "../../funnel/amounts-and-dates";
import { canChangeAddress } from "../../funnel/her-address";
import { canUpdateCard } from "../../funnel/her-card";
import type { RouteHandle } from "../../route-handle";
import { translator } from "../../i18n/messages";
import { herLanguage, openHerSubscription } from "../../server/subscriptions/private-page.server";
import { herPage } from "./her-page.server";
import { HerHistory, HerSupport } from "./her-page-sections";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herPage.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const t = translator(herLanguage(request, subscription));
  return { ...(await herPage(subscription, t)), address: `/subscription/${params.token}` };
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function HerSubscription() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const day = (iso: string) => formatEmailDate(new Date(iso), t);
  return (
    <div className="step her-subscription">
      <h1>{t("herPage.title")}</h1>
      <HerReference reference={page.reference} />

      <section className="panel status-panel" aria-labelledby="status-title">
        <h2 id="status-title">{page.status.title}</h2>
        <p>{page.status.text}</p>
        {page.money ? <p>{page.money}</p> : null}
        {page.nextBilling ? (
          <p>
            <Rich
              id="herPage.nextBilling"
              values={{ date: day(page.nextBilling.at), amount: formatCents(page.nextBilling.amountCents), strong }}
            />
          </p>
        ) : null}
        {page.state === "active" && page.nextBilling ? (
          <p>
            <a href={`${page.address}/billing-date`}>{t("herPage.billingDateLink")}</a>
          </p>
        ) : null}
        {page.anotherCard ? (
          <p>
            <a className="button button-primary" href={`${page.address}/payment`}>
              {page.anotherCard}
            </a>
          </p>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="plan-title">
        <h2 id="plan-title">{t("herPage.planTitle")}</h2>
        <dl className="facts">
          <dt>{t("herPage.plan")}</dt>
          <dd>
            {page.plan}
            {page.planAhead ? <p>{page.planAhead}</p> : null}
            {page.canChangePlan ? (
              <p>
                <a href={`${page.address}/plan`}>{t("herPage.changePlan")}</a>
              </p>
            ) : null}
          </dd>
          <dt>{t("herPage.medications")}</dt>
          <dd>
            <ul className="plain-list">
              {page.medications.map((m) => (
                <li key={m.name}>{m.dosage ? `${m.name} (${m.dosage})` : m.name}</li>
              ))}
            </ul>
          </dd>
          <dt>{t("herPage.price")}</dt>
          <dd>{page.price}</dd>
          {page.firstPeriodCents !== null ? (
            <>
              <dt>{t("herPage.firstPeriod")}</dt>
              <dd>{t("herPage.firstPeriodValue", { amount: formatCents(page.firstPeriodCents) })}</dd>
            </>
          ) : null}
          <dt>{t("herPage.share")}</dt>
          <dd>
            <a href={page.sharePlan}>{t("herPage.shareWithDoctor")}</a>
          </dd>
          {page.card ? (
            <>
              <dt>{t("herPage.card")}</dt>
              <dd>
                {page.card}
                {canUpdateCard(page.state) ? (
                  <>
                    {" "}
                    <a href={`${page.address}/card`}>{t("herPage.updateCard")}</a>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {canChangeAddress(page.state) ? (
            <>
              <dt>{t("herPage.shipping")}</dt>
              <dd>
                <a href={`${page.address}/address`}>{t("herPage.changeAddress")}</a>
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      <HerHistory address={page.address} timeline={page.timeline} payments={page.payments} />

      {page.canCancel ? (
        <section className="panel" aria-labelledby="cancel-title">
          <h2 id="cancel-title">{t("herPage.cancelTitle")}</h2>
          <p>{t("herPage.cancelText")}</p>
          <p>
            <a className="button" href={`${page.address}/cancel`}>
              {t("herPage.cancelButton")}
            </a>
          </p>
        </section>
      ) : null}

      <section className="panel" aria-labelledby="your-data-title">
        <h2 id="your-data-title">{t("herPage.dataTitle")}</h2>
        <p>{t("herPage.dataText")}</p>
        <p>
          <a href={`${page.address}/data`}>{t("herPage.download")}</a>
        </p>
        <p>
          <a href={`${page.address}/delete`}>{t("herPage.delete")}</a>
        </p>
      </section>

      <section className="terms" aria-labelledby="terms-title">
        <h2 id="terms-title">{t("herPage.termsTitle")}</h2>
        <SubscriptionTermsList />
      </section>

      <HerSupport address={page.address} />
    </div>
  );
}
