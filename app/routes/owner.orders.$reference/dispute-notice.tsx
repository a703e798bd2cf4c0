// The flag of a disputed order, above its summary: each chargeback her bank opened, with
// Stripe's reason and the status in words, the amount, and, while the bank waits for our
// evidence, the date to respond by; a closed one says whether it was won or lost.
import { Facts } from "../../components/facts";
import { formatCents } from "../../components/console-format";
import { Time } from "../../components/console-parts";
import type { DisputeLine } from "../../server/subscriptions/disputes.server";

export function DisputeNotice({ disputes }: { disputes: DisputeLine[] }) {
  if (disputes.length === 0) return null;
  const open = disputes.some((dispute) => dispute.outcome === null);
  return (
    <section className={`owner-dispute${open ? " owner-dispute-open" : ""}`} aria-labelledby="dispute-title">
      <h2 id="dispute-title">Disputed at her bank</h2>
      {open ? <p>Answer a dispute with evidence in Stripe's Dashboard before its date; one left unanswered is lost.</p> : null}
      {disputes.map((dispute) => (
        <Facts
          key={dispute.id}
          className="owner-facts"
          facts={[
            { term: "Reason", value: dispute.reason },
            { term: "Amount", value: formatCents(dispute.amountCents) },
            { term: "Status", value: dispute.outcome ? `Closed: ${dispute.outcome}` : dispute.status },
            dispute.needsResponse && dispute.respondBy
              ? {
                  term: "Deadline",
                  value: (
                    <>
                      Respond by <Time iso={dispute.respondBy} />
                    </>
                  ),
                }
              : null,
            { term: "Opened", value: <Time iso={dispute.openedAt} /> },
            dispute.closedAt ? { term: "Closed", value: <Time iso={dispute.closedAt} /> } : null,
            { term: "Dispute", value: <span className="owner-code">{dispute.id}</span> },
          ]}
        />
      ))}
    </section>
  );
}
