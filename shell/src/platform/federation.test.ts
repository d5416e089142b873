import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { EvaluationError, loadExposedModule, replaceFailedVersion, setManifest } from './federation';

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

test("a module that throws while evaluating is evaluated once: the warm-up's failure is the real load's, with its own error", async () => {
  setManifest('mfe-feed', '/remotes/mfe-feed/1.1.0/mf-manifest.json');
  let evaluations = 0;
  jest.mocked(loadRemote).mockResolvedValue(() => {
    evaluations += 1;
    // The bundler keeps a module that threw half-run: a second evaluation would answer its empty exports.
    if (evaluations > 1) return {};
    throw new Error('canary evaluation');
  });
  const warmUp = loadExposedModule('mfe-feed', './app');
  await expect(warmUp).rejects.toBeInstanceOf(EvaluationError);
  const real = loadExposedModule('mfe-feed', './app');
  await expect(real).rejects.toMatchObject({
    cause: expect.objectContaining({ message: 'canary evaluation' }),
  });
  expect(evaluations).toBe(1);
  expect(loadRemote).toHaveBeenCalledWith('mfe_feed/app', { loadFactory: false, from: 'runtime' });

  // Files that do not load are a plain error, not an evaluation's.
  setManifest('mfe-feed', '/remotes/mfe-feed/1.0.0/mf-manifest.json');
  jest.mocked(loadRemote).mockRejectedValueOnce(new Error('Loading chunk 710 failed.'));
  const missing = loadExposedModule('mfe-feed', './app');
  await expect(missing).rejects.toThrow('Loading chunk 710 failed.');
  await expect(missing).rejects.not.toBeInstanceOf(EvaluationError);
});
