// Her private link (there are no accounts, spec section 6): /subscription/{token}, where the
// token names her subscription and its link generation, signed by the server. A uuid or an
// order reference alone opens nothing; asking for the link again makes a new generation, and
// every older link stops opening. The signature's key is derived from the session secret for
// this one purpose, so no other token of ours can pass for a link.
import { createHmac, timingSafeEqual } from "node:crypto";
import { authorisedOrdersByEmail } from "../db/stores/orders.server";
import { findSubscription, findSubscriptionByResponder, replaceLink, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { emailPayload } from "../mail/email-message.server";
import { publicUrl } from "../config.server";
import { sessionSecret } from "../session-secret.server";

const uuidHex = /^[0-9a-f]{32}$/;
const tokenPattern = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/;

function signature(subscriptionId: string, version: number): Buffer {
  const key = createHmac("sha256", sessionSecret()).update("subscription-link").digest();
  return createHmac("sha256", key).update(`${subscriptionId}.${version}`).digest();
}

/** The token of her current link. */
export function subscriptionLinkToken(subscription: Pick<SubscriptionRow, "id" | "linkVersion">): string {
  const id = Buffer.from(subscription.id.replace(/-/g, ""), "hex").toString("base64url");
  return `${id}.${subscription.linkVersion}.${signature(subscription.id, subscription.linkVersion).toString("base64url")}`;
}

export function subscriptionLinks(subscription: Pick<SubscriptionRow, "id" | "linkVersion">): { subscription: string; payment: string } {
  const page = `${publicUrl()}/subscription/${subscriptionLinkToken(subscription)}`;
  return { subscription: page, payment: `${page}/payment` };
}

export type LinkReading =
  | { status: "open"; subscription: SubscriptionRow }
  /** Not a token of ours, or changed: nothing is said about which order it might name. */
  | { status: "invalid" }
  /** Ours, but a newer link replaced it. */
  | { status: "replaced" };

export async function readSubscriptionLink(token: string): Promise<LinkReading> {
  const match = tokenPattern.exec(token);
  if (!match) return { status: "invalid" };
  const hex = Buffer.from(match[1]!, "base64url").toString("hex");
  // Only the one spelling of the id (its last character has spare bits too).
  if (!uuidHex.test(hex) || Buffer.from(hex, "hex").toString("base64url") !== match[1]) return { status: "invalid" };
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const version = Number(match[2]);
  // Compared as text: base64url's last character carries spare bits a decoder ignores, so two
  // spellings of one signature must not both open the page.
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(signature(id, version).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: "invalid" };
  const subscription = await findSubscription(id);
  if (!subscription) return { status: "invalid" };
  if (subscription.linkVersion !== version) return { status: "replaced" };
  return { status: "open", subscription };
}

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
