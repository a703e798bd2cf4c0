// What COMPLETE PURCHASE reads of her flow before it decides anything, in one statement: her
// order (paid already, or an attempt under way), her cart (its countdown and promo), and the
// rows her order's products come from (her ADD TO PLAN, a token's), and the flow's kept variant
// (which this instance then remembers: a press on an instance that has not met her flow asks
// nothing more for it). Each press of the button reads them, so it asks once, not four times.
import { eq } from "drizzle-orm";
import { database, type Database } from "../db/client.server";
import { flowRow, flowUuid } from "../db/flow-row.server";
import { prepared, statementName } from "../db/prepared.server";
import { checkoutCarts, funnelRecords, orders, planSelections, tokenArrivals, visitorSessions } from "../db/schema.server";
import { rememberFlowVariant } from "../db/stores/flow-variants.server";
import {
  besideSessionColumns,
  besideSessionRow,
  readBesideNextVisitorSession,
  sessionIdBeside,
  sessionOfFlowRow,
} from "../visitor/session.server";
import type { CheckoutCartRow } from "../db/stores/checkout-carts.server";
import type { ProductRows } from "../db/stores/order-products.server";
import type { OrderRow } from "../db/stores/orders.server";
import type { Variant } from "../../funnel/variant";

export interface CheckoutRead {
  order: OrderRow | undefined;
  cart: CheckoutCartRow | undefined;
  products: ProductRows;
}

const checkoutOf = (db: Database) =>
  db
    .select({ order: orders, cart: checkoutCarts, selection: planSelections, token: tokenArrivals, variant: funnelRecords.variant })
    .from(flowRow())
    .leftJoin(orders, eq(orders.responderUuid, flowUuid))
    .leftJoin(checkoutCarts, eq(checkoutCarts.responderUuid, flowUuid))
    .leftJoin(planSelections, eq(planSelections.responderUuid, flowUuid))
    .leftJoin(tokenArrivals, eq(tokenArrivals.responderUuid, flowUuid))
    .leftJoin(funnelRecords, eq(funnelRecords.responderUuid, flowUuid))
    .prepare(statementName(db, "checkout_of_flow"));

/** The same, with the row of the session her cookie names: a post's two first reads as one. */
const checkoutWithSessionOf = (db: Database) =>
  db
    .select({
      order: orders,
      cart: checkoutCarts,
      selection: planSelections,
      token: tokenArrivals,
      variant: funnelRecords.variant,
      ...besideSessionColumns,
    })
    .from(flowRow(sessionIdBeside))
    .leftJoin(visitorSessions, sessionOfFlowRow)
    .leftJoin(orders, eq(orders.responderUuid, flowUuid))
    .leftJoin(checkoutCarts, eq(checkoutCarts.responderUuid, flowUuid))
    .leftJoin(planSelections, eq(planSelections.responderUuid, flowUuid))
    .leftJoin(tokenArrivals, eq(tokenArrivals.responderUuid, flowUuid))
    .leftJoin(funnelRecords, eq(funnelRecords.responderUuid, flowUuid))
    .prepare(statementName(db, "checkout_of_flow_with_session"));

type CheckoutRow = {
  order: OrderRow | null;
  cart: CheckoutCartRow | null;
  selection: ProductRows["selection"];
  token: ProductRows["token"];
  variant: Variant | null;
};

function checkoutReadOf(responderUuid: string, row: CheckoutRow | undefined): CheckoutRead {
  rememberFlowVariant(responderUuid, row?.variant);
  return {
    order: row?.order ?? undefined,
    cart: row?.cart ?? undefined,
    products: { selection: row?.selection ?? null, token: row?.token ?? null },
  };
}

export async function readCheckout(responderUuid: string): Promise<CheckoutRead> {
  const [row] = await prepared(await database(), checkoutOf).execute({ responderUuid });
  return checkoutReadOf(responderUuid, row);
}

/**
 * What COMPLETE PURCHASE reads of the flow its address names, sent with the first read of
 * her session (session.server.ts readBesideNextVisitorSession): called for once her session
 * says the flow is hers. `responderUuid` must be a uuid.
 */
export function readCheckoutBesideSession(request: Request, responderUuid: string): () => Promise<CheckoutRead> {
  return readBesideNextVisitorSession(request, {
    alone: () => readCheckout(responderUuid),
    async withSession(sessionId) {
      const [row] = await prepared(await database(), checkoutWithSessionOf).execute({ responderUuid, sessionId });
      return { session: besideSessionRow(row), facts: checkoutReadOf(responderUuid, row) };
    },
  });
}
