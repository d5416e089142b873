import { provideBundlerRuntime } from './bundlerRuntime';

type Federation = {
  runtime: unknown;
  bundlerRuntime: Record<string, unknown>;
  bundlerRuntimeOptions: Record<string, unknown>;
};

const shellFunctions = { consumes: () => 'consumes', init: () => 'init', initContainerEntry: undefined };

beforeEach(() => {
  (globalThis as unknown as { __webpack_require__: unknown }).__webpack_require__ = {
    federation: { bundlerRuntime: { ...shellFunctions, S: { shell: true } }, attachShareScopeMap: () => {} },
  };
  provideBundlerRuntime();
});

const create = (runtime: unknown) =>
  globalThis.__SKYNET_MF_BUNDLER_RUNTIME__?.({ initContainerEntry: () => 'own', runtime }) as Federation;

test("each remote container gets its own federation state around the shell's functions", () => {
  const feed = create('feed runtime');
  const chat = create('chat runtime');
  expect(feed.bundlerRuntime.consumes).toBe(shellFunctions.consumes);
  expect(feed.bundlerRuntime.S).toEqual({});
  expect(feed.bundlerRuntime.S).not.toBe(chat.bundlerRuntime.S);
  expect(feed.bundlerRuntimeOptions).not.toBe(chat.bundlerRuntimeOptions);
  expect(feed.runtime).toBe('feed runtime');
  expect(chat.runtime).toBe('chat runtime');
});

test('a remote brings the initContainerEntry the shell build leaves out', () => {
  const federation = create('runtime');
  expect((federation.bundlerRuntime.initContainerEntry as () => string)()).toBe('own');
});
