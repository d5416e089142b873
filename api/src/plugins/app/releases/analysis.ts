// Automatic canary analysis (issue 33): a canary compared with stable over the same minutes, measure by measure, with
// a stated test each, and the decision the release job acts on. Pure: the figures come in, the verdicts go out.
//
// - failures (share of visitors whose load, evaluation, mount or render failed): Wald's sequential probability ratio
//   test on the canary's visitors, H0 rate = p0 = max(stable's rate, 1%) against H1 = max(3 p0, p0 + 5 points),
//   alpha 5%, beta 20%. Sequential: two failing visitors out of two already reject H0, so a broken canary is rolled
//   back at small traffic instead of after a fixed number of loads.
// - lcp, inp (ms), cls (score): one-sided Mann-Whitney U on the histograms, canary above stable, p < 1%, and the p75
//   worse by more than a practical margin (max(100 ms, 10%) for lcp and inp, 0.05 for cls). As good as stable only
//   within the margin: beyond it without significance the job waits for more samples instead of widening.
// - api-errors (share of the page's API calls answered 5xx or 400) and file-errors (share of the server's answers to
//   the files the version lists that were not 2xx or 304): one-sided two-proportion z test, p < 1%, and at least 1
//   point worse.
import type { Canary, ReleaseMeasure, ReleasePolicy } from '@skynet/contract';
import { type Histogram, mannWhitneyGreater, proportionGreater, quantile, total } from './histogram.js';

export const SIGNIFICANCE = 0.01;
const SPRT_ALPHA = 0.05;
const SPRT_BETA = 0.2;
const SPRT_UPPER = Math.log((1 - SPRT_BETA) / SPRT_ALPHA);
const SPRT_LOWER = Math.log(SPRT_BETA / (1 - SPRT_ALPHA));

export interface ArmFigures {
  /** Visitors whose page tried the version (loaded it, or failed to load or evaluate it). */
  tries: number;
  /** Visitors who met a failure of it. */
  failures: number;
  lcp: Histogram;
  inp: Histogram;
  cls: Histogram;
  apiCalls: number;
  apiErrors: number;
  /** The server's answers to the version's listed files, and those that failed. */
  files: number;
  fileErrors: number;
}

export interface Decision {
  decision: 'wait' | 'hold' | 'advance' | 'promote' | 'rollback';
  reason: string;
  /** The share to widen to (advance). */
  percent?: number;
}

const pct = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
const round = (value: number | null, digits = 0) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** The SPRT on the canary's failing visitors (see above). */
export function failureMeasure(stable: ArmFigures, canary: ArmFigures): ReleaseMeasure {
  const rate = (arm: ArmFigures) => (arm.tries > 0 ? Math.min(1, arm.failures / arm.tries) : null);
  const p0 = Math.max(rate(stable) ?? 0, 0.01);
  const p1 = Math.min(0.99, Math.max(3 * p0, p0 + 0.05));
  const failed = Math.min(canary.failures, canary.tries);
  const passed = Math.max(0, canary.tries - failed);
  const llr = failed * Math.log(p1 / p0) + passed * Math.log((1 - p1) / (1 - p0));
  const verdict =
    canary.tries === 0 ? 'unknown' : llr >= SPRT_UPPER ? 'worse' : llr <= SPRT_LOWER ? 'same' : 'unknown';
  return {
    name: 'failures',
    stable: rate(stable),
    canary: rate(canary),
    stableSamples: stable.tries,
    canarySamples: canary.tries,
    verdict,
    test: `SPRT, ${pct(p0)} vs ${pct(p1)}: log-LR ${llr.toFixed(2)} (worse at ${SPRT_UPPER.toFixed(2)}, same at ${SPRT_LOWER.toFixed(2)})`,
  };
}

/** A measure compared on its histograms: p75 and the Mann-Whitney U test. */
export function distributionMeasure(
  name: 'lcp' | 'inp' | 'cls',
  stable: Histogram,
  canary: Histogram,
  minSamples: number,
): ReleaseMeasure {
  const s75 = quantile(name, stable, 0.75);
  const c75 = quantile(name, canary, 0.75);
  const n1 = total(stable);
  const n2 = total(canary);
  const digits = name === 'cls' ? 3 : 0;
  const base = {
    name,
    stable: round(s75, digits),
    canary: round(c75, digits),
    stableSamples: n1,
    canarySamples: n2,
  };
  if (n1 < minSamples || n2 < minSamples || s75 === null || c75 === null) {
    return { ...base, verdict: 'unknown', test: `Mann-Whitney U: needs ${minSamples} samples on each side` };
  }
  const margin = name === 'cls' ? 0.05 : Math.max(100, 0.1 * s75);
  const pWorse = mannWhitneyGreater(stable, canary);
  const pBetter = mannWhitneyGreater(canary, stable);
  // Worse: significant and beyond the margin. As good: within the margin. Beyond it but not yet significant: the
  // evidence leans worse and is too thin either way, so the job waits for more samples rather than widening.
  const verdict =
    c75 - s75 > margin
      ? pWorse < SIGNIFICANCE
        ? 'worse'
        : 'unknown'
      : pBetter < SIGNIFICANCE && s75 - c75 > margin
        ? 'better'
        : 'same';
  const p = verdict === 'better' ? pBetter : pWorse;
  const figure = `Mann-Whitney U, p = ${p < 0.0001 ? '< 0.0001' : p.toFixed(4)}`;
  return {
    ...base,
    verdict,
    test: verdict === 'unknown' ? `${figure}: beyond the margin, not yet significant` : figure,
  };
}

/** A share of failed answers (the page's API calls, or the version's files) against stable's: a z test. */
export function answerMeasure(
  name: 'api-errors' | 'file-errors',
  stable: { total: number; failed: number },
  canary: { total: number; failed: number },
  minSamples: number,
): ReleaseMeasure {
  const rate = (side: { total: number; failed: number }) =>
    side.total > 0 ? side.failed / side.total : null;
  const base = {
    name,
    stable: round(rate(stable), 4),
    canary: round(rate(canary), 4),
    stableSamples: stable.total,
    canarySamples: canary.total,
  };
  const what = name === 'api-errors' ? 'calls' : 'files';
  if (stable.total < minSamples || canary.total < minSamples) {
    return {
      ...base,
      verdict: 'unknown',
      test: `two-proportion z test: needs ${minSamples} ${what} on each side`,
    };
  }
  const p = proportionGreater(stable.failed, stable.total, canary.failed, canary.total);
  const worse = p < SIGNIFICANCE && (rate(canary) ?? 0) - (rate(stable) ?? 0) > 0.01;
  return {
    ...base,
    verdict: worse ? 'worse' : 'same',
    test: `two-proportion z test, p = ${p < 0.0001 ? '< 0.0001' : p.toFixed(4)}`,
  };
}

export function compare(stable: ArmFigures, canary: ArmFigures, policy: ReleasePolicy): ReleaseMeasure[] {
  return [
    failureMeasure(stable, canary),
    distributionMeasure('lcp', stable.lcp, canary.lcp, policy.minSamples),
    distributionMeasure('inp', stable.inp, canary.inp, policy.minSamples),
    distributionMeasure('cls', stable.cls, canary.cls, policy.minSamples),
    answerMeasure(
      'api-errors',
      { total: stable.apiCalls, failed: stable.apiErrors },
      { total: canary.apiCalls, failed: canary.apiErrors },
      policy.minSamples,
    ),
    answerMeasure(
      'file-errors',
      { total: stable.files, failed: stable.fileErrors },
      { total: canary.files, failed: canary.fileErrors },
      policy.minSamples,
    ),
  ];
}

/** A measure's figures in a sentence, for the history line and the console. */
export function describeMeasure(m: ReleaseMeasure): string {
  const show = (value: number | null) =>
    value === null
      ? '-'
      : m.name === 'failures' || m.name === 'api-errors' || m.name === 'file-errors'
        ? pct(value)
        : m.name === 'cls'
          ? value.toFixed(3)
          : `${Math.round(value)} ms`;
  const label = m.name === 'lcp' || m.name === 'inp' || m.name === 'cls' ? `${m.name} p75` : m.name;
  return `${label} ${show(m.canary)} (n=${m.canarySamples}) vs stable ${show(m.stable)} (n=${m.stableSamples}): ${m.verdict}, ${m.test}`;
}

/**
 * What the job does with a canary: roll back when any measure is worse (whatever the policy, paused too); else hold
 * when paused or the policy is manual; else wait for the bake time and the minimum sample (failures and LCP on the
 * canary's side); else widen to the next step, or promote after the last.
 */
export function decide(
  canary: Canary,
  policy: ReleasePolicy,
  measures: ReleaseMeasure[],
  since: Date,
  now: Date,
): Decision {
  const worse = measures.filter((m) => m.verdict === 'worse');
  if (worse.length > 0) {
    return { decision: 'rollback', reason: `worse than stable: ${worse.map(describeMeasure).join('; ')}` };
  }
  if (canary.paused) return { decision: 'hold', reason: 'paused by a person' };
  if (policy.mode === 'manual')
    return { decision: 'hold', reason: 'manual policy: a person widens and promotes' };
  const baked = (now.getTime() - since.getTime()) / 60_000;
  if (baked < policy.bakeMinutes) {
    return {
      decision: 'wait',
      reason: `baking: ${Math.floor(baked)} of ${policy.bakeMinutes} minutes at ${canary.percent}%`,
    };
  }
  const byName = new Map(measures.map((m) => [m.name, m]));
  for (const name of ['failures', 'lcp'] as const) {
    const m = byName.get(name);
    if (m && m.canarySamples < policy.minSamples) {
      return {
        decision: 'wait',
        reason: `${name}: ${m.canarySamples} of ${policy.minSamples} samples on the canary`,
      };
    }
  }
  // A timing beyond its margin on enough samples, not yet significant: more samples decide it.
  const leaning = measures.find(
    (m) =>
      m.verdict === 'unknown' &&
      (m.name === 'lcp' || m.name === 'inp' || m.name === 'cls') &&
      m.canarySamples >= policy.minSamples &&
      m.stableSamples >= policy.minSamples,
  );
  if (leaning) {
    return { decision: 'wait', reason: `waiting for more samples: ${describeMeasure(leaning)}` };
  }
  const next = policy.steps.find((step) => step > canary.percent);
  const summary = measures.map(describeMeasure).join('; ');
  if (next === undefined || canary.percent >= 100) {
    return { decision: 'promote', reason: `as good as stable after its last step: ${summary}` };
  }
  return {
    decision: 'advance',
    percent: next,
    reason: `as good as stable at ${canary.percent}%: ${summary}`,
  };
}
