import type { Registry } from '@skynet/contract';
import { loadHttpLibraries } from '@skynet/shared/http-libraries';
import { appScripts, likelyRemote, preloadHttpClient, startupJson } from './startup';

jest.mock('@skynet/shared/http-libraries', () => ({ loadHttpLibraries: jest.fn(() => Promise.resolve()) }));

const version = { manifest: '/remotes/x/1/mf-manifest.json' };
const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    'mfe-static': {
      routes: [
        { path: '/', access: 'signed-out' },
        { path: '/about/*', access: 'public' },
      ],
      stable: '1',
      versions: { 1: version },
    },
    'mfe-map': { routes: [{ path: '/', access: 'signed-in' }], stable: '1', versions: { 1: version } },
  },
};

test('the likely remote follows the access a saved token suggests', () => {
  expect(likelyRemote(registry, '/', false)).toBe('mfe-static');
  expect(likelyRemote(registry, '/', true)).toBe('mfe-map');
  expect(likelyRemote(registry, '/about/terms', true)).toBe('mfe-static');
  expect(likelyRemote(registry, '/nowhere', true)).toBeNull();
});

test("a manifest's './app' scripts are the ones loaded with it, never its lazy chunks", () => {
  const manifest = {
    exposes: [
      { path: './MapPreview', assets: { js: { sync: ['preview.js'], async: [] } } },
      { path: './app', assets: { js: { sync: ['app.js'], async: ['page.js'] } } },
    ],
  };
  expect(appScripts(manifest)).toEqual(['app.js']);
  expect(appScripts(null)).toEqual([]);
  expect(appScripts({ exposes: 'nope' })).toEqual([]);
});

test('the HTTP libraries start downloading early only for a visitor with a saved token', () => {
  window.localStorage.removeItem('jwt');
  preloadHttpClient();
  expect(loadHttpLibraries).not.toHaveBeenCalled();
  window.localStorage.setItem('jwt', 'a.saved.token');
  preloadHttpClient();
  expect(loadHttpLibraries).toHaveBeenCalledTimes(1);
  window.localStorage.removeItem('jwt');
});

test("when the page answered the first screen's calls, the HTTP libraries wait until the first area is up", () => {
  jest.useFakeTimers();
  const headStart = globalThis as { __skynetHeadStart?: unknown };
  headStart.__skynetHeadStart = { at: Date.now(), answers: {} };
  window.localStorage.setItem('jwt', 'a.saved.token');
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'skynet-head-start';
  block.textContent = JSON.stringify({ routeCalls: false });
  document.head.appendChild(block);
  jest.mocked(loadHttpLibraries).mockClear();
  try {
    // A page that asks for its own data first (the map's planets): the libraries come at once.
    preloadHttpClient();
    expect(loadHttpLibraries).toHaveBeenCalledTimes(1);
    jest.mocked(loadHttpLibraries).mockClear();
    block.textContent = JSON.stringify({ routeCalls: true });
    preloadHttpClient();
    jest.advanceTimersByTime(5000);
    expect(loadHttpLibraries).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('single-spa:first-mount'));
    jest.advanceTimersByTime(999);
    expect(loadHttpLibraries).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(loadHttpLibraries).toHaveBeenCalledTimes(1);
  } finally {
    block.remove();
    delete headStart.__skynetHeadStart;
    window.localStorage.removeItem('jwt');
    jest.useRealTimers();
  }
});

test('/config.json and /remotes.json come from the page when it carries them, else from the network', async () => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'skynet-head-start';
  block.textContent = JSON.stringify({ files: { '/remotes.json': { remotes: {} } } });
  document.head.appendChild(block);
  const fetchSpy = jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ apiBaseUrl: '/api' }) }),
  );
  const original = globalThis.fetch;
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
  try {
    await expect(startupJson('/remotes.json')).resolves.toEqual({ remotes: {} });
    await expect(startupJson('/config.json')).resolves.toEqual({ apiBaseUrl: '/api' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith('/config.json', expect.anything());
  } finally {
    globalThis.fetch = original;
    block.remove();
  }
});
