// Issue 31, moderation: administrators only (403 for anyone else). Every action is written to the audit log with the
// administrator, the target and the reason, and the person acted on is notified.
import { Type } from '@sinclair/typebox';
import { MODERATION_REASON_MAX_LENGTH, REPORT_TEXT_MAX_LENGTH } from '../limits.js';
import { defineCall } from './call.js';
import { AuditEntry, ModerationAction, Report, ReportReason, ReportTargetType } from './entities.js';
import { errors, OkValue } from './envelope.js';
import { IdParams, PageQuery } from './fields.js';

const tags = ['moderation'] as const;
const Reason = Type.String({ minLength: 1, maxLength: MODERATION_REASON_MAX_LENGTH });

/** Anyone signed in reports to the moderators. */
export const reportCalls = {
  report: defineCall({
    operationId: 'report',
    method: 'POST',
    path: '/report',
    tags: ['safety'] as const,
    description:
      'Report a post (or reply), a person or a conversation (targetId: the other person’s id) to the moderators; value._id names the report.',
    body: Type.Object(
      {
        targetType: ReportTargetType,
        targetId: Type.String({ minLength: 1, maxLength: 64 }),
        reason: ReportReason,
        text: Type.Optional(Type.String({ maxLength: REPORT_TEXT_MAX_LENGTH })),
      },
      { additionalProperties: false },
    ),
    response: { 200: OkValue(Type.Object({ _id: Type.String() })), ...errors(400, 401, 404, 429) },
  }),
};

export const moderationCalls = {
  reports: defineCall({
    operationId: 'reports',
    method: 'GET',
    path: '/admin/reports',
    tags,
    description:
      'Reports, oldest open first (status=open, the default) or newest resolved first; page counts from 0.',
    querystring: Type.Object({
      status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')])),
      page: PageQuery.properties.page,
    }),
    response: { 200: OkValue(Type.Array(Report)), ...errors(400, 401, 403) },
  }),
  resolveReport: defineCall({
    operationId: 'resolveReport',
    method: 'POST',
    path: '/admin/reports/:id/resolve',
    tags,
    description:
      'Acts on a report: dismiss, remove (the post), warn, silence or suspend (the person), with a reason. Other open reports of the same target are resolved with it (silence and suspend: every open report about the person). 409 when it is resolved already or the action does not apply.',
    params: IdParams,
    body: Type.Object({ action: ModerationAction, reason: Reason }, { additionalProperties: false }),
    response: { 200: OkValue(Report), ...errors(400, 401, 403, 404, 409) },
  }),
  suspend: defineCall({
    operationId: 'suspend',
    method: 'POST',
    path: '/admin/users/:id/suspend',
    tags,
    description:
      'Suspend: they cannot sign in or write, their sessions and sockets end at once; the profile says so.',
    params: IdParams,
    body: Type.Object({ reason: Reason }, { additionalProperties: false }),
    response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 403, 404) },
  }),
  unsuspend: defineCall({
    operationId: 'unsuspend',
    method: 'DELETE',
    path: '/admin/users/:id/suspend',
    tags,
    params: IdParams,
    body: Type.Object({ reason: Reason }, { additionalProperties: false }),
    response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 403, 404) },
  }),
  silence: defineCall({
    operationId: 'silence',
    method: 'POST',
    path: '/admin/users/:id/silence',
    tags,
    description:
      'Silence: their posts leave the galaxy and planet feeds and search (followers and their profile still show them).',
    params: IdParams,
    body: Type.Object({ reason: Reason }, { additionalProperties: false }),
    response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 403, 404) },
  }),
  unsilence: defineCall({
    operationId: 'unsilence',
    method: 'DELETE',
    path: '/admin/users/:id/silence',
    tags,
    params: IdParams,
    body: Type.Object({ reason: Reason }, { additionalProperties: false }),
    response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 403, 404) },
  }),
  restorePost: defineCall({
    operationId: 'restorePost',
    method: 'POST',
    path: '/admin/posts/:id/restore',
    tags,
    description: 'Undoes a removal by the moderators: the post is back where it stood.',
    params: IdParams,
    body: Type.Object({ reason: Reason }, { additionalProperties: false }),
    response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 403, 404, 409) },
  }),
  audit: defineCall({
    operationId: 'audit',
    method: 'GET',
    path: '/admin/audit',
    tags,
    description: 'Every administrative action, newest first (npm run admin included); page counts from 0.',
    querystring: PageQuery,
    response: { 200: OkValue(Type.Array(AuditEntry)), ...errors(400, 401, 403) },
  }),
};
