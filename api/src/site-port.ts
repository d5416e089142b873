// The port the delivery wing (@skynet/site) is mounted with: the settings it reads from this server's Config, a
// query and a LISTEN on its Database, and its readiness check in the health plugin. The site knows none of these.
import { createHash } from 'node:crypto';
import { VISITOR_COOKIE } from '@skynet/contract';
import type { SitePort } from '@skynet/site';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { readCookie, serializeCookie } from './lib/cookies.js';
import { VISITOR_ID } from './lib/page-tokens.js';

/** The visitor cookie lasts a year: a canary split stays sticky for a person across visits. */
const VISITOR_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** A prepared statement's name for `sql` (Database.query wants one name per text). */
const statementName = (sql: string) => `site_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;

export function sitePort(app: FastifyInstance, config: Config): SitePort {
  return {
    settings: {
      siteDir: config.siteDir,
      environment: config.environment,
      supportEmail: config.supportEmail,
      supportPhone: config.supportPhone,
      devOverrideOrigins: config.devOverrideOrigins,
      databaseUrl: config.databaseUrl,
    },
    query: (sql, params) => app.database.query(statementName(sql), sql, [...params]),
    listen: (channel, onNotify, onState) => app.database.listen(channel, onNotify, onState),
    pageToken(cookieHeader, registry) {
      const known = readCookie(cookieHeader, VISITOR_COOKIE);
      const visitor = known && VISITOR_ID.test(known) ? known : app.pageTokens.newVisitor();
      const setCookie =
        visitor === known
          ? null
          : serializeCookie(VISITOR_COOKIE, visitor, {
              path: '/',
              maxAge: VISITOR_COOKIE_SECONDS,
              sameSite: 'Lax',
              secure: config.publicOrigin.startsWith('https:'),
            });
      return { token: app.pageTokens.issue(registry, visitor), visitor, setCookie };
    },
    countRemoteFile: (remote, version, status) => app.apiAnswers.count(remote, version, status, 'files'),
    addHealthCheck: (name, check) => app.health.addCheck(name, check),
  };
}
