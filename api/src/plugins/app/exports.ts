// "Download your data" (issue 31, item 6): an archive of everything a person owns, as JSON in a zip, built by a
// background job (pg-boss queue `export`), mailed as a link that works for EXPORT_LINK_DAYS days, then deleted.
import { EXPORT_LINK_DAYS } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { strToU8, zipSync } from 'fflate';
import { type Db, rows } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { isUuid, randomToken, sha256 } from '../../lib/ids.js';
import { retryOnConflict } from '../../lib/retry.js';
import { avatarUrl } from './users/rows.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const QUEUE = 'export';

export interface DataExportRow {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  created_at: Date | string;
  expires_at: Date | string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Every record the person owns, and nothing of anyone else's: others appear by id and name only. */
export async function collectArchive(db: Db, userId: string): Promise<Record<string, unknown>> {
  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(db, query);
  const [profile] = await q<Record<string, unknown>>(
    sql`SELECT id, user_name, email, bio, planet_id, latitude, longitude, avatar_file, admin, message_policy,
          follower_count, following_count, post_count, created_at, oidc_issuer IS NOT NULL AS identity_provider
        FROM users WHERE id = ${userId}`,
  );
  if (!profile) throw notFound('Account not found.');
  const posts = await q<Record<string, unknown>>(
    sql`SELECT p.id, p.content, p.content_warning, p.created_at, p.edited_at, p.planet_id, p.latitude, p.longitude,
          p.parent_id, p.tags, p.mentions,
          p.deleted, p.removed, p.like_count, p.comment_count, p.thread_seq IS NOT NULL AS is_comment,
          COALESCE((SELECT json_agg(json_build_object('content', e.content, 'content_warning', e.content_warning,
            'created_at', e.created_at) ORDER BY e.id)
            FROM post_edits e WHERE e.post_id = p.id), '[]'::json) AS earlier_texts
        FROM posts p WHERE p.author_id = ${userId} ORDER BY p.created_at, p.id`,
  );
  const marks = (table: 'likes' | 'saves') =>
    q(sql`SELECT post_id, created_at FROM ${sql.raw(table)} WHERE user_id = ${userId} ORDER BY created_at`);
  const people = (query: ReturnType<typeof sql>) => q<{ id: string; user_name: string; since: Date }>(query);
  const following = await people(
    sql`SELECT u.id, u.user_name, f.created_at AS since FROM follows f JOIN users u ON u.id = f.followee_id
        WHERE f.follower_id = ${userId} ORDER BY f.created_at`,
  );
  const followers = await people(
    sql`SELECT u.id, u.user_name, f.created_at AS since FROM follows f JOIN users u ON u.id = f.follower_id
        WHERE f.followee_id = ${userId} ORDER BY f.created_at`,
  );
  const blocks = await people(
    sql`SELECT u.id, u.user_name, b.created_at AS since FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = ${userId} ORDER BY b.created_at`,
  );
  const mutes = await people(
    sql`SELECT u.id, u.user_name, m.created_at AS since FROM mutes m JOIN users u ON u.id = m.muted_id
        WHERE m.muter_id = ${userId} ORDER BY m.created_at`,
  );
  const mutedWords = await q(
    sql`SELECT word, expires_at, created_at FROM muted_words WHERE user_id = ${userId} ORDER BY created_at`,
  );
  // The messages they wrote, by conversation (the other side's messages are that person's).
  const messages = await q<{ conversation_id: string; with_id: string; with_name: string | null }>(
    sql`SELECT c.id AS conversation_id, CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END AS with_id,
          u.user_name AS with_name
        FROM conversations c LEFT JOIN users u ON u.id = CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END
        WHERE c.user_a = ${userId} OR c.user_b = ${userId} ORDER BY c.created_at`,
  );
  const conversations = [];
  for (const c of messages) {
    const sent = await q(
      sql`SELECT id, content, created_at FROM messages WHERE conversation_id = ${c.conversation_id}
            AND sender_id = ${userId} ORDER BY seq`,
    );
    conversations.push({
      conversationId: c.conversation_id,
      with: { id: c.with_id, userName: c.with_name },
      sent,
    });
  }
  const sessions = await q(
    sql`SELECT id, user_agent, created_at, last_used_at, expires_at, revoked_at, revoked_reason
        FROM sessions WHERE user_id = ${userId} ORDER BY created_at`,
  );
  const reports = await q(
    sql`SELECT id, target_type, target_id, reason, text, status, created_at FROM reports
        WHERE reporter_id = ${userId} ORDER BY created_at`,
  );
  const person = (p: { id: string; user_name: string; since: Date }) => ({
    id: p.id,
    userName: p.user_name,
    since: iso(p.since),
  });
  return {
    profile: { ...profile, avatar_url: avatarUrl(profile.avatar_file as string | null) },
    posts: posts.filter((p) => !p.is_comment),
    replies: posts.filter((p) => p.is_comment),
    likes: await marks('likes'),
    saves: await marks('saves'),
    follows: { following: following.map(person), followers: followers.map(person) },
    blocks: blocks.map(person),
    mutes: mutes.map(person),
    mutedWords,
    messages: conversations,
    sessions,
    reports,
  };
}

const README = `Your Skynet data

Each file is JSON:
- profile.json: your account as stored (your e-mail, home planet and position, settings).
- posts.json, replies.json: everything you wrote, deleted ones included (their text was removed when deleted);
  an edited one has edited_at and its earlier texts (earlier_texts); tags and mentions (whom it named) as shown.
- likes.json, saves.json: the posts you liked and saved, and when.
- follows.json: whom you follow and who follows you (by id and name).
- blocks.json, mutes.json, mutedWords.json: what you hide.
- messages.json: the direct messages you sent, by conversation.
- sessions.json: your sign-ins (browser, when).
- reports.json: the reports you sent to the moderators.
- avatar.webp: your picture, if you have one.
`;

export function zipArchive(data: Record<string, unknown>, avatar: Buffer | null): Uint8Array {
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(README) };
  for (const [name, value] of Object.entries(data))
    files[`${name}.json`] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  if (avatar) files['avatar.webp'] = new Uint8Array(avatar);
  return zipSync(files, { level: 6 });
}

function exportsPlugin(app: FastifyInstance) {
  const db = app.db;
  const { boss } = app.jobs;
  let worker: string | null = null;

  const build = async (id: string) => {
    const [row] = await rows<{ user_id: string; status: string }>(
      db,
      sql`SELECT user_id, status FROM data_exports WHERE id = ${id}`,
    );
    if (row?.status !== 'pending') return;
    const data = await collectArchive(db, row.user_id);
    const file = (data.profile as { avatar_file: string | null }).avatar_file;
    const zip = zipArchive(data, file ? await app.avatars.read(file) : null);
    const token = randomToken();
    const [user] = await rows<{ email: string | null; user_name: string }>(
      db,
      sql`UPDATE data_exports SET status = 'ready', archive = ${Buffer.from(zip)}, bytes = ${zip.byteLength},
            token_hash = ${sha256(token)}, ready_at = now()
          FROM users u WHERE data_exports.id = ${id} AND u.id = data_exports.user_id
          RETURNING u.email, u.user_name`,
    );
    if (!user?.email) return; // an identity-provider account without an address: the list in Settings says ready
    const link = `${app.config.publicOrigin}/api/user/export/${id}/download?token=${token}`;
    await app.mailer.send({
      to: user.email,
      subject: 'Your Skynet data is ready',
      text: `Hello ${user.user_name},\n\nThe archive of your Skynet data you asked for is ready. Download it within ${EXPORT_LINK_DAYS} days:\n\n${link}\n\nAnyone with this link can download it: do not share it. If you did not ask for it, change your password.\n`,
      html: `<p>Hello ${user.user_name.replace(/[<>&"]/g, '')},</p><p>The archive of your Skynet data you asked for is ready. Download it within ${EXPORT_LINK_DAYS} days:</p><p><a href="${link}">Download your data</a></p><p>Anyone with this link can download it: do not share it. If you did not ask for it, change your password.</p>`,
    });
  };

  const exportsApi = {
    /** Asks for an archive: at most one a day (429 with when the next may be asked). */
    async request(userId: string): Promise<DataExportRow> {
      const [recent] = await rows<{ created_at: Date }>(
        db,
        sql`SELECT created_at FROM data_exports WHERE user_id = ${userId} AND created_at > now() - interval '1 day'
            ORDER BY created_at DESC LIMIT 1`,
      );
      if (recent) {
        const hours = Math.max(
          1,
          Math.ceil((new Date(recent.created_at).getTime() + DAY_MS - Date.now()) / 3_600_000),
        );
        throw new HttpError(
          429,
          `You asked for your data less than a day ago. You can ask again in ${hours} hour${hours === 1 ? '' : 's'}.`,
        );
      }
      const [row] = await rows<DataExportRow>(
        db,
        sql`INSERT INTO data_exports (user_id, expires_at)
            VALUES (${userId}, ${new Date(Date.now() + EXPORT_LINK_DAYS * DAY_MS)})
            RETURNING id, status, created_at, expires_at`,
      );
      await boss.send(QUEUE, { id: row!.id });
      if (worker) boss.notifyWorker(worker);
      return row!;
    },

    list(userId: string): Promise<DataExportRow[]> {
      return rows<DataExportRow>(
        db,
        sql`SELECT id, status, created_at, expires_at FROM data_exports WHERE user_id = ${userId}
              AND expires_at > now() ORDER BY created_at DESC LIMIT 10`,
      );
    },

    /** The archive for the mailed link's id and token; null when either is wrong, or it expired. */
    async download(id: string, token: string): Promise<{ archive: Buffer; createdAt: Date } | null> {
      if (!isUuid(id)) return null;
      const [row] = await rows<{ archive: Buffer | null; created_at: Date }>(
        db,
        sql`SELECT archive, created_at FROM data_exports WHERE id = ${id} AND token_hash = ${sha256(token)}
              AND status = 'ready' AND expires_at > now()`,
      );
      return row?.archive ? { archive: Buffer.from(row.archive), createdAt: new Date(row.created_at) } : null;
    },

    /** Drops the expired archives (the hourly purge calls it). */
    async prune(): Promise<void> {
      await db.execute(sql`DELETE FROM data_exports WHERE expires_at < now()`);
    },

    /** Runs the queued builds now (tests; the worker does it within its polling interval otherwise). */
    build,
  };
  app.decorate('exports', exportsApi);

  app.addHook('onReady', async () => {
    await retryOnConflict(() =>
      boss.createQueue(QUEUE, {
        name: QUEUE,
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 600,
      }),
    );
    worker = await boss.work<{ id: string }>(
      QUEUE,
      { includeMetadata: true, pollingIntervalSeconds: 2 },
      async ([job]) => {
        if (!job) return;
        try {
          await build(job.data.id);
        } catch (err) {
          app.log.error({ err, job: job.id }, 'data export failed');
          if (job.retryCount >= 3)
            await db.execute(sql`UPDATE data_exports SET status = 'failed' WHERE id = ${job.data.id}`);
          throw err;
        }
      },
    );
  });
}

export type DataExports = {
  request(userId: string): Promise<DataExportRow>;
  list(userId: string): Promise<DataExportRow[]>;
  download(id: string, token: string): Promise<{ archive: Buffer; createdAt: Date } | null>;
  prune(): Promise<void>;
  build(id: string): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    exports: DataExports;
  }
}

export default fp(async (app: FastifyInstance) => exportsPlugin(app), {
  name: 'exports',
  dependencies: ['database', 'jobs', 'mailer', 'avatars'],
});
