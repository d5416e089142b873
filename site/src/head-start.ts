// What a page navigation starts from the HTML, before any script file has arrived (issue 9, `/feed` LCP; docs/
// decisions.md "A page's first calls and files start from the HTML"). Under a slow network every request the
// application makes only after its own code has run costs a round trip more; the server already knows the path, the
// registry and the API base, so the page's head names:
// - the first GET calls: the session's (what session.start() in @skynet/shared asks first, spec point 4) and those the
//   owning remote declares for the route (`early` in its src/routes.ts, copied into the registry);
// - the owning remote's remoteEntry.js and `./app` files (its stable version, from its manifest) and the route's page
//   files (listed by its build in route-pages.json), to preload;
// - /config.json and /remotes.json themselves, which the shell reads first (shell/src/platform/startup.ts): two
//   requests fewer on the 6 connections HTTP/1.1 allows, in the round trip where the page's files start.
// HEAD_START_SCRIPT (page-scripts/head-start.ts, allowed by its hash in the CSP) starts them only for a visitor with a saved token (calls always
// need one; a signed-in route's files too), and never with developer overrides (other code is loaded then).
// @skynet/shared takes each answer once for the same call, while fresh (shared/src/http/headStart.ts). The block's
// format, the global, the storage keys and the route matching are @skynet/contract's, shared with the shell.
import path from 'node:path';
import {
  CONFIG_PATH,
  callWithParams,
  findRoute,
  HEAD_START_ELEMENT_ID,
  type HeadStartBlock,
  type HeadStartPreload,
  isHeadStartCall,
  placementOf,
  REGISTRY_PATH,
  type Registry,
  type RemoteEntry,
  SESSION_CALLS,
} from '@skynet/contract';
import { HEAD_START_SCRIPT } from './built-scripts.js';
import { fileStamp, isObject, type Json, readJson, siteFile } from './files.js';
import { fileRegistry, type RegistrySource, type RegistryState } from './registry/source.js';

export type HeadStart = HeadStartBlock;

type Preload = HeadStartPreload;

interface RemoteFiles {
  app: Preload[];
  pages: Map<string, Preload[]>;
}

/** A file of a version's folder, preloaded as what its extension says; null for any other name. */
function versionFile(dir: string, name: unknown): Preload | null {
  if (typeof name !== 'string' || !/^[\w.-]+\.(js|css)$/.test(name)) return null;
  return { href: `${dir}/${name}`, as: name.endsWith('.css') ? 'style' : 'script' };
}

/**
 * What the stable version loads first: its remoteEntry.js (with its recorded integrity: the shell loads it with that
 * attribute, and a preload only counts when they match) and its `./app` files, from its manifest; and each route's
 * page files, from its route-pages.json (tooling/rspack RoutePagesPlugin). Null while a canary runs (only the shell
 * knows which visitor gets it: chooseVersion, @skynet/contract) and for a manifest on another origin.
 */
function stableFiles(siteDir: string, entry: RemoteEntry): RemoteFiles | null {
  const { stable, canary } = placementOf(entry);
  if (canary || !stable?.manifest.startsWith('/')) return null;
  const version = entry.versions[stable.version];
  if (!version) return null;
  const dir = path.posix.dirname(path.posix.normalize(version.manifest));
  const folder = siteFile(siteDir, dir);
  if (!folder) return null;
  const integrity = version.integrity?.['remoteEntry.js'];
  const app: Preload[] = [
    { href: `${dir}/remoteEntry.js`, as: 'script', ...(integrity ? { integrity } : {}) },
  ];
  const manifest = readJson(path.join(folder, path.posix.basename(version.manifest)));
  const exposes = isObject(manifest) && Array.isArray(manifest.exposes) ? manifest.exposes : [];
  const appExpose = exposes.find((expose) => isObject(expose) && expose.path === './app');
  const assets = isObject(appExpose) && isObject(appExpose.assets) ? appExpose.assets : {};
  for (const kind of ['js', 'css']) {
    const group = assets[kind];
    for (const name of isObject(group) && Array.isArray(group.sync) ? group.sync : []) {
      const file = versionFile(dir, name);
      if (file) app.push(file);
    }
  }
  return { app, pages: routeFiles(readJson(path.join(folder, 'route-pages.json')), dir) ?? new Map() };
}

/** A route-pages.json (route path -> file names in `dir`) as preloads; null when there is none. */
function routeFiles(routePages: unknown, dir: string): Map<string, Preload[]> | null {
  if (!isObject(routePages)) return null;
  const pages = new Map<string, Preload[]>();
  for (const [route, names] of Object.entries(routePages)) {
    if (!Array.isArray(names)) continue;
    pages.set(
      route,
      names.map((name) => versionFile(dir, name)).filter((file): file is Preload => file !== null),
    );
  }
  return pages;
}

interface SiteState {
  key: string;
  api: string;
  registry: Registry;
  /** Each remote's stable files (null: nothing to preload for it), or one set for every route. */
  filesOf: (remote: string) => RemoteFiles | null;
  files: Record<string, unknown>;
}

/** The registry and what each remote's stable version would load first, read once per change of either. */
function readSite(
  siteDir: string,
  generatedConfig: Json,
  key: string,
  { registry, document }: Pick<RegistryState, 'registry' | 'document'>,
): SiteState {
  const shipped = readJson(path.join(siteDir, 'config.json'));
  const config = isObject(shipped) ? shipped : generatedConfig;
  const api = typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : '/api';
  // A shell that bundles the remotes' code itself (the monolithic comparison build, tooling/rspack/monolith.mjs)
  // lists each route's files at the site root: those, and no remote's own.
  const bundled = routeFiles(readJson(path.join(siteDir, 'route-pages.json')), '');
  const perRemote = new Map<string, RemoteFiles | null>();
  for (const [name, entry] of Object.entries(registry.remotes)) {
    perRemote.set(name, bundled ? { app: [], pages: bundled } : stableFiles(siteDir, entry));
  }
  return {
    key,
    api: api.replace(/\/$/, ''),
    registry,
    filesOf: (remote) => perRemote.get(remote) ?? null,
    // The registry as the file it is (the shell reads it as /remotes.json, through the same parser).
    files: { [CONFIG_PATH]: config, ...(isObject(document) ? { [REGISTRY_PATH]: document } : {}) },
  };
}

/**
 * A route parameter the HTML may put into a call: one path segment. A browser resolves `.` and `..` in a URL, also
 * percent-encoded (`%2e%2e`), and an encoded slash is one too many segments for the server: with either, a link could
 * make the page's script ask another API path with the visitor's token, so the route's calls are left to the page.
 */
export function isSegment(value: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return decoded !== '.' && decoded !== '..' && !/[/\\?#]/.test(decoded);
}

/**
 * The head start of each path, read once and again only when the registry or config.json change (a rollout or a
 * rollback changes the registry, and with it the files named here). The route is the one the shell shows a
 * signed-in visitor (findRoute, @skynet/contract): the calls and signed-in files are only started with a token.
 * The registry comes from `registry` (the site folder's file, or PostgreSQL: registry/source.ts), from memory.
 */
export function headStartFor(
  siteDir: string,
  generatedConfig: Json,
  registry: RegistrySource = fileRegistry(siteDir),
): (pathname: string, withFiles: boolean) => HeadStart {
  let cached: SiteState | null = null;
  return (pathname, withFiles) => {
    const current = registry.current();
    const key = `${current.key}|${fileStamp(path.join(siteDir, 'config.json'))}`;
    if (cached?.key !== key) cached = readSite(siteDir, generatedConfig, key, current);
    const files = withFiles ? { files: cached.files } : {};
    const found = findRoute(cached.registry, pathname, 'signed-in');
    if (found) {
      const safe = Object.values(found.params).every(isSegment);
      const early = safe ? (found.route.early ?? []).filter(isHeadStartCall) : [];
      const remoteFiles = cached.filesOf(found.remote);
      return {
        api: cached.api,
        calls: [
          SESSION_CALLS.lookup,
          ...early.map((call) => callWithParams(call, found.params)),
          SESSION_CALLS.refresh,
        ].filter(isHeadStartCall),
        preload: remoteFiles ? [...remoteFiles.app, ...(remoteFiles.pages.get(found.route.path) ?? [])] : [],
        signedIn: found.route.access === 'signed-in',
        routeCalls: early.length > 0,
        ...files,
      };
    }
    return {
      api: cached.api,
      calls: [SESSION_CALLS.lookup, SESSION_CALLS.refresh],
      preload: [],
      signedIn: true,
      routeCalls: false,
      ...files,
    };
  };
}

/** JSON that can sit inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** index.html's preload of a site file the page now carries (PRELOAD in prerendered-page.ts parks the rest). */
const filePreload = (url: string) =>
  new RegExp(`<link rel="preload" href="${url.replace(/[.]/g, '\\.')}"[^>]*>`);

/**
 * index.html with the head start at the end of <head>: after main.js and the bootstrap's preloads, which are needed
 * first (the calls and the area's files are needed last, once that code has run).
 */
export function withHeadStart(html: string, start: HeadStart): string {
  if (!html.includes('</head>')) return html;
  const tags =
    `<script type="application/json" id="${HEAD_START_ELEMENT_ID}">${scriptJson(start)}</script>` +
    `<script>${HEAD_START_SCRIPT}</script>`;
  let page = html.replace('</head>', () => `${tags}</head>`);
  for (const url of Object.keys(start.files ?? {})) page = page.replace(filePreload(url), '');
  return page;
}
