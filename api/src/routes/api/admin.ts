import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pageIndex } from '../../lib/paging.js';
import { routeSchema } from '../../lib/route-schema.js';
import { hasVisibleCharacter } from '../../lib/text.js';
import type { TypeBoxProvider } from '../../lib/type-provider.js';
import { currentUser } from '../../plugins/app/auth.js';
import type { PersonAction } from '../../plugins/app/moderation/actions.js';

export const ADMINS_ONLY = 'Only administrators can do that.';

/** A moderator's reason as kept and shown: trimmed, and saying something. */
const reasonOf = (reason: string) => {
  if (!hasVisibleCharacter(reason)) throw badRequest('The reason must contain a visible character.');
  return reason.trim();
};

/** The moderators' calls (issue 31), /api/admin/*: administrators only. */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const moderation = app.moderation;
  // Before the body or query is validated: a non-administrator learns nothing about what these calls accept.
  app.addHook('onRequest', async (request) => {
    if (!currentUser(request).admin) throw forbidden(ADMINS_ONLY);
  });

  app.get(calls.reports.path, { schema: routeSchema(calls.reports) }, async (request) => {
    const page = pageIndex(request.query.page, 0);
    return { success: true as const, value: await moderation.reports(request.query.status ?? 'open', page) };
  });

  app.post(calls.resolveReport.path, { schema: routeSchema(calls.resolveReport) }, async (request) => {
    const { action, reason } = request.body;
    const report = await moderation.resolve(
      currentUser(request).id,
      request.params.id,
      action,
      reasonOf(reason),
    );
    if (!report) throw notFound('Report not found.');
    return { success: true as const, value: report };
  });

  /** The person of an action on /admin/users/:id (lower case); 404 for no id, 400 for acting on oneself. */
  const person = (id: string, me: string, action: PersonAction) => {
    if (!isUuid(id)) throw notFound('User not found.');
    if (id.toLowerCase() === me && (action === 'suspend' || action === 'silence'))
      throw badRequest(`You cannot ${action} yourself.`);
    return id.toLowerCase();
  };
  const act = async (me: string, action: PersonAction, id: string, reason: string) => {
    await moderation.actOnPerson(me, action, person(id, me, action), reasonOf(reason));
  };

  app.post(calls.suspend.path, { schema: routeSchema(calls.suspend) }, async (request) => {
    await act(currentUser(request).id, 'suspend', request.params.id, request.body.reason);
    return { success: true as const, value: true };
  });
  app.delete(calls.unsuspend.path, { schema: routeSchema(calls.unsuspend) }, async (request) => {
    await act(currentUser(request).id, 'unsuspend', request.params.id, request.body.reason);
    return { success: true as const, value: false };
  });
  app.post(calls.silence.path, { schema: routeSchema(calls.silence) }, async (request) => {
    await act(currentUser(request).id, 'silence', request.params.id, request.body.reason);
    return { success: true as const, value: true };
  });
  app.delete(calls.unsilence.path, { schema: routeSchema(calls.unsilence) }, async (request) => {
    await act(currentUser(request).id, 'unsilence', request.params.id, request.body.reason);
    return { success: true as const, value: false };
  });

  app.post(calls.restorePost.path, { schema: routeSchema(calls.restorePost) }, async (request) => {
    if (!isUuid(request.params.id)) throw notFound('Post not found.');
    const id = request.params.id.toLowerCase();
    await moderation.restorePost(currentUser(request).id, id, reasonOf(request.body.reason));
    return { success: true as const, value: true };
  });

  app.get(calls.audit.path, { schema: routeSchema(calls.audit) }, async (request) => {
    const page = pageIndex(request.query.page, 0);
    return { success: true as const, value: await moderation.audit(page) };
  });
}
