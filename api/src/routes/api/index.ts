import { AREA_HEADER, PAGE_TOKEN_HEADER } from '@skynet/contract';
import { calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import { contractMismatches, type ServedRoute } from '../../lib/route-schema.js';
import { requireAuth } from '../../plugins/app/auth.js';
import adminRoutes from './admin.js';
import feedRoutes from './feed.js';
import miscRoutes from './misc.js';
import notificationRoutes from './notifications.js';
import planetRoutes from './planets.js';
import postRoutes from './posts.js';
import releaseRoutes from './releases.js';
import reportRoutes from './reports.js';
import safetyRoutes, { exportRoutes } from './safety.js';
import secondFactorRoutes from './second-factor.js';
import securityActivityRoutes from './security-activity.js';
import userAccountRoutes from './user-account.js';
import userAuthRoutes from './user-auth.js';
import userChatRoutes from './user-chat.js';
import userProfileRoutes from './user-profiles.js';
import userSuggestionRoutes from './user-suggestions.js';

/** The 404 text of an unknown API call. */
export const noSuchApiCall = (method: string, url: string) =>
  `There is no API call ${method} ${url.split('?')[0]}.`;

/**
 * Everything under /api. The auth hook lives here (not on the root), so it covers exactly the API: routes marked
 * `config.public` pass, every other route needs a valid token.
 */
export default async function apiRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAuth);
  // Every route is a call of @skynet/contract (its operationId, method, path and access) and every call is served:
  // the API does not start otherwise (api/test/routes/api/contract.test.ts).
  const served: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      served.push({
        method,
        url: route.url,
        operationId: (route.schema as { operationId?: string } | undefined)?.operationId,
        public: (route.config as { public?: boolean } | undefined)?.public === true,
      });
  });
  // Each call a page makes names its page token and area: its answer counts for that remote version (issue 33).
  app.addHook('onResponse', async (request, reply) => {
    const token = request.headers[PAGE_TOKEN_HEADER];
    const area = request.headers[AREA_HEADER];
    if (typeof token !== 'string' || typeof area !== 'string') return;
    if (request.url.startsWith('/api/platform/')) return;
    const claims = app.pageTokens.verify(token);
    if (!claims) return;
    const at = area.indexOf('@');
    const remote = at < 0 ? area : area.slice(0, at);
    const named = claims.versions[remote];
    const version = at < 0 ? named?.[0] : named?.find((v) => v === area.slice(at + 1));
    if (version) app.apiAnswers.count(remote, version, reply.statusCode);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ success: false, error: noSuchApiCall(request.method, request.url) });
  });
  await app.register(miscRoutes);
  await app.register(planetRoutes);
  await app.register(userAuthRoutes);
  await app.register(userAccountRoutes);
  await app.register(securityActivityRoutes);
  await app.register(userChatRoutes);
  await app.register(userSuggestionRoutes);
  await app.register(userProfileRoutes);
  await app.register(postRoutes);
  await app.register(feedRoutes);
  await app.register(notificationRoutes);
  await app.register(safetyRoutes);
  await app.register(exportRoutes);
  await app.register(reportRoutes);
  await app.register(adminRoutes);
  await app.register(releaseRoutes);
  await app.register(secondFactorRoutes);
  const problems = contractMismatches(served, calls);
  if (problems.length > 0)
    throw new Error(`The API's routes differ from @skynet/contract:\n${problems.join('\n')}`);
}
