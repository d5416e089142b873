// The page server on a bare Fastify with a port of its own: the site needs nothing of the API's (port.ts).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HEAD_START_ELEMENT_ID } from '@skynet/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import sitePlugin from '../src/plugin.js';
import type { SitePort } from '../src/port.js';

describe('sitePlugin through its port', () => {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'skynet-site-port-'));
  const checks = new Map<string, () => string | null>();
  const port: SitePort = {
    settings: {
      siteDir,
      environment: 'test',
      supportEmail: 'help@example.com',
      supportPhone: '+1 555 0100',
      devOverrideOrigins: ['http://localhost:*'],
    },
    query: async () => {
      throw new Error('no database without databaseUrl');
    },
    listen: async () => {
      throw new Error('no database without databaseUrl');
    },
    addHealthCheck: (name, check) => checks.set(name, check),
  };
  let app: FastifyInstance;
  before(async () => {
    mkdirSync(path.join(siteDir, 'remotes', 'mfe-static', '1.0.0'), { recursive: true });
    writeFileSync(
      path.join(siteDir, 'index.html'),
      '<!doctype html><html><head><title>Skynet</title></head><body><main id="areas"></main></body></html>',
    );
    writeFileSync(path.join(siteDir, 'remotes.json'), '{"revision":3,"remotes":{}}');
    app = Fastify({ logger: false });
    await app.register(sitePlugin, { port });
    await app.ready();
  });
  after(async () => {
    await app.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('generates /config.json from the settings', async () => {
    const r = await app.inject({ method: 'GET', url: '/config.json' });
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), {
      apiBaseUrl: '/api',
      socketUrl: '',
      socketPath: '/socket.io',
      environment: 'test',
      supportEmail: 'help@example.com',
      supportPhone: '+1 555 0100',
      devOverrideOrigins: ['http://localhost:*'],
    });
  });

  it('serves the site folder registry with an ETag, and registers its readiness check', async () => {
    const r = await app.inject({ method: 'GET', url: '/remotes.json' });
    assert.equal(r.statusCode, 200);
    assert.equal(r.body, '{"revision":3,"remotes":{}}');
    const again = await app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { 'if-none-match': String(r.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(checks.get('registry')?.(), null);
  });

  it('answers a page navigation with index.html and its head start; no API route of its own', async () => {
    const page = await app.inject({ method: 'GET', url: '/feed', headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>Skynet<\/title>/);
    assert.ok(page.body.includes(`id="${HEAD_START_ELEMENT_ID}"`), 'the head start');
    const avatar = await app.inject({ method: 'GET', url: '/api/media/avatars/x.webp' });
    assert.equal(avatar.statusCode, 404);
  });
});
