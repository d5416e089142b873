// What the shell's entry chunk does before the bootstrap's code (react-dom, @skynet/shared, ...) has arrived:
// read /config.json and /remotes.json once (index.html preloads both; bootstrap awaits the same promises), and as
// soon as the registry is in, preload the remoteEntry.js of the area this path will most likely show, so it downloads
// alongside the bootstrap instead of after it. Only this chunk's own code is usable here: no shared singletons.
import {
  chooseVersion,
  findRoute,
  parseRegistry,
  REGISTRY_PATH,
  type Registry,
  TOKEN_KEY,
} from '@skynet/contract';
import { hasHeadStart } from '@skynet/shared/head-start';
import { loadHttpLibraries } from '@skynet/shared/http-libraries';
import { applyRememberedFailure } from '../registry/canaryFallback';
import { integrityIndex } from '../registry/integrity';
import { visitorId } from '../registry/select';
import { headStartBlock } from './page';
import { remoteEntryUrl } from './remoteEntryUrl';

const requests = new Map<string, Promise<unknown>>();

/** The site files the page carries (/config.json and /remotes.json as they were when it was served), by URL path. */
function filesInPage(): Record<string, unknown> {
  const { files } = headStartBlock();
  return typeof files === 'object' && files !== null ? (files as Record<string, unknown>) : {};
}

/** The JSON at `url` (null when unreachable or not JSON), taken from the page or fetched, once per page load. */
export function startupJson(url: string): Promise<unknown> {
  let request = requests.get(url);
  const inPage = request ? {} : filesInPage();
  if (!request && url in inPage) {
    request = Promise.resolve(inPage[url]);
    requests.set(url, request);
  }
  if (!request) {
    request = fetch(url, { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .catch((error: unknown) => {
        console.warn(`[shell] could not read ${url}`, error);
        return null;
      });
    requests.set(url, request);
  }
  return request;
}

/** The remote most likely to show `pathname`, judging signed in by a saved token. */
export function likelyRemote(registry: Registry, pathname: string, signedIn: boolean): string | null {
  return findRoute(registry, pathname, signedIn ? 'signed-in' : 'signed-out')?.remote ?? null;
}

function hasToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem(TOKEN_KEY));
  } catch {
    return false;
  }
}

function preloadScript(href: string, integrity?: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  // The integrity plugin loads entries with these attributes; a preload only counts when they match.
  if (integrity) {
    link.integrity = integrity;
    link.crossOrigin = 'anonymous';
  }
  document.head.appendChild(link);
}

/** The files of a remote's './app' its manifest lists as loaded with it (not its lazy pages). */
export function appScripts(manifest: unknown): string[] {
  if (typeof manifest !== 'object' || manifest === null) return [];
  const exposes = (manifest as { exposes?: unknown }).exposes;
  if (!Array.isArray(exposes)) return [];
  const app = exposes.find((expose) => (expose as { path?: unknown })?.path === './app') as
    | { assets?: { js?: { sync?: unknown } } }
    | undefined;
  const sync = app?.assets?.js?.sync;
  return Array.isArray(sync) ? sync.filter((file): file is string => typeof file === 'string') : [];
}

/**
 * With a saved token the first thing the session does is an API call, so the HTTP libraries (lazy in @skynet/shared,
 * the same chunks) start downloading now, alongside the bootstrap, instead of after it has run. When the page's HTML
 * has already started the session's calls and the route's own (a head start with `routeCalls`,
 * site/src/head-start.ts), the libraries are not needed for the first screen: they download once the first area
 * is up and the browser is idle, so they do not share the network with what that screen needs (any earlier call
 * loads them at once anyway). A page that asks for its data itself (the map's planets) gets them at once. Signed out, nothing is fetched:
 * the landing page makes no API call.
 */
const HTTP_LIBRARIES_AFTER_MOUNT_MS = 1000;

export function preloadHttpClient(): void {
  if (!hasToken()) return;
  if (!hasHeadStart() || headStartBlock().routeCalls !== true) {
    void loadHttpLibraries();
    return;
  }
  const load = () => void loadHttpLibraries();
  // The area mounts before its page has rendered (its page chunk and data may still be on their way): a second
  // after that, when the browser is idle, the first screen is drawn.
  window.addEventListener(
    'single-spa:first-mount',
    () =>
      setTimeout(
        () => (window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2000 }) : load()),
        HTTP_LIBRARIES_AFTER_MOUNT_MS,
      ),
    { once: true },
  );
}

/** Has the page's HTML already preloaded this script (its head start names the likely area's files)? */
const preloadedByPage = (href: string) =>
  Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).some(
    (link) => link.href === href,
  );

/**
 * Preloads the likely area's remoteEntry.js and, from its manifest, the chunk of its './app': both download while the
 * bootstrap's code does, instead of one after the other once it has run. A wrong guess costs a few kilobytes.
 */
export async function preloadLikelyEntry(): Promise<string | null> {
  const { registry } = parseRegistry(await startupJson(REGISTRY_PATH));
  const remote = likelyRemote(registry, window.location.pathname, hasToken());
  const entry = remote ? registry.remotes[remote] : undefined;
  const choice =
    remote && entry ? applyRememberedFailure(remote, chooseVersion(remote, entry, visitorId())) : null;
  if (!choice) return null;
  const href = new URL(remoteEntryUrl(choice.manifest), window.location.href).href;
  if (preloadedByPage(href)) return href;
  preloadScript(href, integrityIndex(registry, window.location.origin).get(href));
  const manifestUrl = new URL(choice.manifest, window.location.href);
  for (const file of appScripts(await startupJson(manifestUrl.href))) {
    preloadScript(new URL(file, manifestUrl).href);
  }
  return href;
}
