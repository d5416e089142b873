// Security notices (issue 32 item 3): a mail to the person when their password changes or is reset, when a second
// factor is added, and when their account is signed in from a device it has not seen before. Each names what
// happened, the browser and system, the time (UTC), and links to Settings, whose "Your Sessions" ends any sign-in.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/database.js';
import { sha256 } from '../../lib/ids.js';
import { coarseDevice, describeDevice } from './security-log.js';

export type SecurityNoticeKind =
  | 'password-changed'
  | 'password-reset'
  | 'new-device'
  | 'second-factor-added'
  | 'second-factor-removed';

export interface SecurityNoticeDetail {
  /** The request's user agent: the mail names its browser and system ("Chrome 131 on Linux"). */
  userAgent?: string | undefined;
  /** When it happened (default now); the mail gives it in UTC. */
  at?: Date;
  /** For a second factor: which one ("an authenticator app", "the passkey “Laptop”"). */
  what?: string;
}

const SUBJECTS: Record<SecurityNoticeKind, string> = {
  'password-changed': 'Your Skynet password was changed',
  'password-reset': 'Your Skynet password was reset',
  'new-device': 'New sign-in to your Skynet account',
  'second-factor-added': 'A second factor was added to your Skynet account',
  'second-factor-removed': 'A second factor was removed from your Skynet account',
};

const happened = (kind: SecurityNoticeKind, what: string | undefined): string => {
  switch (kind) {
    case 'password-changed':
      return 'The password of your Skynet account was changed';
    case 'password-reset':
      return 'The password of your Skynet account was reset with a link from our e-mail';
    case 'new-device':
      return 'Your Skynet account was signed in to from a device it had not been used on before';
    case 'second-factor-added':
      return `A second factor${what ? ` (${what})` : ''} was added to your Skynet account`;
    case 'second-factor-removed':
      return `A second factor${what ? ` (${what})` : ''} was removed from your Skynet account`;
  }
};

/** "27 November 2026, 09:41 UTC". */
export function utcTime(at: Date): string {
  const date = at.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${date}, ${at.toISOString().slice(11, 16)} UTC`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Mails a security notice to `user` (nothing for an account without an e-mail). Queued through app.mailer.send;
 * never throws: a failure is logged, the action it reports has happened anyway.
 */
export async function sendSecurityNotice(
  app: FastifyInstance,
  user: { email: string | null; user_name: string },
  kind: SecurityNoticeKind,
  detail: SecurityNoticeDetail = {},
): Promise<void> {
  if (!user.email) return;
  const device = describeDevice(detail.userAgent) || 'an unknown browser';
  const when = utcTime(detail.at ?? new Date());
  // Opens Settings with Your Sessions shown (mfe-account reads `open=sessions`).
  const settings = `${app.config.publicOrigin}/settings?open=sessions`;
  const what = happened(kind, detail.what);
  const advice =
    kind === 'password-reset' || kind === 'password-changed'
      ? 'Every other device was signed out.'
      : 'If this was you, there is nothing to do.';
  const text =
    `Hello ${user.user_name},\n\n${what}.\n\nDevice: ${device}\nTime: ${when}\n\n${advice} ` +
    `If it was not you, open Your Sessions in Settings to sign that device out, then choose a new password with "Forgot your password?" on the login page:\n\n${settings}\n`;
  const html =
    `<p>Hello ${escapeHtml(user.user_name)},</p><p>${escapeHtml(what)}.</p>` +
    `<p>Device: ${escapeHtml(device)}<br>Time: ${escapeHtml(when)}</p>` +
    `<p>${escapeHtml(advice)} If it was not you, open Your Sessions in Settings to sign that device out, then choose a new password with “Forgot your password?” on the login page:</p>` +
    `<p><a href="${settings}">${settings}</a></p>`;
  try {
    await app.mailer.send({ to: user.email, subject: SUBJECTS[kind], text, html });
  } catch (err) {
    app.log.error({ err, kind }, 'security notice mail failed');
  }
}

/**
 * Marks the device of a sign-in as seen on the account (known_devices: SHA-256 of the account id and the coarse
 * browser/system, nothing readable). True when the account had signed in before, but never from this device: the
 * caller sends the new-device notice. An account's first sign-in (its sign-up) only records the device.
 */
export async function rememberDevice(
  app: FastifyInstance,
  userId: string,
  userAgent: string | undefined,
): Promise<boolean> {
  const hash = sha256(`${userId}\n${coarseDevice(userAgent)}`);
  return app.db.transaction(async (tx) => {
    const [seen] = await rows(
      tx,
      sql`UPDATE known_devices SET last_seen_at = now()
          WHERE user_id = ${userId} AND device_hash = ${hash} RETURNING 1 AS one`,
    );
    if (seen) return false;
    const [other] = await rows(tx, sql`SELECT 1 AS one FROM known_devices WHERE user_id = ${userId} LIMIT 1`);
    await tx.execute(
      sql`INSERT INTO known_devices (user_id, device_hash) VALUES (${userId}, ${hash}) ON CONFLICT DO NOTHING`,
    );
    return Boolean(other);
  });
}
