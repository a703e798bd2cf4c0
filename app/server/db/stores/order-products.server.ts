// The products and plan her order carries (order-products.ts decides): her ADD TO PLAN on the
// selection page, or those a secure token brought, whichever came last.
import { eq, sql } from "drizzle-orm";
import { orderProducts, type OrderProducts } from "../../../funnel/order-products";
import type { PlanCode } from "../../../funnel/plans";
import type { TokenDetails } from "../../../funnel/token-payload";
import { database, type Queryable } from "../client.server";
import { prepared, statementName } from "../prepared.server";
import { planSelections, tokenArrivals } from "../schema.server";

/** Spec section 4: the token's products and plan, kept for the final checkout. */
export async function saveTokenProducts(tx: Queryable, responderUuid: string, token: TokenDetails): Promise<void> {
  const arrival = { productIds: token.productIds, selectedPlan: token.selectedPlan, arrivedAt: new Date() };
  await tx
    .insert(tokenArrivals)
    .values({ responderUuid, ...arrival })
    .onConflictDoUpdate({ target: tokenArrivals.responderUuid, set: arrival });
}

// Both rows, either of which may be missing, in one round trip.
const productsOf = (q: Queryable) =>
  q
    .select({ selection: planSelections, token: tokenArrivals })
    .from(sql`(select 1) as "one"`)
    .leftJoin(planSelections, eq(planSelections.responderUuid, sql.placeholder("responderUuid")))
    .leftJoin(tokenArrivals, eq(tokenArrivals.responderUuid, sql.placeholder("responderUuid")))
    .prepare(statementName(q, "products_of_flow"));

/** Her ADD TO PLAN's row and a token's, either missing, as read (here or with other rows). */
export interface ProductRows {
  selection: typeof planSelections.$inferSelect | null;
  token: typeof tokenArrivals.$inferSelect | null;
}

/** The products and plan her order carries: her ADD TO PLAN, or the token's (order-products.ts). */
export async function loadOrderProducts(responderUuid: string, visiblePlans: readonly PlanCode[], db?: Queryable): Promise<OrderProducts> {
  const query = db ? productsOf(db) : prepared(await database(), productsOf);
  const [found] = await query.execute({ responderUuid });
  return orderProductsOf(found, visiblePlans);
}

/** The same, from rows read already. */
export function orderProductsOf(found: ProductRows | undefined, visiblePlans: readonly PlanCode[]): OrderProducts {
  const selection = found?.selection;
  const token = found?.token;
  const added =
    selection?.selectedMedications && selection.addedToPlanAt && selection.selectedPlan
      ? {
          productIds: selection.selectedMedications.map((medication) => medication.product_id),
          selectedPlan: selection.selectedPlan,
          at: selection.addedToPlanAt,
        }
      : null;
  const arrived = token ? { productIds: token.productIds, selectedPlan: token.selectedPlan, at: token.arrivedAt } : null;
  return orderProducts(added, arrived, visiblePlans);
}
