// Where Stripe's hosted Checkout page sends her back (?session_id=), for visitors who paid
// without JavaScript. Only the browser that owns the flow, only for the session its order is
// waiting on: the session is retrieved from Stripe (never trusted from the address), its
// result recorded, and she goes on to the payment-complete page or back to the checkout,
// where the failure message shows from the order. Anything else goes back to the checkout.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { resumeOrder } from "../server/checkout/place-order.server";
import { findOrder } from "../server/db/stores/orders.server";
import { paymentGateway } from "../server/payments/index.server";
import { requireFlow } from "../server/flow/require-flow.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // A flow not hers: back to the checkout's address, which shows nothing of it.
  const { visitor, responderUuid } = await requireFlow(request, params, "payment-return");
  const backToCheckout = `/final-checkout/${responderUuid}`;

  const sessionId = new URL(request.url).searchParams.get("session_id");
  const gateway = paymentGateway();
  const order = await findOrder(responderUuid);
  if (
    !sessionId ||
    !gateway.resumeHostedCheckout ||
    order?.status !== "requires_action" ||
    order.gateway !== gateway.kind ||
    order.paymentReference !== sessionId
  ) {
    return visitor.redirect(backToCheckout);
  }

  const outcome = await resumeOrder(order, await gateway.resumeHostedCheckout(sessionId));
  return visitor.redirect(outcome.status === "authorised" ? `/payment-complete/${responderUuid}` : `${backToCheckout}#payment-failure`);
}
