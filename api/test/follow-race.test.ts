// Issue 21 item 5: people following each other at the same moment. Before the rows were locked in id order, PostgreSQL
// answered 27 of 160 such requests with a deadlock (500).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/database.js';
import { hashPassword } from '../src/lib/passwords.js';
import { call, TEST_DB, useApp } from './helper.js';

const PAIRS = 100;
const PASSWORD = 'race password 1';

describe('concurrent mutual follows (PostgreSQL)', { concurrency: false }, () => {
  const skip = TEST_DB !== 'postgres' && 'PostgreSQL only: runs when TEST_DATABASE_URL is set';
  const ctx = useApp();

  it(`${PAIRS * 2} follows of ${PAIRS} pairs at once, then ${PAIRS * 2} unfollows: no 5xx, exact counts`, {
    skip,
  }, async () => {
    const hash = await hashPassword(PASSWORD);
    const users = await rows<{ id: string; email: string }>(
      ctx.database.db,
      sql`INSERT INTO users (user_name, email, password_hash, planet_id, latitude, longitude)
          SELECT 'race' || g, 'race' || g || '@example.com', ${hash}, 'earth', 0, 0 FROM generate_series(1, ${PAIRS * 2}) g
          RETURNING id, email`,
    );
    const tokens: string[] = [];
    for (const u of users) {
      const r = await call(ctx.app, 'POST /api/user/login', {
        payload: { email: u.email, password: PASSWORD },
      });
      assert.equal(r.status, 200, r.body.error);
      tokens.push(r.body.value);
    }
    // Pair i: users 2i and 2i+1, each following the other, all 200 requests in flight together.
    const both = (method: 'POST' | 'DELETE') =>
      Promise.all(
        users.map((_, i) => {
          const other = users[i % 2 === 0 ? i + 1 : i - 1]!;
          return call(ctx.app, `${method} /api/user/${other.id}/follow`, { token: tokens[i]! });
        }),
      );
    const counts = () =>
      rows<{
        id: string;
        follower_count: number;
        following_count: number;
        follows: number;
        followed: number;
      }>(
        ctx.database.db,
        sql`SELECT u.id, u.follower_count, u.following_count,
                   (SELECT count(*)::int FROM follows f WHERE f.follower_id = u.id) AS follows,
                   (SELECT count(*)::int FROM follows f WHERE f.followee_id = u.id) AS followed
            FROM users u WHERE u.user_name LIKE 'race%'`,
      );

    const followed = await both('POST');
    const statuses = followed.map((r) => r.status);
    assert.deepEqual(
      statuses.filter((s) => s !== 200),
      [],
      `every follow answered 200: ${followed.find((r) => r.status !== 200)?.body.error}`,
    );
    for (const c of await counts()) {
      assert.deepEqual([c.follower_count, c.following_count, c.follows, c.followed], [1, 1, 1, 1], c.id);
    }

    const unfollowed = await both('DELETE');
    assert.deepEqual(
      unfollowed.map((r) => r.status).filter((s) => s !== 200),
      [],
      'every unfollow answered 200',
    );
    for (const c of await counts()) {
      assert.deepEqual([c.follower_count, c.following_count, c.follows, c.followed], [0, 0, 0, 0], c.id);
    }
  });
});
