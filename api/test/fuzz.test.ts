// Issue 21 item 7: at least 10,000 bad inputs, seeded and bounded, across every route (enumerated from the app) and
// every socket event. Fails on any 5xx, any answer slower than 2 s, any answer leaking another person's data, and any
// change to data the fuzzer does not own. FUZZ_INPUTS and SEED override the defaults. Issue 32: `""` in every id field
// and path parameter, and over real connections a huge body (written whole, and announced with Expect: 100-continue)
// and a deeply nested body on every route, each answered with a 4xx the client reads.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { SOCKET_EVENTS } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  allUserIds,
  type BadTokens,
  badTokens,
  fingerprint,
  LOCATION,
  paramsOf,
  prng,
  type Random,
  seedVictims,
  type Victims,
} from './attack.js';
import { call, type SignedUp, signup, TEST_DB, useApp } from './helper.js';
import { type Answer, send } from './raw-http.js';
import { listen, openSocket } from './sockets.js';

const HTTP_INPUTS = Number(process.env.FUZZ_INPUTS ?? 10_000);
const SOCKET_INPUTS = Math.max(200, Math.round(HTTP_INPUTS / 10));
const SEED = Number(process.env.SEED ?? 21_2026);
const SLOW_MS = 2_000;
const IN_FLIGHT = 2;

/** JSON schema, as much of it as the route schemas use. */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

/** Strings an attacker tries anywhere: sizes, unicode, control characters, injections, traversal. */
const STRINGS = [
  '',
  ' ',
  'x',
  'é',
  '🚀🚀',
  '\u202eevil',
  '\u200b\u200b',
  '\ufeff',
  '\ud800',
  'a\udc00b',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\r\n',
  '\t',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '%',
  '_',
  '\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as plain text on purpose.
  '${jndi:ldap://127.0.0.1/x}',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
  'constructor',
  'a'.repeat(301),
  'a'.repeat(2_001),
  'x'.repeat(20_000),
  '🚀'.repeat(5_000),
];

/** A file beside the site folder: its content must never be served. */
const CANARY_FILE = 'canary.txt';
const CANARY = 'CANARY-OUTSIDE-THE-SITE';

/** Path segments: encoded tricks as they arrive on the wire. */
const SEGMENTS = [
  `..%2f${CANARY_FILE}`,
  `..%2F..%2Fsite%2F..%2F${CANARY_FILE}`,
  `%2e%2e%2f${CANARY_FILE}`,
  `%2e%2e/${CANARY_FILE}`,
  `..%5c${CANARY_FILE}`,
  `..%252f${CANARY_FILE}`,
  `....//${CANARY_FILE}`,
  'main.3f9a1c2b.js.map',
  'remotes%2fmfe-feed%2f1.0.0%2fremoteEntry.js',
  '..',
  '.',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f..%2fpackage.json',
  '..%5c..%5c',
  '%2F',
  '%252F',
  '%00',
  '%0a',
  '%1f',
  '%7f',
  '%ff',
  '%ED%A0%80',
  '%',
  '%zz',
  '%u0000',
  ';',
  '%3F',
  '%23',
  '-1',
  '0',
  '99999999999999999999',
  'a'.repeat(400),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('🚀'),
  encodeURIComponent('\u202e'),
  'null',
  'mars',
  'pluto',
  'earth.svg',
  '.env',
  'jwt-secret',
];

const PAGES = [
  '-1',
  '0',
  '1',
  '2',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  '',
  '%00',
  '-0',
  '99999999999999999999',
  '9'.repeat(400),
];

/** encodeURIComponent, with an unpaired surrogate sent as the invalid UTF-8 a raw client could send. */
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** A value that fits the schema (as a caller who read the docs would send). */
function valid(schema: Schema | undefined, rnd: Random, ids: string[]): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rnd.pick(schema.enum);
  if (schema.anyOf) return valid(rnd.pick(schema.anyOf), rnd, ids);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = valid(v, rnd, ids);
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + rnd.int(2) }, () => valid(schema.items, rnd, ids));
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? -10;
      const hi = schema.maximum ?? 10;
      return schema.type === 'integer'
        ? Math.round(lo + rnd.next() * (hi - lo))
        : lo + rnd.next() * (hi - lo);
    }
    case 'boolean':
      return rnd.chance(0.5);
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'email') return `fz${rnd.int(1e9)}@example.com`;
      if (schema.pattern) return `fz_${rnd.int(1e6)}`;
      if ((schema.maxLength ?? 100) <= 64 && rnd.chance(0.5)) return rnd.pick(ids);
      const len = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 20, 1 + rnd.int(20)));
      return 'fuzz text '.repeat(3).slice(0, len).padEnd(len, 'z');
    }
    default:
      return rnd.pick(STRINGS);
  }
}

/** A value of the wrong kind, size or content for `schema`. */
function bad(schema: Schema | undefined, rnd: Random): unknown {
  const choices: (() => unknown)[] = [
    () => rnd.pick(STRINGS),
    () => rnd.pick([0, -1, 1.5, -(2 ** 31), 2 ** 53, 1e308, -1e308]),
    () => rnd.pick([true, false, null]),
    () => rnd.pick([[], [1, 2, 3], ['a', null], Array.from({ length: 1_000 }, (_, i) => i)]),
    () =>
      rnd.pick<unknown>([
        {},
        { a: 1 },
        // Own keys named __proto__ and constructor, as JSON.parse makes them.
        JSON.parse('{"__proto__":{"admin":true}}'),
        JSON.parse('{"constructor":{"prototype":{"admin":true}}}'),
      ]),
  ];
  if (schema?.type === 'string') {
    const max = schema.maxLength ?? 100;
    choices.push(
      () => 'y'.repeat(Math.min(max + 1, 60_000)),
      () =>
        `${'z'.repeat(rnd.int(10))}${rnd.pick(['\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udfff'])}`,
      () => (schema.minLength ? '' : '\u200b'),
    );
  }
  if (schema?.type === 'number' || schema?.type === 'integer') {
    choices.push(
      () => (schema.maximum ?? 0) + 1,
      () => (schema.minimum ?? 0) - 1,
      () => rnd.pick(['1', '1e3', 'NaN', 'Infinity']),
    );
  }
  return rnd.pick(choices)();
}

/** A field that names something by its id (issue 32: `""` there reached the database as a 500). */
const ID_FIELD = /(?:Id|^parentPost|^id)$/;

/** A body: valid then one field broken, a field missing, an extra field, every id `""`, or no object at all. */
function body(schema: Schema | undefined, rnd: Random, ids: string[]): unknown {
  const base = valid(schema ?? { type: 'object', properties: {} }, rnd, ids) as Record<string, unknown>;
  const roll = rnd.int(11);
  if (roll === 0) return bad(undefined, rnd);
  if (roll === 10) {
    for (const key of Object.keys(base)) if (ID_FIELD.test(key)) base[key] = '';
    return base;
  }
  if (roll === 1 && schema?.required?.length) {
    delete base[rnd.pick(schema.required)];
    return base;
  }
  if (roll === 2)
    return { ...base, [rnd.pick(['admin', '__proto__', 'x'.repeat(100), 'userId', 'authorId'])]: true };
  if (roll === 3) return base; // well-formed: the route's own checks decide
  const keys = Object.keys(schema?.properties ?? {});
  if (keys.length === 0) return bad(undefined, rnd);
  const key = rnd.pick(keys);
  const inner = schema?.properties?.[key];
  if (inner?.type === 'object' && inner.properties && rnd.chance(0.5)) {
    const sub = rnd.pick(Object.keys(inner.properties));
    (base[key] as Record<string, unknown>)[sub] = bad(inner.properties[sub], rnd);
  } else if (inner?.type === 'array' && inner.items && rnd.chance(0.5)) {
    base[key] = [bad(inner.items, rnd)];
  } else {
    base[key] = bad(inner, rnd);
  }
  return base;
}

/** A raw payload no JSON schema sees: broken JSON, other media types, nesting, sizes. */
function rawPayload(rnd: Random): { payload: string; type: string } {
  return rnd.pick([
    () => ({ payload: '{"content": "x",', type: 'application/json' }),
    () => ({ payload: '{"a":1,"a":2}', type: 'application/json' }),
    () => ({ payload: `${'['.repeat(3_000)}${']'.repeat(3_000)}`, type: 'application/json' }),
    () => ({ payload: `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`, type: 'application/json' }),
    () => ({ payload: `"${'x'.repeat(70_000)}"`, type: 'application/json' }),
    () => ({ payload: 'content=x&location=y', type: 'application/x-www-form-urlencoded' }),
    () => ({ payload: 'just text', type: 'text/plain' }),
    () => ({
      payload: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--',
      type: 'multipart/form-data; boundary=b',
    }),
    () => ({ payload: '<x/>', type: 'application/xml' }),
    () => ({ payload: '\u0000\u0001\u0002', type: 'application/json' }),
    () => ({ payload: '{"content":"\\ud800"}', type: 'application/json' }),
    () => ({ payload: 'null', type: 'application/json' }),
    () => ({ payload: '', type: 'application/json' }),
  ])();
}

describe(`fuzz: ${HTTP_INPUTS} HTTP inputs and ${SOCKET_INPUTS} socket inputs (seed ${SEED}, ${TEST_DB})`, () => {
  // A built site to serve, and a file beside it that no path trick may reach.
  const root = mkdtempSync(path.join(os.tmpdir(), 'skynet-fuzz-'));
  mkdirSync(path.join(root, 'site', 'remotes', 'mfe-feed', '1.0.0'), { recursive: true });
  writeFileSync(path.join(root, 'site', 'index.html'), '<!doctype html><title>Skynet</title>');
  writeFileSync(path.join(root, 'site', 'main.3f9a1c2b.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'site', 'main.3f9a1c2b.js.map'), '{"version":3}');
  writeFileSync(path.join(root, 'site', 'remotes', 'mfe-feed', '1.0.0', 'remoteEntry.js'), '/* entry */');
  writeFileSync(path.join(root, CANARY_FILE), CANARY);
  after(() => rmSync(root, { recursive: true, force: true }));
  const ctx = useApp({ env: { SITE_DIR: path.join(root, 'site') } });
  let victims: Victims;
  let fuzzer: SignedUp;
  let tokens: BadTokens;
  let before: Record<string, string>;
  let others: string[];
  const tally = { sent: 0, byClass: {} as Record<string, number>, slowest: 0, slowestCall: '' };
  /** The app over a real connection (sockets and the raw-HTTP inputs). */
  let baseUrl: string | undefined;

  const check = (
    label: string,
    res: LightMyRequestResponse | { statusCode: number; body: string },
    ms: number,
  ) => {
    tally.sent += 1;
    const cls = `${Math.floor(res.statusCode / 100)}xx`;
    tally.byClass[cls] = (tally.byClass[cls] ?? 0) + 1;
    if (ms > tally.slowest) {
      tally.slowest = ms;
      tally.slowestCall = label;
    }
    assert.ok(res.statusCode < 500, `${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
    assert.ok(ms <= SLOW_MS, `${label} took ${ms} ms`);
    const text = res.body;
    for (const secret of [
      victims.alice.email,
      victims.bob.email,
      victims.secretMessage,
      '$argon2',
      'root:x:0:0',
      CANARY,
    ]) {
      assert.ok(!text.includes(secret), `${label} leaked ${secret}`);
    }
    assert.doesNotMatch(text, /password_?hash|"@skynet\/api"|test-secret-test-secret/i, label);
  };

  /** A working token for the fuzzer: its own sign-outs (logout, sessions) revoke the one it had. */
  const keepSignedIn = async () => {
    if ((await call(ctx.app, 'GET /api/user', { token: fuzzer.token })).status === 200) return;
    const r = await call(ctx.app, 'POST /api/user/login', {
      payload: { email: fuzzer.email, password: fuzzer.password },
    });
    assert.equal(r.status, 200, `the fuzzer could not sign in again: ${JSON.stringify(r.body)}`);
    fuzzer.token = r.body.value;
  };

  it('seeds people the fuzzer must not touch, and tokens an attacker may hold', async () => {
    victims = await seedVictims(ctx.app, ctx.database);
    fuzzer = await signup(ctx.app);
    const spare = await signup(ctx.app);
    tokens = await badTokens(ctx.app, victims.alice, spare);
    // The fuzzer owns a post and a conversation with Alice of its own.
    await call(ctx.app, 'POST /api/post', {
      token: fuzzer.token,
      payload: { content: 'mine', location: LOCATION },
    });
    await call(ctx.app, 'POST /api/user/chat', {
      token: fuzzer.token,
      payload: { content: 'hello Alice', receiverId: victims.alice.id },
    });
    others = (await allUserIds(ctx.database)).filter((id) => id !== fuzzer.id && id !== spare.id);
    before = await fingerprint(ctx.database, others);
  });

  it('HTTP: no 5xx, none slower than 2 s, no leak', { timeout: 170_000 }, async () => {
    const rnd = prng(SEED);
    const routes = ctx.app.routeList.filter((r) => r.method !== 'OPTIONS');
    const ids = [
      victims.alice.id,
      victims.bob.id,
      victims.admin.id,
      victims.alicePost,
      victims.bobPost,
      victims.aliceComment,
      victims.conversationId,
      fuzzer.id,
      '00000000-0000-4000-8000-000000000000',
    ];
    const identities: (() => Record<string, string>)[] = [
      () => ({ authorization: `Bearer ${fuzzer.token}` }),
      () => ({ authorization: `Bearer ${fuzzer.token}` }),
      () => ({ authorization: `Bearer ${fuzzer.token}` }),
      () => ({}),
      () => ({ authorization: `Bearer ${tokens.forged}` }),
      () => ({ authorization: `Bearer ${tokens.expired}` }),
      () => ({ authorization: `Bearer ${tokens.revoked}` }),
      () => ({ authorization: `Bearer ${tokens.unsigned}` }),
      () => ({
        authorization: rnd.pick([
          'Bearer',
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          `Bearer ${'a'.repeat(8_000)}`,
          `Bearer ${fuzzer.token}x`,
          `Bearer ${fuzzer.token.split('.').reverse().join('.')}`,
          'Bearer a.b.c',
          `bearer  ${fuzzer.token} extra`,
        ]),
      }),
    ];

    const makeInput = (): InjectOptions & { label: string } => {
      const route = rnd.pick(routes);
      let url = route.url;
      for (const name of paramsOf(route.url)) {
        const value = rnd.chance(0.1)
          ? ''
          : rnd.chance(0.4)
            ? rnd.pick(ids)
            : rnd.chance(0.5)
              ? rnd.pick(SEGMENTS)
              : encodeSegment(rnd.pick(STRINGS).slice(0, 500));
        url =
          name === '*'
            ? url.replace('*', rnd.chance(0.5) ? value : `${value}/${rnd.pick(SEGMENTS)}`)
            : url.replace(`:${name}`, value);
      }
      if (rnd.chance(0.4)) {
        const query = [`page=${rnd.pick(PAGES)}`];
        if (rnd.chance(0.3)) query.push(`page=${rnd.pick(PAGES)}`);
        if (rnd.chance(0.3)) query.push(`token=${rnd.pick(['refresh', 'x', '%00'])}`);
        if (rnd.chance(0.2))
          query.push(`${rnd.pick(['__proto__[admin]', 'a[b][c]', '%00', 'x'.repeat(200)])}=1`);
        url += `?${query.join('&')}`;
      }
      const headers = { ...rnd.pick(identities)(), ...(rnd.chance(0.2) ? { accept: 'text/html' } : {}) };
      const input: InjectOptions & { label: string } = {
        method: route.method as InjectOptions['method'],
        url,
        headers,
        label: `${route.method} ${url.slice(0, 200)}`,
      };
      if (route.method !== 'GET' && route.method !== 'HEAD') {
        if (rnd.chance(0.15)) {
          const raw = rawPayload(rnd);
          input.payload = raw.payload;
          input.headers = { ...headers, 'content-type': raw.type };
        } else {
          input.payload = JSON.stringify(body(route.schema?.body as Schema | undefined, rnd, ids));
          input.headers = { ...headers, 'content-type': 'application/json' };
        }
      }
      return input;
    };

    const send = async (input: InjectOptions & { label: string }) => {
      const { label, ...options } = input;
      const started = Date.now();
      const res = await ctx.app.inject(options);
      check(label, res, Date.now() - started);
    };
    for (let done = 0; done < HTTP_INPUTS; done += IN_FLIGHT) {
      // The fuzzer may sign itself out (logout, sessions): it signs in again to keep probing as a member.
      if (done % 200 === 0) await keepSignedIn();
      const batch = Array.from({ length: Math.min(IN_FLIGHT, HTTP_INPUTS - done) }, makeInput);
      await Promise.all(batch.map(send));
    }
  });

  it('sockets: bad handshakes refused, every event with bad payloads answered or ignored, no room leak', {
    timeout: 60_000,
  }, async () => {
    const rnd = prng(SEED + 1);
    baseUrl ??= await listen(ctx.app);
    const url = baseUrl;
    for (const token of [
      undefined,
      '',
      tokens.forged,
      tokens.expired,
      tokens.revoked,
      tokens.unsigned,
      'x'.repeat(10_000),
      `${fuzzer.token}\u0000`,
    ]) {
      const started = Date.now();
      await assert.rejects(openSocket(url, token), `handshake with ${String(token).slice(0, 20)} must fail`);
      check(
        `socket handshake ${String(token).slice(0, 20)}`,
        { statusCode: 401, body: '' },
        Date.now() - started,
      );
    }
    await keepSignedIn();
    const socket = await openSocket(url, fuzzer.token);
    const received: string[] = [];
    socket.onAny((event, ...args) => received.push(`${event} ${JSON.stringify(args)}`));
    const events = [
      ...Object.values(SOCKET_EVENTS),
      'message',
      'join',
      '__proto__',
      'constructor',
      'x'.repeat(500),
      '\u0000',
    ];
    const payload = () =>
      rnd.pick([
        () => rnd.pick([victims.conversationId, fuzzer.id, victims.alice.id]),
        () => rnd.pick(STRINGS),
        () => bad(undefined, rnd),
        () => ({ after: rnd.pick([victims.conversationId, 'x', null, 5, {}]) }),
        () => ({ conversationId: victims.conversationId, userId: victims.bob.id }),
      ])();
    try {
      for (let i = 0; i < SOCKET_INPUTS; i++) {
        const event = rnd.pick(events);
        const args = Array.from({ length: rnd.int(3) }, payload);
        const started = Date.now();
        if (event === SOCKET_EVENTS.join) {
          const answer = (await socket
            .timeout(SLOW_MS)
            .emitWithAck(event, ...args)
            .catch((err: Error) => {
              throw new Error(`${event}(${JSON.stringify(args).slice(0, 200)}): ${err.message}`);
            })) as { ok: boolean };
          assert.equal(typeof answer.ok, 'boolean');
          if (args[0] === victims.conversationId)
            assert.equal(answer.ok, false, 'joined a stranger conversation');
        } else {
          socket.emit(event, ...args);
        }
        check(
          `socket ${event.slice(0, 20)}`,
          { statusCode: 200, body: JSON.stringify(received.slice(-1)) },
          Date.now() - started,
        );
      }
      // Still connected and served; Alice and Bob's next message never reaches the fuzzer's socket.
      const ping = (await socket.timeout(SLOW_MS).emitWithAck(SOCKET_EVENTS.join, 'not-an-id')) as {
        ok: boolean;
      };
      assert.equal(ping.ok, false);
      const sent = await call(ctx.app, 'POST /api/user/chat', {
        token: victims.bob.token,
        payload: { content: `reply ${victims.secretMessage}`, receiverId: victims.alice.id },
      });
      assert.equal(sent.status, 200);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(
        received.filter((x) => x.includes(victims.secretMessage)),
        [],
        'a stranger conversation reached the fuzzer',
      );
    } finally {
      socket.close();
    }
  });

  it('real connections: a huge body (written whole and announced) and a deeply nested one on every route, each a 4xx the client reads', {
    timeout: 170_000,
  }, async () => {
    baseUrl ??= await listen(ctx.app);
    await keepSignedIn();
    const huge = Buffer.alloc(12 * 1024 * 1024, 'x');
    // Nested as deep as a body of the route's size allows: 60 KB (under BODY_LIMIT), 4.4 MB for the avatar.
    const nestedOf = (bytes: number) => {
      const depth = Math.floor((bytes - 10) / 2);
      return Buffer.from(`{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    };
    const nested = nestedOf(60_000);
    const nestedAvatar = Buffer.from(`{"avatarDataUrl":${'['.repeat(2_200_000)}${']'.repeat(2_200_000)}}`);
    const routes = ctx.app.routeList.filter((r) => r.method !== 'OPTIONS' && r.method !== 'HEAD');
    const ids = [victims.alicePost, fuzzer.id, victims.conversationId];
    let sent = 0;
    const expect4xx = async (label: string, run: () => Promise<Answer>, readsBody: boolean) => {
      const started = Date.now();
      const answer = await run().catch((err: Error) => {
        throw new Error(`${label}: the client did not read an answer (${err.message})`);
      });
      check(label, { statusCode: answer.status, body: answer.body }, Date.now() - started);
      sent += 1;
      if (answer.status >= 400) assert.ok(answer.body.length > 0, `${label}: an answer with a body`);
      if (readsBody) assert.ok(answer.status >= 400 && answer.status < 500, `${label} -> ${answer.status}`);
      return answer;
    };
    for (const route of routes) {
      let i = 0;
      const path = route.url.replace(/:[A-Za-z]+/g, () => ids[i++ % ids.length] ?? '').replace('*', 'x');
      const headers = { authorization: `Bearer ${fuzzer.token}` };
      const label = `${route.method} ${path}`;
      // Every route, GET included, refuses a declared 12 MB before reading it.
      await expect4xx(
        `${label} 12 MB`,
        () => send(baseUrl!, { method: route.method, path, body: huge, headers }),
        true,
      );
      const announced = await expect4xx(
        `${label} 12 MB with Expect`,
        () => send(baseUrl!, { method: route.method, path, body: huge, headers, expectContinue: true }),
        true,
      );
      assert.equal(announced.continued, false, `${label}: answered before 100 Continue`);
      // A nested body is refused by every route that reads a body (GET and HEAD ignore theirs).
      const body = route.url === '/api/user/changeavatar' ? nestedAvatar : nested;
      await expect4xx(
        `${label} nested`,
        () => send(baseUrl!, { method: route.method, path, body, headers }),
        route.method !== 'GET',
      );
      await keepSignedIn();
    }
    await expect4xx(
      'POST unknown path 4 MB',
      () =>
        send(baseUrl!, {
          method: 'POST',
          path: '/api/no/such/call',
          body: huge.subarray(0, 4 * 1024 * 1024),
        }),
      true,
    );
    console.log(
      `fuzz over real connections: ${sent} inputs on ${routes.length} routes, each a 4xx the client read`,
    );
  });

  it('changed nothing that belongs to anyone else', async () => {
    // Bob's reply above is his own doing: compare without it.
    await ctx.database.db.execute(
      sql`DELETE FROM messages WHERE content = ${`reply ${victims.secretMessage}`}`,
    );
    const after = await fingerprint(ctx.database, others);
    assert.deepEqual(after, before);
    // The fingerprint sees a change when there is one (this check could fail).
    await ctx.database.db.execute(sql`UPDATE posts SET deleted = true WHERE id = ${victims.bobPost}`);
    assert.notEqual((await fingerprint(ctx.database, others)).posts, before.posts);
    const health = await call(ctx.app, 'GET /api/health');
    assert.equal(health.status, 200);
    console.log(
      `fuzz figures (${TEST_DB}, seed ${SEED}): ${tally.sent} inputs sent; ${Object.entries(tally.byClass)
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; 5xx = ${tally.byClass['5xx'] ?? 0}; slowest ${tally.slowest} ms (${tally.slowestCall})`,
    );
  });
});
