// On the console's first page: the disputes whose banks wait for our evidence, the nearest
// deadline first, each leading to its order, so that none is lost by being left unanswered.
import { formatCents } from "../../components/console-format";
import { OrderLink, Time } from "../../components/console-parts";
import { consoleTable } from "../../components/console-table";
import type { DisputeToAnswerLine } from "../../server/subscriptions/disputes.server";

const DisputesTable = consoleTable<DisputeToAnswerLine>({
  region: "Open disputes",
  caption: "Open disputes, nearest deadline first",
  rowKey: (dispute) => dispute.id,
  columns: [
    { header: "Order", rowHeader: true, cell: (dispute) => <OrderLink reference={dispute.orderReference} /> },
    { header: "Respond by", cell: (dispute) => (dispute.respondBy ? <Time iso={dispute.respondBy} /> : "No date given") },
    { header: "Reason", className: "owner-wrap", cell: (dispute) => dispute.reason },
    { header: "Amount", numeric: true, cell: (dispute) => formatCents(dispute.amountCents) },
    { header: "Status", className: "owner-wrap", cell: (dispute) => dispute.status },
  ],
});

export function OpenDisputes({ disputes }: { disputes: { total: number; list: DisputeToAnswerLine[] } }) {
  const { total, list } = disputes;
  if (total === 0) return null;
  return (
    <section className="owner-dispute owner-dispute-open" aria-labelledby="open-disputes-title">
      <h2 id="open-disputes-title">
        {total} open {total === 1 ? "dispute needs" : "disputes need"} a response
      </h2>
      <p>
        Nearest deadline first{total > list.length ? `; the ${list.length} nearest are shown` : ""}. Answer each with evidence in Stripe's
        Dashboard before its date.
      </p>
      <DisputesTable rows={list} />
    </section>
  );
}
