// Her private link (no accounts, spec section 6): a token naming her subscription and link
// generation, signed for this purpose only; a uuid or reference alone opens nothing.
//
// One generation opens (`linkVersion`), older ones answer 410. A link asked for by email (anyone
// knowing her email can) sends a newer generation that waits (`newestLinkVersion`) until first
// opened, so strangers' requests retire nothing she uses. A request from her own page (or
// support's) retires every older link at once.
import { findSubscription, openLinkVersion, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { publicUrl } from "../config.server";
import { idOfUuid, signerFor, uuidOfId } from "../secrets/signed-link.server";

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/;

const subscriptionLinkSigner = signerFor({ key: "subscription-link" });

/** Or of the generation given. */
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
  /** Nothing is said about which order it might name. */
  | { status: "invalid" }
  | { status: "replaced" }
  /** Opens nothing any more, and says no more. */
  | { status: "erased" };

export async function readSubscriptionLink(token: string): Promise<LinkReading> {
  const match = tokenPattern.exec(token);
  if (!match) return { status: "invalid" };
  const id = uuidOfId(match[1]!);
  const version = Number(match[2]);
  if (!id || !subscriptionLinkSigner.matches(match[3]!, `${id}.${version}`)) return { status: "invalid" };
  const subscription = await findSubscription(id);
  if (!subscription) return { status: "invalid" };
  const reading = readingOf(subscription, version);
  if (reading !== "first open") return reading;
  // A generation sent, first opened now: it becomes current. Of two opens at once one moves it, the other reads that.
  const opened = await openLinkVersion(id, version);
  if (opened) return { status: "open", subscription: opened };
  const now = await findSubscription(id);
  const again = now ? readingOf(now, version) : ({ status: "invalid" } as const);
  return again === "first open" ? { status: "invalid" } : again;
}

function readingOf(subscription: SubscriptionRow, version: number): LinkReading | "first open" {
  // Before the generation: "replaced" would send her to ask for a new link, which nothing can answer now.
  if (subscription.erasedAt !== null) return { status: "erased" };
  if (version === subscription.linkVersion) return { status: "open", subscription };
  if (version < subscription.linkVersion) return { status: "replaced" };
  // Signed by us, so only a changed server could make one.
  if (version > subscription.newestLinkVersion) return { status: "invalid" };
  return "first open";
}
