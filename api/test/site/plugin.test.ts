import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { cacheControlFor } from '@skynet/site';
import { call, useApp } from '../helper.js';

const siteDir = path.join(os.tmpdir(), `skynet-site-${process.pid}`);
mkdirSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0'), { recursive: true });
writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Skynet</title>');
writeFileSync(path.join(siteDir, 'main.3f9a1c2b.js'), 'console.log(1)'.repeat(200));
writeFileSync(path.join(siteDir, 'app.9a8b7c6d5e.js'), 'console.log(2)'.repeat(200));
writeFileSync(path.join(siteDir, 'app.9a8b7c6d5e.js.br'), 'precompressed at quality 11');
writeFileSync(path.join(siteDir, 'removed.1a2b3c4d5e.js.br'), 'the twin of a file that was removed');
writeFileSync(path.join(siteDir, 'remotes.json'), '{"remotes":[]}');
writeFileSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0', 'mf-manifest.json'), '{}');
writeFileSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0', 'remoteEntry.js'), '/* entry */');
writeFileSync(path.join(siteDir, 'remotes', 'mfe-feed', '1.0.0', '123.ab12cd34.js'), '/* chunk */');

after(() => rmSync(siteDir, { recursive: true, force: true }));

describe('static site serving', () => {
  // Developer overrides from loopback, named (production, NODE_ENV unset, allows none: dev-overrides.test.ts).
  const ctx = useApp({
    env: { SITE_DIR: siteDir, DEV_OVERRIDE_ORIGINS: 'http://localhost:*,http://127.0.0.1:*' },
  });
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

  it("sends a build's precompressed .br twin as is, cached like its file; gzip to clients without Brotli", async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/app.9a8b7c6d5e.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.rawPayload.toString(), 'precompressed at quality 11');
    assert.match(String(br.headers['cache-control']), /immutable/);
    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/app.9a8b7c6d5e.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.rawPayload).toString(), 'console.log(2)'.repeat(200));
  });

  it('never sends the .br twin of a file that is not there (a removed file is gone)', async () => {
    const r = await ctx.app.inject({
      method: 'GET',
      url: '/removed.1a2b3c4d5e.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(r.statusCode, 404);
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
    // The socket's own origin by name, never any ws:/wss: host (issue 21 item 6).
    assert.match(csp, /connect-src 'self' ws:\/\/localhost:8080[ ;]/);
    assert.doesNotMatch(csp, /(^|[ ;])wss?:( |;|$)/);
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
      '<div id="nav-root"></div><script defer src="/main.abc123.js"></script></body></html>',
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
    assert.match(script, /localStorage\.getItem\(["']jwt["']\)/);
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    assert.ok(
      String(r.headers['content-security-policy']).includes(hash),
      'the inline script is allowed by hash',
    );
    assert.ok(r.body.indexOf('<script>') < r.body.indexOf('</head>'), 'the probe runs before the body');
  });

  it('holds the first paint until the element after the markup is parsed: no half-drawn page', async () => {
    const r = await get('/');
    const head = r.body.slice(0, r.body.indexOf('</head>'));
    assert.match(head, /<link rel="expect" href="#nav-root" blocking="render">/);
    assert.ok(
      r.body.indexOf('<div id="nav-root">') > r.body.indexOf(`${markup}</div></main>`),
      'the element the paint waits for comes after the whole markup',
    );
    const plain = await get('/feed');
    assert.doesNotMatch(plain.body, /rel="expect"/, 'pages without markup paint as they parse');
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
      assert.doesNotMatch(r.body, /prerendered|has-session|data-after-paint/, url);
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

/**
 * Runs the page's last inline script (the starter) against a signed-out visitor's document as `body` marks it: did
 * it start the parked scripts, and how many timers did it leave that could?
 */
function runStarter(body: string): { started: boolean; timers: number } {
  const starter = /<script>((?:(?!<\/script>).)*)<\/script><\/body>/.exec(body)?.[1] ?? '';
  const result = { started: false, timers: 0 };
  const standalone = body.includes('data-standalone=""');
  const document = {
    hidden: false,
    documentElement: { classList: { contains: () => false } },
    getElementById: (id: string) =>
      id === 'prerendered'
        ? { hasAttribute: (name: string) => standalone && name === 'data-standalone' }
        : null,
    querySelectorAll: () => {
      result.started = true;
      return [];
    },
  };
  const later = () => {
    result.timers++;
  };
  const window = { PerformanceObserver: undefined };
  runInNewContext(starter, {
    document,
    window,
    location: { search: '' },
    localStorage: { getItem: () => null },
    setTimeout: later,
    requestAnimationFrame: later,
  });
  return result;
}

describe('prerendered pages that show other remotes, and standalone pages', () => {
  const site = path.join(os.tmpdir(), `skynet-site-slots-${process.pid}`);
  const dir = (remote: string, v: string) => path.join(site, 'remotes', remote, v);
  const slot = (remote: string, module: string, fallback: string) =>
    `<div data-slot="${remote} ${module}" style="display:contents">${fallback}<template data-slot-end=""></template></div>`;
  const page =
    '<style>.l{color:red}</style><div class="l"><h1>Your planet.</h1>' +
    `${slot('mfe-map', './MapPreview', '<p>starfield</p>')}<a href="/login">Log in</a></div>`;
  const preview = '<style>.p{color:blue}</style><svg class="p" role="img" aria-label="map preview"></svg>';
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write(
    path.join(site, 'index.html'),
    '<!doctype html><html><head><title>Skynet</title>' +
      '<link rel="preload" href="/remotes.json" as="fetch" crossorigin></head><body><main id="areas"></main>' +
      '<script defer src="/main.abc123.js"></script></body></html>',
  );
  for (const [remote, v] of [
    ['mfe-static', '1.0.0'],
    ['mfe-map', '1.0.0'],
    ['mfe-map', '2.0.0'],
  ] as const)
    write(path.join(dir(remote, v), 'mf-manifest.json'), '{}');
  write(path.join(dir('mfe-static', '1.0.0'), 'prerender', 'index.html'), page);
  write(
    path.join(dir('mfe-static', '1.0.0'), 'prerender.json'),
    JSON.stringify({ pages: { '/': 'prerender/index.html' }, standalone: ['/'], fragments: {} }),
  );
  write(path.join(dir('mfe-map', '2.0.0'), 'prerender', 'fragment--MapPreview.html'), preview);
  write(
    path.join(dir('mfe-map', '2.0.0'), 'prerender.json'),
    JSON.stringify({
      pages: {},
      standalone: [],
      fragments: { './MapPreview': 'prerender/fragment--MapPreview.html' },
    }),
  );
  const versions = (remote: string, list: string[]) =>
    Object.fromEntries(list.map((v) => [v, { manifest: `/remotes/${remote}/${v}/mf-manifest.json` }]));
  const registry = ({
    map = '2.0.0',
    canary = null,
  }: {
    map?: string;
    canary?: { remote: string; version: string; percent: number } | null;
  } = {}) =>
    JSON.stringify({
      remotes: {
        'mfe-static': {
          routes: [{ path: '/', access: 'signed-out' }],
          stable: '1.0.0',
          canary: canary?.remote === 'mfe-static' ? canary : null,
          // 1.0.1 is published: a canary of a version the registry does not list is no canary (placementOf).
          versions: versions('mfe-static', ['1.0.0', '1.0.1']),
        },
        'mfe-map': {
          routes: [{ path: '/home', access: 'signed-in' }],
          stable: map,
          canary: canary?.remote === 'mfe-map' ? canary : null,
          versions: versions('mfe-map', ['1.0.0', '2.0.0']),
        },
      },
    });
  writeFileSync(path.join(site, 'remotes.json'), registry());
  after(() => rmSync(site, { recursive: true, force: true }));

  const ctx = useApp({ env: { SITE_DIR: site, CSP: 'on' } });
  const landingResponse = async (options?: Parameters<typeof registry>[0]) => {
    writeFileSync(path.join(site, 'remotes.json'), registry(options));
    const r = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    assert.equal(r.statusCode, 200);
    return r;
  };
  const landing = async (options?: Parameters<typeof registry>[0]) => (await landingResponse(options)).body;
  const standalone = (body: string) => /<div id="prerendered"[^>]* data-standalone="">/.test(body);

  it("puts the other remote's stable markup in its slot, and marks a page whose owner says so standalone", async () => {
    const body = await landing();
    assert.ok(
      body.includes(`<div data-slot="mfe-map ./MapPreview" style="display:contents">${preview}</div>`),
    );
    assert.doesNotMatch(body, /starfield|data-slot-end/, 'the fallback gives way');
    assert.ok(
      body.includes('<a href="/login">Log in</a></div></div></main>'),
      'the rest of the page follows',
    );
    assert.ok(standalone(body));
    // The scripts stay parked; the starter (the CSP allows it by hash) leaves them there on a standalone page.
    assert.match(body, /<script type="text\/plain" data-after-paint="\/main\.abc123\.js"><\/script>/);
    assert.deepEqual(runStarter(body), { started: false, timers: 0 }, 'the starter starts nothing, ever');
    // ...and so does what they would fetch first.
    assert.ok(body.includes('<link data-after-paint href="/remotes.json" as="fetch" crossorigin>'));
    assert.doesNotMatch(body, /<link rel="preload"/);
    assert.doesNotMatch(body, /"files":/, 'nor does the page carry the registry for them');
  });

  it('keeps the fallback, and the scripts, when the stable version of the other remote published no markup', async () => {
    const body = await landing({ map: '1.0.0' });
    assert.ok(body.includes(slot('mfe-map', './MapPreview', '<p>starfield</p>')));
    assert.ok(!standalone(body), 'the real page must load the preview');
    assert.match(
      body,
      /"files":\{"\/config\.json":\{[^<]*"\/remotes\.json":\{"remotes"/,
      'the page carries them',
    );
  });

  it('is not standalone while the page or a remote in it has a canary: only the shell knows who gets it', async () => {
    for (const canary of [
      { remote: 'mfe-static', version: '1.0.1', percent: 10 },
      { remote: 'mfe-map', version: '1.0.0', percent: 50 },
    ]) {
      const body = await landing({ canary });
      assert.ok(body.includes('<h1>Your planet.</h1>'), 'the stable markup still paints first');
      assert.ok(!standalone(body), canary.remote);
    }
    assert.ok(standalone(await landing({ canary: { remote: 'mfe-map', version: '1.0.0', percent: 0 } })));
  });

  it('lets the browser prerender where a standalone page leads, on intent, by a header and a rules file', async () => {
    const standalonePage = await landingResponse();
    assert.equal(standalonePage.headers['speculation-rules'], '"/speculation-rules.json"');
    const rules = await ctx.app.inject({ method: 'GET', url: '/speculation-rules.json' });
    assert.equal(rules.statusCode, 200);
    assert.match(String(rules.headers['content-type']), /^application\/speculationrules\+json/);
    const [rule] = JSON.parse(rules.body).prerender;
    assert.equal(rule.eagerness, 'moderate', 'only where the visitor shows intent, never for every reader');
    const withScripts = await landingResponse({ map: '1.0.0' });
    assert.equal(withScripts.headers['speculation-rules'], undefined, 'a page running its app needs none');
  });
});
