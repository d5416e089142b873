import { sitePlugin } from '@skynet/site';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { TypeBoxProvider } from './lib/type-provider.js';
import authPlugin from './plugins/app/auth.js';
import avatarsPlugin from './plugins/app/avatars.js';
import bodyGuardPlugin from './plugins/app/body-guard.js';
import chatRepository from './plugins/app/chat-repository.js';
import errorsPlugin, { describeValidationError } from './plugins/app/errors.js';
import exportsPlugin from './plugins/app/exports.js';
import faqsRepository from './plugins/app/faqs-repository.js';
import feedCachePlugin from './plugins/app/feed-cache.js';
import healthPlugin from './plugins/app/health.js';
import inputGuardPlugin from './plugins/app/input-guard.js';
import jobsPlugin from './plugins/app/jobs.js';
import mailerPlugin from './plugins/app/mailer.js';
import moderationRepository from './plugins/app/moderation-repository.js';
import notificationsPlugin from './plugins/app/notifications.js';
import oidcPlugin from './plugins/app/oidc.js';
import planetsRepository from './plugins/app/planets-repository.js';
import platformRepository from './plugins/app/platform-repository.js';
import postsRepository from './plugins/app/posts-repository.js';
import realtimePlugin from './plugins/app/realtime.js';
import releasesPlugin from './plugins/app/releases/index.js';
import safetyRepository from './plugins/app/safety-repository.js';
import secondFactorPlugin from './plugins/app/second-factor.js';
import securityLogPlugin from './plugins/app/security-log.js';
import sessionSocketsPlugin from './plugins/app/session-sockets.js';
import sessionsPlugin from './plugins/app/sessions.js';
import timelinesPlugin from './plugins/app/timelines.js';
import usersRepository from './plugins/app/users-repository.js';
import databasePlugin from './plugins/external/database.js';
import metricsPlugin from './plugins/external/metrics.js';
import rateLimitPlugin from './plugins/external/rate-limit.js';
import redisPlugin from './plugins/external/redis.js';
import securityPlugin from './plugins/external/security.js';
import swaggerPlugin from './plugins/external/swagger.js';
import apiRoutes, { noSuchApiCall } from './routes/api/index.js';
import mediaRoutes from './routes/media.js';
import { redactUrl, serverOptions } from './server-options.js';
import { sitePort } from './site-port.js';
import { activeTracing } from './tracing/switch.js';

/** 4.5 MB: a 3,000,000-byte avatar is 4,000,000 characters of base64 plus its data-URL prefix. */
export const AVATAR_BODY_LIMIT = 4.5 * 1024 * 1024;
/**
 * Every other body: the largest the API takes is a 2,000-character message or 50 platform events, under 16 KB even
 * with every character escaped as `\uXXXX`.
 */
export const BODY_LIMIT = 64 * 1024;
/** The routes allowed a larger body than BODY_LIMIT. */
const LARGE_BODIES: Record<string, number> = { 'PATCH /api/user/changeavatar': AVATAR_BODY_LIMIT };
const AVATAR_ROUTE = '/api/user/changeavatar';
/**
 * The avatar route's one body: `{"avatarDataUrl": "<printable ASCII, no quote or backslash>"}` (a data URL is exactly
 * that), white space around. One linear pass; the capture is the string as it is (nothing in it needs unescaping).
 */
const AVATAR_BODY = /^\s*\{\s*"avatarDataUrl"\s*:\s*"([\x20\x21\x23-\x5b\x5d-\x7e]*)"\s*\}\s*$/;
export const AVATAR_SHAPE =
  'The avatar must be sent as {"avatarDataUrl": "data:image/png;base64,..."} (a png, jpeg or webp data URL).';

/** A route of the app, as registered (tests enumerate them). */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  /** The route's schema (body, querystring, params), for tests that build requests from it. */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, HEAD and OPTIONS included (recorded by an onRoute hook). */
    routeList: RouteEntry[];
  }
}

export interface BuildOptions {
  /** An already migrated and seeded database (tests). Default: DATABASE_URL or the embedded PGlite. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Run the hourly purge job (default true). */
  scheduleJobs?: boolean;
}

/**
 * Builds the Fastify app in three layers (fastify/demo): external plugins, application services and repositories,
 * then routes. server.ts only boots it; tests `inject` into it.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Redacted request logs, TRUST_PROXY, request timeouts (server-options.ts).
    ...serverOptions(config, options.logger),
    bodyLimit: BODY_LIMIT,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    schemaErrorFormatter: (errors, dataVar) => new Error(describeValidationError(errors, dataVar)),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    forceCloseConnections: true,
    // Creating a fresh embedded database takes seconds, more on a busy 2-core machine: 10 s (the default) is too tight.
    pluginTimeout: 120_000,
  }).withTypeProvider<TypeBoxProvider>();

  // An empty JSON body reads as {} (clients POST some calls without a payload); schemas still reject what is missing.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    // The avatar route's body is large (4.5 MB): only its one flat shape is read, without JSON.parse (issue 32: a
    // 4.4 MB nested body blocked the process for 2 s in JSON.parse).
    if (request.routeOptions.url === AVATAR_ROUTE) {
      const avatar = AVATAR_BODY.exec(text);
      if (avatar) return done(null, { avatarDataUrl: avatar[1] });
      const err = new Error(AVATAR_SHAPE) as Error & { statusCode: number };
      err.statusCode = 400;
      return done(err, undefined);
    }
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('The request body is not valid JSON.') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  // Every answer names its request's id (server-options.ts requestIdOf), the one its log lines carry.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // With tracing on (tracing/switch.ts), the HTTP span is named after its route and carries the request id.
  const tracing = activeTracing();
  if (tracing) {
    app.addHook('onRequest', (request, _reply, done) => {
      tracing.annotateRequest({
        id: request.id,
        method: request.method,
        route: request.routeOptions.url,
        redactedUrl: redactUrl(request.url),
      });
      done();
    });
  }

  app.decorate('config', config);

  // Recorded before any route exists: the list of routes, and the larger body limit of the avatar route.
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        schema: route.schema,
      });
      const limit = LARGE_BODIES[`${method} ${route.url}`];
      if (limit) route.bodyLimit = limit;
    }
  });

  // API answers to a signed-in caller carry personal data: no cache (browser, proxy or CDN) may keep them. API
  // answers that set no cache policy of their own (errors, unknown calls) get the same.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.url.startsWith('/api/') &&
      (request.user || request.headers.authorization !== undefined || !reply.hasHeader('cache-control'))
    )
      reply.header('cache-control', 'no-store');
    return payload;
  });

  // 1. external
  await app.register(databasePlugin, { config, ...(options.database ? { database: options.database } : {}) });
  await app.register(redisPlugin, { config });
  await app.register(healthPlugin, { config });
  await app.register(metricsPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(rateLimitPlugin, { config });
  // The OpenAPI document describes every call: served only when asked for (API_DOCS=on), never by default.
  if (config.apiDocs) await app.register(swaggerPlugin);

  // 2. application services and repositories
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin, {
    notFoundText: (request) =>
      request.url.startsWith('/api/') ? noSuchApiCall(request.method, request.url) : 'Not found.',
  });
  await app.register(bodyGuardPlugin, { defaultLimit: BODY_LIMIT });
  await app.register(authPlugin, { config });
  await app.register(mailerPlugin, { config });
  await app.register(avatarsPlugin, { config });
  await app.register(feedCachePlugin);
  await app.register(usersRepository);
  await app.register(sessionsPlugin);
  await app.register(securityLogPlugin);
  await app.register(secondFactorPlugin);
  await app.register(planetsRepository);
  await app.register(postsRepository);
  await app.register(timelinesPlugin);
  await app.register(safetyRepository);
  await app.register(chatRepository);
  await app.register(faqsRepository);
  await app.register(platformRepository);
  await app.register(oidcPlugin, { config });
  await app.register(realtimePlugin, { config });
  await app.register(notificationsPlugin);
  await app.register(moderationRepository);
  await app.register(sessionSocketsPlugin);
  await app.register(releasesPlugin);
  await app.register(jobsPlugin, { config, schedule: options.scheduleJobs ?? true });
  await app.register(exportsPlugin);

  // 3. routes
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);
  await app.register(sitePlugin, { port: sitePort(app, config) });

  return app;
}
