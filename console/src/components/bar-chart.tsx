/**
 * A stacked bar chart in SVG (no chart library: the console's CSP allows no inline style, and
 * SVG presentation attributes are not styles). One bar per bucket, one colour per series, a
 * y axis with its maximum, x labels thinned to fit, and a legend. The figure is described for
 * screen readers; the page shows the same numbers in a table.
 */
import type { JSX } from 'preact';
import './bar-chart.css';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/** Colours with at least 3:1 contrast on white, told apart by the legend as well. */
const PALETTE = ['#1f5fa8', '#b3541e', '#2e7d32', '#7b3fa0', '#a8325e', '#00695c', '#6d4c41', '#455a64'];
/** Series past this are summed into "Others": a readable chart whatever the data. */
export const MAX_SERIES = PALETTE.length;

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 56, right: 8, top: 12, bottom: 40 };

/** Keeps the first MAX_SERIES - 1 series and sums the rest into "Others". */
export function foldSeries(series: readonly ChartSeries[]): ChartSeries[] {
  if (series.length <= MAX_SERIES) return [...series];
  const kept = series.slice(0, MAX_SERIES - 1);
  const rest = series.slice(MAX_SERIES - 1);
  const others = rest[0].values.map((_, i) => rest.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  return [...kept, { label: `Others (${rest.length})`, values: others }];
}

export function BarChart(props: { title: string; labels: readonly string[]; series: readonly ChartSeries[]; format?(value: number): string }): JSX.Element {
  const series = foldSeries(props.series);
  const format = props.format ?? ((v: number) => String(v));
  const n = props.labels.length;
  const totals = props.labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(0, ...totals);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = n ? plotW / n : plotW;
  const barW = Math.max(1, slot * 0.8);
  const y = (v: number) => (max > 0 ? (v / max) * plotH : 0);
  const every = Math.max(1, Math.ceil(n / 8));
  const sum = totals.reduce((a, b) => a + b, 0);
  const description = `${props.title}: ${format(sum)} in all over ${n} buckets, at most ${format(max)} in one.`;
  return (
    <figure class="bar-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} preserveAspectRatio="xMidYMid meet">
        <line x1={PAD.left} y1={PAD.top + plotH} x2={WIDTH - PAD.right} y2={PAD.top + plotH} stroke="#5f6368" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + plotH} stroke="#5f6368" />
        <text x={PAD.left - 6} y={PAD.top + 10} text-anchor="end" font-size="12" fill="#202124">
          {format(max)}
        </text>
        <text x={PAD.left - 6} y={PAD.top + plotH} text-anchor="end" font-size="12" fill="#202124">
          0
        </text>
        {props.labels.map((label, i) => {
          let base = 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={label} data-bucket={label} data-total={totals[i]}>
              {series.map((s, k) => {
                const value = s.values[i] ?? 0;
                if (value <= 0) return null;
                const h = y(value);
                const top = PAD.top + plotH - y(base) - h;
                base += value;
                return <rect key={s.label} class="bar" x={x} y={top} width={barW} height={Math.max(h, 1)} fill={PALETTE[k % PALETTE.length]} data-series={s.label} data-value={value} />;
              })}
              {i % every === 0 && (
                <text x={x + barW / 2} y={HEIGHT - PAD.bottom + 16} text-anchor="middle" font-size="11" fill="#202124">
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span class="chart-title">{props.title}</span>
        <ul class="legend">
          {series.map((s, k) => (
            <li key={s.label}>
              <svg width="12" height="12" aria-hidden="true" focusable="false">
                <rect width="12" height="12" fill={PALETTE[k % PALETTE.length]} />
              </svg>{' '}
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
