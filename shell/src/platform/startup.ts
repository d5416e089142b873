// What the shell's entry chunk does before the bootstrap's code (react-dom, @skynet/shared, ...) has arrived:
// read /config.json and /remotes.json once (index.html preloads both; bootstrap awaits the same promises), and as
// soon as the registry is in, preload the remoteEntry.js of the area this path will most likely show, so it downloads
// alongside the bootstrap instead of after it. Only this chunk's own code is usable here: no shared singletons.
import { loadHttpLibraries } from '@skynet/shared/http-libraries';
import { integrityIndex } from '../registry/integrity';
import { parseRegistry } from '../registry/parse';
import { chooseVersion, visitorId } from '../registry/select';
import type { Access, Registry } from '../registry/types';
import { remoteEntryUrl } from './remoteEntryUrl';

const requests = new Map<string, Promise<unknown>>();

/** The JSON at `url` (null when unreachable or not JSON), fetched once per page load. */
export function startupJson(url: string): Promise<unknown> {
  let request = requests.get(url);
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

/**
 * A react-router path pattern ('/feed', '/post/:id', '/about/*') as a RegExp: enough to guess which remote to
 * preload. The shell's real routing (routes.ts) uses react-router's matchPath, which is not loaded yet here.
 */
export function patternToRegExp(pattern: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => (part === '*' ? '(?:/.*)?' : part.startsWith(':') ? '/[^/]+' : `/${literal(part)}`));
  return new RegExp(`^${parts.join('') || '/'}/?$`, 'i');
}

/** The remote most likely to show `pathname`, judging signed in by a saved token. */
export function likelyRemote(registry: Registry, pathname: string, signedIn: boolean): string | null {
  const allowed = (access: Access) => access === 'public' || (access === 'signed-in') === signedIn;
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    if (entry.routes.some((route) => allowed(route.access) && patternToRegExp(route.path).test(pathname)))
      return remote;
  }
  return null;
}

function hasToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem('jwt'));
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
 * the same chunks) start downloading now, alongside the bootstrap, instead of after it has run. Signed out, nothing
 * is fetched: the landing page makes no API call.
 */
export function preloadHttpClient(): void {
  if (hasToken()) void loadHttpLibraries();
}

/**
 * Preloads the likely area's remoteEntry.js and, from its manifest, the chunk of its './app': both download while the
 * bootstrap's code does, instead of one after the other once it has run. A wrong guess costs a few kilobytes.
 */
export async function preloadLikelyEntry(): Promise<string | null> {
  const { registry } = parseRegistry(await startupJson('/remotes.json'));
  const remote = likelyRemote(registry, window.location.pathname, hasToken());
  const entry = remote ? registry.remotes[remote] : undefined;
  const choice = remote && entry ? chooseVersion(remote, entry, visitorId()) : null;
  if (!choice) return null;
  const href = new URL(remoteEntryUrl(choice.manifest), window.location.href).href;
  preloadScript(href, integrityIndex(registry, window.location.origin).get(href));
  const manifestUrl = new URL(choice.manifest, window.location.href);
  for (const file of appScripts(await startupJson(manifestUrl.href))) {
    preloadScript(new URL(file, manifestUrl).href);
  }
  return href;
}
