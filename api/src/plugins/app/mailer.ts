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
  send(mail: Mail): Promise<void>;
  /** Where mails go when no SMTP server is configured (null when SMTP_URL is set). */
  outboxDir: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file into $DATA_DIR/outbox/. */
async function mailerPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  let mailer: Mailer;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    mailer = {
      outboxDir: null,
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
    app.addHook('onClose', async () => transport.close());
  } else {
    const outboxDir = path.join(config.dataDir, 'outbox');
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    mailer = {
      outboxDir,
      async send(mail) {
        const info = await transport.sendMail({ from: config.mailFrom, ...mail });
        await mkdir(outboxDir, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        await writeFile(path.join(outboxDir, name), info.message as Buffer);
        app.log.info({ to: mail.to, file: name }, 'mail written to outbox');
      },
    };
  }
  app.decorate('mailer', mailer);
}

export default fp(mailerPlugin, { name: 'mailer' });
