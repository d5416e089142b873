// What a page navigation starts from the HTML, before any script file has arrived (issue 9, `/feed` LCP; docs/
// decisions.md "A page's first calls and files start from the HTML"). Under a slow network every request the
// application makes only after its own code has run costs a round trip more; the server already knows the path, the
// registry and the API base, so the page's head names:
// - the first GET calls: the session's (what session.start() in @skynet/shared asks first, spec point 4) and those the
//   owning remote declares for the route (`early` in its package.json `skynet.routes`, copied into the registry);
// - the owning remote's remoteEntry.js and `./app` files (its stable version, from its manifest) and the route's page
//   files (`page` in `skynet.routes`, listed by the build in route-pages.json), to preload;
// - /config.json and /remotes.json themselves, which the shell reads first (shell/src/platform/startup.ts): two
//   requests fewer on the 6 connections HTTP/1.1 allows, in the round trip where the page's files start.
// HEAD_START_SCRIPT (allowed by its hash in the CSP) starts them only for a visitor with a saved token (calls always
// need one; a signed-in route's files too), and never with developer overrides (other code is loaded then).
// @skynet/shared takes each answer once for the same call, while fresh (shared/src/http/headStart.ts).
import path from 'node:path';
import { fileStamp, isObject, type Json, readJson, siteFile } from './files.js';

/**
 * What session.start() asks first, in @skynet/shared's wording (path and query): the user lookup, which the first
 * screen waits for, goes first; the token refresh, which nothing waits for, after the route's own calls.
 */
const SESSION_LOOKUP = '/user';
const SESSION_REFRESH = '/user/login?token=refresh';

/** Global the script leaves for @skynet/shared: `{ at, answers: { call: Promise<body | null> } }`. */
export const HEAD_START_GLOBAL = '__skynetHeadStart';

/**
 * A preload that failed is kept by the browser and handed, failed, to the first element that asks for the same file:
 * the area's Retry would fail once more although the network is back. So a failed preload is taken at once by an
 * element of its kind that is removed again (a chunk that loads after all just registers itself; a stylesheet with
 * `media="not all"` applies nowhere); the remoteEntry.js preload (integrity, CORS) is never reused that way.
 */
export const HEAD_START_SCRIPT =
  '(function(){try{var d=JSON.parse(document.getElementById("skynet-head-start").textContent),' +
  't=localStorage.getItem("jwt");' +
  'if(/[?&]override=/.test(location.search)||localStorage.getItem("skynet:overrides"))return;' +
  'if(t||!d.signedIn)d.preload.forEach(function(p){var l=document.createElement("link");l.rel="preload";' +
  'l.as=p.as;l.href=p.href;if(p.integrity){l.integrity=p.integrity;l.crossOrigin="anonymous"}' +
  'else l.onerror=function(){var e=document.createElement(p.as=="style"?"link":"script");' +
  'if(p.as=="style"){e.rel="stylesheet";e.media="not all";e.href=p.href}else e.src=p.href;' +
  'e.onload=e.onerror=function(){e.remove()};document.head.appendChild(e)};' +
  'document.head.appendChild(l)});if(!t)return;var a={};d.calls.forEach(function(c){' +
  'a[c]=fetch(d.api+c,{headers:{Authorization:"Bearer "+t}}).then(function(r){return r.ok?r.json():null},' +
  `function(){return null})});window.${HEAD_START_GLOBAL}={at:Date.now(),answers:a}}catch(e){}})()`;

export interface HeadStart {
  /** The API base the client uses (config.json's apiBaseUrl). */
  api: string;
  calls: string[];
  preload: { href: string; as: 'script' | 'style'; integrity?: string }[];
  /** The route needs a session: its files are preloaded only with a saved token. */
  signedIn: boolean;
  /** The route's owner declared its first calls (`early`): the first screen needs no other call to show. */
  routeCalls: boolean;
  /** Site files the shell reads first, by URL path (`/config.json`, `/remotes.json`). */
  files?: Record<string, unknown>;
}

/** A react-router pattern ('/feed', '/post/:id', '/about/*') as a RegExp with its parameter names. */
export function routeMatcher(pattern: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part === '*') return '(?:/.*)?';
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '/([^/]+)';
      }
      return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  const regExp = new RegExp(`^${source || '/'}/?$`, 'i');
  return (pathname) => {
    const match = regExp.exec(pathname);
    if (!match) return null;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = match[i + 1] ?? '';
    });
    return params;
  };
}

/** `/feed/:id?page=1` with the route's parameters put in (still URL-encoded from the address). */
const withParams = (call: string, params: Record<string, string>) =>
  call.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => params[name] ?? whole);

/** A call the script may start: a same-API path with an optional query, nothing else. */
const isCall = (call: unknown): call is string =>
  typeof call === 'string' && /^\/[A-Za-z0-9/_:.~%-]*(\?[A-Za-z0-9=&_.~%-]*)?$/.test(call);

interface Route {
  matches: (pathname: string) => Record<string, string> | null;
  access: string;
  early: string[];
  preload: HeadStart['preload'];
}

/** The routes of the registry in the shell's order, each with what its owner's stable version would load first. */
function readRoutes(siteDir: string): Route[] {
  const registry = readJson(path.join(siteDir, 'remotes.json'));
  if (!isObject(registry) || !isObject(registry.remotes)) return [];
  // A shell that bundles the remotes' code itself (the monolithic comparison build, tooling/rspack/monolith.mjs)
  // lists each route's files at the site root: those, and no remote's own.
  const bundled = routeFiles(readJson(path.join(siteDir, 'route-pages.json')), '');
  const routes: Route[] = [];
  for (const entry of Object.values(registry.remotes)) {
    if (!isObject(entry) || !Array.isArray(entry.routes)) continue;
    const stable = bundled ? { app: [], pages: bundled } : stableFiles(siteDir, entry);
    for (const route of entry.routes) {
      if (!isObject(route) || typeof route.path !== 'string' || typeof route.access !== 'string') continue;
      routes.push({
        matches: routeMatcher(route.path),
        access: route.access,
        early: Array.isArray(route.early) ? route.early.filter(isCall) : [],
        preload: stable ? [...stable.app, ...(stable.pages.get(route.path) ?? [])] : [],
      });
    }
  }
  return routes;
}

type Preload = HeadStart['preload'][number];

/** A file of a version's folder, preloaded as what its extension says; null for any other name. */
function versionFile(dir: string, name: unknown): Preload | null {
  if (typeof name !== 'string' || !/^[\w.-]+\.(js|css)$/.test(name)) return null;
  return { href: `${dir}/${name}`, as: name.endsWith('.css') ? 'style' : 'script' };
}

/**
 * What the stable version loads first: its remoteEntry.js (with its recorded integrity: the shell loads it with that
 * attribute, and a preload only counts when they match) and its `./app` files, from its manifest; and each route's
 * page files, from its route-pages.json (tooling/rspack RoutePagesPlugin). Null while a canary runs (only the shell
 * knows which visitor gets it, shell/src/registry/select.ts) and for a manifest on another origin.
 */
function stableFiles(siteDir: string, entry: Json): { app: Preload[]; pages: Map<string, Preload[]> } | null {
  if (typeof entry.stable !== 'string' || !isObject(entry.versions)) return null;
  const canary = entry.canary;
  if (
    isObject(canary) &&
    canary.version !== entry.stable &&
    !(typeof canary.percent === 'number' && canary.percent <= 0)
  )
    return null;
  const version = entry.versions[entry.stable];
  if (!isObject(version) || typeof version.manifest !== 'string' || !version.manifest.startsWith('/'))
    return null;
  const dir = path.posix.dirname(path.posix.normalize(version.manifest));
  const folder = siteFile(siteDir, dir);
  if (!folder) return null;
  const integrity = isObject(version.integrity) ? version.integrity['remoteEntry.js'] : undefined;
  const app: Preload[] = [
    {
      href: `${dir}/remoteEntry.js`,
      as: 'script',
      ...(typeof integrity === 'string' ? { integrity } : {}),
    },
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

/**
 * The head start of each path, read once and again only when the registry or config.json change (a rollout or a
 * rollback rewrites the registry, and with it the files named here).
 */
export function headStartFor(
  siteDir: string,
  generatedConfig: Json,
): (pathname: string, withFiles: boolean) => HeadStart {
  let cached: { key: string; api: string; routes: Route[]; files: Record<string, unknown> } | null = null;
  return (pathname, withFiles) => {
    const registryFile = path.join(siteDir, 'remotes.json');
    const configFile = path.join(siteDir, 'config.json');
    const key = `${fileStamp(registryFile)}|${fileStamp(configFile)}`;
    if (cached?.key !== key) {
      const shipped = readJson(configFile);
      const config = isObject(shipped) ? shipped : generatedConfig;
      const api = typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : '/api';
      const registry = readJson(registryFile);
      cached = {
        key,
        api: api.replace(/\/$/, ''),
        routes: readRoutes(siteDir),
        files: { '/config.json': config, ...(isObject(registry) ? { '/remotes.json': registry } : {}) },
      };
    }
    const files = withFiles ? { files: cached.files } : {};
    for (const route of cached.routes) {
      const params = route.access === 'signed-out' ? null : route.matches(pathname);
      if (!params) continue;
      return {
        api: cached.api,
        calls: [
          SESSION_LOOKUP,
          ...route.early.map((call) => withParams(call, params)),
          SESSION_REFRESH,
        ].filter(isCall),
        preload: route.preload,
        signedIn: route.access === 'signed-in',
        routeCalls: route.early.length > 0,
        ...files,
      };
    }
    return {
      api: cached.api,
      calls: [SESSION_LOOKUP, SESSION_REFRESH],
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
    `<script type="application/json" id="skynet-head-start">${scriptJson(start)}</script>` +
    `<script>${HEAD_START_SCRIPT}</script>`;
  let page = html.replace('</head>', () => `${tags}</head>`);
  for (const url of Object.keys(start.files ?? {})) page = page.replace(filePreload(url), '');
  return page;
}
