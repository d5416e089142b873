// Issue 20 item 2 and issue 30 item 4: the container files. No container daemon runs on the development machines or
// CI (the docker CLI is there, no daemon, and no image registry is reachable), so what can be checked without one is
// checked here: compose.yaml is valid against the Compose specification's JSON schema, pins every image to a version
// and has the topology of `npm run cluster`, its API environment passes the server's own configuration check;
// HAProxy accepts deploy/haproxy.cfg; the Dockerfile (parsed with dockerfile-ast) pins its base images, copies only
// what exists and runs the `skynet` command; .env.example names every variable the server reads and the README
// documents. image-files.test.ts lays out the image's /app/api without Docker and runs its commands.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { DockerfileParser } from 'dockerfile-ast';
import { parse } from 'yaml';
import { haproxyConfig } from '../../scripts/haproxy-config.mjs';
import { DEFAULT_HEAP_MB, heapLimitArgs } from '../../scripts/heap-limit.mjs';
import { loadConfig, REPO_ROOT } from '../src/config.js';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  deploy?: { replicas?: number | string };
  volumes?: string[];
  ports?: string[];
  restart?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** compose.yaml as Compose reads it: YAML merge keys (`<<: *skynet-image`) resolved. */
const composeText = read('compose.yaml');
const compose = parse(composeText, { merge: true }) as ComposeFile;

/**
 * Compose's interpolation of `text` with `env`: `$${'{'}VAR}`, `$${'{'}VAR:-default}`, `$${'{'}VAR-default}`, `$${'{'}VAR:?message}`, `$$`.
 * Throws the messages of every required variable missing, as Compose refuses to start.
 */
function interpolate(text: string, env: Record<string, string>): string {
  const missing: string[] = [];
  const out = text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name: string | undefined, op: string | undefined, arg: string | undefined) => {
      if (whole === '$$') return '$';
      const value = env[name as string];
      const empty = value === undefined || (op?.startsWith(':') && value === '');
      if (op === ':-' || op === '-') return empty ? (arg ?? '') : (value as string);
      if ((op === ':?' || op === '?') && empty) {
        missing.push(`${name}: ${arg}`);
        return '';
      }
      return value ?? '';
    },
  );
  if (missing.length > 0) throw new Error(`required variables unset:\n${missing.join('\n')}`);
  return out;
}

/** What an operator's .env holds at the least: the variables compose.yaml requires. */
const REQUIRED_ENV = {
  JWT_SECRET: 'x'.repeat(48),
  POSTGRES_PASSWORD: 'postgres-password',
  S3_ACCESS_KEY_ID: 'a1b2c3d4e5f6',
  S3_SECRET_ACCESS_KEY: 'f6e5d4c3b2a1f6e5d4c3b2a1',
};

describe('compose.yaml', () => {
  const { services } = compose;

  it('is valid against the Compose specification schema (deploy/compose-spec.schema.json)', () => {
    // Compose validates the file after interpolation: with the variables it requires set, as an operator's .env has.
    const interpolated = parse(interpolate(composeText, REQUIRED_ENV), { merge: true });
    const ajv = new Ajv({ allErrors: true, strict: false });
    // The schema names draft-07 by its https address; Ajv knows that meta-schema as http://…/draft-07/schema#.
    const schema = JSON.parse(read('deploy/compose-spec.schema.json'));
    const validate = ajv.compile({ ...schema, $schema: 'http://json-schema.org/draft-07/schema#' });
    assert.ok(validate(interpolated), ajv.errorsText(validate.errors, { separator: '\n' }));
    // The validator is strict where Compose is: a misspelt key, a depends_on condition Compose does not know.
    const broken = structuredClone(interpolated) as { services: Record<string, Record<string, unknown>> };
    (broken.services.api as Record<string, unknown>).dependson = ['postgres'];
    (broken.services.migrate as Record<string, unknown>).depends_on = { postgres: { condition: 'healthy' } };
    assert.equal(validate(broken), false);
    assert.match(ajv.errorsText(validate.errors), /must NOT have additional properties/);
    assert.match(ajv.errorsText(validate.errors), /must be equal to one of the allowed values/);
    // ...and the schema is the one vendored (compose-spec's, as dclint@3.1.0 ships it on the npm registry).
    assert.equal(
      createHash('sha256').update(read('deploy/compose-spec.schema.json')).digest('hex'),
      '46b7d35f19dd93a05f8fea530291bf84d881c1791ec167ecf0e6fb94e639d496',
    );
  });

  it('refuses to start without the secrets, naming each', () => {
    assert.throws(
      () => interpolate(composeText, {}),
      (error: Error) =>
        Object.keys(REQUIRED_ENV).every((name) => error.message.includes(`${name}: set ${name} in .env`)),
    );
  });

  it('pins every image it pulls to a version tag (none is latest), and builds its own', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        assert.equal(service.image, 'skynet-api:local', `${name} runs the image this file builds`);
        continue;
      }
      // repository:major.minor[.patch][-variant]: a tag that names a release, not a moving `latest`.
      assert.match(service.image ?? '', /^[a-z0-9][a-z0-9./-]*:\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/, name);
    }
    assert.equal(services.postgres?.image, 'postgres:17.6-bookworm');
    assert.equal(services.redis?.image, 'redis:7.4.6-bookworm');
    assert.equal(services.proxy?.image, 'haproxy:2.6.22-bookworm');
    assert.match(services.s3?.image ?? '', /^chrislusf\/seaweedfs:3\.\d+$/);
    assert.doesNotMatch(composeText, /image: *minio\//, 'MinIO is gone: its images are no longer published');
  });

  it('has the topology of npm run cluster: PostgreSQL, Redis, an S3 store, HAProxy and N API replicas', () => {
    assert.ok(services.api?.build, 'the API is built from the Dockerfile');
    // Compose's own interpolation (not JavaScript's): API_REPLICAS from .env, 2 by default.
    assert.equal(services.api?.deploy?.replicas, ['$', '{API_REPLICAS:-2}'].join(''));
    assert.ok(
      services.proxy?.volumes?.some((v) => v.startsWith('./deploy/haproxy.cfg:')),
      'HAProxy runs the checked configuration',
    );
    assert.ok(services.api?.volumes?.includes('site:/srv/site'), 'the replicas share the site volume');
  });

  it('names only services that exist in depends_on; one-shots run once and are waited for', () => {
    for (const [name, service] of Object.entries(services)) {
      const depends = Array.isArray(service.depends_on)
        ? Object.fromEntries(service.depends_on.map((d) => [d, { condition: 'service_started' }]))
        : (service.depends_on ?? {});
      for (const [other, { condition }] of Object.entries(depends)) {
        assert.ok(services[other], `${name} depends on ${other}, which is not a service`);
        if (condition === 'service_completed_successfully')
          assert.equal(services[other]?.restart, 'no', `${other} is a one-shot`);
        if (condition === 'service_healthy') assert.ok(healthcheck(other), `${other} has a health check`);
      }
    }
    const depends = services.api?.depends_on as Record<string, { condition: string }>;
    assert.deepEqual(Object.fromEntries(Object.entries(depends).map(([k, v]) => [k, v.condition])), {
      postgres: 'service_healthy',
      redis: 'service_healthy',
      migrate: 'service_completed_successfully',
      's3-setup': 'service_completed_successfully',
    });
    for (const volume of Object.values(services).flatMap((s) => s.volumes ?? [])) {
      const source = volume.split(':')[0] as string;
      if (!source.startsWith('.'))
        assert.ok(source in (compose.volumes ?? {}), `volume ${source} is declared`);
    }
  });

  it("runs the image's own commands: skynet start, migrate and s3-bucket", () => {
    const skynet = read('deploy/skynet');
    for (const name of ['api', 'migrate', 's3-setup']) {
      const [program, command] = services[name]?.command ?? [];
      assert.equal(program, 'skynet', name);
      assert.match(skynet, new RegExp(`^\\s+${command}\\)`, 'm'), `deploy/skynet has a "${command}" command`);
    }
  });

  it('points every replica at the shared services, one proxy hop in front, one JWT secret', () => {
    const env = services.api?.environment ?? {};
    assert.match(env.DATABASE_URL ?? '', /^postgres:\/\/skynet:.*@postgres:5432\/skynet$/);
    assert.equal(env.REDIS_URL, 'redis://redis:6379');
    assert.equal(env.S3_ENDPOINT, 'http://s3:8333');
    assert.equal(env.TRUST_PROXY, '1');
    assert.match(env.JWT_SECRET ?? '', /^\$\{JWT_SECRET:\?/, 'compose refuses to start without a JWT secret');
  });

  it("sets what the API requires: the server's own configuration check passes on the replicas' environment", () => {
    const interpolated = parse(interpolate(composeText, REQUIRED_ENV), { merge: true }) as ComposeFile;
    for (const name of ['api', 'migrate', 's3-setup']) {
      const env = interpolated.services[name]?.environment ?? {};
      const config = loadConfig({ ...env, NODE_ENV: 'production' });
      assert.ok(config.databaseUrl?.startsWith('postgres://'), `${name}: PostgreSQL`);
      assert.ok(config.redisUrl, `${name}: Redis`);
      assert.equal(config.jwtSecret, REQUIRED_ENV.JWT_SECRET, `${name}: the one JWT secret`);
      assert.deepEqual(
        config.s3 && { endpoint: config.s3.endpoint, key: config.s3.accessKeyId },
        { endpoint: 'http://s3:8333', key: REQUIRED_ENV.S3_ACCESS_KEY_ID },
        `${name}: the S3 store, with the keys the store is configured with`,
      );
    }
    // The S3 store is configured with the same two variables the API signs with.
    const s3 = interpolated.services.s3;
    assert.deepEqual(s3?.environment, {
      S3_ACCESS_KEY_ID: REQUIRED_ENV.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: REQUIRED_ENV.S3_SECRET_ACCESS_KEY,
    });
    assert.match(s3?.command?.join(' ') ?? '', /"\$S3_ACCESS_KEY_ID" "\$S3_SECRET_ACCESS_KEY"/);
    assert.match(s3?.command?.join(' ') ?? '', /weed server .*-s3 .*-s3\.config=/);
  });
});

/** A service's health check in compose.yaml. @param {string} name */
function healthcheck(name: string): unknown {
  return (compose.services[name] as { healthcheck?: unknown } | undefined)?.healthcheck;
}

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

describe('scripts/heap-limit.mjs: the heap limits npm start and npm run cluster give each API process', () => {
  const defaults = ['--max-old-space-size=256', '--max-semi-space-size=16'];
  it('is 256 MB of old generation and 16 MB semi-spaces unless API_HEAP_MB says otherwise; off leaves V8 its own', () => {
    assert.equal(DEFAULT_HEAP_MB, 256);
    assert.deepEqual(heapLimitArgs({}), defaults);
    assert.deepEqual(heapLimitArgs({ API_HEAP_MB: '' }), defaults);
    assert.deepEqual(heapLimitArgs({ API_HEAP_MB: '512' }), [
      '--max-old-space-size=512',
      '--max-semi-space-size=16',
    ]);
    assert.deepEqual(heapLimitArgs({ API_HEAP_MB: 'off' }), []);
  });

  it('leaves to NODE_OPTIONS what the operator set there (the command line would override it)', () => {
    assert.deepEqual(heapLimitArgs({ NODE_OPTIONS: '--max-old-space-size=900' }), [
      '--max-semi-space-size=16',
    ]);
    assert.deepEqual(
      heapLimitArgs({ NODE_OPTIONS: '--max-semi-space-size=32 --max-old-space-size=900' }),
      [],
    );
  });

  it('refuses a value that is not a whole number of at least 64 MB, naming the variable', () => {
    for (const bad of ['abc', '10', '256MB', '-1', '1.5'])
      assert.throws(
        () => heapLimitArgs({ API_HEAP_MB: bad }),
        /API_HEAP_MB must be a whole number of megabytes, at least 64/,
      );
  });

  it('takes effect in the Node that runs the server: V8 limits its heap to the old generation plus the young', () => {
    const limitOf = (args: string[]) =>
      Number(
        spawnSync(
          process.execPath,
          [...args, '-p', 'require("v8").getHeapStatistics().heap_size_limit / 2 ** 20'],
          { encoding: 'utf8' },
        ).stdout,
      );
    const limited = limitOf(heapLimitArgs({}));
    // 256 MB old + 3 x 16 MB young (two semi-spaces and the new large-object space)
    assert.ok(limited >= 256 && limited <= 320, `limit ${limited} MB`);
    assert.ok(limitOf([]) > limited, "V8's own limit (from the machine's memory) is larger");
  });
});

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const args = Object.fromEntries(
    dockerfile.getARGs().map((arg) => [arg.getProperty()?.getName(), arg.getProperty()?.getValue()]),
  );
  const expand = (value: string) =>
    value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string, b: string) => args[a ?? b] ?? `<unset ${a ?? b}>`);
  const stages = dockerfile.getFROMs().map((from) => ({
    name: from.getBuildStage(),
    image: expand(from.getImage() ?? ''),
    start: from.getRange().start.line,
  }));
  /** The instructions of the stage a line is in. */
  const stageOf = (line: number) => [...stages].reverse().find((stage) => stage.start <= line)?.name;
  const runsOf = (stage: string) =>
    dockerfile
      .getInstructions()
      .filter((i) => i.getKeyword() === 'RUN' && stageOf(i.getRange().start.line) === stage)
      .map((i) => i.getArgumentsContent() ?? '')
      .join('\n');

  it('builds on Node 24 LTS (bookworm-slim) in two stages, base images pinned', () => {
    assert.equal(args.NODE_IMAGE, 'node:24-bookworm-slim');
    assert.deepEqual(
      stages.map((s) => [s.name, s.image]),
      [
        ['build', 'node:24-bookworm-slim'],
        ['runtime', 'node:24-bookworm-slim'],
      ],
    );
    for (const { image } of stages) assert.match(image, /^[a-z0-9./-]+:\d+(\.\d+)*-[a-z0-9.-]+$/, image);
  });

  it('copies only what exists: the build context (less .dockerignore) and paths the build stage writes', () => {
    const build = runsOf('build');
    for (const copy of dockerfile.getCOPYs()) {
      const from = copy.getFromFlag()?.getValue();
      const [source, ...rest] = copy.getArguments().map((a) => a.getValue());
      assert.ok(source && rest.length === 1, `COPY ${source} has one source and a destination`);
      if (from === undefined) {
        assert.ok(existsSync(path.join(REPO_ROOT, source)), `COPY ${source}: in the repository`);
      } else {
        assert.ok(
          stages.some((s) => s.name === from),
          `COPY --from=${from}: a stage of this file`,
        );
        assert.match(
          build,
          new RegExp(`${source.replace(/\//g, '\\/')}(\\s|$)`),
          `${source}: the build writes it`,
        );
      }
    }
    // The files the build stage's RUN names are in the repository.
    const named = [
      ...build.matchAll(/node (?:--\S+ )*([\w./-]+\.m?js)\b/g),
      ...build.matchAll(/import\('\.\/([^']+)'\)/g),
    ];
    assert.ok(named.length >= 3, build);
    for (const [, file] of named) assert.ok(existsSync(path.join(REPO_ROOT, file as string)), file);
    assert.match(build, /deploy --prod \/out\/api/, 'a production install of the api package');
    assert.match(
      build,
      /node scripts\/image-layout\.mjs \/out\/api/,
      'with the tooling and the skynet command',
    );
  });

  it('runs skynet start unprivileged, the image site read-only at SITE_IMAGE_DIR', () => {
    const cmd = dockerfile.getCMDs();
    assert.equal(cmd.length, 1);
    assert.deepEqual(
      cmd[0]?.getArguments().map((a) => a.getValue()),
      ['["skynet",', '"start"]'],
    );
    const runtime = runsOf('runtime');
    assert.match(runtime, /ln -s \/app\/api\/skynet \/usr\/local\/bin\/skynet/);
    assert.match(text, /^USER node$/m);
    assert.match(text, /SITE_IMAGE_DIR=\/app\/site-image/);
    assert.match(
      text,
      /^COPY --from=build \/out\/site \/app\/site-image$/m,
      'root-owned: read-only for node',
    );
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
