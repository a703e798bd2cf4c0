// The funnel report's money: payments of the range, refunds by reason, disputes, revenue
// beside refunds, disputes lost and net revenue by plan and by month, cancels by her reason,
// and the promo codes.
// Every movement counts in the month it happened, as the page says.
import { formatCents } from "../../components/console-format";
import { ConsoleTable } from "../../components/console-table";
import type { MoneyFigures } from "../../server/console/funnel-report.server";
import { MoneyTable, NetTable, signedCents } from "./report-figures";

const count = (value: number) => value.toLocaleString("en-US");

export function MoneyReport({ money }: { money: MoneyFigures }) {
  const pending = money.refundsPending;
  return (
    <>
      <h2>Money</h2>
      <p className="owner-count">
        Payments made in these dates, on the lifecycle clock. Revenue: first periods captured and renewals paid. Net revenue: revenue less
        refunds made and disputes lost. A refund counts in the month it was made, a dispute in the month it opened while it is open and in
        the month it closed once won or lost, whenever the payment they concern was made.
      </p>
      <MoneyTable
        label="Payments"
        caption="Payments in these dates"
        firstColumn="Payments"
        lines={[
          { label: "Holds placed", ...money.holdsPlaced },
          { label: "Captured", ...money.captured },
          { label: "Released", ...money.released },
          { label: "Renewals charged", ...money.renewalsCharged },
          { label: "Renewals failed", ...money.renewalsFailed },
          { label: "Revenue", ...money.revenue },
          { label: "Refunds made", ...money.refunds },
          { label: "Disputes lost", ...money.disputes.lost },
          { label: "Net revenue", count: null, cents: money.netRevenueCents },
          { label: "Average order value (holds placed)", count: null, cents: money.averageOrderCents },
        ]}
        formatAmount={signedCents}
      />
      <h3>Refunds by reason</h3>
      <MoneyTable
        label="Refunds by reason"
        caption="Refunds made in these dates, by reason"
        firstColumn="Reason"
        lines={money.refundsByReason.map((line) => ({ label: line.label, ...line.refunds }))}
        empty="No refunds made in these dates."
      />
      {pending.count > 0 ? (
        <p className="owner-count">
          {count(pending.count)} {pending.count === 1 ? "refund" : "refunds"} of {formatCents(pending.cents)} on{" "}
          {pending.count === 1 ? "its" : "their"} way: asked of the card's bank, not yet confirmed, so not yet taken off the net.
        </p>
      ) : null}
      <h3>Disputes</h3>
      <MoneyTable
        label="Disputes"
        caption="Disputes at her bank in these dates: open, won and lost"
        firstColumn="Disputes"
        lines={[
          { label: "Open", ...money.disputes.open },
          { label: "Won", ...money.disputes.won },
          { label: "Lost", ...money.disputes.lost },
        ]}
      />
      <h3>Cancel reasons</h3>
      <ConsoleTable
        region="Cancel reasons"
        caption="Subscriptions cancelled in these dates, by the reason she gave"
        rows={money.cancelReasons}
        rowKey={(line) => line.label}
        empty="No subscription cancelled in these dates."
        columns={[
          { header: "Reason", rowHeader: true, cell: (line) => line.label },
          { header: "Cancellations", numeric: true, cell: (line) => count(line.count) },
        ]}
      />
      <h3>Revenue by plan</h3>
      <NetTable
        label="Revenue by plan"
        caption="Revenue, refunds, disputes lost and net revenue by plan"
        firstColumn="Plan"
        rows={money.byPlan}
        empty="No revenue in these dates."
      />
      <h3>Revenue by month</h3>
      <NetTable
        label="Revenue by month"
        caption="Revenue, refunds, disputes lost and net revenue by month (UTC)"
        firstColumn="Month"
        rows={money.byMonth.map((line) => ({ ...line, label: line.month }))}
        empty="No revenue in these dates."
      />
      <h3>Promo codes</h3>
      <ConsoleTable
        region="Promo codes"
        caption="Promo codes on the orders placed in these dates"
        rows={money.promos}
        rowKey={(promo) => promo.code}
        empty="No promo code on the orders of these dates."
        columns={[
          { header: "Code", rowHeader: true, cell: (promo) => promo.code },
          { header: "Orders", numeric: true, cell: (promo) => count(promo.orders) },
          { header: "Discount given", numeric: true, cell: (promo) => formatCents(promo.discountCents) },
        ]}
      />
    </>
  );
}
