// The orders of the customer "Find a customer" found, newest first: which order is which, by
// her name as she gave it, its plan, where it is, and when it was placed.
import { formatDay, formatTime } from "../../components/console-format";
import { ConsoleTable } from "../../components/console-table";
import type { CustomerMatchLine } from "../../server/console/order-view.server";

export function CustomerMatches({ matches }: { matches: CustomerMatchLine[] }) {
  return (
    <ConsoleTable
      region="Orders found"
      caption="Orders of the customer found, newest first"
      rows={matches}
      rowKey={(match) => match.reference}
      columns={[
        { header: "Reference", rowHeader: true, cell: (match) => <a href={`/owner/orders/${match.reference}`}>{match.reference}</a> },
        { header: "Her name", className: "owner-wrap", cell: (match) => match.name || "None given" },
        { header: "Plan", cell: (match) => match.plan },
        { header: "State", className: "owner-wrap owner-state", cell: (match) => match.stateLabel },
        {
          header: "Placed",
          cell: (match) => (
            <time dateTime={match.placedAt} title={formatTime(match.placedAt)}>
              {formatDay(match.placedAt)}
            </time>
          ),
        },
      ]}
    />
  );
}
