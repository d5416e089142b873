// Reports (issue 31): filed by anyone signed in, read and resolved by the moderators with the content in context.
import type { Static } from '@sinclair/typebox';
import type { ModerationAction, Report, ReportReason, ReportTargetType } from '@skynet/contract/api';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/database.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { isUuid } from '../../../lib/ids.js';
import { PAGE_SIZE } from '../../../lib/paging.js';
import type { Message, Post } from '../../../schemas/entities.js';
import type { PostsRepository } from '../posts-repository.js';
import { avatarUrl } from '../users/rows.js';
import { actOnPerson, type Effects, noEffects, removePost } from './actions.js';
import { type Actor, type Query, recordAudit } from './audit.js';

export type ReportAnswer = Static<typeof Report>;
type TargetType = Static<typeof ReportTargetType>;
type Action = Static<typeof ModerationAction>;

/** Messages a conversation report shows: the last ones, both sides. */
export const REPORT_MESSAGES = 20;
const DELETED_USER = 'Deleted User';

export interface NewReport {
  targetType: TargetType;
  targetId: string;
  reason: Static<typeof ReportReason>;
  text?: string | undefined;
}

interface ReportRow {
  id: string;
  reporter_id: string;
  target_type: TargetType;
  target_id: string;
  target_user_id: string;
  reason: Static<typeof ReportReason>;
  text: string;
  status: 'open' | 'resolved';
  action: Action | null;
  resolved_reason: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
  reporter_name: string;
  reporter_avatar: string | null;
  target_name: string | null;
  target_avatar: string | null;
  suspended: boolean;
  silenced: boolean;
  resolver_name: string | null;
  open_reports: number;
}

const REPORT_SELECT = sql`SELECT r.id, r.reporter_id, r.target_type, r.target_id, r.target_user_id, r.reason, r.text,
    r.status, r.action, r.resolved_reason, r.created_at, r.resolved_at,
    ru.user_name AS reporter_name, ru.avatar_file AS reporter_avatar,
    tu.user_name AS target_name, tu.avatar_file AS target_avatar,
    coalesce(tu.suspended_at IS NOT NULL, false) AS suspended, coalesce(tu.silenced_at IS NOT NULL, false) AS silenced,
    au.user_name AS resolver_name,
    (SELECT count(*)::int FROM reports o WHERE o.target_user_id = r.target_user_id AND o.status = 'open') AS open_reports
  FROM reports r
  JOIN users ru ON ru.id = r.reporter_id
  LEFT JOIN users tu ON tu.id = r.target_user_id
  LEFT JOIN users au ON au.id = r.resolved_by`;

export function createReports(db: Db, posts: Pick<PostsRepository, 'byId' | 'author'>) {
  /** A post as the moderators see it: a removed post keeps its text for them (and says it was removed). */
  const moderatorsPost = async (id: string): Promise<Post | null> => {
    const post = await posts.byId(id);
    if (!post?.deleted) return post;
    const [raw] = await rows<{ content: string; removed: boolean }>(
      db,
      sql`SELECT content, removed FROM posts WHERE id = ${id}`,
    );
    return raw?.removed ? { ...post, content: raw.content, removed: true } : post;
  };

  const lastMessages = async (a: string, b: string): Promise<Message[]> => {
    const found = await rows<{
      id: string;
      content: string;
      sender_id: string;
      created_at: Date | string;
      conversation_id: string;
    }>(
      db,
      sql`SELECT m.id, m.content, m.sender_id, m.created_at, m.conversation_id
          FROM conversations c JOIN messages m ON m.conversation_id = c.id
          WHERE c.user_a = ${a < b ? a : b} AND c.user_b = ${a < b ? b : a}
          ORDER BY m.seq DESC LIMIT ${REPORT_MESSAGES}`,
    );
    return found.reverse().map((m) => ({
      _id: m.id,
      content: m.content,
      senderId: m.sender_id,
      createdAt: new Date(m.created_at).toISOString(),
      conversationId: m.conversation_id,
    }));
  };

  const context = async (r: ReportRow): Promise<ReportAnswer['context']> => {
    if (r.target_type === 'user') return { posts: await posts.author(r.target_id, 0) };
    if (r.target_type === 'conversation') return { messages: await lastMessages(r.reporter_id, r.target_id) };
    const post = await moderatorsPost(r.target_id);
    if (!post) return {};
    return { post, parent: post.parentPost ? await moderatorsPost(post.parentPost) : null };
  };

  const toReport = async (r: ReportRow): Promise<ReportAnswer> => ({
    _id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    text: r.text,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    reporter: { _id: r.reporter_id, userName: r.reporter_name, avatarUrl: avatarUrl(r.reporter_avatar) },
    target: {
      _id: r.target_user_id,
      userName: r.target_name ?? DELETED_USER,
      avatarUrl: avatarUrl(r.target_avatar),
      suspended: r.suspended,
      silenced: r.silenced,
      openReports: r.open_reports,
    },
    context: await context(r),
    resolution:
      r.status === 'resolved' && r.action && r.resolved_at
        ? {
            action: r.action,
            reason: r.resolved_reason ?? '',
            by: r.resolver_name ?? DELETED_USER,
            at: new Date(r.resolved_at).toISOString(),
          }
        : null,
  });

  /** The person a report is about; 404 with what is missing, 400 for oneself. */
  const targetUserOf = async (reporterId: string, report: NewReport): Promise<string> => {
    const id = report.targetId.toLowerCase();
    if (report.targetType === 'post') {
      const [post] = isUuid(id)
        ? await rows<{ author_id: string }>(
            db,
            sql`SELECT author_id FROM posts WHERE id = ${id} AND NOT deleted`,
          )
        : [];
      if (!post) throw notFound('That post does not exist (or was deleted).');
      if (post.author_id === reporterId) throw badRequest('You cannot report your own post.');
      return post.author_id;
    }
    if (id === reporterId) throw badRequest('You cannot report yourself.');
    const [person] = isUuid(id)
      ? await rows<{ id: string }>(db, sql`SELECT id FROM users WHERE id = ${id} AND deleted_at IS NULL`)
      : [];
    if (!person) throw notFound('That person does not exist.');
    if (report.targetType === 'conversation') {
      const [a, b] = reporterId < id ? [reporterId, id] : [id, reporterId];
      const [c] = await rows(db, sql`SELECT 1 FROM conversations WHERE user_a = ${a} AND user_b = ${b}`);
      if (!c) throw notFound('You have no conversation with that person.');
    }
    return id;
  };

  return {
    /**
     * Files a report, or answers the reporter's open report of the same target (no second row). The reporter's row
     * is locked meanwhile, so two identical reports sent at once make one.
     */
    async file(reporterId: string, report: NewReport): Promise<{ id: string }> {
      const targetUserId = await targetUserOf(reporterId, report);
      const targetId = report.targetId.toLowerCase();
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM users WHERE id = ${reporterId} FOR NO KEY UPDATE`);
        const [open] = await rows<{ id: string }>(
          tx,
          sql`SELECT id FROM reports WHERE reporter_id = ${reporterId} AND target_type = ${report.targetType}
                AND target_id = ${targetId} AND status = 'open'`,
        );
        if (open) return open;
        const [created] = await rows<{ id: string }>(
          tx,
          sql`INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, text)
              VALUES (${reporterId}, ${report.targetType}, ${targetId}, ${targetUserId}, ${report.reason},
                      ${report.text?.trim() ?? ''})
              RETURNING id`,
        );
        return created!;
      });
    },

    /** Open reports oldest first (the queue), or resolved ones most recently resolved first; page from 0. */
    async page(status: 'open' | 'resolved', page: number): Promise<ReportAnswer[]> {
      const order = status === 'open' ? sql`r.created_at, r.id` : sql`r.resolved_at DESC, r.id DESC`;
      const found = await rows<ReportRow>(
        db,
        sql`${REPORT_SELECT} WHERE r.status = ${status} ORDER BY ${order}
            LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}`,
      );
      return Promise.all(found.map(toReport));
    },

    async byId(id: string): Promise<ReportAnswer | null> {
      const [r] = await rows<ReportRow>(db, sql`${REPORT_SELECT} WHERE r.id = ${id}`);
      return r ? toReport(r) : null;
    },

    /**
     * Acts on an open report and resolves it, with every other open report of the same target; silence and suspend
     * act on the person, so every open report about them is resolved with it. 404 for an unknown report, 409 when it
     * is resolved already or the action does not apply (remove on anything but a post, a post already deleted,
     * someone already silenced or suspended).
     */
    async resolve(
      actor: Actor & { id: string },
      reportId: string,
      action: Action,
      reason: string,
    ): Promise<Effects> {
      if (!isUuid(reportId)) throw notFound('Report not found.');
      const [seen] = await rows<{ target_user_id: string }>(
        db,
        sql`SELECT target_user_id FROM reports WHERE id = ${reportId}`,
      );
      if (!seen) throw notFound('Report not found.');
      if (seen.target_user_id === actor.id && (action === 'silence' || action === 'suspend'))
        throw badRequest(`You cannot ${action} yourself.`);
      return db.transaction(async (tx) => {
        // The person first, then the report: every resolution about one person takes the same locks in the same
        // order (the reports resolved together all name them), so two moderators never deadlock.
        await tx.execute(sql`SELECT 1 FROM users WHERE id = ${seen.target_user_id} FOR UPDATE`);
        const [report] = await rows<{
          id: string;
          target_type: TargetType;
          target_id: string;
          status: string;
        }>(tx, sql`SELECT id, target_type, target_id, status FROM reports WHERE id = ${reportId} FOR UPDATE`);
        if (!report) throw notFound('Report not found.');
        if (report.status !== 'open') throw conflict('This report is already resolved.');
        const effects = await apply(tx, actor, report, seen.target_user_id, action, reason);
        const samePerson = action === 'silence' || action === 'suspend';
        await tx.execute(
          sql`UPDATE reports SET status = 'resolved', action = ${action}, resolved_by = ${actor.id},
                resolved_reason = ${reason}, resolved_at = now()
              WHERE status = 'open' AND (id = ${report.id}
                OR (target_type = ${report.target_type} AND target_id = ${report.target_id})
                ${samePerson ? sql`OR target_user_id = ${seen.target_user_id}` : sql``})`,
        );
        return effects;
      });
    },
  };
}

async function apply(
  q: Query,
  actor: Actor,
  report: { id: string; target_type: TargetType; target_id: string },
  targetUserId: string,
  action: Action,
  reason: string,
): Promise<Effects> {
  switch (action) {
    case 'dismiss':
      await recordAudit(q, actor, {
        action: 'report.dismiss',
        targetType: 'report',
        targetId: report.id,
        reason,
      });
      return noEffects();
    case 'remove':
      if (report.target_type !== 'post') throw conflict('Only a reported post can be removed.');
      return removePost(q, actor, report.target_id, reason);
    default: {
      const done = await actOnPerson(q, actor, action, targetUserId, reason);
      if (!done.changed)
        throw conflict(`They are already ${action === 'silence' ? 'silenced' : 'suspended'}.`);
      return done.effects;
    }
  }
}

export type Reports = ReturnType<typeof createReports>;
