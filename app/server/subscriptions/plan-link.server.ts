// Her plan's printable summary (/plan/{token}) to share with her doctor: uuid, link generation and
// end day, signed for this purpose only, so the uuid alone opens nothing. Read-only.
//
// The generation is her subscription's `linkVersion` (private-link.server.ts): a new private link,
// once opened, retires every plan link drawn before. Plan links drawn before any order are
// generation 0 and keep opening after she orders, until they end or a new private link opens:
// the plan she showed her doctor should not die the moment she buys, and one new link retires all.
// Links end `planLinkLifetimeDays` after drawn; her pages draw a fresh one each time.
import { findSubscriptionByResponder, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { publicUrl } from "../config.server";
import { idOfUuid, signerFor, uuidOfId } from "../secrets/signed-link.server";

export const planLinkLifetimeDays = 30;
const lifetimeMs = planLinkLifetimeDays * 24 * 60 * 60 * 1000;

export const beforeOrderVersion = 0;
/** The column's default. */
const firstSubscriptionVersion = 1;

// id . generation . end (seconds since 1970) . signature
const tokenPattern = /^([A-Za-z0-9_-]{22})\.(0|[1-9][0-9]{0,8})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;
// The first links, signed over the uuid alone: read only to say they have ended.
const unversionedPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const planLinks = signerFor({ key: "plan-summary" });

/** Ending at the start of that minute, so views within a minute draw the same link and the same page (drawn-pages.server.ts). */
export function planSummaryToken(responderUuid: string, linkVersion: number = beforeOrderVersion, now: Date = new Date()): string {
  const endsAt = Math.floor((now.getTime() + lifetimeMs) / 60_000) * 60;
  const signed = `${responderUuid}.${linkVersion}.${endsAt}`;
  return `${idOfUuid(responderUuid)}.${linkVersion}.${endsAt}.${planLinks.sign(signed)}`;
}

export const planSummaryPath = (responderUuid: string, linkVersion?: number, now?: Date) =>
  `/plan/${planSummaryToken(responderUuid, linkVersion, now)}`;
export const planSummaryUrl = (responderUuid: string, linkVersion?: number, now?: Date) =>
  `${publicUrl()}${planSummaryPath(responderUuid, linkVersion, now)}`;

export type PlanLinkReading =
  /** What the doctor email and a fresh link need. */
  | { status: "open"; responderUuid: string; subscription: SubscriptionRow | undefined }
  /** Nothing is said about which plan it might name. */
  | { status: "invalid" }
  /** Past its end or retired; `ordered` says where a new one is. */
  | { status: "ended"; responderUuid: string; ordered: boolean };

export async function readPlanLink(token: string, now: Date = new Date()): Promise<PlanLinkReading> {
  const unversioned = unversionedPattern.exec(token);
  if (unversioned) {
    const responderUuid = uuidOfId(unversioned[1]!);
    if (!responderUuid || !planLinks.matches(unversioned[2]!, responderUuid)) return { status: "invalid" };
    return { status: "ended", responderUuid, ordered: (await findSubscriptionByResponder(responderUuid)) !== undefined };
  }
  const match = tokenPattern.exec(token);
  if (!match) return { status: "invalid" };
  const responderUuid = uuidOfId(match[1]!);
  const version = Number(match[2]);
  const endsAt = Number(match[3]);
  if (!responderUuid || !planLinks.matches(match[4]!, `${responderUuid}.${version}.${endsAt}`)) return { status: "invalid" };
  const subscription = await findSubscriptionByResponder(responderUuid);
  // A generation her subscription never had (the row is gone): nothing to say about it.
  if (version > beforeOrderVersion && (!subscription || version > subscription.linkVersion)) return { status: "invalid" };
  const current =
    version === beforeOrderVersion
      ? !subscription || subscription.linkVersion === firstSubscriptionVersion
      : subscription!.linkVersion === version;
  if (!current || endsAt * 1000 <= now.getTime()) return { status: "ended", responderUuid, ordered: subscription !== undefined };
  return { status: "open", responderUuid, subscription };
}
