import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "../route-handle";
import { entryPageHeaders } from "../server/http/entry-pages.server";
import { keepsTrackingParams } from "../server/visitor/tracking-visit.server";
import { keepEntryPageHeaders } from "../route-headers";

export const handle: RouteHandle = { title: "404 Page Not Found" };

export const headers = keepEntryPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  // Tracking params are kept from any URL (spec section 4), even one that leads nowhere.
  const kept = await keepsTrackingParams(request);
  return data(null, { status: 404, headers: kept ?? entryPageHeaders("not-found", request) });
}

export default function NotFound() {
  return (
    <section className="panel narrow">
      <h1>404 Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <a className="button button-primary" href="/welcome">
          Go to the start
        </a>
      </p>
    </section>
  );
}
