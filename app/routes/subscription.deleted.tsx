// Her data deleted (/subscription/deleted): the page "Delete my data" lands on. It needs no
// link, as hers no longer works, and it holds nothing of hers: her order's reference, when the
// address names one, for her to quote if she calls (a reference alone opens nothing).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contact } from "../funnel/marketing";
import { erasureWords } from "../funnel/her-erasure";
import { readOrderReference } from "../funnel/subscription-life";
import type { RouteHandle } from "../route-handle";

export { headers } from "../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: erasureWords.done };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export function loader({ request }: LoaderFunctionArgs) {
  const typed = new URL(request.url).searchParams.get("reference") ?? "";
  return { reference: typed.length <= 20 ? (readOrderReference(typed) ?? null) : null };
}

export default function HerDataDeleted() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="step her-subscription">
      <section className="panel narrow" role="status" aria-labelledby="page-title">
        <h1 id="page-title">{erasureWords.done}</h1>
        {page.reference ? (
          <p className="order-reference">
            Order reference <strong>{page.reference}</strong>
          </p>
        ) : null}
        <p className="lead">{erasureWords.doneText}</p>
        <p>{erasureWords.doneNoEmail}</p>
        <p>
          {erasureWords.doneQuestions} Call <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
        <p>
          <a className="button" href="/">
            Go to the home page
          </a>
        </p>
      </section>
    </div>
  );
}
