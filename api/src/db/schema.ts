import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

const bytea = customType<{ data: Buffer }>({
  dataType() {
    return 'bytea';
  },
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const planets = pgTable('planets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  radius: doublePrecision('radius').notNull(),
  orbitRadius: doublePrecision('orbit_radius').notNull(),
  orbitDuration: doublePrecision('orbit_duration').notNull().default(300),
  imageUrl: text('image_url').notNull(),
  /** Gapless counter of posts on this planet: a post's planet_seq, so page n is an index range. */
  postSeq: integer('post_seq').notNull().default(0),
});

/** Single-row counter (id = 1) giving every post a gapless global sequence number for the galaxy feed. */
export const feedCounter = pgTable('feed_counter', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    avatarFile: text('avatar_file'),
    bio: text('bio').notNull().default(''),
    planetId: text('planet_id')
      .notNull()
      .references(() => planets.id),
    latitude: doublePrecision('latitude').notNull().default(0),
    longitude: doublePrecision('longitude').notNull().default(0),
    admin: boolean('admin').notNull().default(false),
    /** Bumped on password change/reset and deletion: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    /** Gapless per-author post counter (never decremented): a post's author_seq. */
    postSeq: integer('post_seq').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /**
     * Who may start a conversation with this person (issue 31): everyone | following (people they follow) | nobody.
     * The API validates it (no CHECK: a new constraint on an existing table is not an expansion, docs/operations.md).
     */
    messagePolicy: text('message_policy').notNull().default('everyone'),
    /** Suspended by a moderator: cannot sign in or write; the profile says so (audit_log has who and why). */
    suspendedAt: ts('suspended_at'),
    /** Silenced by a moderator: their posts leave the galaxy and planet feeds and search; followers still see them. */
    silencedAt: ts('silenced_at'),
    /** When the person confirmed their address by the mailed link (issue 32); null until then (limits apply). */
    emailVerifiedAt: ts('email_verified_at'),
    /** The TOTP secret (issue 32), sealed with the server's key (lib/sealed.ts); set once enabled. */
    totpSecret: text('totp_secret'),
    /** A TOTP secret offered by setup and not yet confirmed by a code (sealed). */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last TOTP time step accepted: a code is used once (replay refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_oidc_idx').on(t.oidcIssuer, t.oidcSubject),
    index('users_user_name_trgm_idx').using('gin', sql`lower(${t.userName}) gin_trgm_ops`),
    // User search's prefix matches (ranked first) as one index range in any collation: LIKE 'ana%' on lower(name),
    // ranked from the index alone (an index-only scan: the ranking's columns are in it, and PostgreSQL needs the
    // name itself to recheck lower(name)); the listed users' rows are read for one page only.
    index('users_user_name_prefix_rank_idx')
      .using('btree', sql`lower(${t.userName}) text_pattern_ops`, t.followerCount, t.id, t.userName)
      .where(sql`${t.deletedAt} IS NULL`),
    index('users_deleted_at_idx').on(t.deletedAt),
  ],
);

/**
 * Posts and comments (issue 22: comments are replies). A post takes the three feed counters (seq, author_seq,
 * planet_seq); a comment takes none of them (so no feed shows it) and instead `thread_seq`, the next number of its
 * parent's `comment_seq`. Both may be liked, saved, deleted and commented on. `parent_id`: the post or comment
 * replied to (a post may also reply to another, spec section 3).
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Global gapless sequence (galaxy feed); null for a comment. */
    seq: integer('seq'),
    /** Kept after the author is purged, so the post still names a (gone) author id. No foreign key on purpose. */
    authorId: uuid('author_id').notNull(),
    authorSeq: integer('author_seq'),
    planetId: text('planet_id')
      .notNull()
      .references(() => planets.id),
    planetSeq: integer('planet_seq'),
    content: text('content').notNull(),
    latitude: doublePrecision('latitude').notNull().default(0),
    longitude: doublePrecision('longitude').notNull().default(0),
    parentId: uuid('parent_id'),
    deleted: boolean('deleted').notNull().default(false),
    /** Deleted by a moderator (with `deleted`): it shows 'Removed by moderators' where it stood. */
    removed: boolean('removed').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Gapless counter of this post's (or comment's) comments: each comment's thread_seq. */
    commentSeq: integer('comment_seq').notNull().default(0),
    /** A comment's number in its parent's comment_seq (null for a post): page n of comments is an index range. */
    threadSeq: integer('thread_seq'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When its author last edited it (issue 35); null if never. Its earlier texts are in post_edits. */
    editedAt: ts('edited_at'),
    /** A content warning (issue 35): the text is folded behind it until the reader opens it; null if none. */
    contentWarning: text('content_warning'),
    /** Its #tags (issue 35): lowercase, without '#', each once, at most TAGS_MAX; [] when deleted. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The users its @names named that existed when it was written or last edited (issue 35), for display. */
    mentions: jsonb('mentions')
      .$type<{ _id: string; userName: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, content)`),
  },
  (t) => [
    uniqueIndex('posts_seq_idx').on(t.seq),
    uniqueIndex('posts_planet_seq_idx').on(t.planetId, t.planetSeq),
    uniqueIndex('posts_author_seq_idx').on(t.authorId, t.authorSeq),
    index('posts_search_idx').using('gin', t.search),
    index('posts_parent_idx').on(t.parentId),
    index('posts_created_idx').on(t.createdAt, t.id),
    uniqueIndex('posts_thread_seq_idx').on(t.parentId, t.threadSeq).where(sql`${t.threadSeq} IS NOT NULL`),
    index('posts_replies_idx').on(t.authorId, t.createdAt, t.id).where(sql`${t.parentId} IS NOT NULL`),
    check(
      'posts_post_or_comment',
      sql`(${t.threadSeq} IS NULL AND ${t.seq} IS NOT NULL AND ${t.authorSeq} IS NOT NULL AND ${t.planetSeq} IS NOT NULL)
        OR (${t.threadSeq} IS NOT NULL AND ${t.parentId} IS NOT NULL AND ${t.seq} IS NULL AND ${t.authorSeq} IS NULL
          AND ${t.planetSeq} IS NULL)`,
    ),
  ],
);

/**
 * A post's earlier texts (issue 35): one row per edit, holding the text the edit replaced and when that text was
 * published. Gone with the post, and with its author's account (the purge deletes the user row). Cleared when the
 * author deletes the post.
 */
export const postEdits = pgTable(
  'post_edits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    contentWarning: text('content_warning'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('post_edits_post_idx').on(t.postId, t.id), index('post_edits_author_idx').on(t.authorId)],
);

/**
 * The tag feeds (issue 35): one row per post (not comment: comments show in no feed) and tag, numbered by the post's
 * galaxy number, so a tag's page is a walk of (tag, seq) newest first. Rewritten by an edit, gone with the post's
 * deletion (a moderator's removal keeps the rows: the read leaves deleted posts out, a restore brings them back).
 */
export const postTags = pgTable(
  'post_tags',
  {
    tag: text('tag').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.postId] }),
    index('post_tags_tag_seq_idx').on(t.tag, t.seq.desc()),
    index('post_tags_post_idx').on(t.postId),
  ],
);

/**
 * The Following timeline (issue 35, docs/plans/issue-35-following-timeline.md): each reader's own list of the posts of
 * the people they follow and their own, written when a post is published (fan-out on write, a pg-boss job after the
 * post commits) and numbered by the reader's gapless counter `timelines.top`, so page n is an index range as in the
 * galaxy feed. `top` is null until the timeline is first built (on the reader's first read), so a fan-out never
 * appends to a timeline that the build will fill. At most TIMELINE_MAX entries are kept per reader.
 */
export const timelines = pgTable('timelines', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  top: integer('top'),
});

/**
 * How far the Following timelines' fan-out has gone (issue 35): the galaxy number (posts.seq) of the last post appended
 * to its readers' timelines. Posts commit in seq order (each takes the galaxy counter's row lock until it commits), so
 * the fan-out takes every post above the cursor in that order, and timelines list posts in the order they were
 * published whatever order the jobs run in. One row, id 1.
 */
export const timelineCursor = pgTable('timeline_cursor', {
  id: integer('id').primaryKey(),
  seq: integer('seq').notNull(),
});

export const timelineEntries = pgTable(
  'timeline_entries',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => timelines.ownerId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The post's author: an unfollow takes their posts out without reading posts. */
    authorId: uuid('author_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.position] }),
    // A post once per timeline: a fan-out retried after a crash adds nothing twice.
    uniqueIndex('timeline_entries_post_idx').on(t.ownerId, t.postId),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('likes_user_created_idx').on(t.userId, t.createdAt, t.postId),
  ],
);

export const saves = pgTable(
  'saves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('saves_user_created_idx').on(t.userId, t.createdAt, t.postId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The two members, user_a < user_b, so a pair has exactly one conversation. */
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    /** Gapless per-conversation message counter: a message's seq (taken in the storing statement). */
    messageSeq: integer('message_seq').notNull().default(0),
    /** The newest message seq user_a / user_b has seen (their chat showed it): unread = the other's messages above. */
    readA: integer('read_a').notNull().default(0),
    readB: integer('read_b').notNull().default(0),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.userA, t.userB),
    index('conversations_user_b_idx').on(t.userB),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The conversation's message_seq when stored: 1, 2, 3... in commit order, no gaps (chat history cache). */
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The sender's Idempotency-Key of the send that stored it (null without one): a retried send with the same key
     * answers this message instead of storing it again (exactly once across a lost answer, docs/decisions.md).
     */
    clientKey: text('client_key'),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_key_idx')
      .on(t.senderId, t.clientKey)
      .where(sql`${t.clientKey} IS NOT NULL`),
  ],
);

/**
 * What happened to a person's things (issue 22): `kind` like | comment | reply | follow, by `actor_id`, on their post
 * `post_id` (null for follow); `source_id` the comment or reply post that made it. Unread while `read_at` is null.
 * Written by the notifications plugin (never for one's own action); the page groups rows by kind, post and UTC day.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id'),
    /** kind 'moderation' (issue 31): what the moderators did and why, as the person reads it. */
    message: text('message'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    index('notifications_actor_idx').on(t.actorId, t.kind, t.postId),
  ],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Pending identity-provider sign-ins (state -> PKCE verifier + nonce), short-lived. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: ts('expires_at').notNull(),
  /** SHA-256 of the browser-binding secret in the `__Host-` cookie set when the flow started. */
  browserHash: text('browser_hash'),
});

/** One-time codes handed to the web page after an identity-provider sign-in, exchanged for a token. */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  /** The browser that started the flow (same binding as its oauth_states row): only it may redeem the code. */
  browserHash: text('browser_hash'),
  /** The provider's auth_time (or the callback's time): when the person last signed in there. */
  authTime: ts('auth_time'),
});

/**
 * A sign-in (one per login, signup or identity-provider sign-in): access tokens name it (`sid`), its refresh tokens
 * rotate inside it, and revoking it ends every token and live socket of that sign-in (trigger in drizzle/0003).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    /** When the person last proved who they are (password, or the identity provider's auth_time). */
    authenticatedAt: ts('authenticated_at').notNull().defaultNow(),
    /** Absolute end: no refresh renews a session past it. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Every refresh token a session was given (only its SHA-256); a rotated one presented again revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    /** When the one replay the refresh grace admits (two tabs refreshing together) was used (issue 32). */
    graceUsedAt: ts('grace_used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A requested e-mail change: takes effect through the link mailed to the new address; the old one can undo it. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmHash: text('confirm_hash').notNull(),
    undoHash: text('undo_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    confirmExpiresAt: ts('confirm_expires_at').notNull(),
    undoExpiresAt: ts('undo_expires_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    undoneAt: ts('undone_at'),
  },
  (t) => [
    uniqueIndex('email_changes_confirm_idx').on(t.confirmHash),
    uniqueIndex('email_changes_undo_idx').on(t.undoHash),
    index('email_changes_user_idx').on(t.userId),
  ],
);

export const faqs = pgTable('faqs', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  search: tsvector('search').generatedAlwaysAs(
    sql`to_tsvector('english'::regconfig, question || ' ' || answer)`,
  ),
});

export const platformEvents = pgTable(
  'platform_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    at: ts('at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    /** Issue 33: a failure's error text and where it was thrown (the shell's words, at most 300 characters each). */
    message: text('message'),
    source: text('source'),
  },
  (t) => [
    index('platform_events_received_idx').on(t.receivedAt),
    index('platform_events_remote_idx').on(t.remote, t.version, t.receivedAt),
  ],
);

/**
 * What a visitor has already had counted while its page tokens live (issue 33): one row per visitor and mark (a kind
 * of event or measure for one remote's version, or one page's measure). A beacon's event counts only when its mark is
 * new, and only while the visitor has fewer than the cap; rows older than a token's life are pruned. The visitor is
 * the random id of the `skynet_visitor` cookie: no personal data.
 */
export const platformMarks = pgTable(
  'platform_marks',
  {
    visitor: text('visitor').notNull(),
    mark: text('mark').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitor, t.mark] }), index('platform_marks_at_idx').on(t.at)],
);

/**
 * Real-user measures per remote and version as histograms (issue 33): per minute, the count of samples in each bucket
 * of a metric (`lcp`, `inp`: milliseconds; `cls`: the score; `api`: the page's API calls and `files`: the version's
 * files the server answered, each bucket 0 answered and bucket 1 an error).
 */
export const platformMeasures = pgTable(
  'platform_measures',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    metric: text('metric').notNull(),
    minute: ts('minute').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.metric, t.minute, t.bucket] })],
);

/**
 * Blocks (issue 31): the blocked person cannot follow, message, reply to, like, save or mention the blocker, and each
 * loses the other's posts, replies and profile content in every read. Both directions are looked up, so both orders
 * are indexed.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt),
  ],
);

/** Mutes: the muted person's posts, replies and notifications leave the muter's views, silently (they are not told). */
export const mutes = pgTable(
  'mutes',
  {
    muterId: uuid('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    index('mutes_muter_created_idx').on(t.muterId, t.createdAt),
    // Who mutes a person: their new posts reach nobody of them live.
    index('mutes_muted_idx').on(t.mutedId, t.muterId),
  ],
);

/** Muted words: posts containing one (whole word, any case) leave the person's feeds and notifications until expiry. */
export const mutedWords = pgTable(
  'muted_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('muted_words_user_word_idx').on(t.userId, sql`lower(${t.word})`)],
);

/**
 * A report (issue 31) of a post (or reply), a person or a conversation: `target_user_id` is the person it is about
 * (the post's author, the person, the other member), kept so the queue can show and act on them.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    targetUserId: uuid('target_user_id').notNull(),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('open'),
    action: text('action'),
    resolvedBy: uuid('resolved_by'),
    resolvedReason: text('resolved_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    check('reports_target_type', sql`${t.targetType} IN ('post', 'user', 'conversation')`),
    check('reports_reason', sql`${t.reason} IN ('spam', 'harassment', 'violence', 'other')`),
    check('reports_status', sql`${t.status} IN ('open', 'resolved')`),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reports_target_user_idx').on(t.targetUserId),
  ],
);

/**
 * Every administrative action (issue 31), written in the same transaction as the action: who (`actor_id`, null for
 * `npm run admin`, then `actor` names the operator), what, on whom or what, why, when. Never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id)],
);

/** A data export (issue 31, "Download your data"): built by a job, fetched by the link mailed, gone after expiry. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** SHA-256 of the download link's secret. */
    tokenHash: text('token_hash'),
    /**
     * The zip itself: in the database, so every API process behind the proxy serves the link whatever the file
     * storage (a few MB for the heaviest account), and gone with the row when it expires.
     */
    archive: bytea('archive'),
    bytes: integer('bytes'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_token_idx').on(t.tokenHash),
  ],
);

/** Recovery codes of the second factor (issue 32): SHA-256 only, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Passkeys (WebAuthn credentials) registered as a second factor (issue 32). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived challenges (issue 32): a sign-in waiting for its second factor (`login`, the id's SHA-256 is what the
 * client holds) and a passkey registration (`passkey`). `challenge` is the WebAuthn challenge when one was issued.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    challenge: text('challenge'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('auth_challenges_user_idx').on(t.userId, t.purpose)],
);

/** E-mail confirmation links of sign-up (issue 32): SHA-256 only. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Devices a person signed in from (issue 32): a sign-in from one not here sends a notice. SHA-256 of the device. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * The security event log (issue 32): sign-ins and their failures, second factors, resets, password and e-mail
 * changes, session ends, deletions and admin actions on the account. No foreign key: a deletion's record outlives the
 * account's purge until its retention ends. `ip` and `device` are what the person sees in "Recent activity".
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    type: text('type').notNull(),
    at: ts('at').notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    device: text('device').notNull().default(''),
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    index('security_events_user_at_idx').on(t.userId, t.at, t.id),
    index('security_events_at_idx').on(t.at),
  ],
);
