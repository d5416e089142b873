import { registerRemotes } from '@module-federation/enhanced/runtime';
import { replaceFailedVersion, setManifest } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadRemote: jest.fn(),
}));

const scope = globalThis as Record<string, unknown>;
const canary = '/remotes/mfe-static/1.1.0/mf-manifest.json';
const stable = '/remotes/mfe-static/1.0.0/mf-manifest.json';

function element(tag: 'script' | 'link', url: string) {
  const node = document.createElement(tag);
  if (node instanceof HTMLScriptElement) node.src = url;
  else if (node instanceof HTMLLinkElement) {
    node.rel = 'stylesheet';
    node.href = url;
  }
  document.head.appendChild(node);
  return node;
}

test('replacing a failed canary leaves nothing of it for the stable entry to reuse', () => {
  setManifest('mfe-static', canary);
  scope.mfe_static = { get: () => 'canary container' };
  scope.rspackChunkmfe_static = [[[234], {}]];
  const canaryScript = element('script', '/remotes/mfe-static/1.1.0/710.abc.js');
  const canaryStyle = element('link', '/remotes/mfe-static/1.1.0/710.abc.css');
  const stableStyle = element('link', '/remotes/mfe-static/1.0.0/710.abc.css');
  const otherRemote = element('script', '/remotes/mfe-feed/1.1.0/remoteEntry.js');

  replaceFailedVersion('mfe-static', canary, stable);

  // The runtime forgets the remote (force) and points at the stable entry.
  expect(registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'mfe_static', entry: '/remotes/mfe-static/1.0.0/remoteEntry.js' }],
    { force: true },
  );
  // No container to reuse, no chunk registry a new entry would adopt the canary's chunks from.
  expect('mfe_static' in scope).toBe(false);
  expect('rspackChunkmfe_static' in scope).toBe(false);
  // The canary's elements go (rspack reuses them by key); everything else stays.
  expect(canaryScript.isConnected).toBe(false);
  expect(canaryStyle.isConnected).toBe(false);
  expect(stableStyle.isConnected).toBe(true);
  expect(otherRemote.isConnected).toBe(true);
  // Registering stable again is then a no-op.
  const calls = jest.mocked(registerRemotes).mock.calls.length;
  setManifest('mfe-static', stable);
  expect(jest.mocked(registerRemotes).mock.calls).toHaveLength(calls);
});
