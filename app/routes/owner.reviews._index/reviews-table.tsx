// The review queue, one row an order waiting for the medical team, the oldest first; a hold
// about to lapse says so in words, and its row is marked as well.
import { Time } from "../../components/console-parts";
import { ConsoleTable } from "../../components/console-table";

export interface ReviewRowView {
  reference: string;
  name: string;
  state: string;
  plan: string;
  hold: { placedAt: string; expiresAt: string; lapsesSoon: boolean; warning: string | null };
}

export function ReviewsTable({ reviews }: { reviews: ReviewRowView[] }) {
  return (
    <ConsoleTable
      region="Orders waiting for a review"
      caption="Orders waiting for a review, oldest first"
      rows={reviews}
      rowKey={(review) => review.reference}
      rowClassName={(review) => (review.hold.lapsesSoon ? "owner-row-flagged" : undefined)}
      columns={[
        { header: "Reference", rowHeader: true, cell: (review) => <a href={`/owner/reviews/${review.reference}`}>{review.reference}</a> },
        { header: "Name", className: "owner-wrap", cell: (review) => review.name },
        { header: "State", className: "owner-wrap", cell: (review) => review.state },
        { header: "Plan", cell: (review) => review.plan },
        { header: "Hold placed", cell: (review) => <Time iso={review.hold.placedAt} /> },
        {
          header: "Hold expires",
          className: "owner-wrap",
          cell: (review) => (
            <>
              <Time iso={review.hold.expiresAt} />
              {review.hold.warning ? <strong className="owner-flag">{review.hold.warning}</strong> : null}
            </>
          ),
        },
      ]}
    />
  );
}
