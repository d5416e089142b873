import { chooseVersion, type RemoteEntry } from '@skynet/contract';
import { applyRememberedFailure, CANARY_FALLBACK_KEY, rememberFailedCanary } from './canaryFallback';

const entry = (canary: string): RemoteEntry => ({
  routes: [{ path: '/about', access: 'public' }],
  stable: '1.0.0',
  canary: { version: canary, percent: 100 },
  versions: {
    '1.0.0': { manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json' },
    '1.1.0': { manifest: '/remotes/mfe-static/1.1.0/mf-manifest.json' },
    '1.2.0': { manifest: '/remotes/mfe-static/1.2.0/mf-manifest.json' },
  },
});

beforeEach(() => window.localStorage.clear());

describe('a canary that failed for this person', () => {
  it('sends the next load straight to stable while that canary version lasts', () => {
    const canary = chooseVersion('mfe-static', entry('1.1.0'), 'visitor');
    expect(applyRememberedFailure('mfe-static', canary)?.version).toBe('1.1.0');
    rememberFailedCanary('mfe-static', '1.1.0');
    expect(applyRememberedFailure('mfe-static', canary)).toEqual({
      version: '1.0.0',
      manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json',
    });
  });

  it('tries a new canary version again, and leaves other remotes and stable choices alone', () => {
    rememberFailedCanary('mfe-static', '1.1.0');
    rememberFailedCanary('mfe-feed', '2.0.0');
    expect(
      applyRememberedFailure('mfe-static', chooseVersion('mfe-static', entry('1.2.0'), 'v'))?.version,
    ).toBe('1.2.0');
    const stable = { version: '1.1.0', manifest: '/m.json' };
    expect(applyRememberedFailure('mfe-static', stable)).toBe(stable);
    expect(JSON.parse(window.localStorage.getItem(CANARY_FALLBACK_KEY)!)).toEqual({
      'mfe-static': '1.1.0',
      'mfe-feed': '2.0.0',
    });
  });

  it('survives garbage in storage', () => {
    window.localStorage.setItem(CANARY_FALLBACK_KEY, '[1,2');
    const canary = chooseVersion('mfe-static', entry('1.1.0'), 'visitor');
    expect(applyRememberedFailure('mfe-static', canary)?.version).toBe('1.1.0');
    rememberFailedCanary('mfe-static', '1.1.0');
    expect(applyRememberedFailure('mfe-static', canary)?.version).toBe('1.0.0');
  });
});
