// Which flow a checkout page (selection, pre-checkout, final checkout) shows
// (docs/decisions/0005-plan-change.md has the why):
// - a uuid in the path that this browser owns: that flow;
// - a uuid that nobody has started (the external intake handing a new visitor over): it
//   becomes this browser's;
// - a uuid someone else has: the page without it, so it reveals nothing;
// - no uuid: the browser's current flow, else a new flow claimed by her first click.
import { randomUUID } from "node:crypto";
import { utmParamNames, withQuery } from "../../funnel/tracking";
import type { Variant } from "../../funnel/variant";
import { newFlowClaim } from "./flow-claim.server";
import { flowVariant } from "../db/stores/flow-variants.server";
import { findFunnelRecord } from "../db/stores/funnel-records.server";
import { eq } from "drizzle-orm";
import { database } from "../db/client.server";
import {
  checkoutCarts,
  funnelRecords,
  orders,
  planSelections,
  preCheckoutDetails,
  shippingAddresses,
  tokenArrivals,
} from "../db/schema.server";
import { isResponderUuid, type Visitor } from "../visitor/visitor.server";

type ElsewhereFlow = { redirectTo: string; responderUuid?: undefined; variant?: undefined; flowClaim?: undefined };
/**
 * The flow the page shows. `variant` when known without a read (a flow new or just claimed);
 * for a flow this browser already owns it is left for the page to read with the rest of what
 * it shows. `flowClaim`: a new visitor's flow, nothing kept yet, claimed by her first click.
 */
type FoundFlow = { responderUuid: string; variant?: Variant; flowClaim?: string; redirectTo?: undefined };

export type CheckoutFlow = FoundFlow | ElsewhereFlow;

export function searchWithout(request: Request, ...names: string[]): string {
  const search = new URL(request.url).searchParams;
  for (const name of names) search.delete(name);
  const text = search.toString();
  return text ? `?${text}` : "";
}

export type CheckoutStep = "checkout" | "pre-checkout" | "final-checkout";

export async function checkoutFlow(
  visitor: Visitor,
  request: Request,
  pathUuid: string | undefined,
  step: CheckoutStep,
): Promise<CheckoutFlow> {
  if (pathUuid) {
    const owned = visitor.ownedUuid(pathUuid);
    if (owned) return { responderUuid: owned };
    if (isResponderUuid(pathUuid) && (await claimUnstartedFlow(pathUuid.toLowerCase()))) {
      const responderUuid = visitor.claim(pathUuid.toLowerCase());
      return { responderUuid, variant: await flowVariant(responderUuid, visitor.variant) };
    }
    return { redirectTo: `/${step}${searchWithout(request, "responderUuid", "responder_uuid")}` };
  }
  const current = visitor.currentUuid;
  if (current) return { redirectTo: `/${step}/${current}${searchWithout(request, "index")}` };
  // Nothing is written until her first click claims the flow; it then keeps her variant.
  const responderUuid = randomUUID();
  return { responderUuid, variant: visitor.variant, flowClaim: newFlowClaim(responderUuid) };
}

/** Back to the same place on the page after a click: each post answers with a redirect to a page (POST/redirect/GET). */
export function pageAddress(request: Request, responderUuid: string, anchor: string): string {
  return `/checkout/${responderUuid}${searchWithout(request, "index")}#${anchor}`;
}

/** Spec section 4: on to pre-checkout with referral_code, email_address and the stored UTMs. */
export async function preCheckoutAddress(visitor: Visitor, responderUuid: string): Promise<string> {
  const params = onwardParams(visitor);
  params.email_address = visitor.trackingParams.email_address ?? (await findFunnelRecord(responderUuid))?.emailAddress ?? undefined;
  return withQuery(`/pre-checkout/${responderUuid}`, params);
}

/** The tracking params a checkout page carries onward: the referral code and the UTMs. */
function onwardParams(visitor: Visitor): Record<string, string | undefined> {
  const tracking = visitor.trackingParams;
  const params: Record<string, string | undefined> = { referral_code: tracking.referral_code };
  for (const name of utmParamNames) params[name] = tracking[name];
  return params;
}

/** "Back to Medication Selection". */
export function selectionAddress(visitor: Visitor, responderUuid: string | undefined): string {
  return withQuery(responderUuid ? `/checkout/${responderUuid}` : "/checkout", onwardParams(visitor));
}

/** Spec section 4: after pre-checkout, on to final-checkout/{uuid}. */
export function finalCheckoutAddress(visitor: Visitor, responderUuid: string): string {
  return withQuery(`/final-checkout/${responderUuid}`, onwardParams(visitor));
}

/**
 * A visitor arriving from the external intake with a uuid this browser does not own may take
 * it only while nobody has: nothing at all is kept for it yet (no funnel record, details, token
 * arrival, cart or order; the plan row is checked by the insert). Claiming writes the row
 * first, so of two browsers racing, one wins.
 */
export async function claimUnstartedFlow(responderUuid: string): Promise<boolean> {
  const db = await database();
  const keptFor = [funnelRecords, preCheckoutDetails, tokenArrivals, checkoutCarts, shippingAddresses, orders];
  const found = await Promise.all(
    keptFor.map((table) =>
      db.select({ responderUuid: table.responderUuid }).from(table).where(eq(table.responderUuid, responderUuid)).limit(1),
    ),
  );
  if (found.some((rows) => rows.length > 0)) return false;
  const inserted = await db
    .insert(planSelections)
    .values({ responderUuid })
    .onConflictDoNothing({ target: planSelections.responderUuid })
    .returning({ responderUuid: planSelections.responderUuid });
  return inserted.length === 1;
}
