import { mentionsAndTags, POST_EDITS_MAX, REPLY_PREVIEW_LENGTH } from '@skynet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, rows } from '../../db/database.js';
import { coalescer } from '../../lib/coalesce.js';
import { badRequest, forbidden, notFound, POST_DELETED } from '../../lib/errors.js';
import type { FeedCache, FeedChange } from '../../lib/feed-cache.js';
import { PAGE_SIZE } from '../../lib/paging.js';
import type { Comment, Post, PostVersion } from '../../schemas/entities.js';
import { avatarUrl } from './users/rows.js';

export interface PostRow {
  id: string;
  author_id: string;
  content: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  content_warning: string | null;
  planet_id: string;
  tags: string[] | null;
  mentions: PostMention[] | null;
  parent_id: string | null;
  deleted: boolean;
  removed: boolean;
  like_count: number;
  comment_count: number;
  user_name: string | null;
  avatar_file: string | null;
  parent_preview: string | null;
  /** Feed pages only: the feed's counter value the page was read at (its range's key in the feed cache). */
  top?: number;
  /** Feed pages only: false for a post the feed leaves out (its author deleted their account, or is silenced). */
  shown?: boolean;
}

type PostMention = Post['mentions'][number];
type Tx = Pick<Db, 'execute'>;

const DELETED_USER = 'Deleted User';
/** Post search (see `search`): newest posts scanned in seq order first, and the most older ones scanned that way. */
const SEARCH_WINDOW = 2_000;
const SEARCH_SPAN_MAX = 100_000;

export function toPost(r: PostRow): Post {
  return {
    _id: r.id,
    authorId: r.author_id,
    userName: r.user_name ?? DELETED_USER,
    avatarUrl: avatarUrl(r.avatar_file),
    content: r.deleted ? '' : r.content,
    createdAt: new Date(r.created_at).toISOString(),
    // Where it was written stays on the server (issue 31): the planet is the product's idea, not the coordinates.
    location: { _id: r.id, planetId: r.planet_id },
    planetId: r.planet_id,
    mentions: r.deleted ? [] : (r.mentions ?? []),
    tags: r.deleted ? [] : (r.tags ?? []),
    parentPost: r.parent_id,
    deleted: r.deleted,
    ...(r.removed ? { removed: true } : {}),
    likeCount: r.like_count,
    commentCount: r.comment_count,
    contentWarning: r.deleted ? null : (r.content_warning ?? null),
    editedAt: r.edited_at == null || r.deleted ? null : new Date(r.edited_at).toISOString(),
    parentPreview: r.parent_preview,
  };
}

function toComment(r: PostRow): Comment {
  const { parentPost: _p, parentPreview: _pp, ...rest } = toPost(r);
  return rest;
}

/**
 * The columns of the Post shape, `p` the post, `u` its author, `pp` its parent. An account deleted and in its grace
 * period reads as purged already (issue 31: hidden at once): no name or avatar, its posts deleted (feeds leave them
 * out, see AUTHOR_SHOWN); undoing the deletion brings everything back.
 */
export const POST_COLUMNS = `p.id, p.author_id, p.content, p.content_warning, p.created_at, p.edited_at, p.planet_id,
  p.tags, p.mentions, p.parent_id, (p.deleted OR u.deleted_at IS NOT NULL) AS deleted, p.removed, p.like_count,
  p.comment_count,
  CASE WHEN u.deleted_at IS NULL THEN u.user_name END AS user_name,
  CASE WHEN u.deleted_at IS NULL THEN u.avatar_file END AS avatar_file,
  CASE WHEN pp.id IS NULL OR pp.deleted THEN NULL ELSE left(pp.content, ${REPLY_PREVIEW_LENGTH}) END AS parent_preview`;
/** Lists of posts leave out those of deleted accounts (in their grace period) and, in `public` lists, of silenced ones. */
export const AUTHOR_SHOWN = 'u.deleted_at IS NULL';
const AUTHOR_PUBLIC = 'u.deleted_at IS NULL AND u.silenced_at IS NULL';

/** The Post shape in one select: author name/avatar and the parent's preview, so lists need no extra call. */
const POST_SELECT_TEXT = `SELECT ${POST_COLUMNS}
  FROM posts p LEFT JOIN users u ON u.id = p.author_id LEFT JOIN posts pp ON pp.id = p.parent_id`;
const POST_SELECT = sql.raw(POST_SELECT_TEXT);

/**
 * A feed page in one prepared statement: the counter row (`c`) bounds a keyset range of exactly PAGE_SIZE numbers,
 * read inside a LATERAL with LIMIT, so the plan (nested loops over 20 rows, index range on the counter's value) is the
 * same for every page and PostgreSQL keeps one generic plan per connection: no planning per request (it was ~0.5 ms,
 * twice the execution) and one round trip instead of two. `$n` is the page's offset (page x PAGE_SIZE).
 */
function feedPage(
  counter: string,
  value: string,
  where: string,
  key: string,
  offset: string,
  shown: string,
): string {
  // `shown`: false for a post the page leaves out (read, so `top` is known and the page is cached as it is shown).
  return `SELECT ${POST_COLUMNS}, c.${value} AS top, (${shown}) AS shown
  FROM ${counter} c
  CROSS JOIN LATERAL (
    SELECT id, ${key}, author_id, content, content_warning, created_at, edited_at, planet_id, tags, mentions, parent_id,
      deleted, removed, like_count, comment_count
    FROM posts WHERE ${where} AND ${key} <= c.${value} - ${offset} AND ${key} > c.${value} - ${offset} - ${PAGE_SIZE}
    ORDER BY ${key} DESC LIMIT ${PAGE_SIZE}) p
  LEFT JOIN users u ON u.id = p.author_id LEFT JOIN posts pp ON pp.id = p.parent_id
  WHERE c.id = $1 ORDER BY p.${key} DESC`;
}

const GALAXY_PAGE = feedPage('feed_counter', 'value', 'true', 'seq', '$2', AUTHOR_PUBLIC);
const PLANET_PAGE = feedPage('planets', 'post_seq', 'planet_id = c.id', 'planet_seq', '$2', AUTHOR_PUBLIC);
const AUTHOR_PAGE = feedPage('users', 'post_seq', 'author_id = c.id', 'author_seq', '$2', AUTHOR_SHOWN);

/**
 * A tag's page (issue 35): its posts newest first on post_tags' (tag, seq) index, those deleted, removed, of deleted
 * accounts or silenced authors left out before the page is cut, so a page is short only at the end. $1 the tag, $2
 * the offset. (An offset, not a counter's range as the feeds above: a tag has no gapless counter, edits take posts out.)
 */
const TAG_PAGE = `SELECT ${POST_COLUMNS}
  FROM post_tags t JOIN posts p ON p.id = t.post_id JOIN users u ON u.id = p.author_id
  LEFT JOIN posts pp ON pp.id = p.parent_id
  WHERE t.tag = $1 AND NOT p.deleted AND ${AUTHOR_PUBLIC}
  ORDER BY t.seq DESC LIMIT ${PAGE_SIZE} OFFSET $2`;

/** Entries of post_tags read at most for the composer's tag suggestions. */
const TAG_SUGGESTION_SCAN = 5_000;
/** $1 a tag's start (lowercase): its range on post_tags' primary key, then the most used 5 of what it read. */
const TAGS_PREFIX = `SELECT tag FROM (
    SELECT tag FROM post_tags WHERE tag >= $1 AND tag < $1 || chr(1114111) AND starts_with(tag, $1)
    ORDER BY tag LIMIT ${TAG_SUGGESTION_SCAN}) t
  GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 5`;

/**
 * What a text mentions and is tagged with (issue 35): the tags as the parser reads them, and the users its names name
 * that exist and are not deleted, as they are named now, in the order first named.
 */
async function readMentionsAndTags(
  tx: Tx,
  content: string,
): Promise<{ tags: string[]; mentions: PostMention[] }> {
  const { names, tags } = mentionsAndTags(content);
  if (names.length === 0) return { tags, mentions: [] };
  const wanted = names.map((n) => n.toLowerCase());
  const found = await rows<{ id: string; user_name: string }>(
    tx,
    sql`SELECT id, user_name FROM users
        WHERE lower(user_name) IN (${sql.join(
          wanted.map((n) => sql`${n}`),
          sql`, `,
        )}) AND deleted_at IS NULL`,
  );
  const byName = new Map(found.map((u) => [u.user_name.toLowerCase(), { _id: u.id, userName: u.user_name }]));
  return { tags, mentions: wanted.flatMap((n) => byName.get(n) ?? []) };
}

/** A text[] value for SQL (an empty one typed). */
const textArray = (items: string[]): SQL =>
  items.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        items.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`;

/** A post's rows in the tag feeds (none yet); a comment has none (no feed shows it). */
async function insertTags(tx: Tx, postId: string, seq: number | null, tags: string[]): Promise<void> {
  if (seq === null || tags.length === 0) return;
  await tx.execute(
    sql`INSERT INTO post_tags (tag, post_id, seq) VALUES ${sql.join(
      tags.map((t) => sql`(${t}, ${postId}, ${seq})`),
      sql`, `,
    )}`,
  );
}

export interface NewPost {
  authorId: string;
  content: string;
  planetId: string;
  latitude: number;
  longitude: number;
  parentId: string | null;
  /** Issue 35: null for none. */
  contentWarning: string | null;
}

/**
 * `cache` (optional): the feed page cache (lib/feed-cache) and `changed`, which applies a change to it and announces
 * it to the other API processes; every write below that changes what a feed page shows calls it before returning.
 */
export function createPostsRepository(
  db: Db,
  database: Pick<Database, 'query'>,
  cache?: { pages: FeedCache; changed: (change: FeedChange) => Promise<void> },
) {
  const list = async (query: SQL) => (await rows<PostRow>(db, query)).map(toPost);
  const changed = async (change: FeedChange) => {
    if (cache) await cache.changed(change);
  };
  // Feed pages and searches are the hot reads; identical ones arriving together share one execution (lib/coalesce).
  const shared = coalescer<Post[]>();
  // A feed page: from the cache when this process knows the feed's top and holds its range, else one query (shared
  // with identical concurrent ones) whose result is cached under the range it read.
  const page = (name: string, text: string, feed: string, id: number | string, index: number) => {
    const hit = cache?.pages.get(feed, index);
    if (hit) return Promise.resolve(hit);
    return shared(`${name}\n${id}\n${index}`, async () => {
      const epoch = cache?.pages.epoch ?? 0;
      const found = await database.query<PostRow>(name, text, [id, index * PAGE_SIZE]);
      const posts = found.filter((r) => r.shown !== false).map(toPost);
      const top = found[0]?.top;
      if (cache && top !== undefined) cache.pages.store(feed, Number(top), index, posts, epoch);
      return posts;
    });
  };

  const searchPosts = async (text: string, page: number): Promise<Post[]> => {
    const [c] = await database.query<{ value: number }>(
      'feed_counter',
      'SELECT value FROM feed_counter WHERE id = 1',
      [],
    );
    const need = (page + 1) * PAGE_SIZE;
    const query = sql`websearch_to_tsquery('english', ${text})`;
    const seqs: number[] = [];
    const take = async (range: SQL, order: SQL) => {
      const r = await rows<{ seq: number }>(
        db,
        sql`SELECT seq FROM posts WHERE ${range} AND search @@ ${query} AND NOT deleted
            ORDER BY ${order} DESC LIMIT ${need - seqs.length}`,
      );
      for (const x of r) seqs.push(x.seq);
    };
    let hi = (c?.value ?? 0) - SEARCH_WINDOW; // posts with seq <= hi are not searched yet
    await take(sql`seq > ${hi}`, sql`seq`);
    if (seqs.length > 0 && seqs.length < need && hi > 0) {
      const span = Math.ceil((2 * (need - seqs.length) * SEARCH_WINDOW) / seqs.length);
      const estimatedMatches = (seqs.length * hi) / SEARCH_WINDOW; // what the GIN step would fetch
      if (span <= SEARCH_SPAN_MAX && span < 10 * estimatedMatches) {
        await take(sql`seq > ${hi - span} AND seq <= ${hi}`, sql`seq`);
        hi -= span;
      }
    }
    if (seqs.length < need && hi > 0) await take(sql`seq <= ${hi}`, sql`seq + 0`);
    const hits = seqs.slice(page * PAGE_SIZE);
    if (hits.length === 0) return [];
    const found = await database.query<PostRow>(
      'posts_by_seq',
      `${POST_SELECT_TEXT} WHERE p.seq = ANY($1::int[]) AND ${AUTHOR_PUBLIC} ORDER BY p.seq DESC`,
      [hits],
    );
    return found.map(toPost);
  };

  return {
    async byId(id: string): Promise<Post | null> {
      const [r] = await rows<PostRow>(db, sql`${POST_SELECT} WHERE p.id = ${id}`);
      return r ? toPost(r) : null;
    },

    /**
     * Creates a post. Each post takes the next number of three gapless counters (global, planet, author) in the
     * same transaction, so feed page n is an exact index range at any depth. Lock order is fixed: global, planet,
     * author.
     */
    async create(p: NewPost): Promise<Post> {
      const created = await db.transaction(async (tx) => {
        if (p.parentId) {
          const [parent] = await rows<{ deleted: boolean }>(
            tx,
            sql`SELECT deleted FROM posts WHERE id = ${p.parentId}`,
          );
          if (!parent) throw notFound('The post you reply to does not exist.');
          if (parent.deleted) throw badRequest('You cannot reply to a deleted post.');
        }
        // Read before the counters are locked: every post waits on the global one.
        const { tags, mentions } = await readMentionsAndTags(tx, p.content);
        const [g] = await rows<{ value: number }>(
          tx,
          sql`UPDATE feed_counter SET value = value + 1 WHERE id = 1 RETURNING value`,
        );
        const [pl] = await rows<{ post_seq: number }>(
          tx,
          sql`UPDATE planets SET post_seq = post_seq + 1 WHERE id = ${p.planetId} RETURNING post_seq`,
        );
        if (!pl) throw badRequest('Unknown planet.');
        const [au] = await rows<{ post_seq: number }>(
          tx,
          sql`UPDATE users SET post_seq = post_seq + 1, post_count = post_count + 1 WHERE id = ${p.authorId}
              RETURNING post_seq`,
        );
        if (!g || !au) throw new Error('counter rows missing');
        const [row] = await rows<{ id: string }>(
          tx,
          sql`INSERT INTO posts (seq, author_id, author_seq, planet_id, planet_seq, content, content_warning, latitude,
                longitude, parent_id, tags, mentions)
              VALUES (${g.value}, ${p.authorId}, ${au.post_seq}, ${p.planetId}, ${pl.post_seq}, ${p.content},
                      ${p.contentWarning}, ${p.latitude}, ${p.longitude}, ${p.parentId}, ${textArray(tags)},
                      ${JSON.stringify(mentions)}::jsonb)
              RETURNING id`,
        );
        await insertTags(tx, row!.id, g.value, tags);
        const tops: [string, number][] = [
          ['g', g.value],
          [`p:${p.planetId}`, pl.post_seq],
          [`a:${p.authorId}`, au.post_seq],
        ];
        return { id: row!.id, tops };
      });
      await changed({ kind: 'posted', tops: created.tops });
      const post = await this.byId(created.id);
      if (!post) throw new Error('created post not found');
      return post;
    },

    /**
     * Author or admin only. A deleted post keeps its row (replies and feeds stay consistent) with content ''. A post
     * the moderators removed (its text kept for a restore) is deleted for good. `byAdmin` runs in the transaction
     * when an administrator deletes someone else's post (the audit log and the author's notice).
     */
    async remove(
      id: string,
      user: { id: string; admin: boolean },
      byAdmin?: (tx: Pick<Db, 'execute'>, post: { id: string; authorId: string }) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await rows<{
          author_id: string;
          deleted: boolean;
          removed: boolean;
          thread_seq: number | null;
        }>(tx, sql`SELECT author_id, deleted, removed, thread_seq FROM posts WHERE id = ${id} FOR UPDATE`);
        if (!row) throw notFound('Post not found.');
        if (row.author_id !== user.id && !user.admin)
          throw forbidden('Only the author or an administrator can delete this post.');
        if (row.deleted && !row.removed) return;
        await tx.execute(
          sql`UPDATE posts SET deleted = true, removed = false, content = '', content_warning = NULL, tags = '{}',
                mentions = '[]' WHERE id = ${id}`,
        );
        // It leaves the tag feeds (issue 35).
        await tx.execute(sql`DELETE FROM post_tags WHERE post_id = ${id}`);
        // Its earlier texts go with it (issue 35).
        await tx.execute(sql`DELETE FROM post_edits WHERE post_id = ${id}`);
        // A comment never counted in the author's postCount (it takes none of the feed counters); a removed post
        // no longer does.
        if (row.thread_seq === null && !row.deleted) {
          await tx.execute(
            sql`UPDATE users SET post_count = GREATEST(post_count - 1, 0) WHERE id = ${row.author_id}`,
          );
        }
        if (row.author_id !== user.id && byAdmin) await byAdmin(tx, { id, authorId: row.author_id });
      });
      // The post's own pages, and those of its replies (their parent preview).
      await changed({ kind: 'changed', ids: [id] });
    },

    /**
     * The author replaces a post's (or comment's) text, and its content warning when `contentWarning` is given (null:
     * none), issue 35. The text and warning it replaces are kept in post_edits with the time they were published. The
     * same again changes nothing; a deleted post, another person's post, or one edited POST_EDITS_MAX times already is
     * refused.
     */
    async edit(id: string, authorId: string, content: string, contentWarning?: string | null): Promise<Post> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await rows<{
          author_id: string;
          deleted: boolean;
          content: string;
          content_warning: string | null;
          created_at: Date | string;
          edited_at: Date | string | null;
          seq: number | null;
        }>(
          tx,
          sql`SELECT author_id, deleted, content, content_warning, created_at, edited_at, seq FROM posts
              WHERE id = ${id} FOR UPDATE`,
        );
        if (!row) throw notFound('Post not found.');
        if (row.author_id !== authorId) throw forbidden('Only the author can edit this post.');
        if (row.deleted) throw badRequest('You cannot edit a deleted post.');
        const warning = contentWarning === undefined ? row.content_warning : contentWarning;
        if (row.content === content && row.content_warning === warning) return 'unchanged';
        const [count] = await rows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM post_edits WHERE post_id = ${id}`,
        );
        if ((count?.n ?? 0) >= POST_EDITS_MAX)
          throw badRequest(`A post can be edited at most ${POST_EDITS_MAX} times.`);
        await tx.execute(
          sql`INSERT INTO post_edits (post_id, author_id, content, content_warning, created_at)
              VALUES (${id}, ${authorId}, ${row.content}, ${row.content_warning},
                      ${new Date(row.edited_at ?? row.created_at)})`,
        );
        // Its tags and mentions are read again from the new text (issue 35).
        const { tags, mentions } = await readMentionsAndTags(tx, content);
        await tx.execute(
          sql`UPDATE posts SET content = ${content}, content_warning = ${warning}, edited_at = now(),
                tags = ${textArray(tags)}, mentions = ${JSON.stringify(mentions)}::jsonb
              WHERE id = ${id}`,
        );
        await tx.execute(sql`DELETE FROM post_tags WHERE post_id = ${id}`);
        await insertTags(tx, id, row.seq, tags);
        return 'edited';
      });
      // Its pages, and those of its replies (their parent preview).
      if (outcome === 'edited') await changed({ kind: 'changed', ids: [id] });
      const post = await this.byId(id);
      if (!post) throw notFound('Post not found.');
      return post;
    },

    /** Every text a post has had, the first first, the current one last; empty for a deleted post; null if none. */
    async versions(id: string): Promise<{ authorId: string; versions: PostVersion[] } | null> {
      const post = await this.byId(id);
      if (!post) return null;
      if (post.deleted) return { authorId: post.authorId, versions: [] };
      const earlier = await rows<{
        content: string;
        content_warning: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT content, content_warning, created_at FROM post_edits WHERE post_id = ${id} ORDER BY id`,
      );
      const versions = earlier.map((r) => ({
        content: r.content,
        contentWarning: r.content_warning,
        createdAt: new Date(r.created_at).toISOString(),
      }));
      versions.push({
        content: post.content,
        contentWarning: post.contentWarning,
        createdAt: post.editedAt ?? post.createdAt,
      });
      return { authorId: post.authorId, versions };
    },

    /** Galaxy feed, page index from 0 (the route maps the spec's 1-based page). */
    galaxy(index: number): Promise<Post[]> {
      return page('feed_galaxy', GALAXY_PAGE, 'g', 1, index);
    },

    /** A planet's feed; empty for an unknown planet (the route tells the two apart). */
    planet(planetId: string, index: number): Promise<Post[]> {
      return page('feed_planet', PLANET_PAGE, `p:${planetId}`, planetId, index);
    },

    author(userId: string, index: number): Promise<Post[]> {
      return page('feed_author', AUTHOR_PAGE, `a:${userId}`, userId, index);
    },

    /** A tag's feed (issue 35), page index from 0; `tag` as stored (normalizeTag). Identical reads together share one. */
    tag(tag: string, index: number): Promise<Post[]> {
      return shared(`tag\n${tag}\n${index}`, async () =>
        (await database.query<PostRow>('feed_tag', TAG_PAGE, [tag, index * PAGE_SIZE])).map(toPost),
      );
    },

    /**
     * Up to 5 tags beginning with `prefix` (as stored: lowercase), the most used first (issue 35, the composer). The
     * count is over the first TAG_SUGGESTION_SCAN entries of such tags in tag order, so a prefix shared by huge tags
     * costs one bounded index range, not a count of every post.
     */
    async tagsStartingWith(prefix: string): Promise<string[]> {
      const found = await database.query<{ tag: string }>('tags_prefix', TAGS_PREFIX, [prefix]);
      return found.map((row) => row.tag);
    },

    /** A feed's counter (its newest post's number, 0 when empty): page `index` has older pages below it while
     * top > (index + 1) x PAGE_SIZE. Read only when a page shows nothing, to tell a page left empty from the end. */
    async top(feed: 'galaxy' | 'planet' | 'author', id: string): Promise<number> {
      const [r] =
        feed === 'galaxy'
          ? await database.query<{ top: number }>(
              'feed_top_g',
              'SELECT value AS top FROM feed_counter WHERE id = 1',
              [],
            )
          : feed === 'planet'
            ? await database.query<{ top: number }>(
                'feed_top_p',
                'SELECT post_seq AS top FROM planets WHERE id = $1',
                [id],
              )
            : await database.query<{ top: number }>(
                'feed_top_a',
                'SELECT post_seq AS top FROM users WHERE id = $1',
                [id],
              );
      return Number(r?.top ?? 0);
    },

    /**
     * Full-text search (websearch syntax, so any text is valid input and only ever data), newest first.
     * Bounded steps instead of one `ORDER BY seq LIMIT`, which walked the seq index backwards through every post
     * whenever the planner overestimated the matches (words that rarely occur together, e.g. "post 123456": 600 ms a
     * page at 1,000,000 posts). (1) Matches among the newest SEARCH_WINDOW posts, in seq order (an index range:
     * bounded work whatever the text). (2) If the page needs more and the window's match rate says they lie within
     * SEARCH_SPAN_MAX older posts, the next range, sized at twice that estimate, unless the GIN step would fetch
     * far fewer rows (a heap fetch costs about ten scanned index entries). (3) Otherwise, or if still short, the GIN
     * index for everything older, sorted by `seq + 0` so the planner cannot walk the seq index. 1-10 ms a page.
     */
    search(text: string, page: number): Promise<Post[]> {
      return shared(`search\n${page}\n${text}`, () => searchPosts(text, page));
    },

    /** A user's likes/saves, newest first; the offset runs on the (user, created_at) index only, before the join. */
    history(kind: 'likes' | 'saves', userId: string, page: number): Promise<Post[]> {
      const table = sql.raw(kind);
      return list(
        sql`${POST_SELECT} JOIN (SELECT post_id, created_at FROM ${table} WHERE user_id = ${userId}
              ORDER BY created_at DESC, post_id DESC LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}) h ON h.post_id = p.id
            ORDER BY h.created_at DESC, h.post_id DESC`,
      );
    },

    /** The posts (or comments) a user commented on, by their latest comment there, newest first. */
    commented(userId: string, page: number): Promise<Post[]> {
      return list(
        sql`${POST_SELECT} JOIN (SELECT parent_id AS post_id, max(created_at) AS last FROM posts
              WHERE author_id = ${userId} AND parent_id IS NOT NULL AND thread_seq IS NOT NULL
              GROUP BY parent_id ORDER BY last DESC, post_id DESC LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}) h
            ON h.post_id = p.id ORDER BY h.last DESC, h.post_id DESC`,
      );
    },

    /**
     * A user's replies (their comments, and posts made in reply to another), newest first, deleted ones left out:
     * the Post shape, so each carries its parent's id and 5-character preview. Offset on the partial index
     * posts_replies_idx (author, created_at, id WHERE parent_id IS NOT NULL).
     */
    replies(userId: string, page: number): Promise<Post[]> {
      return list(
        sql`${POST_SELECT} WHERE p.author_id = ${userId} AND p.parent_id IS NOT NULL AND NOT p.deleted
              AND ${sql.raw(AUTHOR_SHOWN)}
            ORDER BY p.created_at DESC, p.id DESC LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}`,
      );
    },

    async has(kind: 'likes' | 'saves', userId: string, postId: string): Promise<boolean> {
      const r = await rows(
        db,
        sql`SELECT 1 FROM ${sql.raw(kind)} WHERE user_id = ${userId} AND post_id = ${postId}`,
      );
      return r.length > 0;
    },

    /** Which of `postIds` the user liked and which they saved, in one query. */
    async marks(userId: string, postIds: string[]): Promise<{ liked: string[]; saved: string[] }> {
      const found = await database.query<{ kind: 'liked' | 'saved'; post_id: string }>(
        'post_marks',
        `SELECT 'liked' AS kind, post_id FROM likes WHERE user_id = $1 AND post_id = ANY($2::uuid[])
         UNION ALL
         SELECT 'saved' AS kind, post_id FROM saves WHERE user_id = $1 AND post_id = ANY($2::uuid[])`,
        [userId, postIds],
      );
      return {
        liked: found.filter((row) => row.kind === 'liked').map((row) => row.post_id),
        saved: found.filter((row) => row.kind === 'saved').map((row) => row.post_id),
      };
    },

    /** Idempotent like/save; the like count moves in the same transaction and never below 0. */
    async toggle(kind: 'likes' | 'saves', userId: string, postId: string, on: boolean): Promise<void> {
      const table = sql.raw(kind);
      const counted = await db.transaction(async (tx) => {
        // A post deleted meanwhile (after the route's check) takes no like or save: 400 as from the route.
        const changed = on
          ? await rows(
              tx,
              sql`INSERT INTO ${table} (user_id, post_id) SELECT ${userId}, id FROM posts WHERE id = ${postId} AND NOT deleted
                  ON CONFLICT DO NOTHING RETURNING post_id`,
            )
          : await rows(
              tx,
              sql`DELETE FROM ${table} WHERE user_id = ${userId} AND post_id = ${postId} RETURNING post_id`,
            );
        if (on && changed.length === 0) {
          const [post] = await rows<{ deleted: boolean }>(
            tx,
            sql`SELECT deleted FROM posts WHERE id = ${postId}`,
          );
          if (post?.deleted) throw badRequest(POST_DELETED);
        }
        if (kind === 'likes' && changed.length > 0) {
          await tx.execute(
            on
              ? sql`UPDATE posts SET like_count = like_count + 1 WHERE id = ${postId}`
              : sql`UPDATE posts SET like_count = GREATEST(like_count - 1, 0) WHERE id = ${postId}`,
          );
          return true;
        }
        return false;
      });
      if (counted) await changed({ kind: 'changed', ids: [postId] });
    },

    async exists(postId: string): Promise<{ deleted: boolean; authorId: string } | null> {
      const [r] = await rows<{ deleted: boolean; author_id: string }>(
        db,
        sql`SELECT deleted, author_id FROM posts WHERE id = ${postId}`,
      );
      return r ? { deleted: r.deleted, authorId: r.author_id } : null;
    },

    /**
     * A comment on a post or on another comment (a reply in its thread): a row of `posts` with `parent_id` and
     * `thread_seq` (the parent's next comment_seq, gapless) and none of the three feed counters, so it never shows
     * in the galaxy, planet or author feeds nor counts in postCount.
     */
    async addComment(
      postId: string,
      author: { id: string; planetId: string; latitude: number; longitude: number },
      content: string,
    ): Promise<Comment> {
      const id = await db.transaction(async (tx) => {
        const [p] = await rows<{ comment_seq: number; deleted: boolean }>(
          tx,
          sql`UPDATE posts SET comment_seq = comment_seq + 1, comment_count = comment_count + 1
              WHERE id = ${postId} RETURNING comment_seq, deleted`,
        );
        if (!p) throw notFound('Post not found.');
        if (p.deleted) throw badRequest(POST_DELETED); // deleted after the route's check
        const { tags, mentions } = await readMentionsAndTags(tx, content);
        const [c] = await rows<{ id: string }>(
          tx,
          sql`INSERT INTO posts (parent_id, thread_seq, author_id, content, planet_id, latitude, longitude, tags, mentions)
              VALUES (${postId}, ${p.comment_seq}, ${author.id}, ${content}, ${author.planetId}, ${author.latitude},
                      ${author.longitude}, ${textArray(tags)}, ${JSON.stringify(mentions)}::jsonb)
              RETURNING id`,
        );
        return c!.id;
      });
      await changed({ kind: 'changed', ids: [postId] }); // its comment count
      const [r] = await rows<PostRow>(db, sql`${POST_SELECT} WHERE p.id = ${id}`);
      return toComment(r!);
    },

    /** A post's (or comment's) comments, newest first, by its gapless comment counter (index range at any depth). */
    async comments(postId: string, page: number): Promise<Comment[]> {
      const [c] = await rows<{ comment_seq: number }>(
        db,
        sql`SELECT comment_seq FROM posts WHERE id = ${postId}`,
      );
      const hi = (c?.comment_seq ?? 0) - page * PAGE_SIZE;
      if (hi <= 0) return [];
      const r = await rows<PostRow>(
        db,
        sql`${POST_SELECT} WHERE p.parent_id = ${postId} AND p.thread_seq <= ${hi} AND p.thread_seq > ${hi - PAGE_SIZE}
            ORDER BY p.thread_seq DESC`,
      );
      return r.map(toComment);
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    postsRepository: PostsRepository;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'postsRepository',
      createPostsRepository(app.db, app.database, { pages: app.feedCache, changed: app.feedChanged }),
    );
  },
  { name: 'posts-repository', dependencies: ['database', 'feed-cache'] },
);
