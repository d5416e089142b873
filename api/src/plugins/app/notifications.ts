import {
  NOTIFICATIONS_READ_MAX,
  type NotificationGroup,
  type NotificationKind,
  PAGE_SIZE,
  type UnreadCounts,
} from '@skynet/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { avatarUrl } from './users/rows.js';

/** Characters of the post a notification names (the page's second line). */
export const NOTIFICATION_PREVIEW_LENGTH = 60;
/** Most groups one `POST /api/notifications/read` names. */
export const READ_IDS_MAX = NOTIFICATIONS_READ_MAX;
/** Changes to one person's counts within this many ms are announced once (their newest counts). */
const EMIT_DELAY_MS = 30;

/**
 * What a notification is recorded for: a post of its recipient (like, comment, reply), its recipient (follow), or
 * (mention, issue 35) the post or comment `postId` that names the users `mentioned`.
 */
export type NotificationTarget =
  | { postId: string; sourceId?: string }
  | { userId: string }
  | { postId: string; mentioned: string[] };

/** A group id (NotificationGroup.id) as the page sends it back: kind, post ('-' none), UTC day, newest row id. */
const GROUP_ID =
  /^(like|comment|reply|follow|moderation|mention)\.([0-9a-f-]{36}|-)\.(\d{4}-\d{2}-\d{2})\.(\d{1,15})$/;

export interface GroupRef {
  kind: NotificationKind;
  postId: string | null;
  day: string;
  top: number;
}

/** Parses a group id; null when it is not one. */
export function parseGroupId(id: string): GroupRef | null {
  const m = GROUP_ID.exec(id);
  if (!m) return null;
  return {
    kind: m[1] as NotificationKind,
    postId: m[2] === '-' ? null : m[2]!,
    day: m[3]!,
    top: Number(m[4]),
  };
}

interface GroupRow {
  kind: NotificationKind;
  post_id: string | null;
  day: string;
  top: number;
  latest_at: Date | string;
  actor_count: number;
  unread: boolean;
  actor_ids: string;
  post_preview: string | null;
  reply_preview: string | null;
  message: string | null;
}

/** One notification row per (recipient, kind, actor, post) for likes and follows: liking again after an unlike is not news. */
const RECORD_ONCE = new Set<NotificationKind>(['like', 'follow']);

const INSERT_ON_POST = `INSERT INTO notifications (user_id, actor_id, kind, post_id, source_id)
  SELECT p.author_id, $1, $2, p.id, $4 FROM posts p JOIN users u ON u.id = p.author_id
  WHERE p.id = $3 AND p.author_id <> $1 AND NOT p.deleted
    AND ($2 <> 'like' OR NOT EXISTS (
      SELECT 1 FROM notifications n WHERE n.actor_id = $1 AND n.kind = $2 AND n.post_id = p.id))
  RETURNING user_id`;

const INSERT_ON_USER = `INSERT INTO notifications (user_id, actor_id, kind)
  SELECT u.id, $1, $2 FROM users u
  WHERE u.id = $3 AND u.id <> $1 AND NOT EXISTS (
    SELECT 1 FROM notifications n WHERE n.actor_id = $1 AND n.kind = $2 AND n.user_id = u.id AND n.post_id IS NULL)
  RETURNING user_id`;

/**
 * Issue 35: a mention of each of $3 (uuid[]) in post $2 by $1, except of the author themself, of someone they block
 * or are blocked by, of someone who mutes them, or twice (an edit naming someone again); an author the moderators
 * silenced reaches only their followers (as their posts do, Mastodon's limited accounts). The post is its own source,
 * so a muted word in it hides the notification as in a reply.
 */
const INSERT_MENTIONS = `INSERT INTO notifications (user_id, actor_id, kind, post_id, source_id)
  SELECT r.id, $1, 'mention', p.id, p.id FROM posts p CROSS JOIN unnest($3::uuid[]) AS r(id)
  WHERE p.id = $2 AND p.author_id = $1 AND NOT p.deleted AND r.id <> $1
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = r.id AND u.deleted_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM blocks b
      WHERE (b.blocker_id = r.id AND b.blocked_id = $1) OR (b.blocker_id = $1 AND b.blocked_id = r.id))
    AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = r.id AND m.muted_id = $1)
    AND (NOT EXISTS (SELECT 1 FROM users a WHERE a.id = $1 AND a.silenced_at IS NOT NULL)
      OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = r.id AND f.followee_id = $1))
    AND NOT EXISTS (SELECT 1 FROM notifications n
      WHERE n.actor_id = $1 AND n.kind = 'mention' AND n.post_id = p.id AND n.user_id = r.id)
  RETURNING user_id`;

/**
 * The notifications of recipient $1 they want (issue 31): none from someone blocked either way or muted, none whose
 * comment or reply holds one of their muted words (whole words, any case, like safety-repository's pattern). Hidden,
 * not deleted: an unblock, unmute or expiry brings them back.
 */
const WANTED = String.raw`NOT EXISTS (SELECT 1 FROM blocks b
      WHERE (b.blocker_id = $1 AND b.blocked_id = n.actor_id) OR (b.blocker_id = n.actor_id AND b.blocked_id = $1))
    AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = $1 AND m.muted_id = n.actor_id)
    AND (n.source_id IS NULL OR NOT EXISTS (SELECT 1 FROM muted_words w JOIN posts s ON s.id = n.source_id
      WHERE w.user_id = $1 AND (w.expires_at IS NULL OR w.expires_at > now())
        AND s.content ~* ('(^|[^[:alnum:]_])' || regexp_replace(w.word, '([^[:alnum:][:space:]])', '\\\1', 'g')
          || '($|[^[:alnum:]_])')))
    AND (n.kind <> 'mention' OR NOT EXISTS (SELECT 1 FROM posts mp WHERE mp.id = n.post_id AND mp.deleted))`;

// A moderation notice (issue 31) is a group of its own (the 4th key: its id), kept when the administrator's account
// is deleted, and carries its message.
const GROUPS = `SELECT g.kind, g.post_id, g.day::text AS day, g.top, g.latest_at, g.actor_count, g.unread, g.actor_ids,
    g.message, CASE WHEN g.post_id IS NULL THEN NULL WHEN p.id IS NULL OR p.deleted THEN ''
      WHEN g.kind = 'mention' AND p.content_warning IS NOT NULL THEN left(p.content_warning, ${NOTIFICATION_PREVIEW_LENGTH})
      ELSE left(p.content, ${NOTIFICATION_PREVIEW_LENGTH}) END AS post_preview,
    CASE WHEN s.id IS NULL OR s.deleted OR s.content_warning IS NOT NULL THEN NULL
      ELSE left(s.content, ${NOTIFICATION_PREVIEW_LENGTH}) END AS reply_preview
  FROM (
    SELECT n.kind, n.post_id, (n.created_at AT TIME ZONE 'UTC')::date AS day,
      CASE WHEN n.kind = 'moderation' THEN n.id END AS single, max(n.id) AS top,
      max(n.created_at) AS latest_at, count(DISTINCT n.actor_id)::int AS actor_count,
      bool_or(n.read_at IS NULL) AS unread,
      array_to_string((array_agg(n.actor_id ORDER BY n.id DESC))[1:20], ',') AS actor_ids, max(n.message) AS message,
      (array_agg(n.source_id ORDER BY n.id DESC))[1] AS source_id
    FROM notifications n JOIN users u ON u.id = n.actor_id
    WHERE n.user_id = $1 AND (n.kind = 'moderation' OR (u.deleted_at IS NULL AND ${WANTED}))
    GROUP BY 1, 2, 3, 4
  ) g LEFT JOIN posts p ON p.id = g.post_id LEFT JOIN posts s ON s.id = g.source_id
  ORDER BY g.top DESC LIMIT ${PAGE_SIZE} OFFSET $2`;

// The unread messages: per conversation of the person, an index range of (conversation_id, seq) above their read
// mark (LATERAL), so the cost is the unread messages, never the history: a plain join let the planner hash-join every
// message of every conversation (a parallel scan of 5 M rows, 0.7 s per send, in the 10 M-row bench).
const COUNTS = `SELECT
    (SELECT count(*)::int FROM notifications n JOIN users u ON u.id = n.actor_id
      WHERE n.user_id = $1 AND n.read_at IS NULL
        AND (n.kind = 'moderation' OR (u.deleted_at IS NULL AND ${WANTED}))) AS notifications,
    (SELECT coalesce(sum(unread.n), 0)::int FROM conversations c
      CROSS JOIN LATERAL (SELECT count(*) AS n FROM messages m
        WHERE m.conversation_id = c.id AND m.seq > CASE WHEN c.user_a = $1 THEN c.read_a ELSE c.read_b END
          AND m.sender_id <> $1) unread
      WHERE c.user_a = $1 OR c.user_b = $1) AS messages`;

/**
 * COUNTS for each person of $1 (a uuid[]), with their id: everyone whose announcement falls due in the same window is
 * read by one query (at 1,000 messages a second, one query per window instead of one per receiver).
 */
const COUNTS_OF = `SELECT r.id::text AS user_id, c.notifications, c.messages FROM unnest($1::uuid[]) AS r(id)
  CROSS JOIN LATERAL (${COUNTS.replaceAll('$1', 'r.id')}) c`;

/** Most people one COUNTS_OF query reads. */
const ANNOUNCE_BATCH = 500;

const READ_GROUPS = `UPDATE notifications n SET read_at = now()
  FROM unnest($2::text[], $3::text[], $4::date[], $5::bigint[]) AS g(kind, post, day, top)
  WHERE n.user_id = $1 AND n.read_at IS NULL AND n.kind = g.kind
    AND n.post_id IS NOT DISTINCT FROM NULLIF(g.post, '')::uuid
    AND (n.created_at AT TIME ZONE 'UTC')::date = g.day AND n.id <= g.top
    AND (g.kind <> 'moderation' OR n.id = g.top)
  RETURNING n.id`;

const CHAT_READ = `UPDATE conversations c SET
    read_a = CASE WHEN c.user_a = $1 THEN m.seq ELSE c.read_a END,
    read_b = CASE WHEN c.user_b = $1 THEN m.seq ELSE c.read_b END
  FROM messages m
  WHERE c.id = $2 AND m.id = $3 AND m.conversation_id = c.id AND (c.user_a = $1 OR c.user_b = $1)
    AND m.seq > CASE WHEN c.user_a = $1 THEN c.read_a ELSE c.read_b END
  RETURNING c.id`;

export function createNotifications(
  database: Pick<Database, 'query'>,
  emit: (userId: string, counts: UnreadCounts) => void,
  log: FastifyBaseLogger,
) {
  /** The people whose counts changed since the window began, announced when it ends. */
  const due = new Set<string>();
  let dueTimer: NodeJS.Timeout | null = null;

  /** The counts of each of `userIds` (one query, one statement for one person or many). */
  const countsOf = async (userIds: string[]): Promise<Map<string, UnreadCounts>> => {
    const rows = await database.query<UnreadCounts & { user_id: string }>('unread_counts', COUNTS_OF, [
      userIds,
    ]);
    return new Map(rows.map((r) => [r.user_id, { notifications: r.notifications, messages: r.messages }]));
  };

  const counts = async (userId: string): Promise<UnreadCounts> =>
    (await countsOf([userId])).get(userId) ?? { notifications: 0, messages: 0 };

  const announce = async (userIds: string[]) => {
    for (const [userId, c] of await countsOf(userIds)) emit(userId, c);
  };

  /**
   * A person's counts may have changed: at the end of a short window (changes together are announced once), the whole
   * counts of everyone changed in it, read after the changes by one query, go to each person's own room on every API
   * process (the Redis adapter carries them).
   */
  const changed = (userId: string) => {
    due.add(userId);
    if (dueTimer) return;
    dueTimer = setTimeout(() => {
      dueTimer = null;
      const userIds = [...due];
      due.clear();
      for (let i = 0; i < userIds.length; i += ANNOUNCE_BATCH)
        announce(userIds.slice(i, i + ANNOUNCE_BATCH)).catch((err: Error) =>
          log.warn({ err }, 'unread counts not announced'),
        );
    }, EMIT_DELAY_MS);
    dueTimer.unref();
  };

  return {
    counts,
    changed,

    /**
     * Records that `actorId` did `kind` to a post of someone (like, comment, reply: `postId`, and the comment or reply
     * as `sourceId`) or to someone (follow: `userId`). Never for one's own post or oneself, never on a deleted post,
     * a like or follow once per actor and target. A failure is logged, never the caller's failure (the like stands).
     */
    async record(kind: NotificationKind, actorId: string, target: NotificationTarget): Promise<void> {
      try {
        if ('mentioned' in target && target.mentioned.length === 0) return;
        const recipients =
          'mentioned' in target
            ? await database.query<{ user_id: string }>('notify_mentions', INSERT_MENTIONS, [
                actorId,
                target.postId,
                target.mentioned,
              ])
            : 'postId' in target
              ? await database.query<{ user_id: string }>(`notify_post_${kind}`, INSERT_ON_POST, [
                  actorId,
                  kind,
                  target.postId,
                  target.sourceId ?? null,
                ])
              : await database.query<{ user_id: string }>(`notify_user_${kind}`, INSERT_ON_USER, [
                  actorId,
                  kind,
                  target.userId,
                ]);
        for (const r of recipients) changed(r.user_id);
      } catch (err) {
        log.warn({ err, kind }, 'notification not recorded');
      }
    },

    /** Takes back the unread like or follow notification of an un-like or unfollow (a read one stays: it happened). */
    async retract(kind: NotificationKind, actorId: string, target: NotificationTarget): Promise<void> {
      if (!RECORD_ONCE.has(kind)) return;
      try {
        const removed =
          'postId' in target
            ? await database.query<{ user_id: string }>(
                `unnotify_post_${kind}`,
                `DELETE FROM notifications WHERE actor_id = $1 AND kind = $2 AND post_id = $3 AND read_at IS NULL
                 RETURNING user_id`,
                [actorId, kind, target.postId],
              )
            : await database.query<{ user_id: string }>(
                `unnotify_user_${kind}`,
                `DELETE FROM notifications
                 WHERE actor_id = $1 AND kind = $2 AND user_id = $3 AND post_id IS NULL AND read_at IS NULL
                 RETURNING user_id`,
                [actorId, kind, target.userId],
              );
        for (const r of removed) changed(r.user_id);
      } catch (err) {
        log.warn({ err, kind }, 'notification not retracted');
      }
    },

    /** Page `page` (from 0) of a person's notification groups, newest first. */
    async page(userId: string, page: number): Promise<NotificationGroup[]> {
      const groups = await database.query<GroupRow>('notification_groups', GROUPS, [
        userId,
        page * PAGE_SIZE,
      ]);
      const ids = [
        ...new Set(groups.filter((g) => g.kind !== 'moderation').flatMap((g) => g.actor_ids.split(','))),
      ];
      const actors = new Map(
        (
          await database.query<{ id: string; user_name: string; avatar_file: string | null }>(
            'notification_actors',
            'SELECT id, user_name, avatar_file FROM users WHERE id = ANY($1::uuid[])',
            [ids],
          )
        ).map((u) => [u.id, { _id: u.id, userName: u.user_name, avatarUrl: avatarUrl(u.avatar_file) }]),
      );
      return groups.map((g) => {
        const group = {
          id: `${g.kind}.${g.post_id ?? '-'}.${g.day}.${g.top}`,
          kind: g.kind,
          postId: g.post_id,
          postPreview: g.post_preview,
          actors: [...new Set(g.actor_ids.split(','))]
            .map((id) => actors.get(id))
            .filter((a) => a !== undefined)
            .slice(0, 3),
          actorCount: g.actor_count,
          latestAt: new Date(g.latest_at).toISOString(),
          unread: g.unread,
        };
        // Issue 35: a comment or reply shows its own words, not only the post it answered.
        if (g.kind === 'comment' || g.kind === 'reply') return { ...group, replyPreview: g.reply_preview };
        // The moderators speak as one: which administrator acted is in the audit log, not told to the person.
        if (g.kind === 'moderation') return { ...group, actors: [], actorCount: 0, message: g.message ?? '' };
        return group;
      });
    },

    /** Marks the named groups read (up to the newest notification each named) or, with `all`, everything. */
    async markRead(userId: string, refs: GroupRef[] | 'all'): Promise<number> {
      const done =
        refs === 'all'
          ? await database.query<{ id: number }>(
              'notifications_read_all',
              'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id',
              [userId],
            )
          : refs.length === 0
            ? []
            : await database.query<{ id: number }>('notifications_read', READ_GROUPS, [
                userId,
                refs.map((r) => r.kind),
                refs.map((r) => r.postId ?? ''),
                refs.map((r) => r.day),
                refs.map((r) => r.top),
              ]);
      if (done.length > 0) changed(userId);
      return done.length;
    },

    /**
     * The reader's chat showed the conversation up to `messageId`: their unread messages there end at it. False when
     * nothing changed (already read that far, or not their conversation or message).
     */
    async chatRead(userId: string, conversationId: string, messageId: string): Promise<boolean> {
      const r = await database.query<{ id: string }>('chat_read', CHAT_READ, [
        userId,
        conversationId,
        messageId,
      ]);
      if (r.length > 0) changed(userId);
      return r.length > 0;
    },

    async messageIn(conversationId: string, messageId: string): Promise<boolean> {
      const r = await database.query<{ id: string }>(
        'chat_message_in',
        'SELECT id FROM messages WHERE id = $1 AND conversation_id = $2',
        [messageId, conversationId],
      );
      return r.length > 0;
    },

    /** Pending announcements are dropped (shutdown). */
    close() {
      if (dueTimer) clearTimeout(dueTimer);
      dueTimer = null;
      due.clear();
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const notifications = createNotifications(
      app.database,
      (userId, counts) => app.realtime.unreadCounts(userId, counts),
      app.log,
    );
    app.decorate('notifications', notifications);
    app.addHook('preClose', async () => notifications.close());
  },
  { name: 'notifications', dependencies: ['database', 'realtime'] },
);
