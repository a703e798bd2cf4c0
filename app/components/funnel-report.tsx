// The owner's funnel report drawn: the funnel as bars (SVG, drawn on the server, so no script)
// beside the table that says the same in words, the grouped table, the variants compared, the
// money and the health. The table is the accessible version: the chart is one image whose
// title sends a screen reader to it.
import { formatShare, type FunnelCounts, type FunnelRow } from "../funnel/funnel-report";
import { formatCents } from "./owner-format";
import { TableRegion } from "./owner-tables";

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
    <TableRegion label="Funnel by step">
      <table className="owner-table funnel-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col" className="number">
              Flows
            </th>
            <th scope="col" className="number">
              Of step before
            </th>
            <th scope="col" className="number">
              Of flows begun
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code}>
              <th scope="row">
                {row.label}
                <span className="owner-hint">{row.counts}</span>
              </th>
              <td className="number">{count(row.reached)}</td>
              <td className="number">{formatShare(row.fromPrevious)}</td>
              <td className="number">{formatShare(row.fromStart)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export interface GroupView {
  label: string;
  counts: FunnelCounts;
}

/** One row a group, one column a step: flows reaching it, and its share of the group's flows. */
export function GroupedFunnelTable({ groups, dimension, steps }: { groups: GroupView[]; dimension: string; steps: { code: string; label: string }[] }) {
  return (
    <TableRegion label={`Funnel by ${dimension}`}>
      <table className="owner-table">
        <caption className="visually-hidden">Flows reaching each step, by {dimension}</caption>
        <thead>
          <tr>
            <th scope="col">{dimension}</th>
            <th scope="col" className="number">
              Flows begun
            </th>
            {steps.map((step) => (
              <th scope="col" className="number" key={step.code}>
                {step.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.label}>
              <th scope="row">{group.label}</th>
              <td className="number">{count(group.counts.flows)}</td>
              {group.counts.steps.map((reached, index) => (
                <td className="number" key={steps[index]?.code}>
                  {count(reached)}
                  <span className="owner-hint">{formatShare(group.counts.flows === 0 ? null : reached / group.counts.flows)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export interface MoneyLine {
  label: string;
  count: number | null;
  cents: number | null;
}

export function MoneyTable({ label, caption, firstColumn, lines }: { label: string; caption: string; firstColumn: string; lines: MoneyLine[] }) {
  return (
    <TableRegion label={label}>
      <table className="owner-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className="number">
              Count
            </th>
            <th scope="col" className="number">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td className="number">{line.count === null ? "–" : count(line.count)}</td>
              <td className="number">{line.cents === null ? "–" : formatCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
