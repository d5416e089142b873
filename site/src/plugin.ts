import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONFIG_PATH, REGISTRY_PATH, SOCKET_PATH } from '@skynet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteFile } from './files.js';
import { allowInlineScripts } from './page-csp.js';
import type { SitePort } from './port.js';
import { pageHtmlFor, SPECULATION_RULES, SPECULATION_RULES_PATH } from './prerendered-page.js';
import { databaseRegistry, fileRegistry, type RegistrySource } from './registry/source.js';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=300, must-revalidate';

/** A file name carrying a content hash: `main.3f9a1c2b.js`, `chunk-3f9a1c2b.css`, `123.a1b2c3d4e5.js`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Published remote builds are immutable: `/remotes/<name>/<version>/...`. */
const REMOTE_VERSION_DIR = /^\/remotes\/[^/]+\/\d+\.\d+\.\d+[^/]*\//;

/** Cache policy of one file of the site (exported for tests); a precompressed `.br` twin has its file's. */
export function cacheControlFor(filePath: string): string {
  const urlPath = filePath.replace(/\.br$/, '');
  const base = path.posix.basename(urlPath);
  if (
    base === 'index.html' ||
    base === 'mf-manifest.json' ||
    base === 'remotes.json' ||
    base === 'config.json'
  ) {
    return NO_CACHE;
  }
  if (HASHED.test(base)) return IMMUTABLE;
  if (REMOTE_VERSION_DIR.test(urlPath)) return IMMUTABLE;
  if (base.endsWith('.html')) return NO_CACHE;
  return REVALIDATE;
}

/** `/remotes/<remote>/<version>/<file>`, one level deep (a version's files sit in its folder). */
const REMOTE_FILE = /^\/remotes\/([a-z][a-z0-9-]{0,63})\/([\w.+-]{1,64})\/([\w.-]{1,200})$/;

/** The file names a version's integrity.json lists; null when it has none. */
function readIntegrity(file: string): Set<string> | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const files = (parsed as { files?: unknown } | null)?.files;
    return files && typeof files === 'object' ? new Set(Object.keys(files)) : null;
  } catch {
    return null;
  }
}

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith(SOCKET_PATH);

/**
 * Serves the built product (SITE_DIR) at `/`: runtime config, registry and manifests never cached, hashed assets
 * cached forever, and a SPA fallback to index.html for page navigations (with a signed-out page's prerendered
 * markup when its remote published one, prerendered-page.ts, and the page's head start, head-start.ts). The server
 * that mounts it passes a SitePort (port.ts): its settings, a query and a LISTEN on its pool, a readiness check.
 */
export default async function sitePlugin(app: FastifyInstance, opts: { port: SitePort }) {
  const { port } = opts;
  const config = port.settings;

  const siteDir = config.siteDir;
  const serveSourceMaps = config.environment === 'development';
  const siteReady = () => existsSync(path.join(siteDir, 'index.html'));
  const siteHas = (pathName: string) => {
    const file = siteFile(siteDir, pathName);
    return file !== null && existsSync(file);
  };
  if (!existsSync(siteDir)) {
    app.log.warn({ siteDir }, 'SITE_DIR does not exist yet: only /api is served until the site is built');
  }

  // The registry: PostgreSQL with DATABASE_URL (every node the same, changes arrive within seconds), else the site
  // folder's remotes.json (registry/source.ts). Held in memory: no request waits for it.
  const registry: RegistrySource = config.databaseUrl
    ? await databaseRegistry({ url: config.databaseUrl, port, siteDir, log: app.log })
    : fileRegistry(siteDir);
  port.addHealthCheck('registry', () => registry.problem());
  app.addHook('onClose', async () => {
    await registry.close();
  });
  app.get(REGISTRY_PATH, async (request, reply) => {
    const { text, etag } = registry.current();
    if (text === null) return reply.code(404).send({ success: false, error: 'Not found.' });
    reply.header('Cache-Control', NO_CACHE).header('ETag', `"${etag}"`);
    if (request.headers['if-none-match'] === `"${etag}"`) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(text);
  });

  // Generated when the site does not ship its own /config.json (pages carry the same, pageHtmlFor below).
  const generatedConfig = {
    apiBaseUrl: '/api',
    socketUrl: '',
    socketPath: SOCKET_PATH,
    environment: config.environment,
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    // The same list the CSP allows (security.ts): an override the config offers is never blocked.
    devOverrideOrigins: [...config.devOverrideOrigins],
  };
  app.get(CONFIG_PATH, async (_request, reply) => {
    const file = path.join(siteDir, 'config.json');
    reply.header('Cache-Control', NO_CACHE);
    if (!existsSync(file)) return generatedConfig;
    // A site's own config.json is served with the server's devOverrideOrigins, which the CSP follows.
    try {
      const own: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof own === 'object' && own !== null && !Array.isArray(own))
        return { ...own, devOverrideOrigins: [...config.devOverrideOrigins] };
    } catch {
      // Not JSON: the generated config below.
    }
    app.log.warn({ file }, "the site's config.json is not a JSON object: serving the generated config");
    return generatedConfig;
  });

  // The answers to the files each published version lists (issue 33): a request for a name it does not list is
  // someone's guess, not a page's load, and counts nothing.
  const listed = new Map<string, Set<string> | null>();
  const filesOf = (remote: string, version: string): Set<string> | null => {
    const key = `${remote}/${version}`;
    if (!listed.has(key)) {
      const manifest = readIntegrity(path.join(siteDir, 'remotes', remote, version, 'integrity.json'));
      if (listed.size > 1000) listed.clear();
      listed.set(key, manifest);
    }
    return listed.get(key) ?? null;
  };
  if (port.countRemoteFile) {
    const count = port.countRemoteFile;
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET') return;
      const found = REMOTE_FILE.exec(request.url.split('?')[0] ?? '');
      if (!found) return;
      const [, remote, version, file] = found as unknown as [string, string, string, string];
      if (filesOf(remote, version)?.has(file)) count(remote, version, reply.statusCode);
    });
  }

  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true, // files built after start are served too
    index: false, // `/` is a page navigation like any other: the fallback below serves it, prerendered
    cacheControl: false,
    // The builds ship `<file>.br` at Brotli's best quality (tooling/rspack PrecompressPlugin); anything else is
    // compressed on the fly (security.ts).
    preCompressed: true,
    etag: true,
    lastModified: true,
    // Only files that are there: a precompressed `.br` twin is never sent for a file that was removed.
    // Source maps only in development (NODE_ENV=development): production serves no map of its sources.
    allowedPath: (pathName) =>
      pathName !== CONFIG_PATH &&
      pathName !== REGISTRY_PATH &&
      (serveSourceMaps || !pathName.endsWith('.map')) &&
      siteHas(pathName),
    setHeaders: (reply, filePath) => {
      const rel = `/${path.relative(siteDir, filePath).split(path.sep).join('/')}`;
      reply.header('Cache-Control', cacheControlFor(rel));
    },
  });

  const pageHtml = pageHtmlFor(siteDir, generatedConfig, registry);
  // Each page load's token (issue 33): what it was served, signed, for the counts that judge a release.
  const releaseOf = (request: FastifyRequest, reply: FastifyReply) => {
    if (!port.pageToken) return undefined;
    const { token, visitor, setCookie } = port.pageToken(request.headers.cookie, registry.current().registry);
    if (setCookie) reply.header('Set-Cookie', setCookie);
    return { token, visitor };
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply, url: string) => {
    const page = pageHtml(url, releaseOf(request, reply));
    allowInlineScripts(reply, page.scriptSources);
    if (page.standalone) reply.header('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
    return reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').send(page.html);
  };
  const notFound = (reply: FastifyReply) => reply.code(404).send({ success: false, error: 'Not found.' });

  app.get(SPECULATION_RULES_PATH, async (_request, reply) =>
    reply
      .header('Cache-Control', REVALIDATE)
      .type('application/speculationrules+json')
      .send(SPECULATION_RULES),
  );

  // The site's root, whatever the Accept header says (the static plugin would answer 403 for a folder).
  app.get('/', async (request, reply) => (siteReady() ? sendPage(request, reply, '/') : notFound(reply)));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const hasExtension = /\.[a-z0-9]+$/i.test(path.posix.basename(url)) && !url.endsWith('.html');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      wantsHtml &&
      !hasExtension &&
      siteReady()
    ) {
      return sendPage(request, reply, url);
    }
    return notFound(reply);
  });
}
