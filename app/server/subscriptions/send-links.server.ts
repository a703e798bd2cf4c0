// Her lost link, asked for again at /subscription: a new generation of each order's private
// link (private-link.server.ts; every older link stops opening), written with its email in one
// transaction.
import { emailPayload } from "../../funnel/email-messages";
import { authorisedOrdersByEmail } from "../db/stores/orders.server";
import { findSubscriptionByResponder } from "../db/stores/subscriptions.server";
import { replaceLink } from "./transitions.server";

/**
 * Her lost link: each order placed with `email` gets a new link, sent to that address (never
 * shown on the page, which says the same whether or not there is any).
 */
export async function sendLinksTo(email: string, at: Date): Promise<number> {
  let sent = 0;
  for (const order of await authorisedOrdersByEmail(email)) {
    const subscription = await findSubscriptionByResponder(order.responderUuid);
    if (!subscription) continue;
    await replaceLink(subscription.id, { kind: "email", payload: emailPayload(subscription.reference, "your_link", at) });
    sent++;
  }
  return sent;
}
