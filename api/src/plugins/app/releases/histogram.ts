// The measures a release is judged on, kept as histograms (issue 33): fixed bucket edges per metric, so per-minute
// rows from every node add up, and percentiles and rank tests are computed from the counts.
import type { PlatformMeasureName } from '@skynet/contract';

/** Lower edges of the buckets (the last bucket is open above). */
const MS_EDGES = [
  0, 50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2400,
  2800, 3200, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000,
];
const CLS_EDGES = [0, 0.001, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.35, 0.5, 0.75, 1, 1.5];

export const EDGES: Record<PlatformMeasureName, readonly number[]> = {
  lcp: MS_EDGES,
  inp: MS_EDGES,
  cls: CLS_EDGES,
};

/** The bucket of a value: the last edge at or below it. */
export function bucketOf(metric: PlatformMeasureName, value: number): number {
  const edges = EDGES[metric];
  let bucket = 0;
  for (let i = 0; i < edges.length; i++) if (value >= (edges[i] as number)) bucket = i;
  return bucket;
}

/** Counts by bucket index. */
export type Histogram = Map<number, number>;

export const total = (histogram: Histogram) => [...histogram.values()].reduce((sum, n) => sum + n, 0);

/** The upper edge of a bucket (the open last bucket: its lower edge plus half of it). */
function upperEdge(edges: readonly number[], bucket: number): number {
  const lower = edges[bucket] as number;
  return edges[bucket + 1] ?? lower * 1.5;
}

/** The q-quantile (0-1), interpolated linearly inside its bucket; null for an empty histogram. */
export function quantile(metric: PlatformMeasureName, histogram: Histogram, q: number): number | null {
  const n = total(histogram);
  if (n === 0) return null;
  const edges = EDGES[metric];
  const target = q * n;
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    const count = histogram.get(bucket) ?? 0;
    if (seen + count >= target) {
      const lower = edges[bucket] as number;
      const share = count === 0 ? 0 : (target - seen) / count;
      return lower + share * (upperEdge(edges, bucket) - lower);
    }
    seen += count;
  }
  return upperEdge(edges, Math.max(...histogram.keys()));
}

/** The standard normal's upper tail, P(Z > z) (Abramowitz and Stegun 26.2.17, error below 7.5e-8). */
export function normalUpperTail(z: number): number {
  if (z < 0) return 1 - normalUpperTail(-z);
  const t = 1 / (1 + 0.2316419 * z);
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return density * poly;
}

/**
 * One-sided Mann-Whitney U test that `b` tends to be larger than `a`, on bucketed samples (ties inside a bucket get
 * their mid-rank; normal approximation with the tie correction). Answers the p-value; 1 without samples.
 */
export function mannWhitneyGreater(a: Histogram, b: Histogram): number {
  const n1 = total(a);
  const n2 = total(b);
  if (n1 === 0 || n2 === 0) return 1;
  const buckets = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
  let rank = 0;
  let rankSumB = 0;
  let tieTerm = 0;
  for (const bucket of buckets) {
    const ca = a.get(bucket) ?? 0;
    const cb = b.get(bucket) ?? 0;
    const t = ca + cb;
    const midRank = rank + (t + 1) / 2;
    rankSumB += cb * midRank;
    rank += t;
    tieTerm += t * t * t - t;
  }
  const u = rankSumB - (n2 * (n2 + 1)) / 2;
  const n = n1 + n2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return 1;
  // Continuity correction towards the mean.
  const z = (u - mean - 0.5) / Math.sqrt(variance);
  return normalUpperTail(z);
}

/** One-sided two-proportion z test that `b`'s rate is above `a`'s. Answers the p-value; 1 without samples. */
export function proportionGreater(aEvents: number, aTotal: number, bEvents: number, bTotal: number): number {
  if (aTotal === 0 || bTotal === 0) return 1;
  const pooled = (aEvents + bEvents) / (aTotal + bTotal);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / aTotal + 1 / bTotal));
  if (se === 0) return 1;
  return normalUpperTail((bEvents / bTotal - aEvents / aTotal) / se);
}
