// Remote releases as GET /api/admin/releases answers them, for the release console's tests.
import type { ReleaseAnalysis, ReleasesOverview, RemoteRelease } from '@skynet/kit';

const minute = (n: number) => new Date(Date.UTC(2026, 10, 27, 12, n)).toISOString();

/** A canary the analysis rolls back: it paints 800 ms later and a module throws while it evaluates. */
export function aRollbackAnalysis(overrides: Partial<ReleaseAnalysis> = {}): ReleaseAnalysis {
  return {
    at: minute(10),
    since: minute(0),
    decision: 'rollback',
    reason: 'LCP p75 is 800 ms worse than stable (Mann-Whitney U, p = 0.001)',
    measures: [
      {
        name: 'failures',
        stable: 0,
        canary: 0.125,
        stableSamples: 40,
        canarySamples: 40,
        verdict: 'worse',
        test: 'SPRT, log-LR 3.1 of 2.9',
      },
      {
        name: 'lcp',
        stable: 1200,
        canary: 2000,
        stableSamples: 40,
        canarySamples: 35,
        verdict: 'worse',
        test: 'Mann-Whitney U, p = 0.001',
      },
      {
        name: 'cls',
        stable: 0.0123,
        canary: 0.0125,
        stableSamples: 40,
        canarySamples: 35,
        verdict: 'same',
        test: 'Mann-Whitney U, p = 0.81',
      },
    ],
    series: [
      { at: minute(1), name: 'lcp', arm: 'stable', value: 1180, samples: 12 },
      { at: minute(1), name: 'lcp', arm: 'canary', value: 1990, samples: 11 },
      { at: minute(2), name: 'lcp', arm: 'stable', value: 1220, samples: 14 },
      { at: minute(2), name: 'lcp', arm: 'canary', value: null, samples: 0 },
      { at: minute(3), name: 'lcp', arm: 'stable', value: 1210, samples: 14 },
      { at: minute(3), name: 'lcp', arm: 'canary', value: 2010, samples: 12 },
      { at: minute(1), name: 'failures', arm: 'stable', value: 0, samples: 12 },
      { at: minute(1), name: 'failures', arm: 'canary', value: 0.125, samples: 8 },
    ],
    failures: [
      {
        version: '1.0.2',
        type: 'evaluation-error',
        message: 'TypeError: Cannot read properties of undefined (reading "about")',
        source: 'remotes/mfe-static/1.0.2/__federation_expose_app.js:1:2045',
        count: 5,
        last: minute(9),
      },
    ],
    ...overrides,
  };
}

export function aRelease(overrides: Partial<RemoteRelease> = {}): RemoteRelease {
  return {
    stable: '1.0.0',
    canary: { version: '1.0.2', percent: 25, since: minute(0), paused: false },
    policy: { mode: 'auto', steps: [5, 25, 50, 100], bakeMinutes: 10, minSamples: 20 },
    versions: [
      { version: '1.0.0', publishedAt: minute(-60), kit: '1.0.0', contract: '1.0.0' },
      { version: '1.0.2', publishedAt: minute(-5), kit: '1.1.0', contract: '1.0.0' },
    ],
    analysis: aRollbackAnalysis(),
    history: [
      {
        at: minute(0),
        command: 'rollout',
        user: 'ops@example.com',
        version: '1.0.2',
        reason: 'new About heading',
        from: { stable: '1.0.0', canary: null },
        to: { stable: '1.0.0', canary: { version: '1.0.2', percent: 25 } },
      },
      {
        at: minute(-5),
        command: 'publish',
        user: 'ops@example.com',
        version: '1.0.2',
        reason: null,
        from: null,
        to: null,
      },
    ],
    ...overrides,
  };
}

/** A remote with no canary: stable alone, no analysis. */
export function aStableRelease(overrides: Partial<RemoteRelease> = {}): RemoteRelease {
  return aRelease({
    canary: null,
    analysis: null,
    versions: [{ version: '1.0.0', publishedAt: minute(-60), kit: null, contract: null }],
    history: [],
    ...overrides,
  });
}

export function anOverview(remotes: Record<string, RemoteRelease>): ReleasesOverview {
  return { remotes, registry: { product: 'skynet-test', revision: 7 } };
}
