// Issue 24: the origins a developer override may use are one list, served in /config.json and allowed by the CSP,
// and none in production unless the operator names them (DEV_OVERRIDE_ORIGINS).
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { devOverrideOriginsFrom } from '@skynet/site/dev-overrides';
import { ConfigError, loadConfig } from '../../src/config.js';
import { build, call } from '../helper.js';

const siteDir = path.join(os.tmpdir(), `skynet-overrides-site-${process.pid}`);
mkdirSync(siteDir, { recursive: true });
writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Skynet</title>');
after(() => rmSync(siteDir, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };

/** The sources of one CSP directive other than 'self', hashes and the site's own socket. */
function extraSources(csp: string, directive: string): string[] {
  const value = new RegExp(`(?:^|; *)${directive} ([^;]*)`).exec(csp)?.[1] ?? '';
  return value
    .split(' ')
    .filter(
      (source) =>
        source && source !== "'self'" && !source.startsWith("'sha") && source !== 'ws://localhost:8080',
    )
    .filter((source) => !['data:', 'blob:', "'unsafe-inline'"].includes(source));
}

describe('devOverrideOrigins from the environment', () => {
  it('none in production: NODE_ENV=production, or unset; loopback in development and test', () => {
    assert.deepEqual(devOverrideOriginsFrom({}).origins, []);
    assert.deepEqual(devOverrideOriginsFrom({ NODE_ENV: 'production' }).origins, []);
    assert.deepEqual(devOverrideOriginsFrom({ NODE_ENV: 'staging' }).origins, []);
    assert.deepEqual(devOverrideOriginsFrom({ NODE_ENV: 'development' }).origins, [
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
    assert.deepEqual(devOverrideOriginsFrom({ NODE_ENV: 'test' }).origins.length, 2);
  });

  it('DEV_OVERRIDE_ORIGINS names them, in any environment; "none" turns them off', () => {
    assert.deepEqual(
      devOverrideOriginsFrom({
        NODE_ENV: 'production',
        DEV_OVERRIDE_ORIGINS: ' https://dev.example.com:8443, http://localhost:3002/ ,http://localhost:3002',
      }).origins,
      ['https://dev.example.com:8443', 'http://localhost:3002'],
    );
    assert.deepEqual(
      devOverrideOriginsFrom({ NODE_ENV: 'development', DEV_OVERRIDE_ORIGINS: 'none' }).origins,
      [],
    );
  });

  it('refuses what is not an origin the CSP can name, and the server does not start', () => {
    for (const bad of [
      '*',
      'localhost:3002',
      'javascript:alert(1)',
      'http://localhost:3002/app',
      'http://[::1]:*',
      'http://a b',
    ]) {
      assert.match(
        devOverrideOriginsFrom({ DEV_OVERRIDE_ORIGINS: bad }).problem ?? '',
        /DEV_OVERRIDE_ORIGINS must be/,
        bad,
      );
    }
    assert.throws(() => loadConfig({ DEV_OVERRIDE_ORIGINS: 'http://localhost:3002,ftp://x' }), ConfigError);
  });
});

describe('/config.json and the CSP agree', () => {
  const cases: Array<[string, Record<string, string>, string[]]> = [
    ['production (NODE_ENV unset)', {}, []],
    ['production (NODE_ENV=production)', { NODE_ENV: 'production' }, []],
    [
      'production with named origins',
      { NODE_ENV: 'production', DEV_OVERRIDE_ORIGINS: 'https://dev.example.com:8443' },
      ['https://dev.example.com:8443'],
    ],
    ['development', { NODE_ENV: 'development' }, ['http://localhost:*', 'http://127.0.0.1:*']],
  ];
  for (const [name, env, expected] of cases) {
    it(`${name}: the config offers exactly what script-src and connect-src allow`, async (t) => {
      const { app } = await build(t, { env: { SITE_DIR: siteDir, ...env } });
      const config = await call(app, 'GET /config.json');
      assert.deepEqual(config.body.devOverrideOrigins, expected);
      const page = await app.inject({ method: 'GET', url: '/', headers: html });
      const csp = String(page.headers['content-security-policy']);
      assert.deepEqual(extraSources(csp, 'script-src'), expected);
      // The dev server's manifest by fetch, and its live-reload socket.
      assert.deepEqual(extraSources(csp, 'connect-src'), [
        ...expected,
        ...expected.map((o) => o.replace(/^http/, 'ws')),
      ]);
    });
  }

  it("a site's own config.json is served with the server's list, never another", async (t) => {
    const ownSite = path.join(os.tmpdir(), `skynet-overrides-own-${process.pid}`);
    mkdirSync(ownSite, { recursive: true });
    t.after(() => rmSync(ownSite, { recursive: true, force: true }));
    writeFileSync(path.join(ownSite, 'index.html'), '<!doctype html><title>Skynet</title>');
    writeFileSync(
      path.join(ownSite, 'config.json'),
      JSON.stringify({
        apiBaseUrl: '/api',
        supportEmail: 'help@example.com',
        devOverrideOrigins: ['http://evil.example'],
      }),
    );
    const { app } = await build(t, { env: { SITE_DIR: ownSite, NODE_ENV: 'production' } });
    const config = await call(app, 'GET /config.json');
    assert.equal(config.body.supportEmail, 'help@example.com');
    assert.deepEqual(config.body.devOverrideOrigins, []);
  });
});
