// The funnel report's figures: the funnel as bars (SVG, drawn on the server, so no script)
// beside the table that says the same in words, the grouped table and the money (revenue
// beside its refunds, disputes lost and net). The table is the accessible version: the chart
// is one image whose title sends a screen reader to it.
import { ConsoleTable } from "../../components/console-table";
import { formatCents } from "../../components/console-format";
import { formatShare, type FunnelCounts, type FunnelRow } from "../../funnel/funnel-report";

const count = (value: number) => value.toLocaleString("en-US");

const barHeight = 14;
const rowHeight = 46;

/** Horizontal bars, one per step, each as long as its share of the flows begun; text above each bar so it reads at 375 px. */
export function FunnelChart({ rows, flows }: { rows: FunnelRow[]; flows: number }) {
  const height = rows.length * rowHeight;
  return (
    <figure className="funnel-chart">
      <svg width="100%" height={height} role="img" aria-labelledby="funnel-chart-title" focusable="false">
        <title id="funnel-chart-title">Flows reaching each step as bars; the table has the same numbers.</title>
        {rows.map((row, index) => {
          const top = index * rowHeight;
          const share = flows === 0 ? 0 : row.reached / flows;
          return (
            <g key={row.code}>
              <text x="0" y={top + 17} className="funnel-chart-label">
                {row.label}
              </text>
              <text x="100%" y={top + 17} textAnchor="end" className="funnel-chart-value">
                {count(row.reached)} · {formatShare(row.fromStart)}
              </text>
              <rect x="0" y={top + 24} width="100%" height={barHeight} rx="3" className="funnel-chart-track" />
              {share > 0 ? (
                <rect x="0" y={top + 24} width={`${Math.max(share * 100, 0.5)}%`} height={barHeight} rx="3" className="funnel-chart-bar" />
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function FunnelTable({ rows, caption }: { rows: FunnelRow[]; caption: string }) {
  return (
    <ConsoleTable
      region="Funnel by step"
      caption={caption}
      className="funnel-table"
      rows={rows}
      rowKey={(row) => row.code}
      columns={[
        {
          header: "Step",
          rowHeader: true,
          cell: (row) => (
            <>
              {row.label}
              <span className="owner-hint">{row.counts}</span>
            </>
          ),
        },
        { header: "Flows", numeric: true, cell: (row) => count(row.reached) },
        { header: "Of step before", numeric: true, cell: (row) => formatShare(row.fromPrevious) },
        { header: "Of flows begun", numeric: true, cell: (row) => formatShare(row.fromStart) },
      ]}
    />
  );
}

export interface GroupView {
  label: string;
  counts: FunnelCounts;
}

/** One row a group, one column a step: flows reaching it, and its share of the group's flows. */
export function GroupedFunnelTable({
  groups,
  dimension,
  steps,
}: {
  groups: GroupView[];
  dimension: string;
  steps: { code: string; label: string }[];
}) {
  return (
    <ConsoleTable
      region={`Funnel by ${dimension}`}
      caption={`Flows reaching each step, by ${dimension}`}
      rows={groups}
      rowKey={(group) => group.label}
      columns={[
        { header: dimension, rowHeader: true, cell: (group) => group.label },
        { header: "Flows begun", numeric: true, cell: (group) => count(group.counts.flows) },
        ...steps.map((step, index) => ({
          header: step.label,
          numeric: true,
          cell: (group: GroupView) => {
            const reached = group.counts.steps[index];
            return reached === undefined ? null : (
              <>
                {count(reached)}
                <span className="owner-hint">{formatShare(group.counts.flows === 0 ? null : reached / group.counts.flows)}</span>
              </>
            );
          },
        })),
      ]}
    />
  );
}

export interface MoneyLine {
  label: string;
  count: number | null;
  cents: number | null;
}

export function MoneyTable({
  label,
  caption,
  firstColumn,
  lines,
  empty,
  formatAmount = formatCents,
}: {
  label: string;
  caption: string;
  firstColumn: string;
  lines: MoneyLine[];
  empty?: string;
  formatAmount?: (cents: number) => string;
}) {
  return (
    <ConsoleTable
      region={label}
      caption={caption}
      rows={lines}
      rowKey={(line) => line.label}
      empty={empty}
      columns={[
        { header: firstColumn, rowHeader: true, cell: (line) => line.label },
        { header: "Count", numeric: true, cell: (line) => (line.count === null ? "–" : count(line.count)) },
        { header: "Amount", numeric: true, cell: (line) => (line.cents === null ? "–" : formatAmount(line.cents)) },
      ]}
    />
  );
}

/** An amount that may be below zero (a month of refunds alone), with a minus sign a screen reader says. */
export function signedCents(cents: number): string {
  return cents < 0 ? `−${formatCents(-cents)}` : formatCents(cents);
}

export interface NetRow {
  label: string;
  revenue: { count: number; cents: number };
  refunds: { count: number; cents: number };
  lostDisputes: { count: number; cents: number };
  netCents: number;
}

/** Revenue beside what went back and what is left, one row a plan or a month. */
export function NetTable({
  label,
  caption,
  firstColumn,
  rows,
  empty,
}: {
  label: string;
  caption: string;
  firstColumn: string;
  rows: NetRow[];
  empty: string;
}) {
  return (
    <ConsoleTable
      region={label}
      caption={caption}
      rows={rows}
      rowKey={(row) => row.label}
      empty={empty}
      columns={[
        { header: firstColumn, rowHeader: true, cell: (row) => row.label },
        { header: "Payments", numeric: true, cell: (row) => count(row.revenue.count) },
        { header: "Revenue", numeric: true, cell: (row) => formatCents(row.revenue.cents) },
        { header: "Refunded", numeric: true, cell: (row) => formatCents(row.refunds.cents) },
        { header: "Disputes lost", numeric: true, cell: (row) => formatCents(row.lostDisputes.cents) },
        { header: "Net revenue", numeric: true, cell: (row) => signedCents(row.netCents) },
      ]}
    />
  );
}
