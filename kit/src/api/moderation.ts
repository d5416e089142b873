// The moderators' calls (issue 31, mfe-admin; administrators only: the API answers 403 to anyone else). Typed from
// the contract's `moderationCalls`, imported directly: the group joins `calls` (and so CallName) once the API
// serves it, and then these can move to BodyOf/ValueOf like the others.
import type { Envelope } from '@skynet/contract';
import type { Body, moderationCalls, Query, Value } from '@skynet/contract/api';
import { http, unwrap } from '@skynet/shared';

type Moderation = typeof moderationCalls;
type ValueOfCall<K extends keyof Moderation> = Value<Moderation[K]>;

/** A report as the queue shows it, with the content in context. */
export type Report = ValueOfCall<'resolveReport'>;
/** One line of the audit log. */
export type AuditEntry = ValueOfCall<'audit'>[number];
/** What resolving a report does: dismiss, remove (the post), warn, silence or suspend (the person). */
export type ModerationAction = Body<Moderation['resolveReport']>['action'];
export type ReportStatus = NonNullable<Query<Moderation['reports']>['status']>;
/** The undoable measures on a person. */
export type PersonMeasure = 'suspend' | 'silence';

const seg = (value: string) => encodeURIComponent(value);
const list = <T>(value: T[] | undefined) => (Array.isArray(value) ? value : []);
const reasonBody = (reason: string) => ({ reason }) satisfies Body<Moderation['suspend']>;

export const moderationApi = {
  /** Page `page` (from 0) of the open reports (oldest first) or the resolved ones (newest first). */
  async reports(status: ReportStatus, page: number): Promise<Report[]> {
    const params = { status, page: String(page) } satisfies Query<Moderation['reports']>;
    return list(
      unwrap((await http.get<Envelope<ValueOfCall<'reports'>>>('/admin/reports', { params })).data),
    );
  },
  /** Acts on a report with a reason; answers the resolved report. */
  async resolve(id: string, action: ModerationAction, reason: string): Promise<Report> {
    const body = { action, reason } satisfies Body<Moderation['resolveReport']>;
    return unwrap(
      (await http.post<Envelope<ValueOfCall<'resolveReport'>>>(`/admin/reports/${seg(id)}/resolve`, body))
        .data,
    );
  },
  /** Suspends or silences a person (`on`), or lifts it, with a reason. */
  async setMeasure(userId: string, measure: PersonMeasure, on: boolean, reason: string): Promise<void> {
    const url = `/admin/users/${seg(userId)}/${measure}`;
    if (on) await http.post(url, reasonBody(reason));
    else await http.delete(url, { data: reasonBody(reason) });
  },
  /** Puts a post the moderators removed back where it stood. */
  async restorePost(postId: string, reason: string): Promise<void> {
    await http.post(`/admin/posts/${seg(postId)}/restore`, reasonBody(reason));
  },
  /** Page `page` (from 0) of the audit log, newest first. */
  async audit(page: number): Promise<AuditEntry[]> {
    const params = { page: String(page) } satisfies Query<Moderation['audit']>;
    return list(unwrap((await http.get<Envelope<ValueOfCall<'audit'>>>('/admin/audit', { params })).data));
  },
};
