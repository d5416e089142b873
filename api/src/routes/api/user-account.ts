import { Type } from '@sinclair/typebox';
import { DELETE_ACCOUNT_PHRASE } from '@skynet/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import { avatarUrl, toCurrentUser } from '../../plugins/app/users-repository.js';
import { CurrentUser, errors, OkMessage, OkValue } from '../../schemas/entities.js';
import { Email, Password, UserName } from '../../schemas/fields.js';

export const PHRASE_MISMATCH = 'The phrase given does not match.';

/** The signed-in user's own account: who am I, and every change of spec point 7's account table. */
export default async function userAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const users = app.usersRepository;

  const me = async (id: string) => {
    const row = await users.byId(id);
    if (!row || row.deleted_at) throw notFound('Account not found.');
    return row;
  };

  app.get(
    '/user',
    { schema: { tags: ['account'], response: { 200: OkValue(CurrentUser), ...errors(401) } } },
    async (request) => ({ success: true as const, value: toCurrentUser(await me(currentUser(request).id)) }),
  );

  app.patch(
    '/user/changepassword',
    {
      schema: {
        tags: ['account'],
        description: 'Older tokens stop working; `value` carries a fresh token for this session.',
        body: Type.Object({
          password: Type.String({ maxLength: 128 }),
          newpassword: Password,
          confirmpassword: Type.String({ maxLength: 128 }),
        }),
        response: {
          200: Type.Object({ success: Type.Literal(true), message: Type.String(), value: Type.String() }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const row = await me(currentUser(request).id);
      const { password, newpassword, confirmpassword } = request.body;
      if (row.password_hash === null)
        throw badRequest('This account signs in with an identity provider and has no password.');
      if (!(await verifyPassword(row.password_hash, password)))
        throw badRequest('The current password is not correct.');
      if (newpassword !== confirmpassword) throw badRequest('The new passwords do not match.');
      const tokenVersion = await users.setPassword(row.id, await hashPassword(newpassword));
      app.tokens.forget(row.id);
      app.realtime.disconnectUser(row.id);
      return {
        success: true as const,
        message: 'Your password has been changed.',
        value: await app.tokens.sign({ id: row.id, tokenVersion }),
      };
    },
  );

  app.patch(
    '/user/changeUsername',
    {
      schema: {
        tags: ['account'],
        body: Type.Object({ newUsername: UserName }),
        response: { 200: OkMessage, ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const row = await me(currentUser(request).id);
      const { newUsername } = request.body;
      if (newUsername === row.user_name) throw badRequest('That is already your username.');
      await users.setUserName(row.id, newUsername);
      return { success: true as const, message: 'Your username has been changed.' };
    },
  );

  app.patch(
    '/user/changeEmail',
    {
      schema: {
        tags: ['account'],
        body: Type.Object({
          currEmail: Type.String({ maxLength: 254 }),
          newEmail: Email,
          confirmEmail: Type.String({ maxLength: 254 }),
        }),
        response: { 200: OkMessage, ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const row = await me(currentUser(request).id);
      const { currEmail, newEmail, confirmEmail } = request.body;
      if (!row.email) throw badRequest('This account signs in with an identity provider and has no e-mail.');
      if (currEmail.trim().toLowerCase() !== row.email)
        throw badRequest('The current e-mail is not correct.');
      if (newEmail.trim().toLowerCase() !== confirmEmail.trim().toLowerCase())
        throw badRequest('The new e-mails do not match.');
      if (newEmail.trim().toLowerCase() === row.email) throw badRequest('That is already your e-mail.');
      await users.setEmail(row.id, newEmail.trim());
      return { success: true as const, message: 'Your e-mail has been changed.' };
    },
  );

  app.patch(
    '/user/changeBio',
    {
      schema: {
        tags: ['account'],
        body: Type.Object({ newBio: Type.String({ maxLength: 300 }) }),
        response: { 200: OkMessage, ...errors(400, 401) },
      },
    },
    async (request) => {
      const row = await me(currentUser(request).id);
      await users.setBio(row.id, request.body.newBio.trim());
      return { success: true as const, message: 'Your bio has been updated.' };
    },
  );

  app.patch(
    '/user/changeavatar',
    {
      schema: {
        tags: ['account'],
        description:
          'A data URL of a png, jpeg or webp image of at most 3,000,000 bytes; answers the new avatar URL.',
        body: Type.Object({ avatarDataUrl: Type.String({ minLength: 1, maxLength: 4_100_000 }) }),
        response: { 200: OkValue(Type.String()), ...errors(400, 401, 413) },
      },
    },
    async (request) => {
      const row = await me(currentUser(request).id);
      const file = await app.avatars.store(row.id, request.body.avatarDataUrl);
      await users.setAvatar(row.id, file);
      return { success: true as const, value: avatarUrl(file)! };
    },
  );

  app.post(
    '/user/deleteaccount/delete',
    {
      schema: {
        tags: ['account'],
        body: Type.Object({ confirmationInput: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: OkMessage, ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body.confirmationInput !== DELETE_ACCOUNT_PHRASE) throw badRequest(PHRASE_MISMATCH);
      await users.markDeleted(user.id);
      app.tokens.forget(user.id);
      app.realtime.disconnectUser(user.id);
      return {
        success: true as const,
        message:
          'Your account has been deleted. It will be removed for good in 30 days; contact support to undo this.',
      };
    },
  );
}
