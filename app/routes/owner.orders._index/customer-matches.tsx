// The orders of the customer "Find a customer" found, newest first: which order is which, by
// her name as she gave it, its plan, where it is, and when it was placed.
import { Day, OrderLink } from "../../components/console-parts";
import { consoleTable } from "../../components/console-table";
import type { CustomerMatchLine } from "../../server/console/order-view.server";

export const CustomerMatches = consoleTable<CustomerMatchLine>({
  region: "Orders found",
  caption: "Orders of the customer found, newest first",
  rowKey: (match) => match.reference,
  columns: [
    { header: "Reference", rowHeader: true, cell: (match) => <OrderLink reference={match.reference} /> },
    { header: "Her name", className: "owner-wrap", cell: (match) => match.name || "None given" },
    { header: "Plan", cell: (match) => match.plan },
    { header: "State", className: "owner-wrap owner-state", cell: (match) => match.stateLabel },
    { header: "Placed", cell: (match) => <Day iso={match.placedAt} /> },
  ],
});
