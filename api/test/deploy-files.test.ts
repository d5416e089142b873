// Issue 20 item 2: the container files. Docker is not installed on the development machines, so what can be checked
// without it is checked here: compose.yaml parses and has the topology of `npm run cluster`, HAProxy accepts
// deploy/haproxy.cfg, the Dockerfile builds on Node 22 in stages and runs unprivileged, and .env.example names every
// variable the server reads and the README documents.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { haproxyConfig } from '../../scripts/haproxy-config.mjs';
import { REPO_ROOT } from '../src/config.js';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  deploy?: { replicas?: number | string };
  volumes?: string[];
  ports?: string[];
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, ComposeService> };
  const { services } = compose;

  it('has the topology of npm run cluster: PostgreSQL, Redis, an S3 store, HAProxy and N API replicas', () => {
    assert.match(services.postgres?.image ?? '', /^postgres:/);
    assert.match(services.redis?.image ?? '', /^(redis|valkey\/valkey):/);
    assert.match(services.minio?.image ?? '', /^minio\/minio:/);
    assert.match(services.proxy?.image ?? '', /^haproxy:/);
    assert.ok(services.api?.build, 'the API is built from the Dockerfile');
    // Compose's own interpolation (not JavaScript's): API_REPLICAS from .env, 2 by default.
    assert.equal(services.api?.deploy?.replicas, ['$', '{API_REPLICAS:-2}'].join(''));
    assert.ok(
      services.proxy?.volumes?.some((v) => v.startsWith('./deploy/haproxy.cfg:')),
      'HAProxy runs the checked configuration',
    );
  });

  it('points every replica at the shared services, one proxy hop in front, one JWT secret', () => {
    const env = services.api?.environment ?? {};
    assert.match(env.DATABASE_URL ?? '', /^postgres:\/\/skynet:.*@postgres:5432\/skynet$/);
    assert.equal(env.REDIS_URL, 'redis://redis:6379');
    assert.equal(env.S3_ENDPOINT, 'http://minio:9000');
    assert.equal(env.TRUST_PROXY, '1');
    assert.match(env.JWT_SECRET ?? '', /^\$\{JWT_SECRET:\?/, 'compose refuses to start without a JWT secret');
    const depends = services.api?.depends_on as Record<string, { condition: string }>;
    assert.equal(depends.postgres?.condition, 'service_healthy');
    assert.equal(depends.redis?.condition, 'service_healthy');
  });
});

describe('deploy/haproxy.cfg', () => {
  const cfg = read('deploy/haproxy.cfg');
  it('is sticky by cookie, health-checks /api/health each second and finds replicas through DNS', () => {
    assert.match(cfg, /cookie SKYNET_NODE insert indirect nocache httponly dynamic/);
    assert.match(cfg, /option httpchk GET \/api\/health/);
    assert.match(cfg, /default-server inter 1s fall 2 rise 2 check resolvers docker/);
    assert.match(cfg, /server-template api- \d+ api:8080/);
    assert.match(cfg, /timeout tunnel 1h/, 'websockets stay open');
  });

  const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((f) => existsSync(f));
  it('is accepted by HAProxy (haproxy -c)', { skip: haproxy ? false : 'haproxy is not installed' }, () => {
    const r = spawnSync(haproxy as string, ['-c', '-f', path.join(REPO_ROOT, 'deploy', 'haproxy.cfg')], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr || r.stdout);
  });
});

/** An HAProxy configuration's sections by their header line (`backend api`), each with its own lines, trimmed. */
function sections(cfg: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of cfg.split('\n')) {
    if (/^\S/.test(line) && !line.startsWith('#')) {
      current = [];
      result.set(line.trim(), current);
    } else if (line.trim() && !line.trim().startsWith('#')) current.push(line.trim());
  }
  return result;
}

// Issue 30 item 2: API calls by least connections, socket.io sticky in its own backend, checks on readiness, and
// the same nodes on liveness when none is ready (a shared dependency down). Both configurations, kept in step.
for (const [name, cfg] of [
  ['npm run cluster (scripts/haproxy-config.mjs)', haproxyConfig({ port: 8080, ports: [9001, 9002, 9003] })],
  ['compose (deploy/haproxy.cfg)', read('deploy/haproxy.cfg')],
] as const) {
  describe(`HAProxy balancing: ${name}`, () => {
    const s = sections(cfg);
    const backend = (b: string) => s.get(`backend ${b}`) ?? assert.fail(`no backend ${b}`);
    const servers = (b: string) => backend(b).filter((l) => /^server(-template)? /.test(l));

    it('balances API calls by least connections with no stickiness, checked on readiness', () => {
      const api = backend('api');
      assert.ok(api.includes('balance leastconn'), api.join('\n'));
      assert.ok(!api.some((l) => l.startsWith('cookie ') || l.startsWith('stick')), 'no stickiness for /api');
      assert.ok(api.includes('option httpchk GET /api/health/ready'), 'api checked on readiness');
      assert.ok(servers('api').length > 0, 'api has servers');
    });

    it('sends socket.io to a sticky backend of its own: cookie inserted, by source address without one', () => {
      const frontend = s.get('frontend web') ?? assert.fail('no frontend web');
      assert.ok(frontend.includes('acl socket_io path_beg /socket.io/'), frontend.join('\n'));
      assert.ok(
        frontend.includes('use_backend sockets if socket_io { nbsrv(sockets) gt 0 }'),
        frontend.join('\n'),
      );
      const sockets = backend('sockets');
      assert.ok(sockets.includes('balance source'), 'sockets by source address');
      assert.ok(
        sockets.some((l) => l.startsWith('cookie SKYNET_NODE insert ')),
        'sockets pinned by cookie',
      );
      assert.ok(sockets.includes('option httpchk GET /api/health/ready'), 'sockets checked on readiness');
    });

    it('falls back to the same nodes checked on liveness only when no node is ready', () => {
      const frontend = s.get('frontend web') ?? [];
      // Order matters: the ready backend first, the liveness one only when it has no usable server.
      assert.deepEqual(
        frontend.filter((l) => l.startsWith('use_backend') || l.startsWith('default_backend')),
        [
          'use_backend sockets if socket_io { nbsrv(sockets) gt 0 }',
          'use_backend sockets_any if socket_io',
          'use_backend api if { nbsrv(api) gt 0 }',
          'default_backend api_any',
        ],
      );
      for (const [ready, live] of [
        ['api', 'api_any'],
        ['sockets', 'sockets_any'],
      ] as const) {
        assert.ok(backend(live).includes('option httpchk GET /api/health'), `${live} checked on liveness`);
        assert.deepEqual(servers(live), servers(ready), `${live} lists the nodes of ${ready}`);
        assert.deepEqual(
          backend(live).filter((l) => /^(balance|cookie|hash-type|dynamic-cookie-key) /.test(l)),
          backend(ready).filter((l) => /^(balance|cookie|hash-type|dynamic-cookie-key) /.test(l)),
          `${live} balances and pins as ${ready}`,
        );
      }
    });
  });
}

describe('scripts/haproxy-config.mjs', () => {
  const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((f) => existsSync(f));
  it('is accepted by HAProxy (haproxy -c)', { skip: haproxy ? false : 'haproxy is not installed' }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-cfg-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      writeFileSync(
        file,
        haproxyConfig({ port: 8080, ports: [9001, 9002], statsSocket: path.join(dir, 'haproxy.sock') }),
      );
      const r = spawnSync(haproxy as string, ['-c', '-f', file], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr || r.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  const docker = read('Dockerfile');
  it('builds on Node 22 in two stages and runs the API unprivileged', () => {
    assert.match(docker, /^ARG NODE_IMAGE=node:22-/m);
    assert.equal(docker.match(/^FROM /gm)?.length, 2);
    assert.match(docker, /deploy --prod/, 'a production install of the api package');
    assert.match(docker, /^USER node$/m);
    assert.match(docker, /^CMD \["node", "dist\/server\.js"\]$/m);
  });
  it('leaves local data, secrets and builds out of the build context', () => {
    const ignore = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '.data', '.env'])
      assert.ok(ignore.includes(entry), entry);
  });
});

describe('.env.example', () => {
  const example = new Set(
    read('.env.example')
      .split('\n')
      .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );

  it("names every variable of README's configuration table", () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('Full list'));
    const names = [...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string);
    assert.ok(names.length > 20, 'the table was found');
    assert.deepEqual(
      names.filter((n) => !example.has(n)),
      [],
    );
  });

  it('names every variable the server reads', () => {
    const src = path.join(REPO_ROOT, 'api', 'src');
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (entry.name.endsWith('.ts')) {
          const text = readFileSync(p, 'utf8');
          // config.ts reads through str()/ms()/whole(); anything else through process.env.
          for (const m of text.matchAll(/\b(?:str|ms|whole)\('([A-Z][A-Z0-9_]+)'/g)) read.add(m[1] as string);
          for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1] as string);
        }
      }
    };
    walk(src);
    assert.ok(read.has('DATABASE_URL') && read.has('JWT_SECRET'));
    // Set by npm for the scripts it runs, not by an operator: where npm ran (cli/main.ts resolves paths from it).
    const byNpm = new Set(['INIT_CWD']);
    assert.deepEqual(
      [...read].filter((n) => !example.has(n) && !byNpm.has(n)),
      [],
    );
  });
});
