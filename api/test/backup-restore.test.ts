// Issue 30, item 5: the restore drill. A live instance on the embedded database (the app in this process, on a
// DATA_DIR of its own, with a generated jwt-secret and a site registry with history) gets accounts, posts,
// comments, direct messages and an avatar; `npm run backup` runs while it serves (the server dumps its database on
// the backup's request, backup/live-dump.ts); `npm run restore` puts the archive into a fresh folder; the restored
// instance then has every account, post, comment, message, avatar and registry entry, by id, and its people sign in
// with their passwords (and the tokens issued before the backup still work: same secret, same sessions). On the
// suite's PostgreSQL pass the same drill runs through pg_dump and pg_restore.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Registry } from '@skynet/contract';
import { fileStore, type HistoryEntry } from '@skynet/site/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { hasProgram } from '../src/backup/backup.js';
import { requestLiveDump } from '../src/backup/live-dump.js';
import { runBackup } from '../src/cli/backup.js';
import { runRestore } from '../src/cli/restore.js';
import { loadConfig } from '../src/config.js';
import { rows } from '../src/db/database.js';
import { freshPostgres } from './fresh-postgres.js';
import { call, type SignedUp, signup, TEST_DB } from './helper.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'skynet-drill-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The environment of an instance on `dataDir`: no JWT_SECRET, so the secret is generated into DATA_DIR. */
const envOf = (dataDir: string) => ({
  DATA_DIR: dataDir,
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'silent',
  PUBLIC_ORIGIN: 'http://localhost:8080',
});

/** A site as operators leave it: one remote promoted to 1.0.1, another with a 10% canary in flight. */
const site = (staticStable: string, feedCanary: string | null): Registry['remotes'] => ({
  'mfe-static': {
    routes: [{ path: '/about', access: 'public' }],
    stable: staticStable,
    canary: null,
    versions: Object.fromEntries(
      ['1.0.0', '1.0.1'].map((v) => [v, { manifest: `/remotes/mfe-static/${v}/mf-manifest.json` }]),
    ),
  },
  'mfe-feed': {
    routes: [{ path: '/feed', access: 'signed-in' }],
    stable: '2.0.0',
    canary: feedCanary ? { version: feedCanary, percent: 10 } : null,
    versions: Object.fromEntries(
      ['2.0.0', '2.1.0'].map((v) => [v, { manifest: `/remotes/mfe-feed/${v}/mf-manifest.json` }]),
    ),
  },
});

/** Every id of the rows a person cares about, in a stable order. */
async function idsOf(app: FastifyInstance) {
  const ids = async (table: string) =>
    (await rows<{ id: string }>(app.db, sql.raw(`SELECT id::text AS id FROM ${table} ORDER BY id`))).map(
      (r) => r.id,
    );
  return {
    users: await ids('users'),
    posts: await ids('posts'),
    conversations: await ids('conversations'),
    messages: await ids('messages'),
  };
}

describe('restore drill: back up a live instance, restore it elsewhere, everything is there', () => {
  const liveDir = path.join(root, 'live');
  const restoredDir = path.join(root, 'restored');
  const archive = path.join(root, 'drill.tar.gz');
  let live: FastifyInstance;
  let liveClosed = false;
  let restored: FastifyInstance | null = null;
  const people: SignedUp[] = [];
  const postIds: string[] = [];
  const commentIds: string[] = [];
  let conversationId = '';
  let avatarUrl = '';
  let avatarBytes: Buffer;
  let before_: Awaited<ReturnType<typeof idsOf>>;
  let history: HistoryEntry[];

  before(async () => {
    // A published site: remotes.json at revision 2, its three history lines, and a remote's file (3 files).
    const siteDir = path.join(liveDir, 'site');
    mkdirSync(path.join(siteDir, 'remotes', 'mfe-static', '1.0.1'), { recursive: true });
    writeFileSync(
      path.join(siteDir, 'remotes', 'mfe-static', '1.0.1', 'mf-manifest.json'),
      '{"name":"mfe_static"}',
    );
    const store = fileStore(siteDir);
    await store.commit(await store.read(), { remotes: site('1.0.0', null) }, [
      { command: 'publish', remote: 'mfe-static', version: '1.0.1' },
    ]);
    await store.commit(await store.read(), { remotes: site('1.0.1', '2.1.0') }, [
      { command: 'promote', remote: 'mfe-static', version: '1.0.1', reason: 'drill' },
      { command: 'rollout', remote: 'mfe-feed', version: '2.1.0', reason: 'drill' },
    ]);
    history = await store.history();
    live = await buildApp(loadConfig(envOf(liveDir)), { logger: false });
    await live.ready();
  });
  after(async () => {
    if (live && !liveClosed) await live.close();
    await restored?.close();
  });

  it('the live instance gets accounts, posts, comments, messages and an avatar', async () => {
    for (const name of ['ada', 'brian', 'chen'])
      people.push(await signup(live, { userName: `drill_${name}` }));
    const [a, b, c] = people as [SignedUp, SignedUp, SignedUp];
    for (const [who, text] of [
      [a, 'First post from Earth'],
      [b, 'Hello from Mars'],
      [c, 'Europa is cold'],
      [a, 'A second one'],
    ] as const) {
      const r = await call(live, 'POST /api/post', {
        token: who.token,
        payload: { content: text, location: { latitude: 1, longitude: 2, planetId: 'earth' } },
      });
      assert.equal(r.status, 200, r.res.body);
      postIds.push(r.body.value._id);
    }
    for (const [who, on] of [
      [b, postIds[0]],
      [c, postIds[0]],
    ] as const) {
      const r = await call(live, `POST /api/post/${on}/comment`, {
        token: who.token,
        payload: { content: 'Nice' },
      });
      assert.equal(r.status, 200, r.res.body);
      commentIds.push(r.body.value._id);
    }
    for (const [from, to, text] of [
      [a, b, 'Hi Brian'],
      [b, a, 'Hi Ada'],
      [a, b, 'See you on Mars'],
    ] as const) {
      const r = await call(live, 'POST /api/user/chat', {
        token: from.token,
        payload: { content: text, receiverId: to.id },
      });
      assert.equal(r.status, 200, r.res.body);
      conversationId = r.body.value.conversationId;
    }
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const r = await call(live, 'PATCH /api/user/changeavatar', {
      token: a.token,
      payload: { avatarDataUrl: `data:image/png;base64,${png.toString('base64')}` },
    });
    assert.equal(r.status, 200, r.res.body);
    avatarUrl = r.body.value;
    const served = await live.inject({ method: 'GET', url: avatarUrl });
    assert.equal(served.statusCode, 200);
    avatarBytes = served.rawPayload;
    before_ = await idsOf(live);
    assert.equal(before_.users.length, 3);
    assert.equal(before_.posts.length, 6);
    assert.equal(before_.messages.length, 3);
  });

  it('npm run backup while it serves: the server dumps its own database; the manifest counts everything', async () => {
    const r = await runBackup(['--out', archive], envOf(liveDir));
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /database: pglite \(live\), \d+ migrations/);
    assert.match(r.out, /3 accounts, 4 posts, 2 comments, 1 conversations, 3 messages/);
    assert.match(r.out, /files: 1 media, 3 site; registry revision 2 with 3 history entries/);
    assert.match(r.out, /jwt-secret: included/);
    // The server still serves, and took no leftovers of the request.
    assert.equal((await call(live, 'GET /api/user', { token: people[0]!.token })).status, 200);
    assert.deepEqual(
      readdirSync(liveDir).filter((f) => f.startsWith('pglite.dump')),
      [],
    );
  });

  it('npm run restore into a fresh folder checks every count against the manifest', async () => {
    const r = await runRestore([archive], envOf(restoredDir));
    assert.equal(r.code, 0, r.out);
    for (const what of ['schema', 'counts', 'media files', 'site files', 'registry', 'jwt-secret'])
      assert.match(r.out, new RegExp(`ok ${what}:`));
    const again = await runRestore([archive], envOf(restoredDir));
    assert.equal(again.code, 1);
    assert.match(again.out, /Not restoring over existing data/);
  });

  it('the restored instance has every account, post, comment, message, avatar and the registry history', async () => {
    restored = await buildApp(loadConfig(envOf(restoredDir)), { logger: false });
    await restored.ready();
    assert.deepEqual(await idsOf(restored), before_);
    for (const person of people) {
      const signIn = await call(restored, 'POST /api/user/login', {
        payload: { email: person.email, password: person.password },
      });
      assert.equal(signIn.status, 200, `${person.userName} signs in with their password`);
      // The secret and the sessions came along: a token from before the backup still works.
      assert.equal((await call(restored, 'GET /api/user', { token: person.token })).status, 200);
    }
    for (const id of postIds) {
      const r = await call(restored, `GET /api/post/${id}`);
      assert.equal(r.status, 200);
    }
    const post = await call(restored, `GET /api/post/${postIds[0]}`);
    assert.equal(post.body.value.content, 'First post from Earth');
    assert.equal(post.body.value.commentCount, 2);
    const comments = await call(restored, `GET /api/post/${postIds[0]}/comment?page=0`);
    assert.deepEqual(comments.body.value.map((x: { _id: string }) => x._id).sort(), [...commentIds].sort());
    const [a, b] = people as [SignedUp, SignedUp];
    const chat = await call(restored, 'POST /api/user/getchats', {
      token: a.token,
      payload: { receiverId: b.id },
    });
    assert.equal(chat.status, 200);
    assert.equal(chat.body.conversationId, conversationId);
    assert.deepEqual(
      chat.body.message
        .flatMap((day: { messages: { content: string }[] }) => day.messages.map((m) => m.content))
        .sort(),
      ['Hi Ada', 'Hi Brian', 'See you on Mars'],
    );
    const me = await call(restored, 'GET /api/user', { token: a.token });
    assert.equal(me.body.value.avatarUrl, avatarUrl);
    const avatar = await restored.inject({ method: 'GET', url: avatarUrl });
    assert.equal(avatar.statusCode, 200);
    assert.ok(avatar.rawPayload.equals(avatarBytes), 'the same avatar bytes');
    const store = fileStore(path.join(restoredDir, 'site'));
    assert.deepEqual(await store.history(), history);
    assert.equal((await store.read()).revision, 2);
  });

  it('npm run backup of the stopped instance opens the folder itself, with the same counts', async () => {
    await live.close();
    liveClosed = true;
    const r = await runBackup(['--out', path.join(root, 'stopped.tar.gz')], envOf(liveDir));
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /database: pglite, \d+ migrations/);
    assert.match(r.out, /3 accounts, 4 posts, 2 comments, 1 conversations, 3 messages/);
  });
});

describe('a live backup never signals a process that does not take requests', () => {
  it('refuses a holder without the marker, naming it, and sends no signal', async () => {
    const dataDir = mkdtempSync(path.join(root, 'no-marker-'));
    // This very process: a SIGUSR2 without a handler would end it, so the refusal is also the proof of no signal.
    await assert.rejects(
      requestLiveDump(dataDir, process.pid, 1_000),
      new RegExp(`in use by process ${process.pid}, which does not take live backups`),
    );
    assert.deepEqual(readdirSync(dataDir), []);
  });
});

const pgReady = TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL && hasProgram('pg_dump');
describe('restore drill on PostgreSQL: pg_dump into the archive, pg_restore into an empty database', {
  skip: pgReady
    ? false
    : 'runs on the PostgreSQL pass (TEST_DATABASE_URL) with pg_dump and pg_restore on PATH',
}, () => {
  it('every account, post and message is in the restored database, and people sign in there', async () => {
    const baseUrl = process.env.TEST_DATABASE_URL as string;
    const [from, to] = [
      await freshPostgres(baseUrl, 'skynet_drill'),
      await freshPostgres(baseUrl, 'skynet_drill'),
    ];
    const dirs = [path.join(root, 'pg-live'), path.join(root, 'pg-restored')] as const;
    const envs = [
      { ...envOf(dirs[0]), DATABASE_URL: from.url },
      { ...envOf(dirs[1]), DATABASE_URL: to.url },
    ];
    const apps: FastifyInstance[] = [];
    try {
      const live = await buildApp(loadConfig(envs[0]), { logger: false });
      apps.push(live);
      const [a, b] = [await signup(live), await signup(live)];
      await call(live, 'POST /api/post', {
        token: a.token,
        payload: { content: 'On PostgreSQL', location: { latitude: 1, longitude: 2, planetId: 'mars' } },
      });
      await call(live, 'POST /api/user/chat', {
        token: b.token,
        payload: { content: 'Hi', receiverId: a.id },
      });
      const ids = await idsOf(live);
      const file = path.join(root, 'pg-drill.tar.gz');
      const backup = await runBackup(['--out', file], envs[0]);
      assert.equal(backup.code, 0, backup.out);
      assert.match(backup.out, /database: postgres \(live\)/);
      assert.match(backup.out, /2 accounts, 1 posts, 0 comments, 1 conversations, 1 messages/);
      const restore = await runRestore([file], envs[1]);
      assert.equal(restore.code, 0, restore.out);
      const restored = await buildApp(loadConfig(envs[1]), { logger: false });
      apps.push(restored);
      assert.deepEqual(await idsOf(restored), ids);
      for (const person of [a, b]) {
        const r = await call(restored, 'POST /api/user/login', {
          payload: { email: person.email, password: person.password },
        });
        assert.equal(r.status, 200);
      }
    } finally {
      for (const app of apps) await app.close();
      await from.drop();
      await to.drop();
    }
  });
});
