// Issue 31, what keeps people safe: block, mute, muted words, who may message you, and the download of your data.
// Blocked interactions elsewhere answer 403 with an `error` text the UI shows.
import { Type } from '@sinclair/typebox';
import { MUTED_WORD_MAX_LENGTH } from '../limits.js';
import { defineCall } from './call.js';
import { BlockedUser, DataExport, MessagePolicy, MutedWord, Relationship } from './entities.js';
import { errors, OkValue } from './envelope.js';
import { IdParams, LinkToken, PageQuery } from './fields.js';

const tags = ['safety'] as const;
const Flag = OkValue(Type.Boolean());
const People = OkValue(Type.Array(BlockedUser));

export const safetyCalls = {
  block: defineCall({
    operationId: 'block',
    method: 'POST',
    path: '/user/:id/block',
    tags,
    description:
      'Block (idempotent); value = true. Ends any follow either way. They can no longer follow, message, reply to, like, save or mention you, and neither sees the other’s posts, replies or profile content.',
    params: IdParams,
    response: { 200: Flag, ...errors(400, 401, 404, 429) },
  }),
  unblock: defineCall({
    operationId: 'unblock',
    method: 'DELETE',
    path: '/user/:id/block',
    tags,
    description: 'Unblock (idempotent); value = false. Follows ended by the block stay ended.',
    params: IdParams,
    response: { 200: Flag, ...errors(400, 401, 404) },
  }),
  blocks: defineCall({
    operationId: 'blocks',
    method: 'GET',
    path: '/user/blocks',
    tags,
    description: 'The people you block, newest first; page counts from 0.',
    querystring: PageQuery,
    response: { 200: People, ...errors(400, 401) },
  }),
  mute: defineCall({
    operationId: 'mute',
    method: 'POST',
    path: '/user/:id/mute',
    tags,
    description:
      'Mute (idempotent, silent: they are not told); value = true. Their posts, replies and notifications leave your views.',
    params: IdParams,
    response: { 200: Flag, ...errors(400, 401, 404, 429) },
  }),
  unmute: defineCall({
    operationId: 'unmute',
    method: 'DELETE',
    path: '/user/:id/mute',
    tags,
    description: 'Unmute (idempotent); value = false.',
    params: IdParams,
    response: { 200: Flag, ...errors(400, 401, 404) },
  }),
  mutes: defineCall({
    operationId: 'mutes',
    method: 'GET',
    path: '/user/mutes',
    tags,
    description: 'The people you mute, newest first; page counts from 0.',
    querystring: PageQuery,
    response: { 200: People, ...errors(400, 401) },
  }),
  mutedWords: defineCall({
    operationId: 'mutedWords',
    method: 'GET',
    path: '/user/mutedWords',
    tags,
    description: 'Your muted words and phrases (expired ones left out), newest first.',
    response: { 200: OkValue(Type.Array(MutedWord)), ...errors(401) },
  }),
  addMutedWord: defineCall({
    operationId: 'addMutedWord',
    method: 'POST',
    path: '/user/mutedWords',
    tags,
    description:
      'Hide posts containing a word or phrase (whole words, any case) from your feeds and notifications, for good or for `days` days. Adding one you have renews it.',
    body: Type.Object(
      {
        word: Type.String({ minLength: 1, maxLength: MUTED_WORD_MAX_LENGTH }),
        days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
      },
      { additionalProperties: false },
    ),
    response: { 200: OkValue(MutedWord), ...errors(400, 401, 429) },
  }),
  removeMutedWord: defineCall({
    operationId: 'removeMutedWord',
    method: 'DELETE',
    path: '/user/mutedWords/:id',
    tags,
    params: IdParams,
    response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 404) },
  }),
  relationship: defineCall({
    operationId: 'relationship',
    method: 'GET',
    path: '/user/:id/relationship',
    tags,
    description: 'Whether you block, are blocked by, or mute this person (their profile’s buttons).',
    params: IdParams,
    response: { 200: OkValue(Relationship), ...errors(400, 401, 404) },
  }),
  getMessagePolicy: defineCall({
    operationId: 'getMessagePolicy',
    method: 'GET',
    path: '/user/messagePolicy',
    tags,
    description: 'Who may start a conversation with you (everyone by default).',
    response: { 200: OkValue(MessagePolicy), ...errors(401) },
  }),
  messagePolicy: defineCall({
    operationId: 'messagePolicy',
    method: 'PATCH',
    path: '/user/messagePolicy',
    tags,
    description:
      'Who may start a conversation with you. Conversations already started stay open (block to end one).',
    body: Type.Object({ policy: MessagePolicy }, { additionalProperties: false }),
    response: { 200: OkValue(MessagePolicy), ...errors(400, 401) },
  }),
};

/** Download your data (issue 31, item 6). */
export const exportCalls = {
  requestExport: defineCall({
    operationId: 'requestExport',
    method: 'POST',
    path: '/user/export',
    tags,
    description:
      'Builds an archive of your data (JSON in a zip) in the background and mails you a link to it, valid for 7 days. One a day.',
    response: { 200: OkValue(DataExport), ...errors(401, 409, 429) },
  }),
  exports: defineCall({
    operationId: 'exports',
    method: 'GET',
    path: '/user/export',
    tags,
    description: 'Your data exports, newest first (the link itself is only in the mail).',
    response: { 200: OkValue(Type.Array(DataExport)), ...errors(401) },
  }),
  downloadExport: defineCall({
    operationId: 'downloadExport',
    method: 'GET',
    path: '/user/export/:id/download',
    tags,
    public: true,
    description: 'The archive, from the mailed link (its token is the key; no sign-in needed).',
    params: IdParams,
    querystring: Type.Object({ token: LinkToken }),
    answers: 'application/zip',
  }),
};
