// The HTML of a page navigation, with the prerendered markup of a signed-out page when its remote published one
// (tooling/rspack/prerender.mjs; docs/decisions.md "Prerendered landing"). The page then paints with the HTML,
// before any script: the scripts start the real page, which takes the markup's place in the same frame.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Runs in <head> before the body is parsed: a visitor with a saved token is probably signed in, so the signed-out
 * markup stays hidden (no flash of the landing page before the map). The shell removes the markup either way.
 */
export const SESSION_PROBE_SCRIPT =
  "try{localStorage.getItem('jwt')&&document.documentElement.classList.add('has-session')}catch(e){}";

/**
 * Runs at the end of the body and starts the page's scripts (parked by withPrerendered) once the markup has painted
 * (the first-contentful-paint entry), so nothing is fetched or run before the first paint. A visitor with a session,
 * or a page opened in a background tab (it does not paint), gets them at once; browsers without paint timing after
 * the next frame; the timer is the fallback should no paint be reported.
 */
export const SCRIPT_STARTER =
  '(function(){var started=0;function start(){if(started++)return;' +
  "document.querySelectorAll('script[data-after-paint]').forEach(function(parked){" +
  "var s=document.createElement('script');s.src=parked.getAttribute('data-after-paint');s.async=false;" +
  'document.body.appendChild(s)})}' +
  "if(document.hidden||document.documentElement.classList.contains('has-session'))return start();" +
  'var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];' +
  "if(types.indexOf('paint')<0)return requestAnimationFrame(function(){setTimeout(start)});" +
  "new PerformanceObserver(function(list){list.getEntriesByName('first-contentful-paint').length&&start()})" +
  ".observe({type:'paint',buffered:true});setTimeout(start,1000)})()";

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The Content-Security-Policy sources that allow exactly those inline scripts. */
export const PRERENDERED_PAGE_CSP_SOURCES = [cspHash(SESSION_PROBE_SCRIPT), cspHash(SCRIPT_STARTER)];

/** The build's deferred script tags (HtmlRspackPlugin: `<script defer src="/main.[hash].js"></script>`). */
const DEFERRED_SCRIPT = /<script defer(?:="")? src="([^"]+)"><\/script>/g;

/**
 * While the markup is there, the areas after it (the real page, still loading) stay hidden; with a saved token the
 * markup hides instead.
 */
const PRERENDER_STYLE = 'html.has-session #prerendered,#prerendered~*{display:none}';

interface Prerendered {
  remote: string;
  version: string;
  markup: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A file inside `root` named by a site path, or null when the path would leave it. */
function siteFile(root: string, sitePath: string): string | null {
  const file = path.resolve(root, `.${path.posix.normalize(`/${sitePath}`)}`);
  return file.startsWith(root + path.sep) ? file : null;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The markup a version of a remote prerendered for `pathname`, or null when it has none. */
function readPage(siteDir: string, manifest: string, pathname: string): string | null {
  const versionDir = path.posix.dirname(manifest);
  const index = readJson(siteFile(siteDir, `${versionDir}/prerender.json`) ?? '');
  const page = isObject(index) && isObject(index.pages) ? index.pages[pathname] : undefined;
  const file = typeof page === 'string' ? siteFile(siteDir, `${versionDir}/${page}`) : null;
  if (!file) return null;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Every signed-out path whose owning remote's stable version published markup for it, by path. Any problem (no
 * registry, a manifest elsewhere, no prerender.json) means no markup for that path: the page still works.
 */
export function findPrerendered(siteDir: string): Map<string, Prerendered> {
  const pages = new Map<string, Prerendered>();
  const registry = readJson(path.join(siteDir, 'remotes.json'));
  if (!isObject(registry) || !isObject(registry.remotes)) return pages;
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    if (!isObject(entry) || !Array.isArray(entry.routes) || typeof entry.stable !== 'string') continue;
    const version = isObject(entry.versions) ? entry.versions[entry.stable] : undefined;
    if (!isObject(version) || typeof version.manifest !== 'string' || !version.manifest.startsWith('/'))
      continue;
    for (const route of entry.routes) {
      if (!isObject(route) || route.access !== 'signed-out' || typeof route.path !== 'string') continue;
      if (pages.has(route.path)) continue; // the first owner in the registry shows the page, as in the shell
      const markup = readPage(siteDir, version.manifest, route.path);
      if (markup !== null) pages.set(route.path, { remote, version: entry.stable, markup });
    }
  }
  return pages;
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html with the markup inside <main id="areas">, where the real page mounts, and its scripts parked until the
 * markup has painted (SCRIPT_STARTER): the paint then depends on the HTML alone, and Lighthouse's simulation no
 * longer charges the script downloads to the LCP.
 */
export function withPrerendered(indexHtml: string, page: Prerendered): string {
  const main = '<main id="areas"></main>';
  if (!indexHtml.includes(main) || !indexHtml.includes('</head>') || !indexHtml.includes('</body>'))
    return indexHtml;
  const head = `<script>${SESSION_PROBE_SCRIPT}</script><style>${PRERENDER_STYLE}</style></head>`;
  const wrapper =
    `<main id="areas"><div id="prerendered" data-remote="${escapeAttribute(page.remote)}" ` +
    `data-version="${escapeAttribute(page.version)}">${page.markup}</div></main>`;
  // The page's own tags first, the markup last: nothing in the markup can be taken for them.
  return indexHtml
    .replace('</head>', () => head)
    .replace(
      DEFERRED_SCRIPT,
      (_tag, src: string) => `<script type="text/plain" data-after-paint="${src}"></script>`,
    )
    .replace('</body>', () => `<script>${SCRIPT_STARTER}</script></body>`)
    .replace(main, () => wrapper);
}

/**
 * The HTML for a navigation to `pathname`. index.html and the prerendered pages are read once and again only when
 * index.html or the registry change (a rollout or rollback of the owning remote rewrites the registry).
 */
export function pageHtmlFor(siteDir: string) {
  const indexFile = path.join(siteDir, 'index.html');
  const registryFile = path.join(siteDir, 'remotes.json');
  const stamp = (file: string) => {
    try {
      const stats = statSync(file);
      return `${stats.mtimeMs}:${stats.size}`;
    } catch {
      return 'none';
    }
  };
  let cached: { key: string; index: string; pages: Map<string, string> } | null = null;
  return (pathname: string): string => {
    const key = `${stamp(indexFile)}|${stamp(registryFile)}`;
    if (cached?.key !== key) {
      const index = readFileSync(indexFile, 'utf8');
      const pages = new Map<string, string>();
      for (const [pagePath, page] of findPrerendered(siteDir))
        pages.set(pagePath, withPrerendered(index, page));
      cached = { key, index, pages };
    }
    return cached.pages.get(pathname) ?? cached.index;
  };
}
