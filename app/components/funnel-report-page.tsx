// The owner's funnel report below its form: flows by step, the groups, the variants compared,
// the money and the health of what runs in the background (routes/owner.funnel draws the form).
import { formatShare, funnelSteps } from "../funnel/funnel-report";
import type { Interval } from "../funnel/proportions";
import type { FunnelReportPage } from "../routes/owner.funnel/report-page.server";
import { FunnelChart, FunnelTable, GroupedFunnelTable, MoneyTable } from "./funnel-report";
import { formatCents, formatTime } from "./owner-format";
import { TableRegion, Time } from "./owner-tables";

function intervalText(interval: Interval | null): string {
  return interval ? `${formatShare(interval.low)} to ${formatShare(interval.high)}` : "–";
}

function ageOf(iso: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
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
        {report.flows.toLocaleString("en-US")} {report.flows === 1 ? "flow" : "flows"} began in these dates (UTC), each followed to
        today and counted once at every step it reached.
      </p>
      {report.flows === 0 ? (
        <p className="owner-empty">No flows began in these dates{report.grouped ? "" : " with these filters"}.</p>
      ) : (
        <div className="funnel-figures">
          <FunnelChart rows={report.rows} flows={report.flows} />
          <FunnelTable rows={report.rows} caption="Flows reaching each step, with the share kept from the step before and from the flows begun" />
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
                {report.grouped.count > report.grouped.rows.length ? "; the rest summed as Other values" : ""}. Each cell: flows
                reaching the step, and their share of the group's flows.
              </p>
              <GroupedFunnelTable groups={report.grouped.rows} dimension={report.grouped.dimension} steps={[...funnelSteps]} />
            </>
          )}
        </>
      ) : null}

      <h2>Variants</h2>
      <p className="owner-count">Every filter applies but the variant's. Conversion: the share of flows begun; intervals are 95% (Wilson).</p>
      <TableRegion label="Variants">
        <table className="owner-table">
          <caption className="visually-hidden">The variants side by side</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col" className="number">
                Flows
              </th>
              <th scope="col" className="number">
                Holds placed
              </th>
              <th scope="col" className="number">
                To hold
              </th>
              <th scope="col">95% interval</th>
              <th scope="col" className="number">
                Approved
              </th>
              <th scope="col" className="number">
                To approval
              </th>
              <th scope="col">95% interval</th>
            </tr>
          </thead>
          <tbody>
            {report.variants.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td className="number">{row.flows.toLocaleString("en-US")}</td>
                <td className="number">{row.holds.toLocaleString("en-US")}</td>
                <td className="number">{formatShare(row.held.rate, 2)}</td>
                <td>{intervalText(row.held.interval)}</td>
                <td className="number">{row.approved.toLocaleString("en-US")}</td>
                <td className="number">{formatShare(row.approvedRate.rate, 2)}</td>
                <td>{intervalText(row.approvedRate.interval)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <dl className="owner-verdicts">
        <div>
          <dt>Flow to hold placed</dt>
          <dd>{report.variants.held}</dd>
        </div>
        <div>
          <dt>Flow to approval</dt>
          <dd>{report.variants.approved}</dd>
        </div>
      </dl>

      <h2>Money</h2>
      <p className="owner-count">Payments made in these dates, on the lifecycle clock. Revenue: first periods captured and renewals paid.</p>
      <MoneyTable
        label="Payments"
        caption="Payments in these dates"
        firstColumn="Payments"
        lines={[
          { label: "Holds placed", ...money.holdsPlaced },
          { label: "Captured", ...money.captured },
          { label: "Released", ...money.released },
          { label: "Renewals charged", ...money.renewalsCharged },
          { label: "Renewals failed", ...money.renewalsFailed },
          { label: "Revenue", ...money.revenue },
          { label: "Average order value (holds placed)", count: null, cents: money.averageOrderCents },
        ]}
      />
      <h3>Revenue by plan</h3>
      {money.byPlan.length === 0 ? (
        <p className="owner-empty">No revenue in these dates.</p>
      ) : (
        <MoneyTable
          label="Revenue by plan"
          caption="Revenue by plan"
          firstColumn="Plan"
          lines={money.byPlan.map((line) => ({ label: line.label, ...line.revenue }))}
        />
      )}
      <h3>Revenue by month</h3>
      {money.byMonth.length === 0 ? (
        <p className="owner-empty">No revenue in these dates.</p>
      ) : (
        <MoneyTable
          label="Revenue by month"
          caption="Revenue by month"
          firstColumn="Month"
          lines={money.byMonth.map((line) => ({ label: line.month, ...line.revenue }))}
        />
      )}
      <h3>Promo codes</h3>
      {money.promos.length === 0 ? (
        <p className="owner-empty">No promo code on the orders of these dates.</p>
      ) : (
        <TableRegion label="Promo codes">
          <table className="owner-table">
            <caption className="visually-hidden">Promo codes on the orders placed in these dates</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col" className="number">
                  Orders
                </th>
                <th scope="col" className="number">
                  Discount given
                </th>
              </tr>
            </thead>
            <tbody>
              {money.promos.map((promo) => (
                <tr key={promo.code}>
                  <th scope="row">{promo.code}</th>
                  <td className="number">{promo.orders.toLocaleString("en-US")}</td>
                  <td className="number">{formatCents(promo.discountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}

      <h2>Health</h2>
      <p className="owner-count">
        Emails sent in these dates: {health.emails.sent.toLocaleString("en-US")}. Emails failing now (retried by the outbox):{" "}
        {health.emails.failing.toLocaleString("en-US")}.
      </p>
      <h3>Outbox</h3>
      {health.outbox.length === 0 ? (
        <p className="owner-empty">Nothing waiting in the outbox.</p>
      ) : (
        <TableRegion label="Outbox">
          <table className="owner-table">
            <caption className="visually-hidden">Outbox messages waiting, by kind</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col" className="number">
                  Pending
                </th>
                <th scope="col" className="number">
                  Failed at least once
                </th>
                <th scope="col">Oldest waiting</th>
              </tr>
            </thead>
            <tbody>
              {health.outbox.map((line) => (
                <tr key={line.kind}>
                  <th scope="row">{line.kind}</th>
                  <td className="number">{line.pending.toLocaleString("en-US")}</td>
                  <td className={line.failing > 0 ? "number owner-failed" : "number"}>{line.failing.toLocaleString("en-US")}</td>
                  <td>
                    {line.oldestPendingAt ? (
                      <time dateTime={line.oldestPendingAt} title={formatTime(line.oldestPendingAt)}>
                        {ageOf(line.oldestPendingAt, now)}
                      </time>
                    ) : (
                      "–"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <h3>Holds expiring within 24 hours with no decision</h3>
      {health.expiringHolds.length === 0 ? (
        <p className="owner-empty">None.</p>
      ) : (
        <ul className="owner-list">
          {health.expiringHolds.map((hold) => (
            <li key={hold.reference}>
              <a href={`/owner/orders/${hold.reference}`}>{hold.reference}</a>, expires <Time iso={hold.holdExpiresAt} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
