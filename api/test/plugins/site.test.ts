import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cacheControlFor } from '../../src/plugins/site.js';
import { call, useApp } from '../helper.js';

const siteDir = path.join(os.tmpdir(), `skynet-site-${process.pid}`);
mkdirSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0'), { recursive: true });
writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Skynet</title>');
writeFileSync(path.join(siteDir, 'main.3f9a1c2b.js'), 'console.log(1)'.repeat(200));
writeFileSync(path.join(siteDir, 'remotes.json'), '{"remotes":[]}');
writeFileSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0', 'mf-manifest.json'), '{}');
writeFileSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0', 'remoteEntry.js'), '/* entry */');
writeFileSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0', '123.ab12cd34.js'), '/* chunk */');

after(() => rmSync(siteDir, { recursive: true, force: true }));

describe('static site serving', () => {
  const ctx = useApp({ env: { SITE_DIR: siteDir } });
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('caches hashed assets forever and never caches the registry, manifests or index.html', async () => {
    const cases: [string, RegExp][] = [
      ['/main.3f9a1c2b.js', /immutable/],
      ['/remotes/mfe-feed/1.0.0/123.ab12cd34.js', /immutable/],
      ['/remotes/mfe-feed/1.0.0/remoteEntry.js', /immutable/],
      ['/remotes/mfe-feed/1.0.0/mf-manifest.json', /^no-cache$/],
      ['/remotes.json', /^no-cache$/],
      ['/index.html', /^no-cache$/],
      ['/', /^no-cache$/],
    ];
    for (const [url, cache] of cases) {
      const r = await ctx.app.inject({ method: 'GET', url });
      assert.equal(r.statusCode, 200, url);
      assert.match(String(r.headers['cache-control']), cache, url);
    }
    assert.equal(cacheControlFor('/app.js'), 'public, max-age=300, must-revalidate');
  });

  it('compresses with br/gzip', async () => {
    const r = await ctx.app.inject({
      method: 'GET',
      url: '/main.3f9a1c2b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(r.headers['content-encoding'], 'br');
  });

  it('falls back to index.html for page navigations only', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/feed/mars/123', headers: html });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>Skynet/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const js = await ctx.app.inject({ method: 'GET', url: '/missing.4f5e6d7c.js', headers: html });
    assert.equal(js.statusCode, 404);
    const json = await ctx.app.inject({
      method: 'GET',
      url: '/remotes/mfe-x/1.0.0/mf-manifest.json',
      headers: html,
    });
    assert.equal(json.statusCode, 404);
    const noHtml = await ctx.app.inject({
      method: 'GET',
      url: '/feed',
      headers: { accept: 'application/json' },
    });
    assert.equal(noHtml.statusCode, 404);
    const api = await call(ctx.app, 'GET /api/nothing-here', { headers: html });
    assert.equal(api.status, 404);
    assert.equal(api.body.success, false);
  });

  it('generates /config.json from the environment when the site has none', async () => {
    const r = await call(ctx.app, 'GET /config.json');
    assert.equal(r.status, 200);
    assert.equal(r.res.headers['cache-control'], 'no-cache');
    assert.equal(r.body.apiBaseUrl, '/api');
    assert.equal(r.body.socketPath, '/socket.io');
    assert.deepEqual(r.body.devOverrideOrigins, ['http://localhost:*', 'http://127.0.0.1:*']);
    assert.equal(typeof r.body.supportEmail, 'string');
  });

  it('sends security headers with a CSP for the SPA', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(r.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /connect-src 'self' ws: wss:/);
    assert.match(csp, /img-src 'self' data: blob:/);
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
  });
});

describe('no site built yet', () => {
  const ctx = useApp({ env: { SITE_DIR: path.join(os.tmpdir(), 'skynet-no-such-site') } });
  it('still serves /api and answers pages with 404', async () => {
    assert.equal((await call(ctx.app, 'GET /api/health')).status, 200);
    assert.equal(
      (await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).statusCode,
      404,
    );
  });
});

describe('prerendered signed-out pages', () => {
  const site = path.join(os.tmpdir(), `skynet-site-prerender-${process.pid}`);
  const version = (v: string) => path.join(site, 'remotes', 'mfe-static', v);
  const markup = '<style>.x{color:red}</style><div class="x"><h1>Your planet.</h1></div>';
  mkdirSync(path.join(version('1.0.0'), 'prerender'), { recursive: true });
  mkdirSync(version('0.9.0'), { recursive: true });
  writeFileSync(
    path.join(site, 'index.html'),
    '<!doctype html><html><head><title>Skynet</title></head><body><main id="areas"></main>' +
      '<script defer src="/main.abc123.js"></script></body></html>',
  );
  writeFileSync(path.join(version('1.0.0'), 'mf-manifest.json'), '{}');
  writeFileSync(path.join(version('0.9.0'), 'mf-manifest.json'), '{}');
  writeFileSync(path.join(version('1.0.0'), 'prerender', 'index.html'), markup);
  writeFileSync(
    path.join(version('1.0.0'), 'prerender.json'),
    JSON.stringify({ pages: { '/': 'prerender/index.html', '/about': '../../../../index.html' } }),
  );
  const registry = (stable: string) =>
    JSON.stringify({
      remotes: {
        'mfe-static': {
          routes: [
            { path: '/', access: 'signed-out' },
            { path: '/about', access: 'public' },
          ],
          stable,
          canary: null,
          versions: {
            '1.0.0': { manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json' },
            '0.9.0': { manifest: '/remotes/mfe-static/0.9.0/mf-manifest.json' },
          },
        },
      },
    });
  writeFileSync(path.join(site, 'remotes.json'), registry('1.0.0'));
  after(() => rmSync(site, { recursive: true, force: true }));

  const ctx = useApp({ env: { SITE_DIR: site, CSP: 'on' } });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it("puts the stable version's markup where the page mounts, with a session probe the CSP allows", async () => {
    const r = await get('/');
    assert.equal(r.statusCode, 200);
    assert.match(
      r.body,
      /<main id="areas"><div id="prerendered" data-remote="mfe-static" data-version="1.0.0">/,
    );
    assert.ok(r.body.includes(`${markup}</div></main>`), 'the markup, whole, inside the areas');
    const script = /<script>([^<]*)<\/script>/.exec(r.body)?.[1] ?? '';
    assert.match(script, /localStorage\.getItem\('jwt'\)/);
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    assert.ok(
      String(r.headers['content-security-policy']).includes(hash),
      'the inline script is allowed by hash',
    );
    assert.ok(r.body.indexOf('<script>') < r.body.indexOf('</head>'), 'the probe runs before the body');
  });

  it("parks the page's scripts until the markup has painted, with a starter the CSP allows", async () => {
    const r = await get('/');
    assert.doesNotMatch(r.body, /<script defer/, 'nothing is fetched before the first paint');
    assert.match(r.body, /<script type="text\/plain" data-after-paint="\/main\.abc123\.js"><\/script>/);
    const starter = /<script>((?:(?!<\/script>).)*)<\/script><\/body>/.exec(r.body)?.[1] ?? '';
    assert.match(starter, /data-after-paint/);
    const hash = `'sha256-${createHash('sha256').update(starter).digest('base64')}'`;
    assert.ok(String(r.headers['content-security-policy']).includes(hash), 'the starter is allowed by hash');
    const plain = await get('/feed');
    assert.match(
      plain.body,
      /<script defer src="\/main\.abc123\.js"><\/script>/,
      'other pages load as built',
    );
  });

  it('serves no markup for other paths, public routes, or a page file outside the version', async () => {
    for (const url of ['/feed', '/about', '/login']) {
      const r = await get(url);
      assert.equal(r.statusCode, 200, url);
      assert.doesNotMatch(r.body, /prerendered|<script>/, url);
    }
  });

  it('follows the registry: after a rollback to a version without markup the page is plain', async () => {
    writeFileSync(path.join(site, 'remotes.json'), registry('0.9.0'));
    const plain = await get('/');
    assert.doesNotMatch(plain.body, /prerendered/);
    writeFileSync(path.join(site, 'remotes.json'), registry('1.0.0'));
    assert.match((await get('/')).body, /data-version="1.0.0"/);
  });
});
