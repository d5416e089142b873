#!/usr/bin/env node
// `npm run chaos`: the fault suite of issue 20 against `npm run cluster`, with its OWN PostgreSQL (initdb in a
// temporary folder), its own Redis (a free port) and its own data folder: loopback only, bounded in time, and it
// removes everything it started. While scripted users post, like, follow and chat (HTTP and socket.io through the
// proxy, polling first as the spec says), it (a) kills one API process with SIGKILL, (b) stops Redis and starts it
// again, (c) freezes Redis (SIGSTOP) and thaws it (SIGCONT), (d) restarts PostgreSQL, (e) freezes PostgreSQL (every
// process of the cluster) and thaws it, (f) makes one remote's files unreachable. Per fault it prints requests sent,
// failed and retried, chat messages sent (acknowledged), delivered live, caught up and lost, duplicates, the slowest
// answer while a server was frozen, and the time until everything answers again. Exit 1 when an acknowledged write
// is lost or stored twice, a socket does not catch up within 10 s, a call waits more than 2 s for an answer while a
// server is frozen, or the system does not serve fully again after a fault.
// Usage: node e2e/chaos/chaos.mjs [--seconds N (per fault, default 12)] [--seed N] [--json]
//   [--time-limit S (the whole run; default 600, 300 with --ci)] [--ci (CI: 10 s a fault, a 300 s limit)]
// Needs a build (npm run build) and PostgreSQL 15's initdb/pg_ctl, redis-server and haproxy (Debian packages).
import { randomUUID } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { cleanup, cleanups, cluster, need, postgres, redis, sleep, work } from './topology.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean' },
    ci: { type: 'boolean' },
    'time-limit': { type: 'string' },
  },
});
const FAULT_SECONDS = Number(args.seconds ?? (args.ci ? 10 : 12));
// A bounded run whatever hangs: past the limit everything started is stopped and removed, and the run fails.
const TIME_LIMIT_S = Number(args['time-limit'] ?? (args.ci ? 300 : 600));
setTimeout(() => {
  console.log(`FAIL the run took longer than ${TIME_LIMIT_S} s`);
  console.log('chaos: failed');
  cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_S * 1000).unref();
const RECOVERY_LIMIT_MS = 10_000;
const USERS = 6;
let seed = Number(args.seed ?? 20261125);
/** mulberry32: the same run for the same seed. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const log = (...parts) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}]`, ...parts);

// ---- scripted users ---------------------------------------------------------------------------------------
const counters = () => ({ sent: 0, failed: 0, retried: 0, gaveUp: 0, slowestFrozenMs: null });
let current = counters();
/** While a server is frozen every call must answer (a 503 is an answer) within this (issue 30). */
const FROZEN_ANSWER_MS = 2_000;
let frozen = false;

/**
 * One API call through the proxy; network failures and 5xx are retried 3 times (300 ms apart). A chat send passes
 * its message's `idempotencyKey`: every retry carries the same one, so a send whose answer was lost (the process
 * killed after its commit) is answered, not stored a second time.
 */
async function call(method, path, { token, body, node, idempotencyKey } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    current.sent += 1;
    const startedAt = Date.now();
    const duringFreeze = frozen;
    const answered = () => {
      if (duringFreeze || frozen)
        current.slowestFrozenMs = Math.max(current.slowestFrozenMs ?? 0, Date.now() - startedAt);
    };
    try {
      const response = await fetch(`${cluster.base}/api${path}`, {
        method,
        headers: {
          ...(node ? { cookie: `SKYNET_NODE=${node}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(5000),
      });
      answered();
      if (response.status < 500)
        return { status: response.status, body: await response.json().catch(() => null) };
      current.failed += 1;
    } catch {
      answered();
      current.failed += 1;
    }
    if (attempt === 3) {
      current.gaveUp += 1;
      return { status: 0, body: null };
    }
    current.retried += 1;
    await sleep(300);
  }
}

const users = [];
/** Acknowledged chat messages: content -> { from, to, conversationId, ackAt, fault }. */
const acked = new Map();
/**
 * What each receiver saw: content -> when its socket first had it, and how (live, or fetched after a reconnection).
 * Kept for every message, acknowledged or not yet: the room's event can arrive before the sender's HTTP answer.
 */
const received = new Map();
const seen = (content) => received.get(content);
const ackedPosts = new Set();

async function makeUsers() {
  for (let i = 0; i < USERS; i += 1) {
    const name = `chaos${i}${Math.floor(random() * 1e6)}`;
    const signup = await call('POST', '/user/signup', {
      body: {
        email: `${name}@example.com`,
        userName: name,
        password: 'a long chaos password',
        location: { latitude: 0, longitude: 0, planetId: 'mars' },
      },
    });
    if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
    const token = signup.body.value;
    const me = await call('GET', '/user', { token });
    // Each user's socket is pinned to one node (HAProxy's cookie on socket.io) and its partner's to the other, so
    // every chat message reaches its receiver through Redis (API calls themselves go to any node: least connections).
    users.push({ name, token, id: me.body.value._id, node: `node-${(i % 2) + 1}` });
  }
  // Pairs chat: 0<->1, 2<->3, 4<->5. The first message starts each conversation.
  for (let i = 0; i < USERS; i += 2) {
    const [a, b] = [users[i], users[i + 1]];
    const first = await call('POST', '/user/chat', {
      token: a.token,
      body: { receiverId: b.id, content: `hello ${b.name}` },
      idempotencyKey: randomUUID(),
    });
    a.partner = b;
    b.partner = a;
    a.conversationId = b.conversationId = first.body.value.conversationId;
  }
}

/** Records a message this user's socket got from its partner, the first time: live, or caught up by a join. */
function receive(user, message, how) {
  if (message?.senderId !== user.id && !received.has(message?.content)) {
    received.set(message.content, { at: Date.now(), how });
  }
}

/**
 * Joins the user's conversation catching up from its cursor (what mfe-chat does): sendID with { after: the newest
 * message it holds with every earlier one }; the answer carries exactly the messages stored after it. A join that
 * fails or is not answered (a node dying under it) is tried again a second later while connected.
 */
function joinRoom(user) {
  const { socket } = user;
  if (!socket.connected) return;
  const after = user.cursor?.id;
  socket.timeout(5000).emit('sendID', user.conversationId, after ? { after } : {}, (err, ack) => {
    if (err || !ack?.ok || !ack.catchUp) {
      setTimeout(() => joinRoom(user), 1000);
      return;
    }
    const { messages, top } = ack.catchUp;
    for (const message of messages) receive(user, message, 'caught up');
    if (!user.cursor || top > user.cursor.seq)
      user.cursor = { id: messages.at(-1)?._id ?? after ?? null, seq: top };
    advance(user);
  });
}

/** Moves the cursor over messages received in number order; a number still missing after 1 s: join (catch up). */
function advance(user) {
  const cursor = user.cursor;
  if (!cursor) return;
  for (const seq of user.ahead.keys()) if (seq <= cursor.seq) user.ahead.delete(seq);
  while (user.ahead.has(cursor.seq + 1)) {
    cursor.id = user.ahead.get(cursor.seq + 1);
    user.ahead.delete(cursor.seq + 1);
    cursor.seq += 1;
  }
  if (user.ahead.size > 0 && !user.gapTimer) {
    user.gapTimer = setTimeout(() => {
      user.gapTimer = null;
      if (user.ahead.size > 0) joinRoom(user);
    }, 1000);
  }
}

/** A socket per user, joined to its conversation; on every (re)connection it joins again and catches up. */
function connectSockets() {
  for (const user of users) {
    const socket = io(cluster.base, {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
      auth: { token: user.token },
      // Pinned like a browser: HAProxy's cookie, on the polling requests and the websocket upgrade alike.
      extraHeaders: { cookie: `SKYNET_NODE=${user.node}` },
    });
    user.socket = socket;
    user.reconnects = [];
    user.cursor = null;
    user.ahead = new Map();
    socket.on('disconnect', (reason) => {
      if (process.env.CHAOS_DEBUG) log(`${user.name} disconnected: ${reason}`);
      user.disconnectedAt ??= Date.now();
    });
    socket.on('connect', () => {
      if (user.disconnectedAt) user.reconnects.push(Date.now() - user.disconnectedAt);
      user.disconnectedAt = undefined;
      joinRoom(user);
    });
    // One new message per event, with its number in the conversation.
    socket.on('newMessage', (message) => {
      if (message?.conversationId !== user.conversationId) return;
      receive(user, message, 'live');
      if (!user.cursor || message.seq > user.cursor.seq) user.ahead.set(message.seq, message._id);
      advance(user);
    });
  }
}

let messageCounter = 0;
/** One scripted action of one user: chat most of the time, else post, like or follow. */
async function act(user, fault) {
  const roll = random();
  if (roll < 0.5) {
    messageCounter += 1;
    const content = `m${messageCounter} ${fault} ${user.name}`;
    const sent = await call('POST', '/user/chat', {
      token: user.token,
      node: user.node,
      body: { receiverId: user.partner.id, content },
      // One key per message, the same on each of its retries.
      idempotencyKey: randomUUID(),
    });
    if (sent.status === 200)
      acked.set(content, { from: user.id, to: user.partner.id, ackAt: Date.now(), fault });
  } else if (roll < 0.7) {
    const content = `post ${messageCounter} ${fault} ${user.name} ${Math.floor(random() * 1e6)}`;
    const made = await call('POST', '/post', {
      token: user.token,
      node: user.node,
      body: { content, location: { latitude: 0, longitude: 0, planetId: 'mars' } },
    });
    if (made.status === 200) ackedPosts.add(made.body.value._id);
  } else if (roll < 0.85) {
    const feed = await call('GET', '/feed?page=1', { token: user.token, node: user.node });
    const post = feed.body?.value?.[Math.floor(random() * (feed.body?.value?.length ?? 0))];
    if (post)
      await call(random() < 0.5 ? 'POST' : 'DELETE', `/post/${post._id}/like`, {
        token: user.token,
        node: user.node,
      });
  } else {
    const other = users[Math.floor(random() * users.length)];
    if (other !== user)
      await call(random() < 0.6 ? 'POST' : 'DELETE', `/user/${other.id}/follow`, {
        token: user.token,
        node: user.node,
      });
  }
}

/** Every user acts every ~150 ms until `until`. */
async function load(until, fault) {
  await Promise.all(
    users.map(async (user) => {
      while (Date.now() < until) {
        await act(user, fault);
        await sleep(100 + random() * 100);
      }
    }),
  );
}

/** Does everything answer: each node directly, the proxy, the site's files, a remote's entry? */
async function probeAll() {
  const problems = [];
  const get = async (url, init) => {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
      if (!response.ok) problems.push(`${url} ${response.status}`);
      return response;
    } catch (error) {
      problems.push(`${url} ${error.cause?.code ?? error.name}`);
      return null;
    }
  };
  if (existsSync(cluster.stateFile)) {
    const nodes = cluster.nodes();
    if (nodes.length < 2) problems.push(`${nodes.length} of 2 nodes running`);
    for (const node of nodes) await get(`http://127.0.0.1:${node.port}/api/health`);
  } else problems.push('no cluster state yet');
  // A call that reads the database (the planet list is cached in each process).
  await get(`${cluster.base}/api/faqs`);
  const registry = await get(`${cluster.base}/remotes.json`);
  if (registry?.ok) {
    const { remotes } = await registry.json();
    for (const [name, entry] of Object.entries(remotes)) {
      await get(
        `${cluster.base}${entry.versions[entry.stable].manifest.replace('mf-manifest.json', 'remoteEntry.js')}`,
      );
      if (problems.length > 8) break;
      void name;
    }
  }
  return { ok: problems.length === 0, problems };
}

/** Time from `since` until probeAll passes (null when not within the limit). */
async function recovery(since, limitMs = 30_000) {
  while (Date.now() - since < limitMs) {
    if ((await probeAll()).ok) return Date.now() - since;
    await sleep(200);
  }
  return null;
}

// ---- the faults -------------------------------------------------------------------------------------------
const faults = [
  {
    name: 'baseline (no fault)',
    async inject() {},
    async heal() {},
  },
  {
    name: 'SIGKILL one API process',
    async inject() {
      const [victim] = cluster.nodes();
      process.kill(victim.pid, 'SIGKILL');
      return `killed ${victim.name} (pid ${victim.pid})`;
    },
    async heal() {},
  },
  {
    name: 'Redis stopped, then started',
    lasting: true,
    async inject() {
      await redis.stop();
      return `redis-server on ${redis.port} stopped`;
    },
    async heal() {
      await redis.start();
    },
  },
  {
    name: 'Redis frozen (SIGSTOP), thawed',
    lasting: true,
    freezes: true,
    async inject() {
      process.kill(redis.child.pid, 'SIGSTOP');
      cleanups.push(() => redis.child.kill('SIGCONT'));
      return `redis-server (pid ${redis.child.pid}) stopped with SIGSTOP: connections open, nothing answers`;
    },
    async heal() {
      process.kill(redis.child.pid, 'SIGCONT');
    },
  },
  {
    name: 'PostgreSQL restarted',
    async inject() {
      postgres.stop('fast');
      await sleep(1500);
      await postgres.start();
      return 'pg_ctl stop -m fast; 1.5 s; start';
    },
    async heal() {},
  },
  {
    name: 'PostgreSQL frozen (SIGSTOP), thawed',
    lasting: true,
    freezes: true,
    async inject() {
      const pids = postgres.freeze();
      return `the postmaster and its ${pids.length - 1} children stopped with SIGSTOP`;
    },
    async heal() {
      postgres.thaw();
    },
  },
  {
    name: "one remote's host unreachable",
    lasting: true,
    async inject() {
      const folder = join(cluster.dataDir, 'site', 'remotes', 'mfe-chat');
      renameSync(folder, `${folder}.away`);
      this.folder = folder;
      return 'mfe-chat files gone from the site';
    },
    async heal() {
      renameSync(`${this.folder}.away`, this.folder);
    },
  },
];

async function main() {
  log(`private PostgreSQL, Redis and a 2-node cluster in ${work}`);
  need('/usr/sbin/haproxy', 'apt-get install haproxy');
  await postgres.create();
  await redis.start();
  cleanups.push(() => redis.stop());
  await cluster.start({ ready: async () => (await probeAll()).ok });
  await makeUsers();
  connectSockets();
  await sleep(1500);
  const rows = [];
  for (const fault of faults) {
    current = counters();
    const before = acked.size;
    const started = Date.now();
    const loading = load(started + FAULT_SECONDS * 1000, fault.name);
    await sleep(2000);
    const injectedAt = Date.now();
    const what = await fault.inject();
    if (fault.freezes) frozen = true;
    log(`${fault.name}${what ? `: ${what}` : ''}`);
    // A lasting fault (Redis down, files gone) lasts 5 s and is then repaired: recovery counts from the repair.
    // A fault that heals by itself (a supervisor restarts the node, PostgreSQL comes back) counts from the fault.
    const recovering = fault.lasting ? null : recovery(injectedAt);
    if (fault.lasting) await sleep(Math.min(5000, FAULT_SECONDS * 1000 - 4000));
    await fault.heal();
    frozen = false;
    const healedAt = Date.now();
    const recoveredIn = await (recovering ?? recovery(healedAt));
    await loading;
    // Give live delivery and catch-up their 10 s.
    await sleep(Math.max(0, RECOVERY_LIMIT_MS - (Date.now() - healedAt)));
    const messages = [...acked.entries()].slice(before);
    rows.push({
      fault: fault.name,
      ...current,
      messagesAcked: messages.length,
      deliveredLive: messages.filter(([content]) => seen(content)?.how === 'live').length,
      caughtUp: messages.filter(([content]) => seen(content)?.how === 'caught up').length,
      notSeen: messages.filter(([content]) => !seen(content)).length,
      slowestMs: Math.max(
        0,
        ...messages.map(([content, sent]) => (seen(content)?.at ?? sent.ackAt) - sent.ackAt),
      ),
      reconnectMs: Math.max(0, ...users.flatMap((user) => user.reconnects.splice(0))),
      recoveredMs: recoveredIn,
      injectedAfterMs: injectedAt - started,
    });
  }
  // Every acknowledged message is stored exactly once.
  let lost = 0;
  let duplicated = 0;
  for (let i = 0; i < USERS; i += 2) {
    const history = await call('POST', '/user/getchats', {
      token: users[i].token,
      body: { receiverId: users[i + 1].id },
    });
    const stored = new Map();
    for (const day of history.body?.message ?? [])
      for (const m of day.messages) stored.set(m.content, (stored.get(m.content) ?? 0) + 1);
    for (const [content, sent] of acked) {
      if (sent.from !== users[i].id && sent.from !== users[i + 1].id) continue;
      const count = stored.get(content) ?? 0;
      if (count === 0) lost += 1;
      if (count > 1) duplicated += 1;
    }
  }
  let postsLost = 0;
  for (const id of ackedPosts) if ((await call('GET', `/post/${id}`)).status !== 200) postsLost += 1;
  for (const user of users) user.socket.close();
  return { rows, lost, duplicated, postsAcked: ackedPosts.size, postsLost, messagesAcked: acked.size };
}

let exitCode = 1;
try {
  const result = await main();
  if (args.json) console.log(JSON.stringify(result, null, 2));
  else {
    console.log(
      '\nfault                             sent  failed retried gave-up | msgs live caught-up unseen slowest | reconnect recovered | frozen: slowest answer',
    );
    for (const row of result.rows) {
      console.log(
        `${row.fault.padEnd(33)} ${String(row.sent).padStart(5)} ${String(row.failed).padStart(7)} ${String(row.retried).padStart(7)} ${String(row.gaveUp).padStart(7)} | ` +
          `${String(row.messagesAcked).padStart(4)} ${String(row.deliveredLive).padStart(4)} ${String(row.caughtUp).padStart(9)} ${String(row.notSeen).padStart(6)} ${`${(row.slowestMs / 1000).toFixed(1)} s`.padStart(7)} | ` +
          `${`${(row.reconnectMs / 1000).toFixed(1)} s`.padStart(9)} ${row.recoveredMs === null ? '   NEVER' : `${(row.recoveredMs / 1000).toFixed(1)} s`.padStart(9)} | ` +
          `${row.slowestFrozenMs === null ? '' : `${(row.slowestFrozenMs / 1000).toFixed(1)} s`.padStart(22)}`,
      );
    }
    console.log(
      `\nacknowledged: ${result.messagesAcked} messages (${result.lost} lost, ${result.duplicated} stored twice), ` +
        `${result.postsAcked} posts (${result.postsLost} lost)`,
    );
  }
  const failures = [
    result.lost > 0 && `${result.lost} acknowledged messages lost`,
    result.duplicated > 0 && `${result.duplicated} acknowledged messages stored twice`,
    result.postsLost > 0 && `${result.postsLost} acknowledged posts lost`,
    ...result.rows
      .filter((row) => row.recoveredMs === null)
      .map((row) => `${row.fault}: never fully serving again`),
    ...result.rows
      .filter((row) => row.notSeen > 0)
      .map((row) => `${row.fault}: ${row.notSeen} messages never reached their receiver's socket`),
    ...result.rows
      .filter((row) => row.slowestMs > RECOVERY_LIMIT_MS)
      .map((row) => `${row.fault}: a message took ${row.slowestMs} ms to reach its receiver`),
    ...result.rows
      .filter((row) => row.slowestFrozenMs !== null && row.slowestFrozenMs > FROZEN_ANSWER_MS)
      .map((row) => `${row.fault}: a call waited ${row.slowestFrozenMs} ms for an answer while frozen`),
    ...result.rows
      .filter((row) => row.reconnectMs > RECOVERY_LIMIT_MS)
      .map((row) => `${row.fault}: a socket took ${row.reconnectMs} ms to reconnect`),
  ].filter(Boolean);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  exitCode = failures.length === 0 ? 0 : 1;
  console.log(`chaos: ${failures.length === 0 ? 'passed' : 'failed'}`);
} catch (error) {
  console.error('[chaos]', error);
  if (cluster.output) console.error(cluster.output().slice(-4000));
} finally {
  await cleanup();
}
process.exit(exitCode);
