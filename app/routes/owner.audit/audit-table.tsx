// The audit log's rows, newest first: when, who and in which role, what, which order, the
// detail, and the address the request came from as the log keeps it (a keyed hash, shortened
// here: enough to tell two addresses apart on one screen; the CSV has it whole).
import { OrderLink, Time } from "../../components/console-parts";
import { consoleTable } from "../../components/console-table";
import type { AuditLine } from "./audit-page.server";

export const noEntries = "No entries match these filters.";

export const AuditTable = consoleTable<AuditLine>({
  region: "Audit log",
  caption: "Audit log, newest first",
  rowKey: (line) => line.id,
  empty: noEntries,
  columns: [
    { header: "When (UTC)", cell: (line) => <Time iso={line.at} /> },
    { header: "Who", className: "owner-wrap", cell: (line) => line.who },
    { header: "Role", cell: (line) => line.role ?? "—" },
    { header: "Action", className: "owner-wrap", cell: (line) => line.action },
    { header: "Order", cell: (line) => (line.reference ? <OrderLink reference={line.reference} /> : "—") },
    { header: "Detail", className: "owner-wrap", cell: (line) => line.detail ?? "" },
    {
      header: "Address",
      className: "owner-code",
      cell: (line) => <span title={line.address}>{line.address.slice(0, 8)}</span>,
    },
  ],
});
