// The older variant's weight-loss data (spec section 3) as a line chart drawn on the
// server: an inline SVG, no script. The SVG is one image named by the visible caption and
// described by a one-line summary; a real table carries the same numbers for screen readers.
// Colours come from the stylesheet's tokens. The data has no unit, so the chart names none.
import type { WeightLossData } from "../../funnel/weight-loss";
import { chartFontSize, chartSummary, formatWeight, weightLossChart } from "../../funnel/weight-loss-chart";

export const weightLossChartTitle = "An example weight-loss journey: the first three months";

export function WeightLossChart({ data, title = weightLossChartTitle }: { data: WeightLossData; title?: string }) {
  const chart = weightLossChart(data.milestones);
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
            Month
          </text>
        </g>
        {/* The weight axis is named above its ticks, where the first value label leaves room. */}
        <text className="chart-tick" x={4} y={chartFontSize}>
          Weight
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
        {chartSummary(data.milestones)} An illustration, not a promise: results differ from person to person.
      </p>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Weight</th>
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
