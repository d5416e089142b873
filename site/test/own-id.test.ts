// `:me` in a route's early calls (issue 34): the page's inline script fills in the id the saved token names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callForToken } from '../src/page-scripts/parts/own-id.js';

/** An access token as the API signs one (only its middle part matters here; the server checks the signature). */
const tokenFor = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;
const ID = '3f2c8a4e-1b7d-4c2a-9e0f-5a6b7c8d9e0f';

describe("the page script's :me", () => {
  it('puts in the id the saved token names in place of :me', () => {
    const token = tokenFor({ sub: ID, sid: 'x', exp: 1 });
    assert.equal(callForToken('/user/:me', token), `/user/${ID}`);
    assert.equal(callForToken('/feed/:me?page=0', token), `/feed/${ID}?page=0`);
  });

  it('asks calls without :me as they are, whatever the token', () => {
    assert.equal(callForToken('/planet', 'not a token'), '/planet');
    assert.equal(callForToken('/feed?page=1', ''), '/feed?page=1');
    // Another parameter that starts with "me" is not the visitor's id.
    assert.equal(callForToken('/x/:meta', tokenFor({ sub: ID })), '/x/:meta');
    assert.equal(callForToken('/x/:meta/:me', tokenFor({ sub: ID })), `/x/:meta/${ID}`);
  });

  it('starts no :me call for a token that names nobody readable (the page asks for itself)', () => {
    for (const token of [
      'garbage',
      'a.%%%.c',
      tokenFor({}),
      tokenFor({ sub: 42 }),
      tokenFor({ sub: '../admin' }),
      tokenFor({ sub: 'x'.repeat(65) }),
    ])
      assert.equal(callForToken('/user/:me', token), null, token);
  });
});
