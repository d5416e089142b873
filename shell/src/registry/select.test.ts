import {
  canaryBucket as bucket,
  chooseVersion,
  HEAD_START_ELEMENT_ID,
  type RemoteEntry,
  VISITOR_KEY,
} from '@skynet/contract';
import { visitorId } from './select';

const entry = (percent: number): RemoteEntry => ({
  routes: [{ path: '/about', access: 'public' }],
  stable: '1.0.0',
  canary: { version: '1.1.0', percent },
  versions: {
    '1.0.0': { manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json' },
    '1.1.0': { manifest: '/remotes/mfe-static/1.1.0/mf-manifest.json' },
  },
});

/** Visitor ids shaped like the real ones (crypto.randomUUID), from a seeded generator so the test is stable. */
function visitors(count: number, seed = 7): string[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 4 }, () => next().toString(16).padStart(8, '0')).join('-'),
  );
}

describe('canary selection', () => {
  it('puts about half of 40 visitors on a 50% canary (between 20% and 80%)', () => {
    for (const seed of [1, 2, 3, 42, 2026]) {
      const onCanary = visitors(40, seed).filter(
        (visitor) => chooseVersion('mfe-static', entry(50), visitor)?.version === '1.1.0',
      ).length;
      expect(onCanary).toBeGreaterThanOrEqual(8);
      expect(onCanary).toBeLessThanOrEqual(32);
    }
  });

  it('follows the share over many visitors', () => {
    const many = visitors(5000);
    for (const percent of [1, 10, 50, 90]) {
      const share = many.filter(
        (v) => chooseVersion('mfe-feed', entry(percent), v)?.version === '1.1.0',
      ).length;
      expect(share / many.length).toBeGreaterThan(percent / 100 - 0.03);
      expect(share / many.length).toBeLessThan(percent / 100 + 0.03);
    }
  });

  it('is sticky: the same visitor always gets the same version, and widening a canary keeps its people', () => {
    for (const visitor of visitors(200)) {
      const first = chooseVersion('mfe-static', entry(30), visitor)?.version;
      expect(chooseVersion('mfe-static', entry(30), visitor)?.version).toBe(first);
      if (first === '1.1.0') expect(chooseVersion('mfe-static', entry(60), visitor)?.version).toBe('1.1.0');
    }
  });

  it('buckets each remote independently', () => {
    const same = visitors(400).filter((v) => bucket(v, 'mfe-feed') === bucket(v, 'mfe-chat')).length;
    expect(same).toBeLessThan(20);
  });

  it('gives a canary visitor the stable version to fall back to', () => {
    const onCanary = visitors(200).find(
      (v) => chooseVersion('mfe-static', entry(50), v)?.version === '1.1.0',
    )!;
    expect(chooseVersion('mfe-static', entry(50), onCanary)?.fallback).toEqual({
      version: '1.0.0',
      manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json',
    });
  });

  it('keeps a visitor id in localStorage', () => {
    window.localStorage.clear();
    const id = visitorId();
    expect(id).not.toBe('anonymous');
    expect(visitorId()).toBe(id);
  });

  it('takes the visitor the head start names beside its token, so the bucket the server signed is the one the shell picks', () => {
    window.localStorage.setItem(VISITOR_KEY, 'an-old-browser-id');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = HEAD_START_ELEMENT_ID;
    block.textContent = JSON.stringify({
      api: '/api',
      release: pageTokenFor('visitor-from-the-cookie'),
      visitor: 'visitor-from-the-cookie',
    });
    document.body.appendChild(block);
    try {
      expect(visitorId()).toBe('visitor-from-the-cookie');
    } finally {
      block.remove();
    }
    // The next page without a head start (the dev server) keeps the same bucket.
    expect(window.localStorage.getItem(VISITOR_KEY)).toBe('visitor-from-the-cookie');
    expect(visitorId()).toBe('visitor-from-the-cookie');
  });

  it('keeps its own id when the head start names no visitor', () => {
    window.localStorage.setItem(VISITOR_KEY, 'kept');
    expect(visitorId(window.localStorage, undefined)).toBe('kept');
    expect(visitorId(window.localStorage, '')).toBe('kept');
  });
});

/** A page token as the server writes it (claims in base64url, then a signature the shell does not check). */
function pageTokenFor(visitor: string): string {
  const claims = { page: 'p1', visitor, revision: 3, expires: Date.now() + 60_000, versions: {} };
  const body = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${body}.c2lnbmF0dXJl`;
}
