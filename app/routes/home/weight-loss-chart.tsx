// The older variant's weight-loss data (spec section 3) as a line chart drawn on the
// server: an inline SVG, no script. The SVG is one image named by the visible caption and
// described by a one-line summary; a real table carries the same numbers for screen readers.
// Colours come from the stylesheet's tokens. The data has no unit, so the chart names none.
// Its words come from the page (in the page's language); without them, the spec's English.
import type { WeightLossData } from "../../funnel/weight-loss";
import { chartFontSize, chartSummary, formatWeight, weightLossChart } from "../../funnel/weight-loss-chart";
import { selectionEn } from "../../i18n/areas/selection.en";

export const weightLossChartTitle = selectionEn["home.chartTitle"];

/** What the chart says besides its numbers. */
export interface ChartWords {
  month: string;
  weight: string;
  /** What the line shows, then that it is an illustration. */
  summary: string;
  note: string;
}

export function WeightLossChart({
  data,
  title = weightLossChartTitle,
  words,
}: {
  data: WeightLossData;
  title?: string;
  words?: ChartWords;
}) {
  const chart = weightLossChart(data.milestones);
  const said: ChartWords = words ?? {
    month: selectionEn["home.chartMonth"],
    weight: selectionEn["home.chartWeight"],
    summary: chartSummary(data.milestones),
    note: selectionEn["home.chartNote"],
  };
  const { plot } = chart;
  return (
    <figure className="weight-chart">
      <figcaption id="weight-chart-title" className="weight-chart-title">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        width={chart.width}
        height={chart.height}
        role="img"
        aria-labelledby="weight-chart-title"
        aria-describedby="weight-chart-summary"
        focusable="false"
        fontSize={chartFontSize}
      >
        <g className="chart-grid">
          {chart.weightTicks.map((tick) => (
            <line key={tick.value} x1={plot.left} x2={plot.right} y1={tick.position} y2={tick.position} />
          ))}
        </g>
        <line className="chart-axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        <g className="chart-tick" textAnchor="end">
          {chart.weightTicks.map((tick) => (
            <text key={tick.value} x={plot.left - 8} y={tick.position} dy="0.35em">
              {tick.label}
            </text>
          ))}
        </g>
        <g className="chart-tick" textAnchor="middle">
          {chart.monthTicks.map((tick) => (
            <text key={tick.value} x={tick.position} y={plot.bottom + 20}>
              {tick.label}
            </text>
          ))}
          <text x={(plot.left + plot.right) / 2} y={chart.height - 6}>
            {said.month}
          </text>
        </g>
        {/* The weight axis is named above its ticks, where the first value label leaves room. */}
        <text className="chart-tick" x={4} y={chartFontSize}>
          {said.weight}
        </text>
        <path className="chart-line" d={chart.line} />
        {chart.points.map((point, index) => (
          <g key={index}>
            <circle className="chart-point" cx={point.x} cy={point.y} r={5} />
            <text className="chart-value" x={point.x} y={point.labelY} textAnchor="middle">
              {formatWeight(point.weight)}
            </text>
          </g>
        ))}
      </svg>
      <p id="weight-chart-summary" className="weight-chart-summary">
        {said.summary} {said.note}
      </p>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{said.month}</th>
            <th scope="col">{said.weight}</th>
          </tr>
        </thead>
        <tbody>
          {chart.points.map((point, index) => (
            <tr key={index}>
              <th scope="row">{point.month}</th>
              <td>{formatWeight(point.weight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
