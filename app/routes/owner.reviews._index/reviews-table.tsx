// The review queue, one row an order waiting for the medical team, the oldest first; a hold
// about to lapse says so in words, and its row is marked as well.
import { ExpiryWarned, Time } from "../../components/console-parts";
import { consoleTable } from "../../components/console-table";

export interface ReviewRowView {
  reference: string;
  name: string;
  state: string;
  plan: string;
  hold: { placedAt: string; expiresAt: string; lapsesSoon: boolean; warning: string | null };
}

export const ReviewsTable = consoleTable<ReviewRowView>({
  region: "Orders waiting for a review",
  caption: "Orders waiting for a review, oldest first",
  rowKey: (review) => review.reference,
  rowClassName: (review) => (review.hold.lapsesSoon ? "owner-row-flagged" : undefined),
  columns: [
    { header: "Reference", rowHeader: true, cell: (review) => <a href={`/owner/reviews/${review.reference}`}>{review.reference}</a> },
    { header: "Name", className: "owner-wrap", cell: (review) => review.name },
    { header: "State", className: "owner-wrap", cell: (review) => review.state },
    { header: "Plan", cell: (review) => review.plan },
    { header: "Hold placed", cell: (review) => <Time iso={review.hold.placedAt} /> },
    {
      header: "Hold expires",
      className: "owner-wrap",
      cell: (review) => <ExpiryWarned iso={review.hold.expiresAt} warning={review.hold.warning} />,
    },
  ],
});
