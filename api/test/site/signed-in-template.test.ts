// A signed-in page's published template in its HTML (docs/decisions.md "The signed-in feed paints from the HTML";
// site/src/prerendered-page.ts): only on the route whose owner's stable version published it with its fill script,
// never with a canary, and with that fill script, as published, allowed by the CSP by its hash. (What the real fill
// script does is mfe-feed's test, src/prerender/fill.test.tsx, and the browser's, e2e signed-in-template.spec.ts.)
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { useApp } from '../helper.js';

describe('signed-in page templates', () => {
  const site = path.join(os.tmpdir(), `skynet-site-signed-in-${process.pid}`);
  const version = (v: string) => path.join(site, 'remotes', 'mfe-feed', v);
  const template =
    '<style>.c{color:red}</style><div class="c"><h1>Galactic Feed</h1><div data-posts=""></div>' +
    '<template data-card="" data-call="/feed?page=1" data-post="{}"><article>card</article></template></div>';
  /** The remote's published fill script (a stand-in: the page server only inlines it and allows it). */
  const fillScript = '(()=>{document.querySelectorAll("link[data-after-paint]");/* fill */})();';
  mkdirSync(path.join(version('1.0.0'), 'prerender'), { recursive: true });
  mkdirSync(version('1.1.0'), { recursive: true });
  writeFileSync(
    path.join(site, 'index.html'),
    '<!doctype html><html><head><title>Skynet</title><link rel="preload" href="/react.1.js" as="script" ' +
      'fetchpriority="low"><link rel="preload" href="/a.1.css" as="style">' +
      '<script defer src="/main.abc123.js"></script></head>' +
      '<body><main id="areas"></main></body></html>',
  );
  writeFileSync(path.join(version('1.0.0'), 'mf-manifest.json'), '{}');
  writeFileSync(path.join(version('1.1.0'), 'mf-manifest.json'), '{}');
  writeFileSync(path.join(version('1.0.0'), 'prerender', 'signed-in--feed.html'), template);
  writeFileSync(path.join(version('1.0.0'), 'prerender', 'signed-in--feed.js'), fillScript);
  const searchTemplate =
    '<input type="search" value="{q}"><div data-posts=""></div>' +
    '<template data-card="" data-route="/search/:text" data-call="/post/search/:text?page=0"><article>card</article></template>';
  const searchFill = '(()=>{/* search fill */})();';
  writeFileSync(path.join(version('1.0.0'), 'prerender', 'signed-in--search--text.html'), searchTemplate);
  writeFileSync(path.join(version('1.0.0'), 'prerender', 'signed-in--search--text.js'), searchFill);
  writeFileSync(
    path.join(version('1.0.0'), 'prerender.json'),
    JSON.stringify({
      pages: {},
      signedIn: {
        '/feed': 'prerender/signed-in--feed.html',
        '/saved': 'prerender/signed-in--feed.html',
        '/feed/:planetName/:id': 'prerender/signed-in--feed.html',
        '/search/:text': 'prerender/signed-in--search--text.html',
      },
      signedInScripts: {
        '/feed': 'prerender/signed-in--feed.js',
        '/saved': 'prerender/signed-in--feed.js',
        '/feed/:planetName/:id': 'prerender/signed-in--feed.js',
        '/search/:text': 'prerender/signed-in--search--text.js',
      },
    }),
  );
  const registry = (stable: string, canary: { version: string; percent: number } | null = null) =>
    JSON.stringify({
      remotes: {
        'mfe-feed': {
          routes: [
            { path: '/feed', access: 'signed-in', early: ['/feed?page=1'] },
            { path: '/feed/:planetName/:id', access: 'signed-in' },
            { path: '/search/:text', access: 'signed-in', early: ['/post/search/:text?page=0'] },
            { path: '/post/:id', access: 'public' },
          ],
          stable,
          canary,
          versions: {
            '1.0.0': { manifest: '/remotes/mfe-feed/1.0.0/mf-manifest.json' },
            '1.1.0': { manifest: '/remotes/mfe-feed/1.1.0/mf-manifest.json' },
          },
        },
      },
    });
  writeFileSync(path.join(site, 'remotes.json'), registry('1.0.0'));
  after(() => rmSync(site, { recursive: true, force: true }));

  const ctx = useApp({ env: { SITE_DIR: site, CSP: 'on' } });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

  it("puts the stable version's template where the page mounts, shown only with a session", async () => {
    const r = await get('/feed');
    assert.equal(r.statusCode, 200);
    assert.ok(
      r.body.includes(
        '<main id="areas"><div id="prerendered" data-remote="mfe-feed" data-version="1.0.0" data-signed-in="">' +
          `${template}</div></main>`,
      ),
      'the template, whole, inside the areas',
    );
    assert.match(r.body, /html:not\(\.has-session\) #prerendered/, 'hidden without a saved token');
    const probe = /<script>([^<]*)<\/script>/.exec(r.body)?.[1] ?? '';
    assert.match(probe, /has-session/);
    assert.ok(r.body.indexOf(probe) < r.body.indexOf('</head>'), 'the probe runs before the body');
  });

  it('fills it with a script the CSP allows by hash, which starts the parked scripts', async () => {
    const r = await get('/feed');
    const fill = /<script>((?:(?!<\/script>).)*)<\/script><\/body>/.exec(r.body)?.[1] ?? '';
    assert.equal(fill, fillScript, "the remote's script, as it published it");
    const csp = String(r.headers['content-security-policy']);
    assert.ok(csp.includes(hashOf(fill)), 'the fill script is allowed by hash');
    assert.doesNotMatch(csp, /unsafe-inline'[^;]*script|script-src[^;]*unsafe-inline/);
    // main.js and every script preload wait for the fill script: downloaded first, they held the connections the
    // head start's calls needed (the posts painted 400 ms later in Lighthouse's graph).
    assert.doesNotMatch(r.body, /<script defer/);
    assert.doesNotMatch(r.body, /<link rel="preload" href="\/main\.abc123\.js" as="script">/);
    assert.match(r.body, /<script type="text\/plain" data-after-paint="\/main\.abc123\.js"><\/script>/);
    const block = /<script type="application\/json" id="skynet-head-start">([^<]*)<\/script>/.exec(
      r.body,
    )?.[1];
    assert.equal(JSON.parse(block ?? '{}').afterPaint, true, 'the head start parks its script preloads');
    assert.match(fill, /link\[data-after-paint\]/, 'the fill script starts them');
    assert.match(r.body, /<link data-after-paint href="\/react\.1\.js" as="script" fetchpriority="low">/);
    assert.match(
      r.body,
      /<link rel="preload" href="\/a\.1\.css" as="style">/,
      'stylesheets draw the template',
    );
  });

  it('serves no template for other routes, routes with parameters, or paths nobody owns', async () => {
    for (const url of ['/', '/saved', '/feed/mars/abc', '/post/abc', '/login', '/feedx']) {
      const r = await get(url);
      assert.equal(r.statusCode, 200, url);
      assert.doesNotMatch(r.body, /prerendered|data-signed-in|data-after-paint/, url);
      assert.match(r.body, /<script defer src="\/main\.abc123\.js"><\/script>/, url);
    }
  });

  it('serves the template of a route with parameters whose first calls the HTML starts, for any of its addresses', async () => {
    for (const url of ['/search/aurora', '/search/red%20dust', '/search/aurora?in=users']) {
      const r = await get(url);
      assert.ok(
        r.body.includes(
          '<div id="prerendered" data-remote="mfe-feed" data-version="1.0.0" data-signed-in="">' +
            `${searchTemplate}</div>`,
        ),
        url,
      );
      const fill = /<script>((?:(?!<\/script>).)*)<\/script><\/body>/.exec(r.body)?.[1] ?? '';
      assert.equal(fill, searchFill, url);
      assert.ok(String(r.headers['content-security-policy']).includes(hashOf(searchFill)), url);
    }
    const block = /<script type="application\/json" id="skynet-head-start">([^<]*)<\/script>/.exec(
      (await get('/search/red%20dust')).body,
    )?.[1];
    assert.ok(
      JSON.parse(block ?? '{}').calls.includes('/post/search/red%20dust?page=0'),
      'the call it fills from',
    );
  });

  it('serves none where a parameter is not one plain path segment: the HTML makes no call then', async () => {
    for (const url of ['/search/%2e%2e', '/search/a%2Fb']) {
      const r = await get(url);
      assert.equal(r.statusCode, 200, url);
      assert.doesNotMatch(r.body, /prerendered|data-after-paint/, url);
    }
  });

  it('follows the registry: none while a canary runs, none after a rollback to a version without one', async () => {
    writeFileSync(path.join(site, 'remotes.json'), registry('1.0.0', { version: '1.1.0', percent: 10 }));
    assert.doesNotMatch(
      (await get('/feed')).body,
      /prerendered/,
      'a canary: only the shell knows who gets it',
    );
    writeFileSync(path.join(site, 'remotes.json'), registry('1.1.0'));
    assert.doesNotMatch((await get('/feed')).body, /prerendered/);
    writeFileSync(path.join(site, 'remotes.json'), registry('1.0.0'));
    assert.match((await get('/feed')).body, /data-version="1.0.0" data-signed-in=""/);
  });

  it('serves no template whose remote published no script to fill it (it would never start the page)', async (t) => {
    const index = path.join(version('1.0.0'), 'prerender.json');
    const published = JSON.parse(readFileSync(index, 'utf8'));
    t.after(() => writeFileSync(index, JSON.stringify(published)));
    writeFileSync(index, JSON.stringify({ ...published, signedInScripts: {} }));
    writeFileSync(path.join(site, 'remotes.json'), registry('1.1.0'));
    writeFileSync(path.join(site, 'remotes.json'), registry('1.0.0')); // read again
    const r = await get('/feed');
    assert.doesNotMatch(r.body, /prerendered|data-after-paint/);
    assert.match(r.body, /<script defer src="\/main\.abc123\.js"><\/script>/);
  });
});
