// Pages and beacons as browsers make them, for the release tests (issue 33): a site folder with one remote, page
// loads that carry the server's page token and visitor cookie, and the beacons that report on them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseVersion, type PageTokenClaims, parseRegistry, readPageToken } from '@skynet/contract';
import type { FastifyInstance } from 'fastify';
import { call } from './helper.js';

/** A site folder with mfe-static at stable 1.0.0 and, optionally, canary 1.1.0 for `percent`%. */
export function makeSite(name: string, remote: Record<string, unknown> = {}) {
  const site = path.join(os.tmpdir(), `skynet-${name}-${process.pid}`);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  writeFileSync(
    path.join(site, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Skynet</title></head><body><main id="areas"></main></body></html>',
  );
  const versions = Object.fromEntries(
    ['1.0.0', '1.1.0', '1.2.0'].map((v) => [v, { manifest: `/remotes/mfe-static/${v}/mf-manifest.json` }]),
  );
  writeFileSync(
    path.join(site, 'remotes.json'),
    JSON.stringify({
      schemaVersion: 1,
      revision: 1,
      remotes: {
        'mfe-static': {
          routes: [{ path: '/about', access: 'public' }],
          stable: '1.0.0',
          versions,
          ...remote,
        },
      },
    }),
  );
  return {
    site,
    registry: () => JSON.parse(readFileSync(path.join(site, 'remotes.json'), 'utf8')),
    history: () =>
      readFileSync(path.join(site, 'registry-history.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

export interface Visit {
  token: string;
  claims: PageTokenClaims;
  cookie: string;
}

/** A page load as a browser makes it: the page's token, its claims and the visitor cookie to send again. */
export async function visit(app: FastifyInstance, cookie?: string): Promise<Visit> {
  const res = await app.inject({
    method: 'GET',
    url: '/about',
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  assert.equal(res.statusCode, 200);
  const block = /<script type="application\/json" id="skynet-head-start">([^<]*)<\/script>/.exec(
    res.body,
  )?.[1];
  assert.ok(block, 'the page carries its head start');
  const { release: token, visitor } = JSON.parse(block) as { release: string; visitor: string };
  const claims = readPageToken(token);
  assert.ok(claims, 'the head start carries a page token');
  assert.equal(visitor, claims.visitor, 'and the visitor it names, for the shell');
  const set = res.headers['set-cookie'];
  const given = (Array.isArray(set) ? set : set ? [set] : []).find((c) => c.startsWith('skynet_visitor='));
  return { token, claims, cookie: cookie ?? given?.split(';')[0] ?? '' };
}

export const beacon = (app: FastifyInstance, body: Record<string, unknown>) =>
  call(app, 'POST /api/platform/events', { payload: { events: [], ...body } });

/**
 * `n` new visitors who get `version` of mfe-static under `site`'s registry: visitor ids drawn until the canary split
 * (chooseVersion, the same rule the server signs) gives that version, each then loading a page with its cookie.
 */
export async function visitorsOf(
  app: FastifyInstance,
  registry: unknown,
  version: string,
  n: number,
): Promise<Visit[]> {
  const entry = parseRegistry(registry).registry.remotes['mfe-static'];
  assert.ok(entry);
  const found: Visit[] = [];
  for (let i = 0; i < 2000 && found.length < n; i++) {
    const id = randomBytes(16).toString('base64url');
    if (chooseVersion('mfe-static', entry, id)?.version !== version) continue;
    const v = await visit(app, `skynet_visitor=${id}`);
    assert.equal(v.claims.versions['mfe-static']?.[0], version, 'the server signs the same split');
    found.push(v);
  }
  assert.equal(found.length, n, `${n} visitors of ${version}`);
  return found;
}
