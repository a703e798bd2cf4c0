// Cancel online, as easy as buying (spec section 9's terms): one page that says what
// cancelling does right now, offers a break instead when her date can still move (in
// Minnesota not before she cancels: the result asks whether she would like to hear of one),
// asks why (optional), and cancels with one press; then the result in plain words. The
// provider hears of it and she gets the cancelled email (both through the outbox, with the
// transition).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { HerPanel, HerResult } from "../../components/her-result";
import { useT } from "../../components/i18n";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";
import { cancelAction, cancelPage } from "./cancel-page.server";
import { CancelForm, PauseOfferBox } from "./cancel-form";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herCancel.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const t = translator(herLanguage(request, subscription));
  return data(await cancelPage(subscription, params.token!, t), { headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  return cancelAction(request, subscription, params.token!, translator(herLanguage(request, subscription)));
}

export default function CancelSubscription() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const form = useFormReply({ id: "cancel", names: ["reason", "note"] as const });
  const t = useT();
  if (result?.done) {
    return (
      <HerResult title={t("herCancel.title")} text={result.text} back={result.address}>
        {result.emailed ? <p>{t("herPage.emailed")}</p> : null}
        {result.askOffer ? (
          <p>
            {t("herCancel.offerAsk")} <a href={result.askOffer}>{t("herCancel.offerAskLink")}</a>
          </p>
        ) : null}
      </HerResult>
    );
  }
  return (
    <HerPanel title={t("herCancel.title")} reference={page.reference}>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      <p className="lead">{page.preview.text}</p>
      {page.preview.can ? (
        <>
          {page.pause ? <PauseOfferBox offer={page.pause} /> : null}
          <CancelForm fields={form.fields} back={page.address} />
        </>
      ) : (
        <p>
          <a className="button" href={page.address}>
            {t("herPage.back")}
          </a>
        </p>
      )}
    </HerPanel>
  );
}
