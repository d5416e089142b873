// The signed-in user's own account: who am I, and every change of spec point 7's account table.
import { Type } from '@sinclair/typebox';
import { BIO_MAX_LENGTH } from '../limits.js';
import { defineCall } from './call.js';
import { CurrentUser } from './entities.js';
import { errors, OkMessage, OkValue } from './envelope.js';
import { Email, EmailText, LinkToken, Password, PasswordText, UserName } from './fields.js';

const tags = ['account'] as const;
/** A link mailed for an e-mail change: its token in, a message out. */
const MailedLink = {
  body: Type.Object({ token: LinkToken }),
  response: { 200: OkMessage, ...errors(400, 409, 429) },
};

export const accountCalls = {
  currentUser: defineCall({
    operationId: 'currentUser',
    method: 'GET',
    path: '/user',
    tags,
    response: { 200: OkValue(CurrentUser), ...errors(401) },
  }),
  changePassword: defineCall({
    operationId: 'changePassword',
    method: 'PATCH',
    path: '/user/changepassword',
    tags,
    description: 'Older tokens stop working; `value` carries a fresh token for this session.',
    body: Type.Object({ password: PasswordText, newpassword: Password, confirmpassword: PasswordText }),
    response: {
      200: Type.Object({ success: Type.Literal(true), message: Type.String(), value: Type.String() }),
      ...errors(400, 401),
    },
  }),
  changeUsername: defineCall({
    operationId: 'changeUsername',
    method: 'PATCH',
    path: '/user/changeUsername',
    tags,
    body: Type.Object({ newUsername: UserName }),
    response: { 200: OkMessage, ...errors(400, 401, 409) },
  }),
  changeEmail: defineCall({
    operationId: 'changeEmail',
    method: 'PATCH',
    path: '/user/changeEmail',
    tags,
    description:
      'Needs the current password. Nothing changes yet: the new address gets a confirmation link (24 hours) ' +
      'and the current one a notice with a link that undoes the change (7 days).',
    body: Type.Object({
      currEmail: EmailText,
      newEmail: Email,
      confirmEmail: EmailText,
      password: Type.Optional(PasswordText),
    }),
    response: { 200: OkMessage, ...errors(400, 401, 403, 409) },
  }),
  confirmEmail: defineCall({
    operationId: 'confirmEmail',
    method: 'POST',
    path: '/user/email/confirm',
    tags,
    public: true,
    description: 'Uses the confirmation link mailed to the new address: the account now signs in with it.',
    ...MailedLink,
  }),
  undoEmail: defineCall({
    operationId: 'undoEmail',
    method: 'POST',
    path: '/user/email/undo',
    tags,
    public: true,
    description:
      'Uses the undo link mailed to the old address: the change is cancelled or reverted and every device is ' +
      'signed out.',
    ...MailedLink,
  }),
  changeBio: defineCall({
    operationId: 'changeBio',
    method: 'PATCH',
    path: '/user/changeBio',
    tags,
    body: Type.Object({ newBio: Type.String({ maxLength: BIO_MAX_LENGTH }) }),
    response: { 200: OkMessage, ...errors(400, 401) },
  }),
  changeAvatar: defineCall({
    operationId: 'changeAvatar',
    method: 'PATCH',
    path: '/user/changeavatar',
    tags,
    description:
      'A data URL of a png, jpeg or webp image of at most 3,000,000 bytes; answers the new avatar URL.',
    // The data URL of AVATAR_MAX_BYTES in base64 (4/3) with its header fits.
    body: Type.Object({ avatarDataUrl: Type.String({ minLength: 1, maxLength: 4_100_000 }) }),
    response: { 200: OkValue(Type.String()), ...errors(400, 401, 413) },
  }),
  deleteAccount: defineCall({
    operationId: 'deleteAccount',
    method: 'POST',
    path: '/user/deleteaccount/delete',
    tags,
    description:
      'The exact phrase and the current password (an account without one: a sign-in at the identity provider ' +
      'within the last 10 minutes).',
    body: Type.Object({
      confirmationInput: Type.Optional(Type.String({ maxLength: 200 })),
      password: Type.Optional(PasswordText),
    }),
    response: { 200: OkMessage, ...errors(400, 401, 403) },
  }),
};
