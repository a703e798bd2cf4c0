// The owner's funnel report below its form: flows by step, the groups, the variants compared,
// the money and the health of what runs in the background (the route draws the form).
import { Facts } from "../../components/facts";
import { ConsoleTable } from "../../components/console-table";
import { formatShare, funnelSteps } from "../../funnel/funnel-report";
import type { Interval } from "../../funnel/proportions";
import { HealthReport } from "./health-report";
import { MoneyReport } from "./money-report";
import { FunnelChart, FunnelTable, GroupedFunnelTable } from "./report-figures";
import type { FunnelReportPage } from "./report-page.server";

const count = (value: number) => value.toLocaleString("en-US");

function intervalText(interval: Interval | null): string {
  return interval ? `${formatShare(interval.low)} to ${formatShare(interval.high)}` : "–";
}

export function FunnelReport({ report }: { report: FunnelReportPage }) {
  const { money, health } = report;
  const now = Date.now();
  return (
    <>
      <p className="owner-downloads">
        <a href={report.downloads.funnel} download>
          Download the funnel (CSV)
        </a>
        <a href={report.downloads.orders} download>
          Download the orders of these dates (CSV)
        </a>
      </p>

      <h2>Flows by step</h2>
      <p className="owner-count">
        {report.flows.toLocaleString("en-US")} {report.flows === 1 ? "flow" : "flows"} began in these dates (UTC), each followed to today
        and counted once at every step it reached.
      </p>
      {report.flows === 0 ? (
        <p className="owner-empty">No flows began in these dates{report.grouped ? "" : " with these filters"}.</p>
      ) : (
        <div className="funnel-figures">
          <FunnelChart rows={report.rows} flows={report.flows} />
          <FunnelTable
            rows={report.rows}
            caption="Flows reaching each step, with the share kept from the step before and from the flows begun"
          />
        </div>
      )}

      {report.grouped ? (
        <>
          <h2>By {report.grouped.dimension}</h2>
          {report.grouped.rows.length === 0 ? (
            <p className="owner-empty">No flows to group.</p>
          ) : (
            <>
              <p className="owner-count">
                {report.grouped.count} {report.grouped.count === 1 ? "value" : "values"}, most flows first
                {report.grouped.count > report.grouped.rows.length ? "; the rest summed as Other values" : ""}. Each cell: flows reaching
                the step, and their share of the group's flows.
              </p>
              <GroupedFunnelTable groups={report.grouped.rows} dimension={report.grouped.dimension} steps={[...funnelSteps]} />
            </>
          )}
        </>
      ) : null}

      <h2>Variants</h2>
      <p className="owner-count">
        Every filter applies but the variant's. Conversion: the share of flows begun; intervals are 95% (Wilson).
      </p>
      <ConsoleTable
        region="Variants"
        caption="The variants side by side"
        rows={report.variants.rows}
        rowKey={(row) => row.label}
        columns={[
          { header: "Variant", rowHeader: true, cell: (row) => row.label },
          { header: "Flows", numeric: true, cell: (row) => count(row.flows) },
          { header: "Holds placed", numeric: true, cell: (row) => count(row.holds) },
          { header: "To hold", numeric: true, cell: (row) => formatShare(row.held.rate, 2) },
          { header: "95% interval", cell: (row) => intervalText(row.held.interval) },
          { header: "Approved", numeric: true, cell: (row) => count(row.approved) },
          { header: "To approval", numeric: true, cell: (row) => formatShare(row.approvedRate.rate, 2) },
          { header: "95% interval", cell: (row) => intervalText(row.approvedRate.interval) },
        ]}
      />
      <Facts
        className="owner-verdicts"
        facts={[
          { term: "Flow to hold placed", value: report.variants.held },
          { term: "Flow to approval", value: report.variants.approved },
        ]}
      />

      <MoneyReport money={money} />

      <HealthReport health={health} now={now} />
    </>
  );
}
