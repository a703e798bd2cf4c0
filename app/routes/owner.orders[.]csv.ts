// The orders list as CSV: every order, or those placed between ?from= and ?to=, with where its
// flow came from and what went back of its money (refunds made; disputes open or lost, a won
// one took nothing). Never her name, contact details or health answers. Each download is written
// in the audit log: the business's data left the console, and who took it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditDetail } from "../funnel/audit";
import { toCsv } from "../funnel/csv";
import { plans } from "../funnel/plans";
import { subscriptionStateLabels } from "../funnel/subscription-life";
import { variantLabels } from "../funnel/variant";
import { csvDownload, csvRefusal } from "../server/http/csv-answer.server";
import { ordersForExport } from "../server/console/funnel-report.server";
import { actorOf, audit } from "../server/staff/audit.server";
import { requireStaff } from "../server/staff/staff-session.server";
import { readReportQuery } from "./owner.funnel/report-page.server";

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "funnel");
  const search = new URL(request.url).searchParams;
  const ranged = search.has("from") || search.has("to");
  const read = ranged ? await readReportQuery(request) : undefined;
  if (read && !read.ok) return csvRefusal(Object.values(read.errors).flat());
  const orders = await ordersForExport(read?.ok ? read.query : undefined);
  const csv = toCsv(
    [
      "Reference",
      "Placed (UTC)",
      "Plan",
      "First period ($)",
      "Each renewal ($)",
      "State",
      "Decision",
      "Periods paid",
      "Next billing (UTC)",
      "Variant",
      "UTM source",
      "UTM campaign",
      "Referral code",
      "Promo code",
      "Promo discount ($)",
      "Refunded ($)",
      "Disputed ($)",
    ],
    orders.map((order) => [
      order.reference,
      order.holdPlacedAt.toISOString(),
      plans[order.plan].label,
      dollars(order.firstPeriodCents),
      dollars(order.renewalCents),
      subscriptionStateLabels[order.state],
      order.decision,
      order.periodsPaid,
      order.nextBillingAt?.toISOString() ?? null,
      variantLabels[order.variant],
      order.utmSource,
      order.utmCampaign,
      order.referralCode,
      order.promoCode,
      dollars(order.promoDiscountCents),
      dollars(order.refundedCents),
      dollars(order.disputedCents),
    ]),
  );
  await audit(request, actorOf(staff), "csv-exported", { detail: auditDetail`Orders CSV` });
  const name = read?.ok ? `orders-${read.query.from}-to-${read.query.to}.csv` : "orders.csv";
  return csvDownload(csv, name);
}
