import type { Registry } from '@skynet/contract';
import { type AreaProps, createLifecycles, type Lifecycles } from '@skynet/shared';
import { act } from 'react';
import { registerApplication } from 'single-spa';
import { CANARY_FALLBACK_KEY } from '../registry/canaryFallback';
import { registerRemotes } from './applications';
import { loadExposedModule, replaceFailedVersion } from './federation';
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

/** The modules each version's ./app gives: the stable one always works. */
function versions(canary: Lifecycles | Error) {
  let current = manifest('1.1.0');
  jest.mocked(replaceFailedVersion).mockImplementation((_remote, _failed, next) => {
    current = next;
  });
  jest.mocked(loadExposedModule).mockImplementation(async () => {
    if (current === manifest('1.0.0')) return stableApp;
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

const reported = () => jest.mocked(reportEvent).mock.calls.map((call) => call.join(' '));
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

  it('whose module throws when evaluated: stable, reported as a load failure of the canary only', async () => {
    versions(new Error('canary evaluation'));
    const { lifecycles, props } = await load();
    await act(async () => {
      await lifecycles.bootstrap(props);
      await lifecycles.mount(props);
    });
    expect(props.domElement.textContent).toBe('About (stable)');
    expect(reported()).toEqual(['load-failure mfe-static 1.1.0', 'load mfe-static 1.0.0']);
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
    expect(JSON.parse(window.localStorage.getItem(CANARY_FALLBACK_KEY)!)).toEqual({ 'mfe-static': '1.1.0' });
    await act(() => lifecycles.unmount(props));
    expect(props.domElement.childNodes).toHaveLength(0);
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
