import { parseRegistry } from './registry.js';

const good = {
  schemaVersion: 1,
  remotes: {
    'mfe-feed': {
      routes: [{ path: '/feed', access: 'signed-in' }],
      stable: '1.0.0',
      canary: null,
      versions: { '1.0.0': { manifest: '/remotes/mfe-feed/1.0.0/mf-manifest.json' } },
    },
  },
};

test('reads a valid registry as it is', () => {
  const { registry, problems } = parseRegistry(good);
  expect(problems).toEqual([]);
  expect(registry.remotes['mfe-feed']?.versions['1.0.0']?.manifest).toBe(
    '/remotes/mfe-feed/1.0.0/mf-manifest.json',
  );
});

test('a broken entry is reported and left out, the others stay', () => {
  const { registry, problems } = parseRegistry({
    remotes: { ...good.remotes, 'mfe-chat': { routes: 'nope', stable: 1 } },
  });
  expect(Object.keys(registry.remotes)).toEqual(['mfe-feed']);
  expect(problems).toEqual(['mfe-chat: routes must be a list']);
});

test('a stable version without a manifest keeps the routes (its area shows Retry) and is reported', () => {
  const { registry, problems } = parseRegistry({
    remotes: { 'mfe-feed': { ...good.remotes['mfe-feed'], stable: '2.0.0' } },
  });
  expect(registry.remotes['mfe-feed']?.routes).toHaveLength(1);
  expect(problems[0]).toMatch(/stable version 2.0.0 has no manifest/);
});

test('routes need a path starting with / and a known access', () => {
  const { problems } = parseRegistry({
    remotes: { 'mfe-feed': { ...good.remotes['mfe-feed'], routes: [{ path: 'feed', access: 'everyone' }] } },
  });
  expect(problems).toEqual(['mfe-feed: every route needs a path and an access']);
});

test('no registry at all gives an empty one and says so', () => {
  expect(parseRegistry(null)).toEqual({
    registry: { schemaVersion: 1, remotes: {} },
    problems: ['remotes.json has no "remotes" object'],
  });
});

test('a canary share that is not a number from 0 to 100 means no canary (it was clamped before issue 29)', () => {
  for (const percent of [250, -5, '50', Number.NaN, null, undefined]) {
    const { registry } = parseRegistry({
      remotes: { 'mfe-feed': { ...good.remotes['mfe-feed'], canary: { version: '1.0.0', percent } } },
    });
    expect(registry.remotes['mfe-feed']?.canary).toBeNull();
  }
  const { registry } = parseRegistry({
    remotes: { 'mfe-feed': { ...good.remotes['mfe-feed'], canary: { version: '1.0.0', percent: 100 } } },
  });
  expect(registry.remotes['mfe-feed']?.canary).toEqual({ version: '1.0.0', percent: 100 });
});
