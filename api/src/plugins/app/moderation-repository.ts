// Moderation (issue 31) as the routes use it (app.moderation): reports, the moderators' actions and the audit log,
// each action followed, once committed, by what the running API must do at once (moderation/actions.ts: Effects).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  actOnPerson,
  type Effects,
  type PersonAction,
  recordAdminDelete,
  restorePost,
} from './moderation/actions.js';
import { type Actor, auditPage, type Query } from './moderation/audit.js';
import { createReports } from './moderation/reports.js';

export function createModeration(app: FastifyInstance) {
  const db = app.db;
  const reports = createReports(db, app.postsRepository);

  const settle = async (effects: Effects) => {
    for (const id of effects.accounts) {
      app.tokens.forget(id);
      app.realtime.disconnectUser(id);
    }
    for (const post of effects.posts) {
      await app.feedChanged({ kind: 'changed', ids: [post.id] });
      if (post.gone) app.realtime.postDeleted({ id: post.id, planetId: post.planetId });
    }
    // Silencing changes which of a person's posts the public feeds show: their cached pages go.
    if (effects.feeds) await app.feedChanged({ kind: 'clear' });
    for (const id of effects.notified) app.notifications.changed(id);
  };

  return {
    file: reports.file,
    reports: reports.page,
    report: reports.byId,
    audit: (page: number) => auditPage(db, page),

    async resolve(
      adminId: string,
      reportId: string,
      action: Parameters<typeof reports.resolve>[2],
      reason: string,
    ) {
      await settle(await reports.resolve({ id: adminId }, reportId, action, reason));
      return reports.byId(reportId);
    },

    /** An action on a person; false when there was nothing to do (already so). */
    async actOnPerson(
      adminId: string,
      action: PersonAction,
      userId: string,
      reason: string,
    ): Promise<boolean> {
      const done = await db.transaction((tx) => actOnPerson(tx, { id: adminId }, action, userId, reason));
      await settle(done.effects);
      return done.changed;
    },

    async restorePost(adminId: string, postId: string, reason: string): Promise<void> {
      await settle(await db.transaction((tx) => restorePost(tx, { id: adminId }, postId, reason)));
    },

    /** For posts-repository's remove: an administrator deleting someone else's post, in its transaction. */
    adminDeleted: (q: Query, actor: Actor, post: { id: string; authorId: string }) =>
      recordAdminDelete(q, actor, post),
  };
}

export type Moderation = ReturnType<typeof createModeration>;

declare module 'fastify' {
  interface FastifyInstance {
    moderation: Moderation;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('moderation', createModeration(app));
  },
  {
    name: 'moderation',
    dependencies: ['database', 'auth', 'feed-cache', 'posts-repository', 'realtime', 'notifications'],
  },
);
