// A new private link sent to her, written with its email in one transaction. Asked for at
// /subscription by email, which anyone who knows her email can do, the new link waits: her
// links keep opening until it is first opened (private-link.server.ts). Asked for from her own
// page, by whoever holds the link that opens, it retires every older link at once.
import { emailPayload } from "../../funnel/email-messages";
import { authorisedOrdersByEmail } from "../db/stores/orders.server";
import { findSubscriptionByResponder, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { offerLink, replaceLink } from "./transitions.server";

/**
 * Her lost link: each order placed with `email` gets a new link, sent to that address (never
 * shown on the page, which says the same whether or not there is any).
 */
export async function sendLinksTo(email: string, at: Date): Promise<number> {
  let sent = 0;
  for (const order of await authorisedOrdersByEmail(email)) {
    const subscription = await findSubscriptionByResponder(order.responderUuid);
    if (!subscription) continue;
    await offerLink(subscription.id, (version) => ({
      kind: "email",
      payload: { ...emailPayload(subscription.reference, "your_link", at), link_version: version },
    }));
    sent++;
  }
  return sent;
}

/** Her new link asked for from her own page: it opens at once, and every older link stops opening. */
export async function sendNewLinkFromHerPage(subscription: Pick<SubscriptionRow, "id" | "reference">, at: Date): Promise<void> {
  await replaceLink(subscription.id, { kind: "email", payload: emailPayload(subscription.reference, "your_link", at) });
}
