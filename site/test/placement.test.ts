// The page server decides what it may assume of a visitor's version by the contract's one rule (placementOf): a
// standalone page, a signed-in template and the head start's preloads only while no canary runs; a canary share
// that is not a number from 0 to 100 is no canary, here as in the shell.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseRegistry } from '@skynet/contract';
import { headStartFor } from '../src/head-start.js';
import { findPrerendered, findSignedInTemplates } from '../src/prerendered-page.js';

const site = mkdtempSync(path.join(os.tmpdir(), 'skynet-placement-'));
after(() => rmSync(site, { recursive: true, force: true }));
const dir = path.join(site, 'remotes', 'mfe-static', '1.0.0');
mkdirSync(path.join(dir, 'prerender'), { recursive: true });
writeFileSync(path.join(dir, 'mf-manifest.json'), '{"exposes":[]}');
writeFileSync(path.join(dir, 'prerender', 'landing.html'), '<h1>Your planet.</h1>');
writeFileSync(path.join(dir, 'prerender', 'home.html'), '<ul><li>{n}</li></ul>');
writeFileSync(path.join(dir, 'prerender', 'home.js'), '(()=>{})();');
writeFileSync(
  path.join(dir, 'prerender.json'),
  JSON.stringify({
    pages: { '/': 'prerender/landing.html' },
    signedIn: { '/home': 'prerender/home.html' },
    signedInScripts: { '/home': 'prerender/home.js' },
    standalone: ['/'],
  }),
);

const registryWith = (canary: unknown) =>
  parseRegistry({
    remotes: {
      'mfe-static': {
        routes: [
          { path: '/', access: 'signed-out' },
          { path: '/home', access: 'signed-in' },
        ],
        stable: '1.0.0',
        canary,
        versions: {
          '1.0.0': { manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json' },
          '1.1.0': { manifest: '/remotes/mfe-static/1.1.0/mf-manifest.json' },
        },
      },
    },
  }).registry;

describe('what the page server assumes, by placementOf', () => {
  const noCanary = [
    null,
    { version: '1.1.0', percent: 0 },
    { version: '1.1.0', percent: '50' },
    { version: '1.1.0', percent: 150 },
  ];
  for (const canary of noCanary) {
    it(`no canary (${JSON.stringify(canary)}): standalone landing, signed-in template, stable preloads`, () => {
      const registry = registryWith(canary);
      assert.equal(findPrerendered(site, registry).get('/')?.standalone, true);
      assert.equal(findSignedInTemplates(site, registry).get('/home')?.version, '1.0.0');
      const state = {
        key: JSON.stringify(canary),
        text: '{}',
        registry,
        document: {},
        revision: 1,
        etag: '',
      };
      const start = headStartFor(
        site,
        {},
        { kind: 'file', current: () => state, problem: () => null, close: async () => {} },
      );
      assert.ok(start('/home', false).preload.some((file) => file.href.endsWith('/remoteEntry.js')));
    });
  }

  it('a canary for some visitors: scripts run on the landing page, no template, no preloads', () => {
    const registry = registryWith({ version: '1.1.0', percent: 50 });
    assert.equal(findPrerendered(site, registry).get('/')?.standalone, false);
    assert.equal(findSignedInTemplates(site, registry).get('/home'), undefined);
    const state = { key: 'canary', text: '{}', registry, document: {}, revision: 1, etag: '' };
    const start = headStartFor(
      site,
      {},
      { kind: 'file', current: () => state, problem: () => null, close: async () => {} },
    );
    assert.deepEqual(start('/home', false).preload, []);
  });
});
