// One receipt of hers (/subscription/{token}/receipts/{paymentId}): a payment taken or a refund
// made on her order, itemised for her HSA or FSA and printable on one page. No script: she
// prints it with her browser's own command. Any other payment id is refused as her pages
// refuse (404), so an address says nothing of another order.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "../../route-handle";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";
import { herReceipt } from "./receipt.server";
import { ReceiptView } from "./receipt-view";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "receipt.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const back = `/subscription/${params.token}`;
  const receipt = await herReceipt(subscription, params.paymentId, back, translator(herLanguage(request, subscription)));
  return data({ receipt, back }, { headers: privatePageHeaders });
}

export default function ReceiptPage() {
  const { receipt, back } = useLoaderData<typeof loader>();
  return <ReceiptView receipt={receipt} back={back} />;
}
