// The words and number formats of the release console (/admin/releases) for the API's codes and figures.
import type { ReleaseAction, ReleaseAnalysis, RemoteRelease } from '@skynet/kit';

type Measure = ReleaseAnalysis['measures'][number];
export type MeasureName = Measure['name'];
type Verdict = Measure['verdict'];
type Decision = ReleaseAnalysis['decision'];

/** The measures in the order the console shows them. */
export const MEASURE_ORDER: readonly MeasureName[] = [
  'failures',
  'lcp',
  'inp',
  'cls',
  'api-errors',
  'file-errors',
];

export const MEASURE_LABEL: Record<MeasureName, string> = {
  failures: 'Load failures',
  lcp: 'Largest paint (LCP, p75)',
  inp: 'Input delay (INP, p75)',
  cls: 'Layout shift (CLS, p75)',
  'api-errors': 'API errors',
  'file-errors': 'File errors',
};

/** What lower or higher means, for the chart's caption. */
export const MEASURE_UNIT: Record<MeasureName, string> = {
  failures: 'share of page loads, lower is better',
  lcp: 'milliseconds, lower is better',
  inp: 'milliseconds, lower is better',
  cls: 'score, lower is better',
  'api-errors': 'share of API calls, lower is better',
  'file-errors': "share of the version's file requests, lower is better",
};

/** A measure's figure as people read it: rates (failures, API and file errors) in %, timings in ms, CLS with 3 decimals. */
export function formatMeasure(name: MeasureName, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return 'No data';
  switch (name) {
    case 'failures':
    case 'api-errors':
    case 'file-errors': {
      const percent = value * 100;
      return `${percent.toFixed(percent !== 0 && percent < 1 ? 2 : 1)}%`;
    }
    case 'lcp':
    case 'inp':
      return `${Math.round(value).toLocaleString('en-US')} ms`;
    case 'cls':
      return value.toFixed(3);
  }
}

export const VERDICT_LABEL: Record<Verdict, string> = {
  better: 'Better',
  same: 'Same',
  worse: 'Worse',
  unknown: 'Not known yet',
};

export const DECISION_LABEL: Record<Decision, string> = {
  wait: 'Waiting for enough samples',
  hold: 'Holding at this step',
  advance: 'Advancing to the next step',
  promote: 'Promote to stable',
  rollback: 'Roll back',
};

/** The button that starts an action. */
export const ACTION_LABEL: Record<ReleaseAction, string> = {
  promote: 'Promote',
  pause: 'Pause',
  rollback: 'Roll back',
};

/** What the console says once an action succeeded. */
export function actionDone(remote: string, action: ReleaseAction, after: RemoteRelease): string {
  if (action === 'promote') return `${remote} ${after.stable} is stable for everyone.`;
  if (action === 'pause')
    return after.canary?.paused
      ? `${remote}'s canary is paused where it is.`
      : `${remote}'s canary is running again.`;
  return after.canary
    ? `${remote} rolled back: stable ${after.stable}, canary ${after.canary.version}.`
    : `${remote} rolled back: everyone gets ${after.stable}.`;
}

/** A registry placement of a history line, in words. */
export function placementText(placement: RemoteRelease['history'][number]['from']): string {
  if (!placement) return 'nothing';
  const stable = placement.stable ? `stable ${placement.stable}` : 'no stable';
  return placement.canary
    ? `${stable}, canary ${placement.canary.version} at ${placement.canary.percent}%`
    : stable;
}

/** A minute of a series (ISO) as hours and minutes, UTC: the figures are per UTC minute. */
export function minuteText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(11, 16);
}
