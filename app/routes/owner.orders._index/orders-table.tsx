// The owner's orders, one row an order, the hold's expiry flagged when it is near, and money
// that went back said in words beside the state (refunded, partly refunded, disputed).
import { Fragment } from "react";
import { formatCents } from "../../components/console-format";
import { Day, HoldExpiry, OrderLink } from "../../components/console-parts";
import { consoleTable } from "../../components/console-table";
import type { MoneyBackBadge } from "../../funnel/money-report";

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
  badges: MoneyBackBadge[];
}

const disputeBadges: readonly MoneyBackBadge[] = ["Disputed", "Dispute lost"];

/** The state, then each badge as words of its own (its colour only repeats what it says). */
function StateWithBadges({ order }: { order: OrderRowView }) {
  return (
    <>
      {order.stateLabel}
      {order.badges.map((badge) => (
        <Fragment key={badge}>
          {" "}
          <span className={disputeBadges.includes(badge) ? "owner-money-badge owner-money-badge-dispute" : "owner-money-badge"}>
            {badge}
          </span>
        </Fragment>
      ))}
    </>
  );
}

export const OrdersTable = consoleTable<OrderRowView>({
  region: "Orders",
  caption: "Orders, newest first",
  rowKey: (order) => order.reference,
  rowClassName: (order) => (order.holdExpiresSoon ? "owner-row-flagged" : undefined),
  columns: [
    { header: "Reference", rowHeader: true, cell: (order) => <OrderLink reference={order.reference} /> },
    { header: "Placed", cell: (order) => <Day iso={order.placedAt} /> },
    { header: "Plan", cell: (order) => order.plan },
    { header: "First period", numeric: true, cell: (order) => formatCents(order.firstPeriodCents) },
    { header: "Each renewal", numeric: true, cell: (order) => formatCents(order.renewalCents) },
    { header: "State", className: "owner-wrap owner-state", cell: (order) => <StateWithBadges order={order} /> },
    { header: "Variant", cell: (order) => order.variant },
    { header: "Hold expires", className: "owner-wrap", cell: (order) => <HoldExpiry order={order} /> },
  ],
});
