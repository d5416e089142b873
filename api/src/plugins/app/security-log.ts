// The security event log (issue 32 item 7): sign-ins and failures, resets, password and e-mail changes, session
// ends, deletions and admin actions on an account, each with its time, address and device, kept in PostgreSQL
// (drizzle/0010 security_events) for SECURITY_EVENTS_KEPT_DAYS and shown to the person as "Recent activity". Not the
// access log: that one stays free of it, and no event carries an e-mail address.
import type { Static } from '@sinclair/typebox';
import type { SecurityEvent, SecurityEventType } from '@skynet/contract/api';
import { parse as parseUserAgent } from 'bowser';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows } from '../../db/database.js';
import { PAGE_SIZE } from '../../lib/paging.js';

/** How long an event is kept: jobs.ts runPurge removes older ones (docs/security.md). */
export const SECURITY_EVENTS_KEPT_DAYS = 180;

/** What runs a statement: the database or a transaction. */
type Query = Pick<Db, 'execute'>;

/** A browser and system as people read them: "Chrome 131 on Linux"; '' when the user agent names neither. */
export function describeDevice(userAgent: string | undefined): string {
  const { browser, os } = parsed(userAgent);
  const name = browser.name ? `${browser.name}${browser.major ? ` ${browser.major}` : ''}` : '';
  if (name && os) return `${name} on ${os}`;
  return name || os;
}

/**
 * The coarse device a new-device notice compares: browser and system without versions (an update is the same
 * device). '' parts when unknown, so every unknown agent counts as one device.
 */
export function coarseDevice(userAgent: string | undefined): string {
  const { browser, os } = parsed(userAgent);
  return `${browser.name}/${os}`;
}

function parsed(userAgent: string | undefined): { browser: { name: string; major: string }; os: string } {
  if (!userAgent) return { browser: { name: '', major: '' }, os: '' };
  try {
    const result = parseUserAgent(userAgent.slice(0, 500));
    return {
      browser: {
        name: clean(result.browser.name ?? ''),
        major: clean((result.browser.version ?? '').split('.')[0] ?? ''),
      },
      os: clean(result.os.name ?? ''),
    };
  } catch {
    return { browser: { name: '', major: '' }, os: '' };
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 40);

export interface SecurityEventInput {
  userId: string | null;
  type: SecurityEventType;
  ip?: string;
  device?: string;
  detail?: string;
}

/** One event, in the caller's transaction or on the database (moderation's audit entries write theirs this way). */
export async function insertSecurityEvent(q: Query, event: SecurityEventInput): Promise<void> {
  await q.execute(
    sql`INSERT INTO security_events (user_id, type, ip, device, detail)
        VALUES (${event.userId}, ${event.type}, ${(event.ip ?? '').slice(0, 64)}, ${(event.device ?? '').slice(0, 100)},
                ${(event.detail ?? '').slice(0, 300)})`,
  );
}

interface EventRow {
  id: string | number;
  type: SecurityEventType;
  at: Date | string;
  ip: string;
  device: string;
  detail: string;
}

export interface SecurityLog {
  /**
   * Records an event on `userId`'s account (null: no account, e.g. a failed sign-in for an unknown address), with
   * the request's address and device. Never throws: a failed insert is logged and the caller goes on.
   */
  record(
    request: FastifyRequest | null,
    userId: string | null,
    type: SecurityEventType,
    detail?: string,
  ): Promise<void>;
  /** Page `page` (from 0) of a person's events, newest first, PAGE_SIZE (20) a page. */
  list(userId: string, page: number): Promise<Static<typeof SecurityEvent>[]>;
  /** Removes events older than SECURITY_EVENTS_KEPT_DAYS (before `now`). Returns how many. */
  purge(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    securityLog: SecurityLog;
  }
}

export function createSecurityLog(db: Db, log: FastifyInstance['log']): SecurityLog {
  return {
    async record(request, userId, type, detail = '') {
      try {
        await insertSecurityEvent(db, {
          userId,
          type,
          ip: request?.ip ?? '',
          device: request ? describeDevice(request.headers['user-agent']) : '',
          detail,
        });
      } catch (err) {
        (request?.log ?? log).error({ err, type }, 'security event not recorded');
      }
    },
    async list(userId, page) {
      const found = await rows<EventRow>(
        db,
        sql`SELECT id, type, at, ip, device, detail FROM security_events
            WHERE user_id = ${userId}
            ORDER BY at DESC, id DESC
            LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}`,
      );
      return found.map((r) => ({
        _id: String(r.id),
        type: r.type,
        at: new Date(r.at).toISOString(),
        ip: r.ip,
        device: r.device,
        detail: r.detail,
      }));
    },
    async purge(now = new Date()) {
      const cutoff = new Date(now.getTime() - SECURITY_EVENTS_KEPT_DAYS * 86_400_000);
      const gone = await rows(db, sql`DELETE FROM security_events WHERE at < ${cutoff} RETURNING id`);
      return gone.length;
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('securityLog', createSecurityLog(app.db, app.log));
  },
  { name: 'security-log', dependencies: ['database'] },
);
