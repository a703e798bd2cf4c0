// The funnel report's last part: the health of what runs in the background. What waits in the
// outbox, holds about to lapse with no decision, the latest requests for her health data, the
// prunes' last runs and the database's size.
import { formatTime } from "../../components/console-format";
import { OrderLink, Time } from "../../components/console-parts";
import { ConsoleTable } from "../../components/console-table";
import { healthDataOutcomeLabel, healthDataRequestsKeptMonths } from "../../funnel/health-data";
import { pruneLabels, pruneUnits } from "../../funnel/prunes";
import type { FunnelReportPage } from "./report-page.server";

type Health = FunnelReportPage["health"];
type PruneLine = Health["prunes"][number];

const count = (value: number) => value.toLocaleString("en-US");

function ageOf(iso: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

function Age({ iso, now, suffix = "" }: { iso: string; now: number; suffix?: string }) {
  return (
    <time dateTime={iso} title={formatTime(iso)}>
      {ageOf(iso, now)}
      {suffix}
    </time>
  );
}

const megabytes = (bytes: number) =>
  `${(bytes / 1_048_576).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

function databaseSizeText({ bytes, of, engine }: Health["database"]): string {
  if (engine === "postgresql")
    return `The database takes ${megabytes(bytes)} (PostgreSQL's own count; PostgreSQL vacuums its tables itself).`;
  const where = of === "data-folder" ? "on disk, in its data folder" : "in memory";
  return `The embedded database takes ${megabytes(bytes)} ${where}. It never vacuums by itself: the server vacuums each table a prune or the hourly housekeeping removed rows from, after their run, so it grows with what is kept, not with what was removed.`;
}

function pruneState(line: PruneLine): string {
  if (!line.ranAt) return "Not run yet";
  if (line.failed) return "Failed part way: the server's log says why";
  return line.caughtUp ? "Caught up" : "More left for the next run";
}

export function HealthReport({ health, now }: { health: Health; now: number }) {
  const { abandonedFlowDays, deliveredOutboxKeptDays, unknownSignInsKeptDays } = health.pruneAges;
  return (
    <>
      <h2>Health</h2>
      <p className="owner-count">
        Emails sent in these dates: {count(health.emails.sent)} (delivered messages are kept {deliveredOutboxKeptDays} days). Emails failing
        now (retried by the outbox): {count(health.emails.failing)}.
      </p>
      <p className="owner-count">
        Failed console sign-ins for emails that are no account (counted, not audited): {count(health.unknownSignIns.lastDay)} since this
        hour yesterday, {count(health.unknownSignIns.kept)} in the last {unknownSignInsKeptDays} days.
      </p>
      <h3>Outbox</h3>
      <ConsoleTable
        region="Outbox"
        caption="Outbox messages waiting, by kind"
        rows={health.outbox}
        rowKey={(line) => line.kind}
        empty="Nothing waiting in the outbox."
        columns={[
          { header: "Kind", rowHeader: true, cell: (line) => line.kind },
          { header: "Pending", numeric: true, cell: (line) => count(line.pending) },
          {
            header: "Failed at least once",
            numeric: true,
            className: (line) => (line.failing > 0 ? "owner-failed" : undefined),
            cell: (line) => count(line.failing),
          },
          { header: "Oldest waiting", cell: (line) => (line.oldestPendingAt ? <Age iso={line.oldestPendingAt} now={now} /> : "–") },
        ]}
      />
      <h3>Holds expiring within 24 hours with no decision</h3>
      {health.expiringHolds.length === 0 ? (
        <p className="owner-empty">None.</p>
      ) : (
        <ul className="owner-list">
          {health.expiringHolds.map((hold) => (
            <li key={hold.reference}>
              <OrderLink reference={hold.reference} />, expires <Time iso={hold.holdExpiresAt} />
            </li>
          ))}
        </ul>
      )}
      <h3>Health data requests</h3>
      <p className="owner-count">
        Each request made on the Consumer Health Data Privacy Policy page and its outcome, kept {healthDataRequestsKeptMonths} months (no
        email and no data: a keyed hash of the email only). The latest:
      </p>
      <ConsoleTable
        region="Health data requests"
        caption="The latest health data requests, newest first"
        rows={health.healthDataRequests}
        rowKey={(line) => `${line.askedAt}-${line.kind}-${line.outcome}`}
        empty="No health data requests yet."
        columns={[
          { header: "Asked", rowHeader: true, cell: (line) => <Time iso={line.askedAt} /> },
          { header: "Kind", cell: (line) => (line.kind === "access" ? "See her data" : "Delete her data") },
          { header: "Outcome", cell: (line) => healthDataOutcomeLabel(line.outcome) },
          { header: "Outcome at", cell: (line) => <Time iso={line.outcomeAt} /> },
        ]}
      />
      <h3>Prunes</h3>
      <p className="owner-count">
        Once an hour the server erases the name, email, phone, address and answers of flows with no order and nothing written for{" "}
        {abandonedFlowDays} days (their counts in this report stay), removes outbox messages delivered more than {deliveredOutboxKeptDays}{" "}
        days ago, rate-limit counters and console sign-in tries past their window, the counts of sign-ins for unknown emails after{" "}
        {unknownSignInsKeptDays} days, and the records of health data requests after {healthDataRequestsKeptMonths} months.
      </p>
      <ConsoleTable
        region="Prunes"
        caption="Each prune's last run"
        rows={health.prunes}
        rowKey={(line) => line.name}
        columns={[
          { header: "Prune", rowHeader: true, cell: (line) => pruneLabels[line.name] },
          { header: "Last run", cell: (line) => (line.ranAt ? <Age iso={line.ranAt} now={now} suffix=" ago" /> : "–") },
          { header: "Erased or removed", numeric: true, cell: (line) => `${count(line.rows)} ${pruneUnits[line.name]}` },
          { header: "Batches", numeric: true, cell: (line) => count(line.batches) },
          { header: "State", className: (line) => (line.failed ? "owner-failed" : undefined), cell: pruneState },
        ]}
      />
      <h3>Database size</h3>
      <p className="owner-count">{databaseSizeText(health.database)}</p>
    </>
  );
}
