// The owner's orders, one row an order, the hold's expiry flagged when it is near.
import { formatCents, formatDay, formatTime } from "../../components/owner-format";
import { HoldExpiry } from "../../components/owner-parts";
import { OwnerTable } from "../../components/owner-table";

export interface OrderRowView {
  reference: string;
  placedAt: string;
  plan: string;
  firstPeriodCents: number;
  renewalCents: number;
  stateLabel: string;
  variant: string;
  holdExpiresAt: string;
  holdExpiresSoon: boolean;
}

export function OrdersTable({ orders }: { orders: OrderRowView[] }) {
  return (
    <OwnerTable
      region="Orders"
      caption="Orders, newest first"
      rows={orders}
      rowKey={(order) => order.reference}
      rowClassName={(order) => (order.holdExpiresSoon ? "owner-row-flagged" : undefined)}
      columns={[
        { header: "Reference", rowHeader: true, cell: (order) => <a href={`/owner/orders/${order.reference}`}>{order.reference}</a> },
        {
          header: "Placed",
          cell: (order) => (
            <time dateTime={order.placedAt} title={formatTime(order.placedAt)}>
              {formatDay(order.placedAt)}
            </time>
          ),
        },
        { header: "Plan", cell: (order) => order.plan },
        { header: "First period", numeric: true, cell: (order) => formatCents(order.firstPeriodCents) },
        { header: "Each renewal", numeric: true, cell: (order) => formatCents(order.renewalCents) },
        { header: "State", className: "owner-wrap owner-state", cell: (order) => order.stateLabel },
        { header: "Variant", cell: (order) => order.variant },
        { header: "Hold expires", className: "owner-wrap", cell: (order) => <HoldExpiry order={order} /> },
      ]}
    />
  );
}
