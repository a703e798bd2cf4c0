// The address of her plan's printable summary (/plan/{token}), to share with her own doctor:
// the flow's uuid, her link's generation and the day the link ends, signed by the server for
// this purpose only, so the uuid alone opens nothing and no other token of ours passes for it.
// Read-only: it shows the plan and nothing else.
//
// Her link's generation is her subscription's `linkVersion` (private-link.server.ts): asking
// for her private link again retires every plan link drawn before, as it retires the old
// private link. A plan before any order has no subscription, so its links are generation 0;
// they keep opening after she orders, until they end or she asks for a new private link (the
// first such ask moves her subscription from 1 to 2): the plan she showed her doctor before
// buying should not go dead the moment she buys, and one ask retires every link she let out.
// Every link ends `planLinkLifetimeDays` after it was drawn; her page and the checkout draw a
// fresh one each time they are shown.
import { createHmac, timingSafeEqual } from "node:crypto";
import { findSubscriptionByResponder, type SubscriptionRow } from "./db/stores/subscriptions.server";
import { publicUrl } from "./config.server";
import { sessionSecret } from "./session-secret.server";

export const planLinkLifetimeDays = 30;
const lifetimeMs = planLinkLifetimeDays * 24 * 60 * 60 * 1000;

/** The generation of a plan link drawn before any order. */
export const beforeOrderVersion = 0;
/** The generation a subscription's link starts at (the column's default). */
const firstSubscriptionVersion = 1;

// id . generation . end (seconds since 1970) . signature
const tokenPattern = /^([A-Za-z0-9_-]{22})\.(0|[1-9][0-9]{0,8})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;
// The first links, signed over the uuid alone: read only to say they have ended.
const unversionedPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signingKey(): Buffer {
  return createHmac("sha256", sessionSecret()).update("plan-summary").digest();
}

function signature(signed: string): string {
  return createHmac("sha256", signingKey()).update(signed).digest("base64url");
}

/** Compared as text: base64url's last character carries spare bits a decoder ignores. */
function signatureMatches(given: string, signed: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(signature(signed));
  return a.length === b.length && timingSafeEqual(a, b);
}

function idOf(responderUuid: string): string {
  return Buffer.from(responderUuid.replace(/-/g, ""), "hex").toString("base64url");
}

/** The uuid an id spells, or undefined: only the one spelling of it (its last character has spare bits too). */
function uuidOf(id: string): string | undefined {
  const hex = Buffer.from(id, "base64url").toString("hex");
  if (!/^[0-9a-f]{32}$/.test(hex) || Buffer.from(hex, "hex").toString("base64url") !== id) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A plan link for this generation, ending planLinkLifetimeDays after `now`. */
export function planSummaryToken(responderUuid: string, linkVersion: number = beforeOrderVersion, now: Date = new Date()): string {
  const endsAt = Math.ceil((now.getTime() + lifetimeMs) / 1000);
  const signed = `${responderUuid}.${linkVersion}.${endsAt}`;
  return `${idOf(responderUuid)}.${linkVersion}.${endsAt}.${signature(signed)}`;
}

export const planSummaryPath = (responderUuid: string, linkVersion?: number, now?: Date) =>
  `/plan/${planSummaryToken(responderUuid, linkVersion, now)}`;
export const planSummaryUrl = (responderUuid: string, linkVersion?: number, now?: Date) =>
  `${publicUrl()}${planSummaryPath(responderUuid, linkVersion, now)}`;

export type PlanLinkReading =
  /** Her order's subscription when there is one: what the doctor email and a fresh link need. */
  | { status: "open"; responderUuid: string; subscription: SubscriptionRow | undefined }
  /** Not a token of ours, or changed: nothing is said about which plan it might name. */
  | { status: "invalid" }
  /** Ours, but past its end or retired by a newer private link; `ordered` says where a new one is. */
  | { status: "ended"; responderUuid: string; ordered: boolean };

export async function readPlanLink(token: string, now: Date = new Date()): Promise<PlanLinkReading> {
  const unversioned = unversionedPattern.exec(token);
  if (unversioned) {
    const responderUuid = uuidOf(unversioned[1]!);
    if (!responderUuid || !signatureMatches(unversioned[2]!, responderUuid)) return { status: "invalid" };
    return { status: "ended", responderUuid, ordered: (await findSubscriptionByResponder(responderUuid)) !== undefined };
  }
  const match = tokenPattern.exec(token);
  if (!match) return { status: "invalid" };
  const responderUuid = uuidOf(match[1]!);
  const version = Number(match[2]);
  const endsAt = Number(match[3]);
  if (!responderUuid || !signatureMatches(match[4]!, `${responderUuid}.${version}.${endsAt}`)) return { status: "invalid" };
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
