// Her private link (there are no accounts, spec section 6): /subscription/{token}, where the
// token names her subscription and its link generation, signed by the server. A uuid or an
// order reference alone opens nothing; asking for the link again makes a new generation
// (send-links.server.ts), and every older link stops opening. The signature's key is derived
// from the session secret for this one purpose, so no other token of ours can pass for a link.
import { findSubscription, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { publicUrl } from "../config.server";
import { idOfUuid, signerFor, uuidOfId } from "../secrets/signed-link.server";

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/;

const subscriptionLinkSigner = signerFor({ key: "subscription-link" });

/** The token of her current link. */
export function subscriptionLinkToken(subscription: Pick<SubscriptionRow, "id" | "linkVersion">): string {
  const { id, linkVersion } = subscription;
  return `${idOfUuid(id)}.${linkVersion}.${subscriptionLinkSigner.sign(`${id}.${linkVersion}`)}`;
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
  | { status: "replaced" }
  /** Her data was deleted at her request: the link opens nothing any more, and says no more. */
  | { status: "erased" };

export async function readSubscriptionLink(token: string): Promise<LinkReading> {
  const match = tokenPattern.exec(token);
  if (!match) return { status: "invalid" };
  const id = uuidOfId(match[1]!);
  const version = Number(match[2]);
  if (!id || !subscriptionLinkSigner.matches(match[3]!, `${id}.${version}`)) return { status: "invalid" };
  const subscription = await findSubscription(id);
  if (!subscription) return { status: "invalid" };
  // Before the generation: erasing retires her link too, and "replaced" would send her to ask
  // for a new one, which nothing can answer now.
  if (subscription.erasedAt !== null) return { status: "erased" };
  if (subscription.linkVersion !== version) return { status: "replaced" };
  return { status: "open", subscription };
}
