// Node 24 is Skynet's runtime and Node 22 is still supported (scripts/node-runtime.mjs): `npm test` runs this file on
// Node 22 when SKYNET_OLDEST_NODE=1 (.ci/run). The built server (api/dist, the site published from the builds) starts
// on it, on the embedded database, and serves a new person's first minutes: the page, sign-up, a post, the feed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startProduct } from '../../tooling/site/product.mjs';

describe(`the built server on Node ${process.versions.node}`, () => {
  let product;
  before(async () => {
    product = await startProduct({ quiet: true, emptyDatabase: true });
  });
  after(async () => {
    await product?.stop();
  });

  it('runs on Node 22', () => {
    assert.equal(process.versions.node.split('.')[0], '22');
  });

  it('answers ready, serves the page, and signs up, posts and reads the feed', async () => {
    const api = (path, init = {}) =>
      fetch(`${product.baseURL}/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...init.headers },
      });
    assert.equal((await fetch(`${product.baseURL}/api/health/ready`)).status, 200);
    const page = await fetch(`${product.baseURL}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/i);

    const signup = await api('/user/signup', {
      method: 'POST',
      body: JSON.stringify({
        email: 'oldest.node@example.com',
        userName: 'oldestnode',
        password: 'a long enough password',
        location: { latitude: 0, longitude: 0, planetId: 'earth' },
      }),
    });
    assert.equal(signup.status, 200);
    const token = (await signup.json()).value;
    const authorization = `Bearer ${token}`;
    const posted = await api('/post', {
      method: 'POST',
      headers: { authorization },
      body: JSON.stringify({
        content: 'Hello from Node 22',
        location: { latitude: 0, longitude: 0, planetId: 'earth' },
      }),
    });
    assert.equal(posted.status, 200);
    const feed = await (await api('/feed?page=1', { headers: { authorization } })).json();
    assert.ok(
      feed.value.some((post) => post.content === 'Hello from Node 22'),
      'the new post is in the galaxy feed',
    );
  });
});
