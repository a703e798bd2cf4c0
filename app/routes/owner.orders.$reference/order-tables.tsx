// An order's timeline and its payments, oldest first: what moved, for which period (period 1
// is the first), what the gateway answered, how much of each payment went back and why.
import { formatCents, formatTime } from "../../components/console-format";
import { Time } from "../../components/console-parts";
import { consoleTable } from "../../components/console-table";
import type { PaymentLine, TimelineEntry } from "../../server/console/order-view.server";

/** "$139.00 · period 2 · try 1": what moved and for which period (period 1 is the first). */
function detailText(detail: TimelineEntry["detail"]): string {
  const parts: string[] = [];
  if (detail.amountCents !== undefined) parts.push(formatCents(detail.amountCents));
  if (detail.period !== undefined) parts.push(`period ${detail.period + 1}`);
  if (detail.attempt !== undefined) parts.push(`try ${detail.attempt}`);
  if (detail.holdExpiredAt) parts.push(`hold lapsed ${formatTime(detail.holdExpiredAt)}`);
  if (detail.holdAlreadyExpired) parts.push("the hold had already lapsed");
  if (detail.message) parts.push(`“${detail.message}”`);
  return parts.join(" · ");
}

export const TimelineTable = consoleTable<TimelineEntry>({
  region: "Timeline",
  caption: "Timeline, oldest first",
  rowKey: (event) => event.id,
  columns: [
    { header: "Time", cell: (event) => <Time iso={event.at} /> },
    { header: "What happened", rowHeader: true, className: "owner-wrap", cell: (event) => event.label },
    { header: "Detail", className: "owner-wrap", cell: (event) => detailText(event.detail) },
  ],
});

/** A refund's reason, a failure's words, or both (a refund the gateway refused). */
function whyText(payment: PaymentLine): string {
  const parts = [payment.reason, payment.failureMessage].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(" · ") : "—";
}

export const PaymentsTable = consoleTable<PaymentLine>({
  region: "Payments",
  caption: "Payments, oldest first",
  rowKey: (payment) => payment.id,
  columns: [
    { header: "Kind", rowHeader: true, cell: (payment) => payment.kind },
    { header: "Period", numeric: true, cell: (payment) => payment.period + 1 },
    {
      header: "Status",
      className: (payment) => (payment.status === "Failed" ? "owner-failed" : undefined),
      cell: (payment) => payment.status,
    },
    { header: "Amount", numeric: true, cell: (payment) => formatCents(payment.amountCents) },
    { header: "Refunded", numeric: true, cell: (payment) => (payment.refundedCents > 0 ? formatCents(payment.refundedCents) : "—") },
    { header: "Gateway reference", className: "owner-code", cell: (payment) => payment.gatewayReference ?? "—" },
    { header: "Reason or failure", className: "owner-wrap", cell: whyText },
    { header: "Time", cell: (payment) => <Time iso={payment.at} /> },
  ],
});
