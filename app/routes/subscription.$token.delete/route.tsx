// "Delete my data" (/subscription/{token}/delete): one confirmation page that says plainly what
// deleting does and what the law makes us keep, with her download offered first, and one
// button. A plain form: no script. Done, she lands on a page that needs no link, as hers stops
// working (app/routes/subscription.deleted.tsx).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { erasureWords } from "../../funnel/her-erasure";
import type { RouteHandle } from "../../route-handle";
import { deletePage, pressDelete } from "./delete-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: erasureWords.title };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ params }: LoaderFunctionArgs) {
  return deletePage(params.token ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return pressDelete(request, params.token ?? "");
}

export default function DeleteMyData() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">{erasureWords.title}</h1>
        <p className="order-reference">
          Order reference <strong>{page.reference}</strong>
        </p>
        {refusal ? (
          <div className="error-summary" role="alert" tabIndex={-1}>
            <p>{refusal.message}</p>
          </div>
        ) : null}
        <p className="lead">{erasureWords.intro}</p>
        <p>
          <a className="button" href={page.download}>
            {erasureWords.download}
          </a>
        </p>
        <h2>{erasureWords.whatHappens}</h2>
        <ul className="erasure-list">
          {erasureWords.happens.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h2>{erasureWords.whatStays}</h2>
        <p>{erasureWords.stays}</p>
        <p>
          <strong>{erasureWords.cannotUndo}</strong>
        </p>
        <Form method="post" reloadDocument>
          <div className="button-row">
            <button type="submit" className="button button-danger">
              {erasureWords.confirm}
            </button>
            <a className="button" href={page.address}>
              {erasureWords.keep}
            </a>
          </div>
        </Form>
      </section>
    </div>
  );
}
