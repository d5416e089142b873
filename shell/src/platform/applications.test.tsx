import type { Registry } from '@skynet/contract';
import { type AreaProps, createLifecycles, type Lifecycles } from '@skynet/shared';
import { act, useSyncExternalStore } from 'react';
import { registerApplication } from 'single-spa';
import { CANARY_FALLBACK_KEY } from '../registry/canaryFallback';
import { registerRemotes } from './applications';
import { EvaluationError, loadExposedModule, replaceFailedVersion } from './federation';
import { reportEvent } from './reporting';

jest.mock('single-spa', () => ({
  registerApplication: jest.fn(),
  getAppStatus: jest.fn(() => 'NOT_LOADED'),
  triggerAppChange: jest.fn(),
  unloadApplication: jest.fn(),
}));
jest.mock('./federation', () => ({
  setManifest: jest.fn(),
  replaceFailedVersion: jest.fn(),
  loadExposedModule: jest.fn(),
  EvaluationError: jest.requireActual('./federation').EvaluationError,
}));
jest.mock('./reporting', () => ({ reportEvent: jest.fn() }));

const manifest = (version: string) => `/remotes/mfe-static/${version}/mf-manifest.json`;
const registry: Registry = {
  schemaVersion: 1,
  revision: 1,
  remotes: {
    'mfe-static': {
      routes: [{ path: '/about', access: 'public' }],
      stable: '1.0.0',
      canary: { version: '1.1.0', percent: 100 },
      versions: { '1.0.0': { manifest: manifest('1.0.0') }, '1.1.0': { manifest: manifest('1.1.0') } },
    },
  },
} as Registry;

function Page({ text }: { text: string }) {
  return <p>{text}</p>;
}
function Throws(): never {
  throw new Error('canary render');
}
const stableApp = createLifecycles('mfe-static', () => <Page text="About (stable)" />);

/** The modules each version's ./app gives: the stable one always works (after `stableArrives`, when given). */
function versions(canary: Lifecycles | Error, stableArrives?: Promise<void>) {
  let current = manifest('1.1.0');
  jest.mocked(replaceFailedVersion).mockImplementation((_remote, _failed, next) => {
    current = next;
  });
  jest.mocked(loadExposedModule).mockImplementation(async () => {
    if (current === manifest('1.0.0')) {
      await stableArrives;
      return stableApp;
    }
    if (canary instanceof Error) throw canary;
    return canary;
  });
}

/** Registers the remotes and loads mfe-static's application the way single-spa would. */
async function load(): Promise<{ lifecycles: Lifecycles; props: AreaProps }> {
  jest.mocked(registerApplication).mockClear();
  registerRemotes(registry, { visitor: 'anyone' });
  const config = jest.mocked(registerApplication).mock.calls[0]![0] as unknown as {
    app: () => Promise<Lifecycles>;
  };
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  return { lifecycles: await config.app(), props: { name: 'mfe-static', domElement } };
}

const reported = () => jest.mocked(reportEvent).mock.calls.map((call) => call.slice(0, 3).join(' '));
/** What a reported failure said: its error's text and the phase. */
const failures = () =>
  jest
    .mocked(reportEvent)
    .mock.calls.flatMap(([type, , , failure]) =>
      failure ? [{ type, message: (failure.error as Error).message, phase: failure.phase }] : [],
    );
let quiet: jest.SpyInstance[];

beforeEach(() => {
  window.localStorage.clear();
  jest.mocked(reportEvent).mockClear();
  jest.mocked(replaceFailedVersion).mockClear();
  quiet = [
    jest.spyOn(console, 'warn').mockImplementation(() => {}),
    jest.spyOn(console, 'error').mockImplementation(() => {}),
  ];
});
afterEach(() => {
  for (const spy of quiet) spy.mockRestore();
});

describe('a failing canary', () => {
  it('whose mount throws: stable in a clean instance, no error shown, remembered, reported against the canary', async () => {
    versions({
      bootstrap: async () => {},
      mount: async () => {
        throw new Error('canary mount');
      },
      unmount: async () => {},
    });
    const { lifecycles, props } = await load();
    await act(async () => {
      await lifecycles.bootstrap(props);
      await lifecycles.mount(props);
    });
    expect(props.domElement.textContent).toBe('About (stable)');
    expect(props.domElement.querySelector('[role="alert"]')).toBeNull();
    expect(replaceFailedVersion).toHaveBeenCalledWith('mfe-static', manifest('1.1.0'), manifest('1.0.0'));
    expect(reported()).toEqual([
      'load mfe-static 1.1.0',
      'mount-failure mfe-static 1.1.0',
      'load mfe-static 1.0.0',
    ]);
    expect(failures()).toEqual([{ type: 'mount-failure', message: 'canary mount', phase: 'mount' }]);
    expect(JSON.parse(window.localStorage.getItem(CANARY_FALLBACK_KEY)!)).toEqual({ 'mfe-static': '1.1.0' });
    await act(() => lifecycles.unmount(props));
    expect(props.domElement.childNodes).toHaveLength(0);

    // The next page load goes straight to stable.
    jest.mocked(reportEvent).mockClear();
    const again = await load();
    await act(async () => {
      await again.lifecycles.bootstrap(again.props);
      await again.lifecycles.mount(again.props);
    });
    expect(again.props.domElement.textContent).toBe('About (stable)');
    expect(reported()).toEqual(['load mfe-static 1.0.0']);
  });

  it('whose module throws when evaluated: stable, reported as an evaluation failure with its own error, no load of the canary', async () => {
    versions(new EvaluationError('mfe_static/app', new Error('canary evaluation')));
    const { lifecycles, props } = await load();
    await act(async () => {
      await lifecycles.bootstrap(props);
      await lifecycles.mount(props);
    });
    expect(props.domElement.textContent).toBe('About (stable)');
    expect(reported()).toEqual(['evaluate-failure mfe-static 1.1.0', 'load mfe-static 1.0.0']);
    expect(failures()).toEqual([
      { type: 'evaluate-failure', message: 'canary evaluation', phase: 'evaluate' },
    ]);
  });

  it("whose files do not load: reported as a load failure, with the loader's error", async () => {
    versions(new Error('Loading chunk 710 failed.'));
    const { lifecycles, props } = await load();
    await act(async () => {
      await lifecycles.bootstrap(props);
      await lifecycles.mount(props);
    });
    expect(props.domElement.textContent).toBe('About (stable)');
    expect(reported()).toEqual(['load-failure mfe-static 1.1.0', 'load mfe-static 1.0.0']);
    expect(failures()).toEqual([
      { type: 'load-failure', message: 'Loading chunk 710 failed.', phase: 'load' },
    ]);
  });

  it('whose page throws while rendering: the area shows stable instead of the fallback', async () => {
    versions(createLifecycles('mfe-static', Throws));
    const { lifecycles, props } = await load();
    await act(async () => {
      await lifecycles.bootstrap(props);
      await lifecycles.mount(props);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(props.domElement.textContent).toBe('About (stable)');
    expect(props.domElement.querySelector('[role="alert"]')).toBeNull();
    expect(reported()).toEqual([
      'load mfe-static 1.1.0',
      'render-failure mfe-static 1.1.0',
      'load mfe-static 1.0.0',
    ]);
    expect(failures()).toEqual([{ type: 'render-failure', message: 'canary render', phase: 'render' }]);
    expect(JSON.parse(window.localStorage.getItem(CANARY_FALLBACK_KEY)!)).toEqual({ 'mfe-static': '1.1.0' });
    await act(() => lifecycles.unmount(props));
    expect(props.domElement.childNodes).toHaveLength(0);
  });

  it('whose page throws on a later render: the area keeps what it showed until stable shows its page, never empty', async () => {
    // The canary shows its page, then a change makes it throw (a person moving to a page that breaks).
    let broken = false;
    const listeners = new Set<() => void>();
    const breakIt = () => {
      broken = true;
      for (const listener of listeners) listener();
    };
    function Breaks() {
      const now = useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => broken,
      );
      if (now) throw new Error('canary render');
      return <Page text="Feed (canary)" />;
    }
    let arrive = () => {};
    versions(createLifecycles('mfe-static', Breaks), new Promise<void>((resolve) => (arrive = resolve)));
    const { lifecycles, props } = await load();
    await act(async () => {
      await lifecycles.bootstrap(props);
      await lifecycles.mount(props);
    });
    expect(props.domElement.textContent).toBe('Feed (canary)');
    const emptied: string[] = [];
    const observer = new MutationObserver(() => {
      if (!props.domElement.textContent) emptied.push('empty');
    });
    observer.observe(props.domElement, { childList: true, subtree: true });

    await act(async () => breakIt());
    // Stable's code is still on its way: the last picture stays, inert (nobody can click a dead page).
    expect(props.domElement.textContent).toBe('Feed (canary)');
    expect(props.domElement.querySelector('p')?.hasAttribute('inert')).toBe(true);
    await act(async () => {
      arrive();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(props.domElement.textContent).toBe('About (stable)');
    observer.disconnect();
    expect(emptied).toEqual([]); // never left empty at a microtask checkpoint (a frame)
    expect(reported()).toContain('render-failure mfe-static 1.1.0');
    await act(() => lifecycles.unmount(props));
  });
});

it('a render error in a stable version keeps the fallback with Retry', async () => {
  const stableOnly: Registry = JSON.parse(JSON.stringify(registry));
  stableOnly.remotes['mfe-static']!.canary = null;
  jest.mocked(loadExposedModule).mockImplementation(async () => createLifecycles('mfe-static', Throws));
  jest.mocked(registerApplication).mockClear();
  registerRemotes(stableOnly, { visitor: 'anyone' });
  const config = jest.mocked(registerApplication).mock.calls[0]![0] as unknown as {
    app: () => Promise<Lifecycles>;
  };
  const lifecycles = await config.app();
  const props = { name: 'mfe-static', domElement: document.createElement('div') };
  await act(async () => {
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
  });
  expect(props.domElement.querySelector('button')?.textContent).toBe('Retry');
  expect(reported()).toEqual(['load mfe-static 1.0.0']);
  await act(() => lifecycles.unmount(props));
});
