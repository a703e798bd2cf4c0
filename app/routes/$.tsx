import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useEntryHref, useT } from "../components/i18n";
import type { RouteHandle } from "../route-handle";
import { entryPageHeaders } from "../server/http/entry-pages.server";
import { headersKeepingTrackingParams } from "../server/visitor/tracking-visit.server";
import { keepEntryPageHeaders } from "../route-headers";

export const handle: RouteHandle = { title: "errorPage.notFoundTitle" };

export const headers = keepEntryPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  // Tracking params are kept from any URL (spec section 4), even one that leads nowhere.
  const kept = await headersKeepingTrackingParams(request);
  return data(null, { status: 404, headers: kept ?? entryPageHeaders("not-found", request) });
}

export default function NotFound() {
  const t = useT();
  return (
    <section className="panel narrow">
      <h1>{t("errorPage.notFoundTitle")}</h1>
      <p>{t("errorPage.notFoundOrMoved")}</p>
      <p>
        <a className="button button-primary" href={useEntryHref("/welcome")}>
          {t("errorPage.start")}
        </a>
      </p>
    </section>
  );
}
