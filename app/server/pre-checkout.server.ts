// Her personal details (spec section 4, "Pre-checkout"): kept per responder uuid, filled in
// by a secure token where empty, and saved with the provider's copy in one transaction.
import { eq } from "drizzle-orm";
import { orderProducts, type OrderProducts } from "../funnel/order-products";
import {
  fillEmptyFields,
  preCheckoutBody,
  type PreCheckoutDetails,
  type PreCheckoutDraft,
} from "../funnel/pre-checkout";
import type { PlanCode } from "../funnel/plans";
import type { TokenDetails } from "../funnel/token-payload";
import { database, type Queryable } from "./db/client.server";
import { planSelections, preCheckoutDetails, tokenArrivals } from "./db/schema.server";
import { enqueueLatestSave } from "./outbox.server";

type Row = typeof preCheckoutDetails.$inferSelect;

function draftOf(row: Row | undefined): PreCheckoutDraft {
  if (!row) return {};
  const draft: PreCheckoutDraft = {};
  if (row.firstName) draft.firstName = row.firstName;
  if (row.lastName) draft.lastName = row.lastName;
  if (row.email) draft.email = row.email;
  if (row.phone) draft.phone = row.phone;
  return draft;
}

export async function loadPreCheckoutDraft(responderUuid: string, db?: Queryable): Promise<PreCheckoutDraft> {
  const [row] = await (db ?? (await database()))
    .select()
    .from(preCheckoutDetails)
    .where(eq(preCheckoutDetails.responderUuid, responderUuid));
  return draftOf(row);
}

/**
 * Spec section 4: a token prefills the fields she has left empty, never what she entered,
 * and its products and plan are kept for the final checkout.
 */
export async function applyToken(responderUuid: string, token: TokenDetails): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const draft = fillEmptyFields(await loadPreCheckoutDraft(responderUuid, tx), token);
    const columns = {
      firstName: draft.firstName ?? null,
      lastName: draft.lastName ?? null,
      email: draft.email ?? null,
      phone: draft.phone ?? null,
    };
    await tx
      .insert(preCheckoutDetails)
      .values({ responderUuid, ...columns })
      .onConflictDoUpdate({ target: preCheckoutDetails.responderUuid, set: { ...columns, updatedAt: new Date() } });
    const arrival = { productIds: token.productIds, selectedPlan: token.selectedPlan, arrivedAt: new Date() };
    await tx
      .insert(tokenArrivals)
      .values({ responderUuid, ...arrival })
      .onConflictDoUpdate({ target: tokenArrivals.responderUuid, set: arrival });
  });
}

/** The products and plan her order carries: her ADD TO PLAN, or the token's (order-products.ts). */
export async function loadOrderProducts(
  responderUuid: string,
  visiblePlans: readonly PlanCode[],
  db?: Queryable,
): Promise<OrderProducts> {
  const q = db ?? (await database());
  const [[selection], [token]] = await Promise.all([
    q.select().from(planSelections).where(eq(planSelections.responderUuid, responderUuid)),
    q.select().from(tokenArrivals).where(eq(tokenArrivals.responderUuid, responderUuid)),
  ]);
  const added = selection?.selectedMedications && selection.addedToPlanAt && selection.selectedPlan
    ? {
        productIds: selection.selectedMedications.map((medication) => medication.product_id),
        selectedPlan: selection.selectedPlan,
        at: selection.addedToPlanAt,
      }
    : null;
  const arrived = token ? { productIds: token.productIds, selectedPlan: token.selectedPlan, at: token.arrivedAt } : null;
  return orderProducts(added, arrived, visiblePlans);
}

/**
 * Spec section 4: submit saves her details. Our record and the provider's save-pre-checkout
 * (spec section 7) are written in one transaction; the outbox delivers the latter.
 */
export async function savePreCheckout(
  responderUuid: string,
  details: PreCheckoutDetails,
  order: { productIds: readonly string[]; selectedPlan: PlanCode },
): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const columns = { ...details, submittedAt: new Date(), updatedAt: new Date() };
    await tx
      .insert(preCheckoutDetails)
      .values({ responderUuid, ...columns })
      .onConflictDoUpdate({ target: preCheckoutDetails.responderUuid, set: columns });
    await enqueueLatestSave(
      tx,
      "save-pre-checkout",
      responderUuid,
      preCheckoutBody(details, order.productIds, order.selectedPlan),
    );
  });
}
