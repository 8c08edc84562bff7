import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../core/context';
import type { MailMessage, Mailer } from '../ports';
import { insertEmailLog } from './email-log.queries';

/**
 * The one place every e-mail passes: wraps the Mailer port so that each send, whatever its kind, is
 * recorded in the e-mail log as sent or failed (with the error). A failed send still throws to its
 * caller; a log write that fails is logged and never fails the send.
 */
export function recordingMailer(inner: Mailer, db: Kysely<Database>, log: Logger): Mailer {
  const record = async (message: MailMessage, status: 'sent' | 'failed', error: string | null) => {
    try {
      await insertEmailLog(db, { kind: message.kind, toAddress: message.to, subject: message.subject, status, error });
    } catch (err) {
      log.error({ err, kind: message.kind }, 'e-mail log not written');
    }
  };
  const mailer: Mailer = {
    transport: inner.transport,
    async send(message) {
      try {
        await inner.send(message);
      } catch (err) {
        await record(message, 'failed', err instanceof Error ? err.message : String(err));
        throw err;
      }
      await record(message, 'sent', null);
    },
  };
  if (inner.verify) mailer.verify = () => inner.verify!();
  return mailer;
}
