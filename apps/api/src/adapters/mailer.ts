import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger, MailMessage, Mailer } from '@t0/server';
import nodemailer from 'nodemailer';

/**
 * Time limits of one SMTP send: a mail server that does not answer fails the send (which is then
 * retried or reported) instead of holding it for nodemailer's defaults of 2 and 10 minutes. A
 * query parameter of SMTP_URL still overrides them.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** nodemailer over SMTP (SMTP_URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    transport: 'smtp',
    async send({ kind: _kind, ...message }: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}

/** Without SMTP: each message becomes an .eml file under DATA_DIR/mail, and a log line. */
export function createFileMailer(dir: string, from: string, log: Logger): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'file',
    async send({ kind, ...message }: MailMessage) {
      await mkdir(dir, { recursive: true });
      const info = await transport.sendMail({ from, ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written whole under another name, then renamed: a reader of the folder never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      log.info({ kind, to: message.to, subject: message.subject, file }, 'mail written to file');
    },
    async verify() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
    close: () => transport.close(),
  };
}
