// The medical team's queue: orders on hold waiting for a decision, the one that has waited
// longest first, 50 a page; each opens its clinical view. No contact details and no money.
// Above it, "Find an order" opens any order's clinical view by its reference (?reference=).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsolePager, ConsoleNoticeBox } from "../../components/console-parts";
import { findAnOrderMaxLength } from "../../funnel/find-an-order";
import type { RouteHandle } from "../../route-handle";
import { findOrderForReview, reviewQueuePage } from "../../server/console/review-queue.server";
import { requireStaff, takeNotice } from "../../server/staff/staff-session.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { FindAnOrder } from "./find-an-order";
import { ReviewsTable } from "./reviews-table";

export const handle: RouteHandle = {
  title: (data) => `${(data as { lookup?: unknown } | undefined)?.lookup ? "Error: " : ""}Reviews: Owner's console`,
};

export const emptyQueueText = "No orders are waiting for a review.";

/** ?page=N as a page number (up to six digits); anything else is the first page. */
function pageOf(value: string | null): number {
  return value !== null && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireStaff(request, "reviews");
  const url = new URL(request.url);
  // One character past the limit is enough to say it is too long; the rest is never read.
  const typed = url.searchParams.get("reference")?.slice(0, findAnOrderMaxLength + 1) ?? null;
  const found = typed === null ? null : await findOrderForReview(request, session.staff, typed);
  if (found?.kind === "order") throw redirect(`/owner/reviews/${found.reference}`, 303);
  const lookup = found?.kind === "refused" ? { typed: typed ?? "", message: found.message } : null;
  const page = pageOf(url.searchParams.get("page"));
  const queue = await reviewQueuePage(page, await lifecycleNow());
  if (page > queue.pageCount) throw redirect(`/owner/reviews?page=${queue.pageCount}`, 303);
  const { notice, headers } = await takeNotice(session);
  return data(
    { reviews: queue.lines, total: queue.total, page, pageCount: queue.pageCount, notice, lookup },
    { headers, status: found?.kind === "refused" ? found.status : 200 },
  );
}

export default function ConsoleReviews() {
  const { reviews, total, page, pageCount, notice, lookup } = useLoaderData<typeof loader>();
  return (
    <section className="owner-page" aria-labelledby="page-title">
      <h1 id="page-title">Reviews</h1>
      <ConsoleNoticeBox notice={notice} />
      <FindAnOrder lookup={lookup} />
      <h2 id="queue-title">Waiting for a decision</h2>
      {total === 0 ? (
        <p className="owner-empty">{emptyQueueText}</p>
      ) : (
        <>
          <p className="owner-count">
            {total} {total === 1 ? "order is" : "orders are"} waiting for the medical team's decision, the longest waiting first. Times are
            UTC, on the lifecycle clock.
          </p>
          <ReviewsTable rows={reviews} />
          <ConsolePager address="/owner/reviews" label="Pages of reviews" page={page} pageCount={pageCount} />
        </>
      )}
    </section>
  );
}
