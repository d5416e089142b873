import {
  CONFIG_PATH,
  OVERRIDE_PARAM,
  OVERRIDES_KEY,
  OVERRIDES_PANEL_PARAM,
  parseRegistry,
  placementOf,
  REGISTRY_PATH,
} from '@skynet/contract';

import {
  dropPrerendered,
  parseRuntimeConfig,
  prerenderedRemote,
  session,
  setApiPage,
  setRemoteLoader,
  setRuntimeConfig,
} from '@skynet/shared';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { checkActivityFunctions, getMountedApps, start, triggerAppChange } from 'single-spa';
import { ShellApp } from './app/ShellApp';
import { registerRemotes } from './platform/applications';
import { provideBundlerRuntime } from './platform/bundlerRuntime';
import { addRuntimePlugins, loadExposedModule } from './platform/federation';
import { integrityPlugin } from './platform/integrity';
import { pageToken } from './platform/page';
import { startupJson } from './platform/startup';
import { warmUp } from './platform/warmUp';
import { integrityIndex } from './registry/integrity';
import { visitorId } from './registry/select';

/** Whether the address or this browser's storage names a developer override (registry/overrides reads them). */
function mayHaveOverrides(): boolean {
  if (new URLSearchParams(window.location.search).has(OVERRIDE_PARAM)) return true;
  try {
    return window.localStorage.getItem(OVERRIDES_KEY) !== null;
  } catch {
    return false;
  }
}

async function boot() {
  provideBundlerRuntime();
  const [rawConfig, rawRegistry] = await Promise.all([startupJson(CONFIG_PATH), startupJson(REGISTRY_PATH)]);
  const { config, problems: configProblems } = parseRuntimeConfig(rawConfig ?? {});
  setRuntimeConfig(config);
  const { registry, problems } = parseRegistry(rawRegistry);
  for (const problem of [...configProblems, ...problems]) console.warn(`[shell] ${problem}`);

  // Issue 8: integrity recorded at publish time, and developer overrides (allowed origins only, confirmed).
  addRuntimePlugins([integrityPlugin(integrityIndex(registry, window.location.origin))]);
  // Overrides are a developer's tool: their code loads only when the address or storage names one.
  const { overrides, ignored, hadParams } = mayHaveOverrides()
    ? (await import(/* webpackChunkName: "overrides" */ './registry/overrides')).resolveOverrides({
        search: window.location.search,
        storage: window.localStorage,
        allowedOrigins: config.devOverrideOrigins,
        remotes: Object.keys(registry.remotes),
        confirm: (message) => window.confirm(message),
      })
    : { overrides: {}, ignored: [], hadParams: false };
  for (const problem of ignored) console.warn(`[shell] ${problem}`);
  if (hadParams) {
    const url = new URL(window.location.href);
    url.searchParams.delete(OVERRIDE_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }
  // The banner while an override is active; the panel with ?overrides-panel (or the banner's button). Only
  // developers ever see them, so their code loads only then, never on a visitor's first screen.
  const openPanel = new URLSearchParams(window.location.search).has(OVERRIDES_PANEL_PARAM);
  if (openPanel || Object.keys(overrides).length > 0) {
    void import(/* webpackChunkName: "override-ui" */ './platform/overrides/OverrideUi').then(
      ({ showOverrideUi }) =>
        showOverrideUi({
          overrides,
          allowedOrigins: config.devOverrideOrigins,
          remotes: Object.keys(registry.remotes),
          openPanel,
        }),
    );
  }

  setRemoteLoader((remote, module) => loadExposedModule(remote, module));
  setApiPage({ token: pageToken() });
  registerRemotes(registry, { visitor: visitorId(), overrides });
  warmUp(registry, window.location.pathname);

  const shellRoot = createRoot(document.getElementById('shell-root')!);
  startTransition(() => shellRoot.render(<ShellApp registry={registry} />)); // in slices: no long task

  // Areas wait for the session: nothing gated renders before we know who is here.
  let status = session.get().status;
  session.subscribe((state) => {
    if (state.status === status) return;
    status = state.status;
    void triggerAppChange();
  });
  // The server's prerendered markup belongs to one remote's page: when another area or shell page shows instead
  // (a signed-in visitor on `/`, a redirect), it goes. The page itself replaces it when it renders. While the owner
  // is about to mount (active, its code still loading), or the session is still loading (signed-in routes are not
  // active yet), it stays: dropping it then blanked the signed-in /feed's filled posts for 100-200 ms before React
  // drew them, and the largest paint became React's (issue 23, 2026-11-25).
  // It belongs to the path it was served for: on any other path it goes at once, even where the same remote owns
  // the next page too (pressing `n` on /feed before the list was drawn left /post hidden behind it).
  const servedFor = window.location.pathname;
  window.addEventListener('single-spa:routing-event', () => {
    const owner = prerenderedRemote();
    if (!owner) return;
    if (window.location.pathname !== servedFor) return dropPrerendered();
    if (session.get().status === 'loading') return;
    if (!getMountedApps().includes(owner) && !checkActivityFunctions(window.location).includes(owner))
      dropPrerendered();
  });
  // The page's measures (platform/vitals.ts) judge a release: they are taken while some remote has a canary (its
  // visitors and stable's alike, over the same minutes), and their code comes once the first area is up and the
  // browser idle. With no release in flight nobody pays for them (issue 33; docs/decisions.md).
  const vitals = () =>
    void import(/* webpackChunkName: "vitals" */ './platform/vitals').then((v) => v.observeVitals());
  if (Object.values(registry.remotes).some((entry) => placementOf(entry).canary))
    window.addEventListener(
      'single-spa:first-mount',
      () =>
        'requestIdleCallback' in window
          ? requestIdleCallback(vitals, { timeout: 3000 })
          : setTimeout(vitals, 1000),
      { once: true },
    );
  start({ urlRerouteOnly: true });
  await session.start();
}

void boot();
