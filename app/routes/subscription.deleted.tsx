// Her data deleted (/subscription/deleted): the page "Delete my data" lands on. It needs no
// link, as hers no longer works, and it holds nothing of hers: her order's reference, when the
// address names one, for her to quote if she calls (a reference alone opens nothing). Its
// language is the page's (root: the address's `lang`, else her session's).
import type { ReactNode } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Rich, useEntryHref, useT } from "../components/i18n";
import { contact } from "../funnel/marketing";
import { readOrderReference } from "../funnel/subscription-life";
import type { RouteHandle } from "../route-handle";

export { headers } from "../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "dataDeleted.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export function loader({ request }: LoaderFunctionArgs) {
  const typed = new URL(request.url).searchParams.get("reference") ?? "";
  return { reference: typed.length <= 20 ? (readOrderReference(typed) ?? null) : null };
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function HerDataDeleted() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const home = useEntryHref("/");
  return (
    <div className="step her-subscription">
      <section className="panel narrow" role="status" aria-labelledby="page-title">
        <h1 id="page-title">{t("dataDeleted.title")}</h1>
        {page.reference ? (
          <p className="order-reference">
            <Rich id="dataDeleted.reference" values={{ reference: page.reference, strong }} />
          </p>
        ) : null}
        <p className="lead">{t("dataDeleted.text")}</p>
        <p>{t("dataDeleted.noEmail")}</p>
        <p>
          <Rich
            id="dataDeleted.questions"
            values={{
              phone: <a href={contact.phoneHref}>{contact.phoneDisplay}</a>,
              email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
            }}
          />
        </p>
        <p>
          <a className="button" href={home}>
            {t("dataDeleted.home")}
          </a>
        </p>
      </section>
    </div>
  );
}
