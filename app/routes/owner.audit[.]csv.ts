// The audit log as CSV, for the same filters as the page, newest first. At most 50,000 rows
// (auditCsvRowLimit: the newest; a longer log is taken a range of days at a time), so one
// download cannot hold the server's memory. Every cell is formula-safe: a staff name or a
// detail is text someone typed. The download is itself written in the log.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditDetail } from "../funnel/audit";
import { toCsv } from "../funnel/csv";
import { auditRows } from "../server/db/stores/audit-log.server";
import { csvDownload, csvRefusal } from "../server/http/csv-answer.server";
import { actorOf, audit } from "../server/staff/audit.server";
import { requireStaff } from "../server/staff/staff-session.server";
import { auditCsvCells, auditCsvHeader, auditCsvRowLimit, auditLine, filterOf, readAuditQuery } from "./owner.audit/audit-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "audit");
  const read = readAuditQuery(new URL(request.url).searchParams);
  if (!read.ok) return csvRefusal(Object.values(read.errors).flat());
  const { query } = read;
  const rows = await auditRows(filterOf(query), auditCsvRowLimit);
  const csv = toCsv(
    auditCsvHeader,
    rows.map((row) => auditCsvCells(auditLine(row))),
  );
  await audit(request, actorOf(staff), "csv-exported", { detail: auditDetail`Audit CSV` });
  const days = query.from || query.to ? `-${query.from ?? "start"}-to-${query.to ?? "now"}` : "";
  return csvDownload(csv, `audit-log${days}.csv`);
}
