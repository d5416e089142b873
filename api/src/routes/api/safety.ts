import { FIRST_PAGE } from '@skynet/contract';
import { safetyCalls as calls, exportCalls } from '@skynet/contract/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import { hasVisibleCharacter } from '../../lib/text.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import type { DataExportRow } from '../../plugins/app/exports.js';

/** Block, mute, muted words and who may message you (issue 31). */
export default async function safetyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const safety = app.safety;
  // A burst of blocks or mutes is fine (cleaning up after a pile-on); a script walking every account is not.
  const toggleLimit = {
    rateLimit: {
      max: 60,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
    },
  };

  /** The other person: an existing account that is not you. */
  const other = async (id: string, meId: string, verb: string): Promise<string> => {
    if (!isUuid(id) || !(await app.usersRepository.exists(id))) throw notFound('User not found.');
    if (id.toLowerCase() === meId) throw badRequest(`You cannot ${verb} yourself.`);
    return id.toLowerCase();
  };

  app.post(calls.block.path, { config: toggleLimit, schema: routeSchema(calls.block) }, async (request) => {
    const me = currentUser(request);
    const them = await other(request.params.id, me.id, 'block');
    await safety.block(me.id, them);
    // Neither follows the other now: their posts leave each other's Following timeline.
    await app.timelines.unfollowed(me.id, them);
    await app.timelines.unfollowed(them, me.id);
    // Their follows of each other ended: so did the notifications of those follows, and the two stop hearing of
    // each other (notifications.ts leaves blocked people out).
    await app.notifications.retract('follow', me.id, { userId: them });
    await app.notifications.retract('follow', them, { userId: me.id });
    return { success: true as const, value: true };
  });

  app.delete(calls.unblock.path, { schema: routeSchema(calls.unblock) }, async (request) => {
    const me = currentUser(request);
    await safety.unblock(me.id, await other(request.params.id, me.id, 'unblock'));
    return { success: true as const, value: false };
  });

  app.post(calls.mute.path, { config: toggleLimit, schema: routeSchema(calls.mute) }, async (request) => {
    const me = currentUser(request);
    await safety.mute(me.id, await other(request.params.id, me.id, 'mute'));
    app.notifications.changed(me.id); // their notifications left the count
    return { success: true as const, value: true };
  });

  app.delete(calls.unmute.path, { schema: routeSchema(calls.unmute) }, async (request) => {
    const me = currentUser(request);
    await safety.unmute(me.id, await other(request.params.id, me.id, 'unmute'));
    app.notifications.changed(me.id);
    return { success: true as const, value: false };
  });

  for (const [call, list] of [
    [calls.blocks, safety.blocks],
    [calls.mutes, safety.mutes],
  ] as const) {
    app.get(call.path, { schema: routeSchema(call) }, async (request) => ({
      success: true as const,
      value: await list(currentUser(request).id, pageIndex(request.query.page, FIRST_PAGE.list)),
    }));
  }

  app.get(calls.mutedWords.path, { schema: routeSchema(calls.mutedWords) }, async (request) => ({
    success: true as const,
    value: await safety.mutedWords(currentUser(request).id),
  }));

  app.post(
    calls.addMutedWord.path,
    { config: toggleLimit, schema: routeSchema(calls.addMutedWord) },
    async (request) => {
      const word = request.body.word.trim().replace(/\s+/g, ' ');
      if (!hasVisibleCharacter(word)) throw badRequest('The muted word must contain a visible character.');
      const me = currentUser(request);
      const value = await safety.addMutedWord(me.id, word, request.body.days);
      app.notifications.changed(me.id);
      return { success: true as const, value };
    },
  );

  app.delete(calls.removeMutedWord.path, { schema: routeSchema(calls.removeMutedWord) }, async (request) => {
    const me = currentUser(request);
    if (!isUuid(request.params.id) || !(await safety.removeMutedWord(me.id, request.params.id)))
      throw notFound('That muted word does not exist.');
    app.notifications.changed(me.id);
    return { success: true as const, value: true };
  });

  app.get(calls.relationship.path, { schema: routeSchema(calls.relationship) }, async (request) => {
    const me = currentUser(request);
    const id = request.params.id.toLowerCase();
    if (!isUuid(id) || !(await app.usersRepository.exists(id))) throw notFound('User not found.');
    return { success: true as const, value: await safety.relationship(me.id, id) };
  });

  app.get(calls.getMessagePolicy.path, { schema: routeSchema(calls.getMessagePolicy) }, async (request) => ({
    success: true as const,
    value: await safety.messagePolicy(currentUser(request).id),
  }));

  app.patch(calls.messagePolicy.path, { schema: routeSchema(calls.messagePolicy) }, async (request) => {
    await safety.setMessagePolicy(currentUser(request).id, request.body.policy);
    return { success: true as const, value: request.body.policy };
  });
}

const toExport = (r: DataExportRow) => ({
  _id: r.id,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  expiresAt: new Date(r.expires_at).toISOString(),
});

/** Download your data (issue 31): asked for here, built in the background, fetched from the mailed link. */
export async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.post(
    exportCalls.requestExport.path,
    { schema: routeSchema(exportCalls.requestExport) },
    async (request) => ({
      success: true as const,
      value: toExport(await app.exports.request(currentUser(request).id)),
    }),
  );

  app.get(exportCalls.exports.path, { schema: routeSchema(exportCalls.exports) }, async (request) => ({
    success: true as const,
    value: (await app.exports.list(currentUser(request).id)).map(toExport),
  }));

  app.get(
    exportCalls.downloadExport.path,
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: routeSchema(exportCalls.downloadExport),
    },
    async (request, reply) => {
      const found = await app.exports.download(request.params.id, request.query.token);
      if (!found)
        throw notFound('This download link is wrong or has expired. Ask for your data again in Settings.');
      const day = found.createdAt.toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="skynet-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(found.archive);
    },
  );
}
