import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Queues the mail durably (jobs.ts, pg-boss `mail` queue) and resolves once it is stored: a worker delivers it,
   * retrying with backoff while the mail server fails. What callers use.
   */
  send(mail: Mail): Promise<void>;
  /**
   * One delivery attempt, now (the mail worker's call, `job` its id for the log); throws when the server refuses or
   * does not answer.
   */
  deliver(mail: Mail, job?: string): Promise<void>;
  /** Where mails go when no SMTP server is configured (null when SMTP_URL is set). */
  outboxDir: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file into $DATA_DIR/outbox/. `send` goes
 * through the jobs plugin's queue (registered later; looked up when a mail is sent).
 */
async function mailerPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  let mailer: Mailer;
  if (config.smtpUrl) {
    // Bounded waits (nodemailer's defaults are minutes): a silent server fails the attempt, and the queue retries.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    mailer = {
      outboxDir: null,
      send: (mail) => app.jobs.queueMail(mail),
      async deliver(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
    app.addHook('onClose', async () => transport.close());
  } else {
    const outboxDir = path.join(config.dataDir, 'outbox');
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    mailer = {
      outboxDir,
      send: (mail) => app.jobs.queueMail(mail),
      async deliver(mail, job) {
        const info = await transport.sendMail({ from: config.mailFrom, ...mail });
        await mkdir(outboxDir, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        await writeFile(path.join(outboxDir, name), info.message as Buffer);
        // The job and the file, never the address (issue 32: logs do not identify people).
        app.log.info({ job, file: name }, 'mail written to outbox');
      },
    };
  }
  app.decorate('mailer', mailer);
}

export default fp(mailerPlugin, { name: 'mailer' });
