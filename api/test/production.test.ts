// Issue 21 item 6: with NODE_ENV unset the server behaves as in production; developer conveniences are opt-in.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { build, call, signup, useApp } from './helper.js';

const siteDir = path.join(os.tmpdir(), `skynet-prod-site-${process.pid}`);
mkdirSync(siteDir, { recursive: true });
writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Skynet</title>');
writeFileSync(
  path.join(siteDir, 'main.3f9a1c2b.js'),
  'console.log(1)\n//# sourceMappingURL=main.3f9a1c2b.js.map',
);
writeFileSync(path.join(siteDir, 'main.3f9a1c2b.js.map'), '{"version":3,"sources":["secret/src/app.tsx"]}');
after(() => rmSync(siteDir, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };

describe('production by default (NODE_ENV unset)', () => {
  const ctx = useApp({ env: { SITE_DIR: siteDir } });

  it('reads an unset NODE_ENV as production, and API_DOCS as off', () => {
    const c = loadConfig({});
    assert.equal(c.environment, 'production');
    assert.equal(c.apiDocs, false);
    assert.equal(ctx.config.environment, 'production');
  });

  it('a strict CSP: scripts from the site only, the socket by its own origin, no localhost sources', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(r.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /localhost:\*|127\.0\.0\.1:\*/);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    assert.deepEqual(connect.split(' '), ["'self'", 'ws://localhost:8080']);
  });

  it('names wss:// for an https origin', async (t) => {
    const { app } = await build(t, { env: { SITE_DIR: siteDir, PUBLIC_ORIGIN: 'https://skynet.example' } });
    const r = await app.inject({ method: 'GET', url: '/', headers: html });
    assert.match(String(r.headers['content-security-policy']), /connect-src 'self' wss:\/\/skynet\.example;/);
  });

  it('serves the scripts but not their source maps', async () => {
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/main.3f9a1c2b.js' })).statusCode, 200);
    const map = await ctx.app.inject({ method: 'GET', url: '/main.3f9a1c2b.js.map' });
    assert.equal(map.statusCode, 404);
    assert.doesNotMatch(map.body, /secret\/src/);
  });

  it('has no /api/docs', async () => {
    assert.equal((await call(ctx.app, 'GET /api/docs')).status, 404);
    assert.equal((await call(ctx.app, 'GET /api/docs/json')).status, 404);
  });

  it('marks every signed-in answer, and every API answer without a cache policy, Cache-Control: no-store', async () => {
    const u = await signup(ctx.app);
    for (const route of [
      'GET /api/user',
      'GET /api/feed?page=1',
      'GET /api/user/following',
      'POST /api/post',
    ]) {
      const r = await call(ctx.app, route, { token: u.token, payload: {} });
      assert.equal(r.res.headers['cache-control'], 'no-store', route);
    }
    // Errors too: a refused or unknown token, an unknown call.
    for (const [route, token] of [
      ['GET /api/user', 'not-a-token'],
      ['GET /api/user', undefined],
      ['GET /api/nothing-here', u.token],
    ] as const) {
      const r = await call(ctx.app, route, token ? { token } : {});
      assert.equal(r.res.headers['cache-control'], 'no-store', `${route} ${token}`);
    }
    // A public answer with its own policy, asked anonymously, keeps it (planet pictures are the same for everyone).
    const svg = await call(ctx.app, 'GET /api/planets/images/earth.svg');
    assert.equal(svg.status, 200);
    assert.match(String(svg.res.headers['cache-control']), /immutable/);
  });
});

describe('development is opt-in (NODE_ENV=development)', () => {
  const ctx = useApp({ env: { SITE_DIR: siteDir, NODE_ENV: 'development' } });
  it('serves source maps', async () => {
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/main.3f9a1c2b.js.map' })).statusCode, 200);
  });
});
