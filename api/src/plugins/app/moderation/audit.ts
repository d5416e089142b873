// The audit log (issue 31) and the notices the moderators send: both written inside the transaction of the action
// they record, so an action without its entry (or the reverse) never commits.
import type { Static } from '@sinclair/typebox';
import type { AuditEntry } from '@skynet/contract/api';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/database.js';
import { PAGE_SIZE } from '../../../lib/paging.js';
import { insertSecurityEvent } from '../security-log.js';

/** What runs a statement: the database or a transaction. */
export type Query = Pick<Db, 'execute'>;

/**
 * Who acts: an administrator (their id; the log keeps their name as it was) or `npm run admin` (id null, `name`
 * says who ran it).
 */
export type Actor = { id: string; name?: undefined } | { id: null; name: string };

export type AuditTarget = 'user' | 'post' | 'report';

export async function recordAudit(
  q: Query,
  actor: Actor,
  entry: { action: string; targetType: AuditTarget; targetId: string; reason: string },
): Promise<void> {
  await q.execute(
    sql`INSERT INTO audit_log (actor_id, actor, action, target_type, target_id, reason)
        VALUES (${actor.id}, coalesce(${actor.name ?? null}::text,
                  (SELECT user_name FROM users WHERE id = ${actor.id}), 'an administrator'),
                ${entry.action}, ${entry.targetType}, ${entry.targetId.toLowerCase()}, ${entry.reason})`,
  );
  // An action on a person is also in their own security log ("Recent activity", issue 32), in the same
  // transaction: what was done and why, never who did it or from where.
  if (entry.targetType === 'user')
    await insertSecurityEvent(q, {
      userId: entry.targetId.toLowerCase(),
      type: 'admin-action',
      detail: adminActionDetail(entry.action, actor, entry.reason),
    });
}

/** "suspend, by a moderator: spam" from `user.suspend`. */
export function adminActionDetail(action: string, actor: Actor, reason: string): string {
  const what = action.replace(/^user\./, '').replace(/^admin\./, 'administrator rights: ');
  const by = actor.id === null ? 'by the operators' : 'by a moderator';
  return `${what}, ${by}${reason ? `: ${reason}` : ''}`;
}

/**
 * A notice to the person acted on: a notification of kind 'moderation' with the text they read. Its actor is the
 * administrator (never shown to them, see notifications.ts); `npm run admin` has none, so the person stands in.
 */
export async function recordNotice(
  q: Query,
  actor: Actor,
  notice: { userId: string; message: string; postId?: string },
): Promise<void> {
  await q.execute(
    sql`INSERT INTO notifications (user_id, actor_id, kind, post_id, message)
        VALUES (${notice.userId}, ${actor.id ?? notice.userId}, 'moderation', ${notice.postId ?? null},
                ${notice.message})`,
  );
}

interface AuditRow {
  id: number;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string | null;
  reason: string;
  created_at: Date | string;
}

/**
 * Page `page` (from 0) of the audit log, newest first, with the name of the person each entry is about: the user,
 * the post's author, or the person a report is about.
 */
export async function auditPage(db: Query, page: number): Promise<Static<typeof AuditEntry>[]> {
  const found = await rows<AuditRow>(
    db,
    sql`SELECT a.id, a.actor, a.action, a.target_type, a.target_id, a.reason, a.created_at,
          coalesce(tu.user_name, pu.user_name, ru.user_name) AS target_name
        FROM (SELECT * FROM audit_log ORDER BY created_at DESC, id DESC
              LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}) a
        LEFT JOIN users tu ON tu.id = CASE WHEN a.target_type = 'user' THEN a.target_id::uuid END
        LEFT JOIN posts p ON p.id = CASE WHEN a.target_type = 'post' THEN a.target_id::uuid END
        LEFT JOIN users pu ON pu.id = p.author_id
        LEFT JOIN reports r ON r.id = CASE WHEN a.target_type = 'report' THEN a.target_id::uuid END
        LEFT JOIN users ru ON ru.id = r.target_user_id
        ORDER BY a.created_at DESC, a.id DESC`,
  );
  return found.map((r) => ({
    _id: String(r.id),
    actor: r.actor,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetName: r.target_name,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
