// Her private link (there are no accounts, spec section 6): /subscription/{token}, where the
// token names her subscription and its link generation, signed by the server. A uuid or an
// order reference alone opens nothing. The signature's key is derived from the session secret
// for this one purpose, so no other token of ours can pass for a link.
//
// One generation opens (`linkVersion`); every older link answers 410. Asking for the link again
// by email (send-links.server.ts), which anyone who knows her email can do, sends a generation
// above it that waits (`newestLinkVersion`): her links keep opening until a newer one is first
// opened, which then becomes the one that opens (older ones retire; newer ones sent still
// wait). So strangers' requests, however many, retire nothing she uses; only opening a link
// from her inbox does. A request from her own page, holding the link that opens, retires every
// older link at once, as support's does.
import { findSubscription, openLinkVersion, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { publicUrl } from "../config.server";
import { idOfUuid, signerFor, uuidOfId } from "../secrets/signed-link.server";

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/;

const subscriptionLinkSigner = signerFor({ key: "subscription-link" });

/** The token of her current link (or of the generation given). */
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
  const reading = readingOf(subscription, version);
  if (reading !== "first open") return reading;
  // A generation sent and not yet opened: this first open makes it current. Of two opens at
  // once one moves it, and the other reads what that made.
  const opened = await openLinkVersion(id, version);
  if (opened) return { status: "open", subscription: opened };
  const now = await findSubscription(id);
  const again = now ? readingOf(now, version) : ({ status: "invalid" } as const);
  return again === "first open" ? { status: "invalid" } : again;
}

function readingOf(subscription: SubscriptionRow, version: number): LinkReading | "first open" {
  // Before the generation: erasing retires her link too, and "replaced" would send her to ask
  // for a new one, which nothing can answer now.
  if (subscription.erasedAt !== null) return { status: "erased" };
  if (version === subscription.linkVersion) return { status: "open", subscription };
  if (version < subscription.linkVersion) return { status: "replaced" };
  // A generation never sent: signed by us, so only a changed server could make one.
  if (version > subscription.newestLinkVersion) return { status: "invalid" };
  return "first open";
}
