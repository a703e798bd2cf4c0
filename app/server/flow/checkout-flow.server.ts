// Which flow a checkout page shows (the why: docs/decisions/0005-plan-change.md): a uuid this
// browser owns, that flow; one nobody has started (the intake handing her over), hers now; one
// someone else has, the page without it, revealing nothing; none, her current flow, else a new
// one claimed by her first click.
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
/** `variant` when known without a read; for an owned flow the page reads it with the rest. `flowClaim`: nothing kept yet, claimed by her first click. */
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

/** POST/redirect/GET back to the same place on the page. */
export function pageAddress(request: Request, responderUuid: string, anchor: string): string {
  return `/checkout/${responderUuid}${searchWithout(request, "index")}#${anchor}`;
}

/** Spec section 4: on to pre-checkout with referral_code, email_address and the stored UTMs. */
export async function preCheckoutAddress(visitor: Visitor, responderUuid: string): Promise<string> {
  const params = onwardParams(visitor);
  params.email_address = visitor.trackingParams.email_address ?? (await findFunnelRecord(responderUuid))?.emailAddress ?? undefined;
  return withQuery(`/pre-checkout/${responderUuid}`, params);
}

/** The referral code and the UTMs. */
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
 * Only while nobody has it: nothing kept for it yet (the plan row is checked by the insert).
 * The row is written first, so of two racing browsers one wins.
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
