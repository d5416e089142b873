import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, call, useApp } from '../../helper.js';

describe('health, planets, FAQs, platform events, docs', () => {
  const ctx = useApp();

  it('GET /api/health answers success', async () => {
    const r = await call(ctx.app, 'GET /api/health');
    assert.equal(r.status, 200);
    // { success: true } plus the node's name and pid (issue 20's fixed interface: `{ node, pid, ... }`).
    assert.equal(r.body.success, true);
    assert.equal(r.body.node, ctx.config.nodeName);
    assert.equal(r.body.pid, process.pid);
  });

  it('lists the nine planets Mercury..Pluto with visuals, and one planet by id', async () => {
    const r = await call(ctx.app, 'GET /api/planet');
    assert.equal(r.status, 200);
    const names = r.body.value.map((p: { name: string }) => p.name);
    assert.deepEqual(names, [
      'Mercury',
      'Venus',
      'Earth',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
    ]);
    const earth = r.body.value[2];
    assert.equal(earth._id, 'earth');
    assert.equal(typeof earth.visual.radius, 'number');
    assert.equal(typeof earth.visual.orbitRadius, 'number');
    assert.equal(typeof earth.visual.orbitDuration, 'number');
    const one = await call(ctx.app, 'GET /api/planet/mars');
    assert.equal(one.body.value.name, 'Mars');
    assert.equal((await call(ctx.app, 'GET /api/planet/vulcan')).status, 404);
  });

  it('serves the planet images as long-cached SVG', async () => {
    const r = await call(ctx.app, 'GET /api/planets/images/saturn.svg');
    assert.equal(r.status, 200);
    assert.match(String(r.res.headers['content-type']), /image\/svg\+xml/);
    assert.match(String(r.res.headers['cache-control']), /immutable/);
    assert.match(r.res.body, /<svg/);
    assert.equal((await call(ctx.app, 'GET /api/planets/images/nope.svg')).status, 404);
  });

  it('GET /api/faqs lists FAQs; POST /api/faqs searches words of question and answer', async () => {
    const all = await call(ctx.app, 'GET /api/faqs');
    assert.ok(all.body.value.length >= 10);
    assert.deepEqual(Object.keys(all.body.value[0]).sort(), ['_id', 'answer', 'question']);
    const found = await call(ctx.app, 'POST /api/faqs', { payload: { query: 'password' } });
    assert.equal(found.status, 200);
    assert.ok(found.body.value.length > 0);
    assert.ok(
      found.body.value.every((f: { question: string; answer: string }) =>
        /password/i.test(f.question + f.answer),
      ),
    );
    const none = await call(ctx.app, 'POST /api/faqs', { payload: { query: "zzqx' OR 1=1 --" } });
    assert.deepEqual(none.body.value, []);
  });

  it('accepts platform events (counted only under a page token: release-signals.test.ts) and refuses bad ones', async () => {
    const ok = await call(ctx.app, 'POST /api/platform/events', {
      payload: {
        events: [
          { type: 'load', remote: 'mfe-feed', version: '1.0.0' },
          { type: 'load', remote: 'mfe-feed', version: '1.0.0', at: new Date().toISOString() },
          { type: 'mount-failure', remote: 'mfe-chat', version: '1.2.0' },
        ],
      },
    });
    // Issue 33: 204, and nothing counted without the page's token.
    assert.equal(ok.status, 204);
    const bad = await call(ctx.app, 'POST /api/platform/events', {
      payload: { events: [{ type: 'boom', remote: 'x', version: '1' }] },
    });
    assert.equal(bad.status, 400);
    assert.equal(typeof bad.body.error, 'string');
    const many = await call(ctx.app, 'POST /api/platform/events', {
      payload: { events: Array.from({ length: 51 }, () => ({ type: 'load', remote: 'a', version: '1' })) },
    });
    assert.equal(many.status, 400);
    // The summary is for administrators (issue 33): without a token, 401.
    const s = await call(ctx.app, 'GET /api/platform/events/summary');
    assert.equal(s.status, 401);
  });

  it('serves the OpenAPI document at /api/docs only with API_DOCS=on', async (t) => {
    assert.equal((await call(ctx.app, 'GET /api/docs/json')).status, 404, 'not by default');
    assert.equal((await call(ctx.app, 'GET /api/docs')).status, 404, 'not by default');
    const { app } = await build(t, { env: { API_DOCS: 'on' } });
    const r = await call(app, 'GET /api/docs/json');
    assert.equal(r.status, 200);
    assert.ok(r.body.paths['/api/user/login']);
    assert.ok(r.body.paths['/api/feed/{id}']);
  });

  it('answers an unknown API call with a JSON 404', async () => {
    const r = await call(ctx.app, 'POST /api/nope');
    assert.equal(r.status, 404);
    assert.equal(r.body.success, false);
    assert.equal(typeof r.body.error, 'string');
  });
});
