// "Delete my data" (/subscription/{token}/delete): one confirmation page that says plainly what
// deleting does and what the law makes us keep, with her download offered first, and one
// button. A plain form: no script. Done, she lands on a page that needs no link, as hers stops
// working (app/routes/subscription.deleted.tsx).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { HerFormButtons, HerPanel, HerRefusal } from "../../components/her-result";
import { useT } from "../../components/i18n";
import type { MessageId } from "../../i18n/en";
import type { RouteHandle } from "../../route-handle";
import { deletePage, pressDelete } from "./delete-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herDelete.title" };

/** What deleting does, in the order she reads it. */
const happens = [
  "herDelete.happensEnds",
  "herDelete.happensErased",
  "herDelete.happensProvider",
  "herDelete.happensLink",
] as const satisfies readonly MessageId[];
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return deletePage(request, params.token ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return pressDelete(request, params.token ?? "");
}

export default function DeleteMyData() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const t = useT();
  return (
    <HerPanel title={t("herDelete.title")} reference={page.reference}>
      <HerRefusal refusal={refusal} />
      <p className="lead">{t("herDelete.intro")}</p>
      <p>
        <a className="button" href={page.download}>
          {t("herDelete.download")}
        </a>
      </p>
      <h2>{t("herDelete.whatHappens")}</h2>
      <ul className="erasure-list">
        {happens.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>
      <h2>{t("herDelete.whatStays")}</h2>
      <p>{t("herDelete.stays")}</p>
      <p>
        <strong>{t("herDelete.cannotUndo")}</strong>
      </p>
      <Form method="post" reloadDocument>
        <HerFormButtons submit={t("herDelete.confirm")} danger leave={[{ href: page.address, label: t("herDelete.keep") }]} />
      </Form>
    </HerPanel>
  );
}
