// On the console's first page: the disputes whose banks wait for our evidence, the nearest
// deadline first, each leading to its order, so that none is lost by being left unanswered.
import { formatCents } from "../../components/console-format";
import { Time } from "../../components/console-parts";
import { ConsoleTable } from "../../components/console-table";
import type { DisputeToAnswerLine } from "../../server/subscriptions/disputes.server";

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
      <ConsoleTable
        region="Open disputes"
        caption="Open disputes, nearest deadline first"
        rows={list}
        rowKey={(dispute) => dispute.id}
        columns={[
          {
            header: "Order",
            rowHeader: true,
            cell: (dispute) => <a href={`/owner/orders/${dispute.orderReference}`}>{dispute.orderReference}</a>,
          },
          { header: "Respond by", cell: (dispute) => (dispute.respondBy ? <Time iso={dispute.respondBy} /> : "No date given") },
          { header: "Reason", className: "owner-wrap", cell: (dispute) => dispute.reason },
          { header: "Amount", numeric: true, cell: (dispute) => formatCents(dispute.amountCents) },
          { header: "Status", className: "owner-wrap", cell: (dispute) => dispute.status },
        ]}
      />
    </section>
  );
}
