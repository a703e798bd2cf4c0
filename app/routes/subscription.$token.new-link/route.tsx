// "Ask for a new link" from her own page (/subscription/{token}/new-link): what asking does, and
// one button. A plain form: no script. Done, she lands on the lost-link page, which says the new
// link is sent, as this one no longer opens.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { HerFormButtons, HerPanel, HerRefusal } from "../../components/her-result";
import { useT } from "../../components/i18n";
import type { RouteHandle } from "../../route-handle";
import { newLinkPage, pressNewLink } from "./new-link-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herNewLink.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return newLinkPage(request, params.token ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return pressNewLink(request, params.token ?? "");
}

export default function HerNewLink() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const t = useT();
  return (
    <HerPanel title={t("herNewLink.title")} reference={page.reference}>
      <HerRefusal refusal={refusal} />
      <p className="lead">{t("herNewLink.intro")}</p>
      <Form method="post" reloadDocument>
        <HerFormButtons submit={t("herNewLink.confirm")} leave={[{ href: page.address, label: t("herNewLink.keep") }]} />
      </Form>
    </HerPanel>
  );
}
