// The sandbox's stand-in for a bank's 3-D Secure page: only in sandbox mode, only for the
// browser whose order is waiting for it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useT } from "../components/i18n";
import type { RouteHandle } from "../route-handle";
import { readForm } from "../server/http/form-body.server";
import { resumeOrder } from "../server/checkout/place-order.server";
import { findOrderByPaymentReference } from "../server/db/stores/orders.server";
import { paymentGateway } from "../server/payments/index.server";
import { requireFlow } from "../server/flow/require-flow.server";
import { clientCatalogue } from "../i18n/messages";

export const handle: RouteHandle = { title: "sandbox.pageTitle" };

// A 404 with no message of its own: the error page says it in the visitor's language.
const notFound = () => data(null, { status: 404 });

async function waitingOrder(request: Request, reference: string | undefined) {
  if (paymentGateway().kind !== "sandbox" || !reference) throw notFound();
  const order = await findOrderByPaymentReference(reference);
  if (!order) throw notFound();
  // Only the browser whose flow the order is (a 404 for any other).
  const { visitor } = await requireFlow(request, { responderUuid: order.responderUuid }, "sandbox-authentication");
  return { visitor, order };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { visitor, order } = await waitingOrder(request, params.reference);
  if (order.status !== "requires_action") throw await visitor.redirect(`/final-checkout/${order.responderUuid}`);
  // A hydrated page (the final checkout, her card page) comes here by a redirect its script
  // follows, so the page is drawn in the browser: it needs its words there.
  return { clientMessages: clientCatalogue(visitor.language, ["sandbox"]) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { visitor, order } = await waitingOrder(request, params.reference);
  const authenticated = formData.get("outcome") === "complete";
  const result = await paymentGateway().resume(order.paymentReference!, { authenticated });
  const outcome = await resumeOrder(order, result);
  return visitor.redirect(
    outcome.status === "authorised" ? `/payment-complete/${order.responderUuid}` : `/final-checkout/${order.responderUuid}#payment-failure`,
  );
}

export default function SandboxAuthentication() {
  const t = useT();
  return (
    <div className="step">
      <section className="panel narrow" aria-labelledby="page-title">
        <p className="eyebrow">{t("sandbox.eyebrow")}</p>
        <h1 id="page-title">{t("sandbox.title")}</h1>
        <p>{t("sandbox.body")}</p>
        <Form method="post" className="sandbox-actions">
          <button type="submit" name="outcome" value="complete" className="button button-primary">
            {t("sandbox.complete")}
          </button>
          <button type="submit" name="outcome" value="fail" className="button button-secondary">
            {t("sandbox.fail")}
          </button>
        </Form>
      </section>
    </div>
  );
}
