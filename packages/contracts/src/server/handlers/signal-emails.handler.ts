import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { SIGNAL_EMAIL_BATCH_DELAY_MS, SIGNAL_EMAIL_BATCH_SIZE } from '../../domain/constants';
import type { AppSettings, Logger } from '../context';
import { signalEventMail, signalMail } from '../mail/templates';
import type { Mailer } from '../ports';
import { pendingRecipients, recordDeliveries, type DeliveryResult } from '../queries/signal-emails';
import { toSignalEvent } from '../queries/signal-events';

export interface SignalEmailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  settings: Pick<AppSettings, 'publicUrl' | 'adminEmails'>;
  log: Logger;
}

export interface SignalEmailOptions {
  batchSize?: number;
  batchDelayMs?: number;
  /** Messages in flight at once inside a batch. */
  concurrency?: number;
  sleep?(ms: number): Promise<void>;
}

export interface SignalEmailReport {
  signalFound: boolean;
  recipients: number;
  sent: number;
  failed: number;
  batches: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * E-mails a signal to every active subscriber and administrator with e-mail notifications on who
 * has not received it yet, in batches (50, then a 1 s pause), recording each delivery as sent or
 * failed. Run again after failures, it sends only to those still missing. With `eventId`, the
 * message tells of that lifecycle event (activated, T0 hit, stop moved, closed...) instead.
 */
export async function deliverSignalEmails(
  deps: SignalEmailDeps,
  signalId: number,
  opts: SignalEmailOptions = {},
  eventId = 0,
): Promise<SignalEmailReport> {
  const batchSize = opts.batchSize ?? SIGNAL_EMAIL_BATCH_SIZE;
  const delayMs = opts.batchDelayMs ?? SIGNAL_EMAIL_BATCH_DELAY_MS;
  const sleep = opts.sleep ?? wait;
  const signal = await deps.db.selectFrom('signals').selectAll().where('id', '=', signalId).executeTakeFirst();
  if (!signal) return { signalFound: false, recipients: 0, sent: 0, failed: 0, batches: 0 };
  const event = eventId
    ? await deps.db.selectFrom('signalEvents').selectAll().where('id', '=', eventId).where('signalId', '=', signalId).executeTakeFirst()
    : undefined;
  if (eventId && !event) return { signalFound: false, recipients: 0, sent: 0, failed: 0, batches: 0 };
  const compose = (to: string) =>
    event ? signalEventMail(to, signal, toSignalEvent(event), deps.settings.publicUrl) : signalMail(to, signal, deps.settings.publicUrl);

  const recipients = await pendingRecipients(deps.db, signalId, deps.settings.adminEmails, eventId);
  const report: SignalEmailReport = { signalFound: true, recipients: recipients.length, sent: 0, failed: 0, batches: 0 };
  for (let i = 0; i < recipients.length; i += batchSize) {
    if (i > 0) await sleep(delayMs);
    const batch = recipients.slice(i, i + batchSize);
    const results = await mapLimited(batch, opts.concurrency ?? 10, async (r): Promise<DeliveryResult> => {
      try {
        const message = compose(r.email);
        if (!message) return { userId: r.id, status: 'sent' };
        await deps.mailer.send(message);
        return { userId: r.id, status: 'sent' };
      } catch (err) {
        return { userId: r.id, status: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
    });
    await recordDeliveries(deps.db, signalId, results, eventId);
    report.batches += 1;
    for (const r of results) report[r.status === 'sent' ? 'sent' : 'failed'] += 1;
  }
  deps.log.info({ signalId, eventId, ...report }, 'signal e-mails delivered');
  return report;
}
