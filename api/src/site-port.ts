// The port the delivery wing (@skynet/site) is mounted with: the settings it reads from this server's Config, a
// query and a LISTEN on its Database, and its readiness check in the health plugin. The site knows none of these.
import { createHash } from 'node:crypto';
import type { SitePort } from '@skynet/site';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';

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
    addHealthCheck: (name, check) => app.health.addCheck(name, check),
  };
}
