// What went back of each order's money, for its row in the console's list and in the orders
// CSV: cents paid (captures and charges), refunded (refunds the gateway made: one pending or
// refused has given nothing back yet) and disputed (open, and lost: a won dispute took
// nothing). Summed by the database, one group an order; the list asks for its page's orders.
import { eq, inArray, notInArray, sql } from "drizzle-orm";
import { closedDisputeStatuses } from "../../funnel/disputes";
import { moneyBackBadges, noMoneyBack, type MoneyBackBadge, type OrderMoneyBack } from "../../funnel/money-report";
import { database, type Queryable } from "../db/client.server";
import { disputes, subscriptionPayments } from "../db/schema.server";

/** Per order: paid and refunded cents. `orderIds` narrows it to those orders. */
export function paymentTotals(db: Queryable, orderIds?: readonly string[]) {
  const cents = subscriptionPayments.amountCents;
  return db
    .select({
      subscriptionId: subscriptionPayments.subscriptionId,
      paidCents:
        sql<string>`coalesce(sum(${cents}) filter (where ${subscriptionPayments.kind} in ('capture', 'charge') and ${subscriptionPayments.status} = 'succeeded'), 0)`.as(
          "paid_cents",
        ),
      refundedCents:
        sql<string>`coalesce(sum(${cents}) filter (where ${subscriptionPayments.kind} = 'refund' and ${subscriptionPayments.status} = 'succeeded'), 0)`.as(
          "refunds_made_cents",
        ),
    })
    .from(subscriptionPayments)
    .where(orderIds && inArray(subscriptionPayments.subscriptionId, [...orderIds]))
    .groupBy(subscriptionPayments.subscriptionId)
    .as("payment_totals");
}

/** Per order: cents of its disputes still open, and of those lost. */
export function disputeTotals(db: Queryable, orderIds?: readonly string[]) {
  const cents = disputes.amountCents;
  return db
    .select({
      subscriptionId: disputes.subscriptionId,
      openCents: sql<string>`coalesce(sum(${cents}) filter (where ${notInArray(disputes.status, [...closedDisputeStatuses])}), 0)`.as(
        "open_cents",
      ),
      lostCents: sql<string>`coalesce(sum(${cents}) filter (where ${eq(disputes.status, "lost")}), 0)`.as("lost_cents"),
    })
    .from(disputes)
    .where(orderIds && inArray(disputes.subscriptionId, [...orderIds]))
    .groupBy(disputes.subscriptionId)
    .as("dispute_totals");
}

/** The sums as numbers (the database answers a sum of integers as text, or null with no row joined). */
export function moneyBackOf(row: { paidCents: unknown; refundedCents: unknown; openCents: unknown; lostCents: unknown }): OrderMoneyBack {
  return {
    paidCents: Number(row.paidCents ?? 0),
    refundedCents: Number(row.refundedCents ?? 0),
    openDisputeCents: Number(row.openCents ?? 0),
    lostDisputeCents: Number(row.lostCents ?? 0),
  };
}

/** What went back of these orders, by order id; an order with nothing paid or disputed has noMoneyBack. */
export async function moneyBackOfOrders(orderIds: readonly string[]): Promise<Map<string, OrderMoneyBack>> {
  const found = new Map<string, OrderMoneyBack>();
  if (orderIds.length === 0) return found;
  const db = await database();
  const payments = paymentTotals(db, orderIds);
  const disputed = disputeTotals(db, orderIds);
  const [paid, disputedRows] = await Promise.all([db.select().from(payments), db.select().from(disputed)]);
  for (const id of orderIds) found.set(id, { ...noMoneyBack });
  for (const row of paid) {
    const money = found.get(row.subscriptionId)!;
    money.paidCents = Number(row.paidCents);
    money.refundedCents = Number(row.refundedCents);
  }
  for (const row of disputedRows) {
    const money = found.get(row.subscriptionId)!;
    money.openDisputeCents = Number(row.openCents);
    money.lostDisputeCents = Number(row.lostCents);
  }
  return found;
}

/** The badges of these orders' rows in the console's list, by order id. */
export async function moneyBackBadgesOf(orderIds: readonly string[]): Promise<Map<string, MoneyBackBadge[]>> {
  const money = await moneyBackOfOrders(orderIds);
  return new Map(orderIds.map((id) => [id, moneyBackBadges(money.get(id) ?? noMoneyBack)]));
}
