#!/usr/bin/env node
// `npm run soak`: the cluster under a steady load for a long time (issue 20): by default 30 minutes at 200 requests a
// second (feeds, posts, likes, follows, chat sends) plus 500 sockets joined to their conversations, against
// `npm run cluster` on a private PostgreSQL, Redis and data folder (topology.mjs). Every minute it prints the
// errors, p50/p99 per call and the RSS of each API process; at the end whether memory stayed flat (the last 10
// minutes' mean RSS within 10% of minutes 10-20's). Loopback only, bounded, and it removes what it started. Not part
// of CI: run it before a release and keep its figures in docs/operations.md.
// Usage: node e2e/chaos/soak.mjs [--minutes 30] [--rate 200] [--sockets 500] [--seed N] [--renew-minutes 5]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { cleanup, cleanups, cluster, postgres, redis, sleep } from './topology.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    rate: { type: 'string' },
    sockets: { type: 'string' },
    seed: { type: 'string' },
    'renew-minutes': { type: 'string' },
  },
});
const MINUTES = Number(args.minutes ?? 30);
const RATE = Number(args.rate ?? 200);
const SOCKETS = Number(args.sockets ?? 500);
const RENEW_MS = Number(args['renew-minutes'] ?? 5) * 60_000;
const USERS = 50;
const MAX_IN_FLIGHT = 400;
let seed = Number(args.seed ?? 20261125);
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

let minute = newMinute();
function newMinute() {
  return { latencies: new Map(), errors: 0, unauthorized: 0, requests: 0, skipped: 0, cut: 0 };
}

async function call(label, method, path, { token, body, node, cookie } = {}) {
  const started = performance.now();
  minute.requests += 1;
  try {
    const response = await fetch(`${cluster.base}/api${path}`, {
      method,
      headers: {
        ...(node || cookie
          ? { cookie: [node && `SKYNET_NODE=${node}`, cookie].filter(Boolean).join('; ') }
          : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const json = await response.json().catch(() => null);
    if (response.status >= 500) minute.errors += 1;
    if (response.status === 401) minute.unauthorized += 1;
    const list = minute.latencies.get(label) ?? [];
    list.push(performance.now() - started);
    minute.latencies.set(label, list);
    return { status: response.status, body: json, cookies: response.headers.getSetCookie() };
  } catch {
    minute.errors += 1;
    return { status: 0, body: null };
  }
}

const users = [];
async function setUp() {
  for (let i = 0; i < USERS; i += 1) {
    const name = `soak${i}x${Math.floor(random() * 1e6)}`;
    const signup = await call('signup', 'POST', '/user/signup', {
      body: {
        email: `${name}@example.com`,
        userName: name,
        password: 'a long soak password',
        location: { latitude: 0, longitude: 0, planetId: pick(['mars', 'earth', 'venus']) },
      },
    });
    const token = signup.body?.value;
    if (!token) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
    const me = await call('user', 'GET', '/user', { token });
    // Sockets pinned like browsers' by HAProxy's cookie, half the people on each node (API calls: least connections).
    users.push({
      token,
      refresh: refreshCookie(signup.cookies),
      id: me.body.value._id,
      node: `node-${(i % 2) + 1}`,
    });
  }
  for (let i = 0; i < USERS; i += 2) {
    const [a, b] = [users[i], users[i + 1]];
    const first = await call('chat send', 'POST', '/user/chat', {
      token: a.token,
      body: { receiverId: b.id, content: 'hello' },
    });
    a.partner = b;
    b.partner = a;
    a.conversationId = b.conversationId = first.body.value.conversationId;
  }
}

/** The refresh cookie a sign-in or a refresh sets (`skynet_refresh=…`), as a Cookie header part. */
function refreshCookie(setCookies = []) {
  const line = setCookies.find((c) => c.startsWith('skynet_refresh='));
  return line ? line.split(';')[0] : null;
}

/**
 * Access tokens are short-lived (ACCESS_TOKEN_TTL_SECONDS, 15 minutes by default): every few minutes each person renews
 * theirs with the rotating refresh cookie, as the browser does before its token ends.
 */
async function renewTokens() {
  for (const user of users) {
    const answer = await call('refresh', 'GET', '/user/login?token=refresh', {
      node: user.node,
      cookie: user.refresh,
    });
    if (typeof answer.body?.value === 'string') {
      user.token = answer.body.value;
      user.refresh = refreshCookie(answer.cookies) ?? user.refresh;
    }
  }
}

const sockets = [];
/** Why sockets failed to connect this minute, by message. */
const socketErrors = new Map();
function connectSockets() {
  for (let i = 0; i < SOCKETS; i += 1) {
    const user = users[i % USERS];
    const socket = io(cluster.base, {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      auth: { token: user.token, node: user.node },
      extraHeaders: { cookie: `SKYNET_NODE=${user.node}` },
    });
    socket.on('connect', () => socket.emit('sendID', user.conversationId, () => {}));
    // The server cuts a socket when its token ends; socket.io does not reconnect after a server's disconnect by
    // itself, so, as the browser's shared socket does, it comes back at once with the renewed token.
    socket.on('disconnect', (reason) => {
      socket.auth = { token: user.token, node: user.node };
      if (reason === 'io server disconnect') {
        minute.cut += 1;
        socket.connect();
      }
    });
    socket.on('connect_error', (error) => {
      socketErrors.set(error.message, (socketErrors.get(error.message) ?? 0) + 1);
    });
    sockets.push(socket);
  }
}

/** One request of the mix: mostly reads, as a social network's traffic is. */
function oneRequest() {
  const user = pick(users);
  const roll = random();
  if (roll < 0.35)
    return call('galaxy feed', 'GET', `/feed?page=${1 + Math.floor(random() * 5)}`, {
      token: user.token,
      node: user.node,
    });
  if (roll < 0.5)
    return call('planet feed', 'GET', `/feed/mars?page=${1 + Math.floor(random() * 3)}`, {
      token: user.token,
      node: user.node,
    });
  if (roll < 0.6)
    return call('user feed', 'GET', `/feed/${pick(users).id}?page=0`, { token: user.token, node: user.node });
  if (roll < 0.7)
    return call('post', 'POST', '/post', {
      token: user.token,
      node: user.node,
      body: {
        content: `soak ${Math.floor(random() * 1e9)}`,
        location: { latitude: 0, longitude: 0, planetId: 'mars' },
      },
    });
  if (roll < 0.8)
    return call('chat send', 'POST', '/user/chat', {
      token: user.token,
      node: user.node,
      body: { receiverId: user.partner.id, content: `soak ${Math.floor(random() * 1e9)}` },
    });
  if (roll < 0.9)
    return call('user search', 'GET', `/user/search/soak${Math.floor(random() * 9)}?page=0`, {
      token: user.token,
      node: user.node,
    });
  return call('follow', random() < 0.5 ? 'POST' : 'DELETE', `/user/${pick(users).id}/follow`, {
    token: user.token,
    node: user.node,
  });
}

const rssOf = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;

async function main() {
  console.log(`soak: ${MINUTES} min, ${RATE} requests/s, ${SOCKETS} sockets, 2 nodes`);
  await postgres.create();
  await redis.start();
  cleanups.push(() => redis.stop());
  await cluster.start({
    ready: async () => {
      try {
        return (await fetch(`${cluster.base}/api/faqs`)).ok;
      } catch {
        return false;
      }
    },
  });
  await setUp();
  connectSockets();
  await sleep(3000);
  minute = newMinute();
  const memory = [];
  let inFlight = 0;
  const end = Date.now() + MINUTES * 60_000 + 1000;
  let nextMinute = Date.now() + 60_000;
  let nextRenewal = Date.now() + RENEW_MS;
  let minuteIndex = 0;
  const interval = 1000 / RATE;
  let due = Date.now();
  while (Date.now() < end) {
    // Open loop: requests start on schedule whether or not earlier ones answered (bounded in flight).
    while (due <= Date.now()) {
      due += interval;
      if (inFlight >= MAX_IN_FLIGHT) {
        minute.skipped += 1;
        continue;
      }
      inFlight += 1;
      oneRequest().finally(() => {
        inFlight -= 1;
      });
    }
    if (Date.now() >= nextRenewal) {
      nextRenewal += RENEW_MS;
      void renewTokens();
    }
    if (Date.now() >= nextMinute) {
      minuteIndex += 1;
      nextMinute += 60_000;
      const rss = cluster.nodes().map((node) => ({ name: node.name, rss: rssOf(node.pid) }));
      memory.push(rss.reduce((sum, node) => sum + node.rss, 0) / rss.length);
      const calls = [...minute.latencies.entries()]
        .map(([label, list]) => {
          const sorted = list.sort((a, b) => a - b);
          return `${label} ${percentile(sorted, 50).toFixed(0)}/${percentile(sorted, 99).toFixed(0)} ms`;
        })
        .join(', ');
      const connected = sockets.filter((socket) => socket.connected).length;
      console.log(
        `min ${String(minuteIndex).padStart(2)}: ${minute.requests} requests, ${minute.errors} errors, ${minute.unauthorized} 401, ${minute.skipped} skipped, ` +
          `${connected}/${SOCKETS} sockets (${minute.cut} cut at token expiry, reconnected)${socketErrors.size ? ` (refused: ${[...socketErrors].map(([why, n]) => `${n}x ${why}`).join('; ')})` : ''} | p50/p99 ${calls} | RSS ${rss.map((node) => `${node.name} ${mb(node.rss)}`).join(', ')}`,
      );
      minute = newMinute();
      socketErrors.clear();
    }
    await sleep(Math.max(1, Math.min(interval, due - Date.now())));
  }
  for (const socket of sockets) socket.close();
  if (memory.length >= 30) {
    const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
    const early = mean(memory.slice(10, 20));
    const late = mean(memory.slice(-10));
    const drift = (late - early) / early;
    console.log(
      `memory: minutes 10-20 ${mb(early)}, last 10 ${mb(late)} (${(drift * 100).toFixed(1)}%): ${Math.abs(drift) <= 0.1 ? 'flat' : 'NOT flat'}`,
    );
    return Math.abs(drift) <= 0.1;
  }
  console.log(`memory per minute: ${memory.map(mb).join(', ')} (30 minutes or more to judge flatness)`);
  return true;
}

let exitCode = 1;
try {
  exitCode = (await main()) ? 0 : 1;
} catch (error) {
  console.error('[soak]', error);
  if (cluster.output) console.error(cluster.output().slice(-4000));
} finally {
  await cleanup();
}
process.exit(exitCode);
