// The HTML of a page navigation, with the prerendered markup of a signed-out page when its remote published one
// (tooling/rspack/prerender.mjs; docs/decisions.md "Prerendered landing"). The page then paints with the HTML,
// before any script: the scripts start the real page, which takes the markup's place in the same frame. Where the
// page shows a component another remote exposes, that remote's published markup is put in its slot; a page whose
// owner marks it standalone (complete as plain HTML) gets no script at all for a signed-out visitor.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AFTER_PAINT_ATTRIBUTE,
  findRoute,
  placementOf,
  type Registry,
  type RemoteEntry,
} from '@skynet/contract';
import {
  cspSourceOf,
  SCRIPT_STARTER,
  SESSION_PROBE_SCRIPT,
  SITE_SCRIPT_CSP_SOURCES,
} from './built-scripts.js';
import { fileStamp, isObject, readJson, siteFile } from './files.js';
import { headStartFor, isSegment, withHeadStart } from './head-start.js';
import { readRegistryFileNow } from './registry/file-store.js';
import { fileRegistry, type RegistrySource } from './registry/source.js';

/** The build's deferred script tags (HtmlRspackPlugin: `<script defer src="/main.[hash].js"></script>`). */
const DEFERRED_SCRIPT = /<script defer(?:="")? src="([^"]+)"><\/script>/g;

/** index.html's preloads: the config and registry the shell reads first, the bootstrap's chunks (PreloadBootstrapPlugin). */
const PRELOAD = /<link rel="preload"( [^>]*)>/g;

/**
 * While the markup is there, the areas after it (the real page, still loading) stay hidden; with a saved token the
 * markup hides instead.
 */
const PRERENDER_STYLE = 'html.has-session #prerendered,#prerendered~*{display:none}';

interface Prerendered {
  remote: string;
  version: string;
  markup: string;
  /** Complete as plain HTML: a signed-out visitor gets no script (see SCRIPT_STARTER). */
  standalone: boolean;
  /** A signed-in template's fill script, as its remote published it (prerender.json's `signedInScripts`). */
  script?: string;
}

/** What a version of a remote prerendered (its prerender.json), with a reader for the files it names. */
interface PublishedMarkup {
  page(pathname: string): string | null;
  /** A signed-in route's template (its frame and one card around a placeholder), filled in the browser. */
  signedIn(pathname: string): string | null;
  /** The script the remote built to fill that template (its own code: the site never draws a remote's items). */
  signedInScript(pathname: string): string | null;
  isStandalone(pathname: string): boolean;
  fragment(module: string): string | null;
}

function publishedMarkup(siteDir: string, manifest: string): PublishedMarkup {
  const versionDir = path.posix.dirname(manifest);
  const index = readJson(siteFile(siteDir, `${versionDir}/prerender.json`) ?? '');
  const read = (table: string, key: string): string | null => {
    const files = isObject(index) ? index[table] : undefined;
    const name = isObject(files) ? files[key] : undefined;
    const file = typeof name === 'string' ? siteFile(siteDir, `${versionDir}/${name}`) : null;
    if (!file) return null;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  };
  return {
    page: (pathname) => read('pages', pathname),
    signedIn: (pathname) => read('signedIn', pathname),
    signedInScript: (pathname) => read('signedInScripts', pathname),
    isStandalone: (pathname) =>
      isObject(index) && Array.isArray(index.standalone) && index.standalone.includes(pathname),
    fragment: (module) => read('fragments', module),
  };
}

/**
 * A registry entry's stable version where its manifest is a path on this site, and whether a canary runs beside it
 * (placementOf, @skynet/contract: the rule the shell chooses by); null when it names no such stable version.
 */
function stableOf(entry: RemoteEntry): { version: string; manifest: string; canary: boolean } | null {
  const { stable, canary } = placementOf(entry);
  if (!stable?.manifest.startsWith('/')) return null;
  return { ...stable, canary: canary !== null };
}

/**
 * Where a page shows a component another remote exposes (RemoteComponent in @skynet/shared, rendered at build time):
 * `<div data-slot="remote ./Module" style="display:contents">fallback<template data-slot-end=""></template></div>`.
 */
const SLOT =
  /<div data-slot="([^" ]+) ([^"]+)" style="display:contents">([\s\S]*?)<template data-slot-end=""><\/template><\/div>/g;

/**
 * Every signed-out path whose owning remote's stable version published markup for it, by path, with the markup of
 * the remotes it shows in their slots (their stable versions; the fallback stays where one published none). Any
 * problem (no registry, a manifest elsewhere, no prerender.json) means no markup for that path: the page still works.
 * A standalone page stays standalone only while every remote in it is stable alone: with a canary, some visitors
 * must get other code, and only the shell knows who (chooseVersion in @skynet/contract, keyed on its visitor id), so the scripts run.
 */
export function findPrerendered(
  siteDir: string,
  registry: Registry = readRegistryFileNow(siteDir).registry,
): Map<string, Prerendered> {
  const pages = new Map<string, Prerendered>();
  const stable = new Map<string, { version: string; markup: PublishedMarkup; canary: boolean }>();
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    const found = stableOf(entry);
    if (found)
      stable.set(remote, {
        version: found.version,
        markup: publishedMarkup(siteDir, found.manifest),
        canary: found.canary,
      });
  }
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    const owner = stable.get(remote);
    if (!owner) continue;
    for (const route of entry.routes) {
      if (route.access !== 'signed-out') continue;
      if (pages.has(route.path)) continue; // the first owner in the registry shows the page, as in the shell
      const page = owner.markup.page(route.path);
      if (page === null) continue;
      let whole = !owner.canary;
      const markup = page.replace(SLOT, (slot, slotRemote: string, module: string) => {
        const other = stable.get(slotRemote);
        const fragment = other?.markup.fragment(module) ?? null;
        if (!other || fragment === null || other.canary) whole = false;
        return fragment === null ? slot : slotHtml(slotRemote, module, fragment);
      });
      pages.set(route.path, {
        remote,
        version: owner.version,
        markup,
        standalone: whole && owner.markup.isStandalone(route.path),
      });
    }
  }
  return pages;
}

/**
 * Every route a signed-in visitor sees (signed-in or public) whose owning remote published a template for it (prerender.json's `signedIn`), by its path
 * (a pattern such as `/search/:text` for a route with parameters), from its stable version, while it has no canary:
 * only the shell knows which visitor gets a canary (chooseVersion in @skynet/contract), and a canary's page may draw
 * differently. The first owner in the registry shows the path, as in the shell.
 */
export function findSignedInTemplates(
  siteDir: string,
  registry: Registry = readRegistryFileNow(siteDir).registry,
): Map<string, Prerendered> {
  const pages = new Map<string, Prerendered>();
  const seen = new Set<string>();
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    const found = stableOf(entry);
    const markup = found && !found.canary ? publishedMarkup(siteDir, found.manifest) : null;
    for (const route of entry.routes) {
      // A public route's template too (`/post/:id`): drawn for a signed-in visitor only, as every template is.
      if (route.access === 'signed-out') continue;
      if (seen.has(route.path)) continue;
      seen.add(route.path);
      const template = markup?.signedIn(route.path) ?? null;
      // A template without its fill script would never be filled, nor start the page: no template then.
      const script = template === null ? null : (markup?.signedInScript(route.path) ?? null);
      if (template !== null && script !== null)
        pages.set(route.path, { remote, version: entry.stable, markup: template, standalone: false, script });
    }
  }
  return pages;
}

const slotHtml = (remote: string, module: string, inner: string) =>
  `<div data-slot="${remote} ${module}" style="display:contents">${inner}</div>`;

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

const AREAS = '<main id="areas"></main>';

/**
 * Holds the first paint until the whole markup is parsed: until the element after <main id="areas"> (index.html's
 * navigation root) is in the document. Without it the browser may paint a half-parsed page on a busy machine (the
 * parser yields every few milliseconds): the landing page's frame drawn as a signed-in column, before its
 * `[data-stage]` root arrived, then widened, a layout shift of 0.25-0.5 (caught by a CI run of prerender.spec). The
 * markup comes in the same answer as the head, so the wait costs no network time.
 */
const MARKUP_END = 'nav-root';
const MARKUP_END_FOLLOWS_AREAS = new RegExp(`${AREAS}\\s*<div id="${MARKUP_END}"`);
const RENDER_AFTER_MARKUP = `<link rel="expect" href="#${MARKUP_END}" blocking="render">`;

/**
 * index.html with `page`'s markup inside <main id="areas"> (where the real page mounts) in a `#prerendered` wrapper
 * carrying `attributes`, the session probe and `style` in the head, and its own tags changed by `tags`; unchanged
 * when index.html lacks one of those places.
 */
function withPageMarkup(
  indexHtml: string,
  page: Prerendered,
  { style, attributes, tags }: { style: string; attributes: string; tags: (html: string) => string },
): string {
  if (!indexHtml.includes(AREAS) || !indexHtml.includes('</head>') || !indexHtml.includes('</body>'))
    return indexHtml;
  const holdPaint = MARKUP_END_FOLLOWS_AREAS.test(indexHtml) ? RENDER_AFTER_MARKUP : '';
  const head = `<script>${SESSION_PROBE_SCRIPT}</script><style>${style}</style>${holdPaint}</head>`;
  const wrapper =
    `<main id="areas"><div id="prerendered" data-remote="${escapeAttribute(page.remote)}" ` +
    `data-version="${escapeAttribute(page.version)}"${attributes}>${page.markup}</div></main>`;
  // The page's own tags first, the markup last: nothing in the markup can be taken for them.
  return tags(indexHtml.replace('</head>', () => head)).replace(AREAS, () => wrapper);
}

/**
 * index.html with the markup inside <main id="areas">, where the real page mounts, and its scripts parked until the
 * markup has painted (SCRIPT_STARTER): the paint then depends on the HTML alone, and Lighthouse's simulation no
 * longer charges the script downloads to the LCP.
 */
export function withPrerendered(indexHtml: string, page: Prerendered): string {
  return withPageMarkup(indexHtml, page, {
    style: PRERENDER_STYLE,
    attributes: page.standalone ? ' data-standalone=""' : '',
    tags: (html) =>
      html
        .replace(
          DEFERRED_SCRIPT,
          (_tag, src: string) => `<script type="text/plain" ${AFTER_PAINT_ATTRIBUTE}="${src}"></script>`,
        )
        // A standalone page may never start its scripts: what they would fetch first waits for them (the starter).
        .replace(PRELOAD, (tag, rest: string) =>
          page.standalone ? `<link ${AFTER_PAINT_ATTRIBUTE}${rest}>` : tag,
        )
        .replace('</body>', () => `<script>${SCRIPT_STARTER}</script></body>`),
  });
}

/**
 * Shown only for a visitor with a saved token (the session probe); while it is there, the real page (loading behind
 * it) stays hidden, as with the signed-out markup.
 */
const SIGNED_IN_STYLE = 'html:not(.has-session) #prerendered,#prerendered~*{display:none}';

/**
 * index.html with a signed-in page's template inside <main id="areas"> (`data-signed-in`: the shell's frame keeps
 * the signed-in chrome's room for it, global.css) and the script that fills it from the head start's answer
 * (its remote's published fill script). Its scripts and their preloads are parked until the posts have painted, which the fill
 * script decides: Lighthouse's simulation charges every script run before a paint to that paint, and on a slow
 * link the script downloads held the connections the head start's calls needed (the answer came 400 ms later in
 * the simulated graph of 2026-11-25). Stylesheets still load at once: the template is drawn with them.
 */
export function withSignedInTemplate(indexHtml: string, page: Prerendered): string {
  return withPageMarkup(indexHtml, page, {
    style: SIGNED_IN_STYLE,
    attributes: ' data-signed-in=""',
    tags: (html) =>
      html
        .replace(
          DEFERRED_SCRIPT,
          (_tag, src: string) => `<script type="text/plain" ${AFTER_PAINT_ATTRIBUTE}="${src}"></script>`,
        )
        // Script files wait for the paint too: downloading them first held the connections the calls needed.
        .replace(PRELOAD, (tag, rest: string) =>
          / as="script"/.test(rest) ? `<link ${AFTER_PAINT_ATTRIBUTE}${rest}>` : tag,
        )
        .replace('</body>', () => `<script>${page.script ?? ''}</script></body>`),
  });
}

/** A page navigation's answer: the HTML, and whether it is a standalone page (no script runs there). */
export interface PageHtml {
  html: string;
  standalone: boolean;
  /** A signed-in template: the head start parks its script preloads until the fill script's paint. */
  afterPaint?: boolean;
  /** The Content-Security-Policy sources allowing exactly its inline scripts: the site's and its remote's fill. */
  scriptSources: readonly string[];
}

/**
 * Where a standalone page's visitor shows the intent to go on (a pointer resting on a link, or pressing it), the
 * browser may prerender that page, scripts and all, so the app is up when the click lands: the landing page sends
 * no script itself, and its links lead to ordinary navigations. Served at SPECULATION_RULES_PATH and named by a
 * `Speculation-Rules` header (no inline script, so no CSP change). Browsers without it simply navigate.
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/api/*' } },
          { not: { selector_matches: '[href^="#"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

/**
 * The page of the route with parameters that shows `pathname` (the route the shell would show), by its pattern. Only
 * for a route whose first calls the HTML starts (`early`), each parameter one plain path segment (the head start
 * makes the calls only then, head-start.ts): what such a page shows depends on its parameters, and its template is
 * filled from those calls' answers, or never.
 */
function withParameters(pages: Map<string, PageHtml>, registry: Registry, pathname: string): PageHtml | null {
  const found = findRoute(registry, pathname, 'signed-in');
  if (!found?.route.path.includes(':') || !found.route.early?.length) return null;
  if (!Object.values(found.params).every(isSegment)) return null;
  return pages.get(found.route.path) ?? null;
}

/**
 * The HTML for a navigation to `pathname`, with its head start (head-start.ts). index.html and the prerendered pages
 * are read once and again only when index.html or the registry change (a rollout or rollback of the owning remote
 * changes the registry). The registry comes from `registry` (the site folder's file or PostgreSQL), from memory.
 */
export function pageHtmlFor(
  siteDir: string,
  generatedConfig: Record<string, unknown>,
  registry: RegistrySource = fileRegistry(siteDir),
): (pathname: string, release?: { token: string; visitor: string }) => PageHtml {
  const indexFile = path.join(siteDir, 'index.html');
  let cached: { key: string; index: PageHtml; pages: Map<string, PageHtml> } | null = null;
  const headStart = headStartFor(siteDir, generatedConfig, registry);
  return (pathname, release) => {
    const current = registry.current();
    const key = `${fileStamp(indexFile)}|${current.key}`;
    if (cached?.key !== key) {
      const index = readFileSync(indexFile, 'utf8');
      const pages = new Map<string, PageHtml>();
      for (const [pagePath, page] of findSignedInTemplates(siteDir, current.registry))
        pages.set(pagePath, {
          html: withSignedInTemplate(index, page),
          standalone: false,
          afterPaint: true,
          scriptSources: [...SITE_SCRIPT_CSP_SOURCES, cspSourceOf(page.script ?? '')],
        });
      // A signed-out page's markup wins where a path has both (the signed-out visitor cannot see the other).
      for (const [pagePath, page] of findPrerendered(siteDir, current.registry))
        pages.set(pagePath, {
          html: withPrerendered(index, page),
          standalone: page.standalone,
          scriptSources: SITE_SCRIPT_CSP_SOURCES,
        });
      cached = {
        key,
        index: { html: index, standalone: false, scriptSources: SITE_SCRIPT_CSP_SOURCES },
        pages,
      };
    }
    const page =
      cached.pages.get(pathname) ?? withParameters(cached.pages, current.registry, pathname) ?? cached.index;
    // A standalone page runs no script for a signed-out visitor: it does not carry the registry and config.
    const start = headStart(pathname, !page.standalone);
    // A standalone page runs no script: no token either.
    const withRelease =
      release && !page.standalone ? { ...start, release: release.token, visitor: release.visitor } : start;
    return {
      ...page,
      html: withHeadStart(page.html, page.afterPaint ? { ...withRelease, afterPaint: true } : withRelease),
    };
  };
}
