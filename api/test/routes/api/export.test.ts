// Issue 31, "Download your data": the archive of a seeded person holds every record they own and nothing of anyone
// else's; it is built in the background, mailed as a link that works for 7 days, once a day.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { call, type SignedUp, signup, useApp } from '../../helper.js';
import { mailLink } from '../../mail.js';

const at = { latitude: 41.9028, longitude: 12.4964, planetId: 'earth' };

describe('download your data', () => {
  const ctx = useApp();
  let owner: SignedUp;
  let other: SignedUp;
  let link: string;

  it('asks, builds in the background and mails a link', async () => {
    owner = await signup(ctx.app, { userName: 'exporter' });
    other = await signup(ctx.app, { userName: 'someone_else' });
    const mine = await call(ctx.app, 'POST /api/post', {
      token: owner.token,
      payload: { content: 'my draft', location: at },
    });
    // Edited (issue 35): the archive holds the text now and the earlier one.
    await call(ctx.app, `PATCH /api/post/${mine.body.value._id}`, {
      token: owner.token,
      payload: { content: 'my post' },
    });
    const theirs = await call(ctx.app, 'POST /api/post', {
      token: other.token,
      payload: { content: 'their private draft', location: { ...at, latitude: 7.7777 } },
    });
    await call(ctx.app, `PATCH /api/post/${theirs.body.value._id}`, {
      token: other.token,
      payload: { content: 'their private thoughts' },
    });
    await call(ctx.app, `POST /api/post/${theirs.body.value._id}/comment`, {
      token: owner.token,
      payload: { content: 'my reply' },
    });
    await call(ctx.app, `POST /api/post/${mine.body.value._id}/comment`, {
      token: other.token,
      payload: { content: 'their reply' },
    });
    await call(ctx.app, `POST /api/post/${theirs.body.value._id}/like`, { token: owner.token });
    await call(ctx.app, `POST /api/post/${theirs.body.value._id}/save`, { token: owner.token });
    await call(ctx.app, `POST /api/user/${other.id}/follow`, { token: owner.token });
    await call(ctx.app, 'POST /api/user/chat', {
      token: owner.token,
      payload: { receiverId: other.id, content: 'my message' },
    });
    await call(ctx.app, 'POST /api/user/chat', {
      token: other.token,
      payload: { receiverId: owner.id, content: 'their message' },
    });
    await call(ctx.app, 'POST /api/user/mutedWords', { token: owner.token, payload: { word: 'spoilers' } });

    const asked = await call(ctx.app, 'POST /api/user/export', { token: owner.token });
    assert.equal(asked.status, 200);
    assert.equal(asked.body.value.status, 'pending');
    const again = await call(ctx.app, 'POST /api/user/export', { token: owner.token });
    assert.equal(again.status, 429);
    assert.match(again.body.error, /less than a day ago/);
    // The mail is quoted-printable: '=' in the link reads '=3D'.
    const [id, token] = (
      await mailLink(
        path.join(ctx.dataDir, 'outbox'),
        owner.email,
        /(\/api\/user\/export\/[0-9a-f-]+\/download\?token=(?:3D)?[A-Za-z0-9_-]+)/,
      )
    )
      .replace('token=3D', 'token=')
      .match(/export\/([0-9a-f-]+)\/download\?token=(.+)$/)!
      .slice(1);
    assert.equal(id, asked.body.value._id);
    link = `/api/user/export/${id}/download?token=${token}`;
    const listed = await call(ctx.app, 'GET /api/user/export', { token: owner.token });
    assert.equal(listed.body.value[0].status, 'ready');
    assert.equal(JSON.stringify(listed.body).includes('token'), false);
  });

  it('the archive holds every record of theirs and nothing of anyone else', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: link });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'application/zip');
    assert.match(
      String(r.headers['content-disposition']),
      /attachment; filename="skynet-data-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = unzipSync(new Uint8Array(r.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));
    assert.deepEqual(Object.keys(files).sort(), [
      'README.txt',
      'blocks.json',
      'follows.json',
      'likes.json',
      'messages.json',
      'mutedWords.json',
      'mutes.json',
      'posts.json',
      'profile.json',
      'replies.json',
      'reports.json',
      'saves.json',
      'sessions.json',
    ]);
    assert.equal(json('profile.json').email, owner.email);
    assert.equal(json('profile.json').latitude, 1); // their own position: theirs to have
    assert.deepEqual(
      json('posts.json').map((p: { content: string }) => p.content),
      ['my post'],
    );
    assert.deepEqual(
      json('posts.json')[0].earlier_texts.map((e: { content: string }) => e.content),
      ['my draft'],
    );
    assert.ok(json('posts.json')[0].edited_at);
    assert.deepEqual(
      json('replies.json').map((p: { content: string }) => p.content),
      ['my reply'],
    );
    assert.equal(json('likes.json').length, 1);
    assert.equal(json('saves.json').length, 1);
    assert.deepEqual(
      json('follows.json').following.map((p: { userName: string }) => p.userName),
      ['someone_else'],
    );
    assert.deepEqual(
      json('messages.json')[0].sent.map((m: { content: string }) => m.content),
      ['my message'],
    );
    assert.deepEqual(
      json('mutedWords.json').map((w: { word: string }) => w.word),
      ['spoilers'],
    );
    assert.ok(json('sessions.json').length >= 1);
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    for (const theirs of [
      'their private thoughts',
      'their private draft',
      'their reply',
      'their message',
      other.email,
      '7.7777',
      'argon2',
    ])
      assert.equal(everything.includes(theirs), false, `the archive holds ${theirs}`);
  });

  it('a wrong or tampered link is a 404 with a clear text, never the archive', async () => {
    const bad = link.replace(/token=.{4}/, 'token=AAAA');
    const r = await call(ctx.app, `GET ${bad}`);
    assert.equal(r.status, 404);
    assert.match(r.body.error, /wrong or has expired/);
    assert.equal((await call(ctx.app, 'GET /api/user/export/nope/download?token=x')).status, 404);
    assert.equal((await call(ctx.app, 'POST /api/user/export')).status, 401);
  });
});
