import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import { HEAD_START_GLOBAL, type HeadStartGlobal, TOKEN_KEY } from '@skynet/contract';
import { HEAD_START_SCRIPT } from '@skynet/site';
import { useApp } from '../helper.js';

describe("a page's head start: its first calls and files, named by the HTML", () => {
  const site = path.join(os.tmpdir(), `skynet-site-head-start-${process.pid}`);
  const version = (v: string) => path.join(site, 'remotes', 'mfe-feed', v);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write(
    path.join(site, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Skynet</title>' +
      '<script defer src="/main.abc123.js"></script>' +
      '<link rel="preload" href="/config.json" as="fetch" crossorigin>' +
      '<link rel="preload" href="/remotes.json" as="fetch" crossorigin>' +
      '<link rel="preload" href="/react.0123456789.js" as="script" fetchpriority="low">' +
      '</head><body><main id="areas"></main></body></html>',
  );
  for (const v of ['1.0.0', '1.1.0']) {
    write(
      path.join(version(v), 'mf-manifest.json'),
      JSON.stringify({
        exposes: [
          {
            path: './app',
            assets: {
              js: { sync: [`app.${v}.js`, '../../../../escape.js'], async: ['page.js'] },
              css: { sync: [`app.${v}.css`], async: [] },
            },
          },
        ],
      }),
    );
    write(
      path.join(version(v), 'route-pages.json'),
      JSON.stringify({ '/feed': [`feed-page.${v}.js`, `feed-page.${v}.css`] }),
    );
  }
  const registry = (canary: unknown = null) =>
    JSON.stringify({
      remotes: {
        'mfe-feed': {
          routes: [
            { path: '/feed', access: 'signed-in', early: ['/feed?page=1', 'https://elsewhere.example/x'] },
            { path: '/feed/:planetName/:id', access: 'signed-in', early: ['/feed/:id?page=1'] },
            { path: '/post/:id', access: 'public' },
            { path: '/</script><script>alert(1)</script>', access: 'public' },
          ],
          stable: '1.0.0',
          canary,
          versions: {
            '1.0.0': {
              manifest: '/remotes/mfe-feed/1.0.0/mf-manifest.json',
              integrity: { 'remoteEntry.js': 'sha384-abc' },
            },
            '1.1.0': { manifest: '/remotes/mfe-feed/1.1.0/mf-manifest.json' },
          },
        },
      },
    });
  write(path.join(site, 'remotes.json'), registry());
  after(() => rmSync(site, { recursive: true, force: true }));

  const ctx = useApp({ env: { SITE_DIR: site, CSP: 'on' } });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const headStart = (body: string) => {
    const json = /<script type="application\/json" id="skynet-head-start">([^<]*)<\/script>/.exec(body)?.[1];
    assert.ok(json, 'the page carries its head start');
    return JSON.parse(json) as {
      api: string;
      calls: string[];
      preload: { href: string; as: string; integrity?: string }[];
      signedIn: boolean;
      routeCalls: boolean;
      files?: Record<string, unknown>;
    };
  };

  it("names the session calls, the route owner's declared calls, and its stable files, with a script the CSP allows", async () => {
    const r = await get('/feed');
    const start = headStart(r.body);
    assert.equal(start.api, '/api');
    assert.deepEqual(start.calls, ['/user', '/feed?page=1', '/user/login?token=refresh']);
    assert.equal(start.signedIn, true);
    assert.equal(start.routeCalls, true, 'the first screen needs no other call');
    assert.deepEqual(start.preload, [
      { href: '/remotes/mfe-feed/1.0.0/remoteEntry.js', as: 'script', integrity: 'sha384-abc' },
      { href: '/remotes/mfe-feed/1.0.0/app.1.0.0.js', as: 'script' },
      { href: '/remotes/mfe-feed/1.0.0/app.1.0.0.css', as: 'style' },
      { href: '/remotes/mfe-feed/1.0.0/feed-page.1.0.0.js', as: 'script' },
      { href: '/remotes/mfe-feed/1.0.0/feed-page.1.0.0.css', as: 'style' },
    ]);
    const script = /<script>([^<]*)<\/script><\/head>/.exec(r.body)?.[1] ?? '';
    assert.match(script, /localStorage\.getItem\("jwt"\)/);
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    assert.ok(String(r.headers['content-security-policy']).includes(hash), 'the script is allowed by hash');
    assert.ok(
      r.body.indexOf('/main.abc123.js') < r.body.indexOf('skynet-head-start'),
      'main.js and the bootstrap are requested first',
    );
  });

  it('carries /config.json and /remotes.json, and drops their preloads', async () => {
    const r = await get('/feed');
    const { files } = headStart(r.body);
    assert.deepEqual(files?.['/remotes.json'], JSON.parse(registry()));
    assert.equal((files?.['/config.json'] as { apiBaseUrl?: string } | undefined)?.apiBaseUrl, '/api');
    assert.doesNotMatch(r.body, /href="\/(config|remotes)\.json"/);
    assert.match(r.body, /href="\/react\.0123456789\.js"/, 'other preloads stay');
  });

  it("puts a route's parameters into its calls, and leaves out a call that is not a plain API path", async () => {
    assert.deepEqual(headStart((await get('/feed/mars/p1')).body).calls, [
      '/user',
      '/feed/p1?page=1',
      '/user/login?token=refresh',
    ]);
    const odd = headStart((await get("/feed/mars/a'b")).body);
    assert.deepEqual(odd.calls, ['/user', '/user/login?token=refresh']);
  });

  it('preloads for everyone on a public route, and nothing but the session calls where no remote owns the path', async () => {
    const post = headStart((await get('/post/123')).body);
    assert.equal(post.signedIn, false);
    assert.equal(post.routeCalls, false, 'its page asks for its data itself');
    assert.equal(post.preload[0]?.href, '/remotes/mfe-feed/1.0.0/remoteEntry.js');
    const login = headStart((await get('/login')).body);
    assert.deepEqual(login.preload, []);
    assert.deepEqual(login.calls, ['/user', '/user/login?token=refresh']);
  });

  it('keeps the registry inert inside the page', async () => {
    const r = await get('/feed');
    assert.doesNotMatch(r.body, /<script>alert/);
    assert.match(r.body, /\\u003c\/script>\\u003cscript>alert/);
  });

  it('preloads no version while a canary runs: only the shell knows who gets which', async () => {
    write(path.join(site, 'remotes.json'), registry({ version: '1.1.0', percent: 10 }));
    try {
      const start = headStart((await get('/feed')).body);
      assert.deepEqual(start.preload, []);
      assert.deepEqual(start.calls, ['/user', '/feed?page=1', '/user/login?token=refresh']);
    } finally {
      write(path.join(site, 'remotes.json'), registry());
    }
    assert.equal(headStart((await get('/feed')).body).preload.length, 5);
  });
});

/**
 * The inline script run against a minimal page: the block, a saved token, `fetch` recorded. Returns the calls it
 * started, the preload links it made, and the global it left.
 */
function runHeadStart(block: object) {
  const started: string[] = [];
  const links: { rel?: string; as?: string; href?: string; dataset: Record<string, string> }[] = [];
  const window: Record<string, unknown> = {};
  const page = {
    document: {
      getElementById: () => ({ textContent: JSON.stringify(block) }),
      createElement: () => ({ dataset: {} }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
    localStorage: { getItem: (key: string) => (key === TOKEN_KEY ? 'a.saved.token' : null) },
    location: { search: '' },
    fetch: (url: string) => {
      started.push(url);
      return new Promise(() => {});
    },
    window,
  };
  runInNewContext(HEAD_START_SCRIPT, page);
  return { started, links, global: window[HEAD_START_GLOBAL] as HeadStartGlobal };
}

describe('the head start script', () => {
  const block = {
    api: '/api',
    calls: ['/user', '/feed?page=1', '/user/login?token=refresh'],
    preload: [
      { href: '/remotes/mfe-feed/1.0.0/remoteEntry.js', as: 'script' },
      { href: '/remotes/mfe-feed/1.0.0/app.css', as: 'style' },
    ],
    signedIn: true,
    routeCalls: true,
  };

  it('starts every call and preload at once on an ordinary page', () => {
    const { started, links, global } = runHeadStart(block);
    assert.deepEqual(started, ['/api/user', '/api/feed?page=1', '/api/user/login?token=refresh']);
    assert.deepEqual(
      links.map((l) => [l.rel, l.href]),
      [
        ['preload', '/remotes/mfe-feed/1.0.0/remoteEntry.js'],
        ['preload', '/remotes/mfe-feed/1.0.0/app.css'],
      ],
    );
    global.later();
    assert.equal(started.length, 3, 'later() starts nothing twice');
  });

  it('on a page that paints from its HTML, holds the session refresh and the script preloads for the fill script', () => {
    const { started, links, global } = runHeadStart({ ...block, afterPaint: true });
    assert.deepEqual(started, ['/api/user', '/api/feed?page=1']);
    const [script, style] = links;
    assert.equal(script?.rel, undefined, 'a parked script preload fetches nothing');
    assert.equal(script?.dataset.afterPaint, '');
    assert.equal(style?.rel, 'preload', 'stylesheets draw the page: at once');
    assert.ok(global.answers['/feed?page=1'], "the page's own answer is there for the fill script");
    global.later();
    global.later();
    assert.deepEqual(started, ['/api/user', '/api/feed?page=1', '/api/user/login?token=refresh']);
    assert.ok(global.answers['/user/login?token=refresh']);
  });
});
