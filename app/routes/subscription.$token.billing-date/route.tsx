// Her billing date from her link (/subscription/{token}/billing-date): move it later by 1 to 8
// weeks, skip a period, move a change back, or ship sooner, each shown with the date it leads
// to before she presses, by the rules the page states. Plain forms: no script.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary } from "../../components/error-summary";
import { HerPanel, HerResult } from "../../components/her-result";
import { Rich, useT } from "../../components/i18n";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";
import { billingDateAction, billingDatePage } from "./billing-date-page.server";
import { BillingDateChoices } from "./billing-date-choices";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herBillingDate.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const changed = new URL(request.url).searchParams.get("changed") === "1";
  const t = translator(herLanguage(request, subscription));
  return data(await billingDatePage(subscription, params.token!, changed, t), { headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  return billingDateAction(request, subscription, params.token!, translator(herLanguage(request, subscription)));
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function BillingDate() {
  const page = useLoaderData<typeof loader>();
  const form = useFormReply({ id: "move-date", names: ["weeks"] as const });
  const t = useT();
  if (page.done) {
    return (
      <HerResult title={t("herBillingDate.doneTitle")} text={page.done} back={page.back}>
        <p>{t("herPage.emailed")}</p>
      </HerResult>
    );
  }
  return (
    <HerPanel title={t("herBillingDate.title")} reference={page.reference}>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      {page.nextBilling ? (
        <p className="lead">
          <Rich id="herBillingDate.next" values={{ ...page.nextBilling, strong }} />
        </p>
      ) : null}
      {page.closed ? <p>{page.closed}</p> : <BillingDateChoices page={page} weeks={form.fields.weeks} />}
      <p>
        <a className="button" href={page.back}>
          {t("herPage.back")}
        </a>
      </p>
    </HerPanel>
  );
}
