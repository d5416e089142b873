// One measure over time, stable against canary, as an inline SVG line chart (no chart library: two polylines and
// a few labels). Stable is a solid line, the canary a dashed one with square points, so the two differ by more than
// colour. Its accessible name says what it shows and the latest figures; the same minutes are in a table for
// screen readers (and anyone who wants the numbers) inside a <details> below it.
import type { ReleaseAnalysis } from '@skynet/kit';
import { useId } from 'react';
import styles from './Releases.module.css';
import { formatMeasure, MEASURE_LABEL, MEASURE_UNIT, type MeasureName, minuteText } from './releaseLabels';

type Point = ReleaseAnalysis['series'][number];
interface Minute {
  at: string;
  stable: Point | undefined;
  canary: Point | undefined;
}

// About the width a chart gets at 390 px and in the desktop column's two, so its text keeps its size.
const WIDTH = 280;
const HEIGHT = 140;
const PAD = { left: 56, right: 10, top: 10, bottom: 24 };

/** The minutes of one measure's series, oldest first, each with both sides' points. */
export function minutesOf(series: readonly Point[], name: MeasureName): Minute[] {
  const byMinute = new Map<string, Minute>();
  for (const point of series) {
    if (point.name !== name) continue;
    const minute = byMinute.get(point.at) ?? { at: point.at, stable: undefined, canary: undefined };
    minute[point.arm] = point;
    byMinute.set(point.at, minute);
  }
  return [...byMinute.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** Runs of consecutive minutes with a value: a minute without a sample breaks the line. */
function segments(points: ([number, number] | null)[]): [number, number][][] {
  const runs: [number, number][][] = [];
  let run: [number, number][] = [];
  for (const point of points) {
    if (point) run.push(point);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

const figureOf = (point: Point | undefined) => point?.value ?? null;

/** A side's figure in the chart's table, with its sample size: three columns fit a phone. */
function cell(name: MeasureName, point: Point | undefined): string {
  const value = figureOf(point);
  return value === null ? 'No data' : `${formatMeasure(name, value)} (${point?.samples ?? 0})`;
}

/** The top of the scale: the smallest 1, 2, 2.5 or 5 times a power of ten at or above `value`. */
export function niceTop(value: number): number {
  if (!(value > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((n) => n * power >= value * (1 - 1e-9)) ?? 10;
  return step * power;
}

export function MeasureChart({ name, series }: { name: MeasureName; series: readonly Point[] }) {
  const id = useId();
  const minutes = minutesOf(series, name);
  const label = MEASURE_LABEL[name];
  if (minutes.length === 0) return null;

  const values = minutes.flatMap((m) => [figureOf(m.stable), figureOf(m.canary)]).filter((v) => v !== null);
  const top =
    niceTop(Math.max(...values, 0) * 1.05) || (name === 'lcp' || name === 'inp' || name === 'cls' ? 1 : 0.01);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (minutes.length === 1 ? plotWidth / 2 : (index / (minutes.length - 1)) * plotWidth);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const line = (arm: 'stable' | 'canary') =>
    minutes.map((m, index): [number, number] | null => {
      const value = figureOf(m[arm]);
      return value === null ? null : [x(index), y(value)];
    });
  const first = minutes[0]!;
  const last = minutes[minutes.length - 1]!;
  const latest = (arm: 'stable' | 'canary') =>
    formatMeasure(name, [...minutes].reverse().find((m) => figureOf(m[arm]) !== null)?.[arm]?.value ?? null);
  const description =
    `${label}, stable against canary per minute from ${minuteText(first.at)} to ${minuteText(last.at)} UTC ` +
    `(${MEASURE_UNIT[name]}). Latest: stable ${latest('stable')}, canary ${latest('canary')}.`;

  return (
    <figure className={styles.chart} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className={styles.chartTitle}>
        {label}
      </figcaption>
      <svg
        className={styles.chartSvg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={description}
        focusable="false"
      >
        <line
          className={styles.axis}
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotHeight}
          y2={PAD.top + plotHeight}
        />
        <line className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} />
        <text className={styles.tick} x={PAD.left - 4} y={PAD.top + 4} textAnchor="end">
          {formatMeasure(name, top)}
        </text>
        <text className={styles.tick} x={PAD.left - 4} y={PAD.top + plotHeight} textAnchor="end">
          {formatMeasure(name, 0)}
        </text>
        <text className={styles.tick} x={PAD.left} y={HEIGHT - 6} textAnchor="start">
          {minuteText(first.at)}
        </text>
        {minutes.length > 1 && (
          <text className={styles.tick} x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
            {minuteText(last.at)}
          </text>
        )}
        {(['stable', 'canary'] as const).map((arm) => (
          <g key={arm} className={arm === 'stable' ? styles.stableLine : styles.canaryLine}>
            {segments(line(arm)).map((run) => (
              <polyline key={run[0]!.join()} points={run.map((p) => p.join(',')).join(' ')} />
            ))}
            {line(arm).map((point, index) =>
              point === null ? null : arm === 'stable' ? (
                <circle key={minutes[index]!.at} cx={point[0]} cy={point[1]} r={2.5} />
              ) : (
                <rect key={minutes[index]!.at} x={point[0] - 2.5} y={point[1] - 2.5} width={5} height={5} />
              ),
            )}
          </g>
        ))}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={`${styles.swatch} ${styles.stableSwatch}`} /> Stable
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.canarySwatch}`} /> Canary
        </li>
      </ul>
      <details className={styles.chartData}>
        <summary>Figures of this chart</summary>
        <table className={styles.dataTable}>
          <caption>{label} per minute (UTC), stable against canary</caption>
          <thead>
            <tr>
              <th scope="col">Minute</th>
              <th scope="col">Stable (samples)</th>
              <th scope="col">Canary (samples)</th>
            </tr>
          </thead>
          <tbody>
            {minutes.map((m) => (
              <tr key={m.at}>
                <th scope="row">
                  <time dateTime={m.at}>{minuteText(m.at)}</time>
                </th>
                <td>{cell(name, m.stable)}</td>
                <td>{cell(name, m.canary)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
