// The funnel table as CSV, for the same dates, filters and grouping as the page: one line a
// step (a group and a step when grouped). Each download is written in the audit log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditDetail } from "../funnel/audit";
import { toCsv } from "../funnel/csv";
import { funnelRows, type FunnelCounts } from "../funnel/funnel-report";
import { csvDownload, csvRefusal } from "../server/http/csv-answer.server";
import { funnelFigures } from "../server/console/funnel-report.server";
import { actorOf, audit } from "../server/staff/audit.server";
import { requireStaff } from "../server/staff/staff-session.server";
import { filtersOf } from "../funnel/funnel-report";
import { groupedRows, readReportQuery } from "./owner.funnel/report-page.server";

const share = (value: number | null) => (value === null ? null : Number((value * 100).toFixed(2)));

function lines(group: string | null, counts: FunnelCounts) {
  return funnelRows(counts).map((row) => [
    ...(group === null ? [] : [group]),
    row.label,
    row.reached,
    share(row.fromPrevious),
    share(row.fromStart),
  ]);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "funnel");
  const read = await readReportQuery(request);
  if (!read.ok) return csvRefusal(Object.values(read.errors).flat());
  const { query } = read;
  const figures = await funnelFigures(query, filtersOf(query), query.group);
  const header = ["Step", "Flows", "% of step before", "% of flows begun"];
  const csv = query.group
    ? toCsv(
        ["Group", ...header],
        groupedRows(figures, query.group).flatMap((group) => lines(group.label, group.counts)),
      )
    : toCsv(header, lines(null, figures.total));
  await audit(request, actorOf(staff), "csv-exported", { detail: auditDetail`Funnel CSV` });
  return csvDownload(csv, `funnel-${query.from}-to-${query.to}.csv`);
}
