import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { SIGNAL_EMAIL_BATCH_DELAY_MS, SIGNAL_EMAIL_BATCH_SIZE } from '@t0/contracts/domain/common/constants';
import type { AppSettings, Logger } from '../core/context';
import { signalEventMail, signalMail } from '../mail/templates';
import { isUrgent } from '@t0/contracts/domain/delivery/delivery';
import { signalDeliveryEvent } from '@t0/contracts/domain/live/events';
import { routesFor, type RoutedItem } from './channels';
import type { DeliveryPorts, Mailer } from '../ports';
import { listRecipients } from './deliveries.queries';
import { pendingRecipients, recordDeliveries, type DeliveryResult } from './signal-emails.queries';
import { findSignalEventRow, toSignalEvent } from '../signals/signal-events.queries';
import { findSignal } from '../signals/signals.queries';
import { signalLabels } from '../signals/signal-labels';
import type { Language } from '@t0/contracts/domain/languages/languages';
import { languageOf, wordsFor } from '../core/words';
import { readDefaultLanguage } from '../site/site-settings.queries';

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
  /** The time the quiet hours are read at (tests). */
  now?: Date;
}

export interface SignalEmailReport {
  signalFound: boolean;
  recipients: number;
  sent: number;
  failed: number;
  batches: number;
  /** Recipients whose choices route no e-mail for this event (the matrix's e-mail column, the alert switches, the instrument filter). */
  notRouted: number;
  /** Recipients in their quiet hours: not sent now. */
  held: number;
  /** When the earliest quiet hours end (the job runs again then); null when none is held. */
  heldUntil: Date | null;
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

/** No transport is needed to decide the e-mail route: only the e-mail port's own reach. */
const NO_TRANSPORTS: DeliveryPorts = { channels: {}, deskDiscordUrl: null, retryScheduleMs: [] };

/**
 * Of the recipients still missing this e-mail, those the dispatcher routes it to now, and when the
 * earliest of those held by quiet hours may have it.
 */
async function routeEmails(
  deps: SignalEmailDeps,
  pending: readonly { id: number; email: string }[],
  item: RoutedItem,
  now: Date,
) {
  const byId = new Map(
    (pending.length ? await listRecipients(deps.db, deps.settings.adminEmails) : []).map((r) => [r.id, r]),
  );
  const ctx = { delivery: NO_TRANSPORTS, pushUsers: new Set<number>() };
  const deskDefault = pending.length ? await readDefaultLanguage(deps.db) : 'en';
  const recipients: { id: number; email: string; language: Language }[] = [];
  let notRouted = 0;
  let held = 0;
  let heldUntil: Date | null = null;
  for (const p of pending) {
    const r = byId.get(p.id);
    const route = r ? routesFor(r, item, ctx, now).find((x) => x.channel === 'email') : undefined;
    if (!route) notRouted += 1;
    else if (route.holdUntil) {
      held += 1;
      if (!heldUntil || route.holdUntil < heldUntil) heldUntil = route.holdUntil;
    } else recipients.push({ ...p, language: languageOf(r?.language, deskDefault) });
  }
  return { recipients, notRouted, held, heldUntil };
}

/**
 * E-mails a signal to every active subscriber and administrator with e-mail notifications on who
 * has not received it yet, in batches (50, then a 1 s pause), recording each delivery as sent or
 * failed. Run again after failures, it sends only to those still missing. Whom it goes to is the
 * dispatcher's rule (`routesFor`): the profile's e-mail column, the alert switches, the instrument
 * filter and quiet hours (urgent events still come when the subscriber allows it); those in their
 * quiet hours are left for a later run (`heldUntil`). With `eventId`, the
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
  const signal = await findSignal(deps.db, signalId);
  const none = { recipients: 0, sent: 0, failed: 0, batches: 0, notRouted: 0, held: 0, heldUntil: null };
  if (!signal) return { signalFound: false, ...none };
  const event = eventId ? await findSignalEventRow(deps.db, signalId, eventId) : undefined;
  if (eventId && !event) return { signalFound: false, ...none };
  // The same rule as every other channel: the dispatcher routes the e-mail (routesFor).
  const routed = signalDeliveryEvent(event ? event.type : 'created');
  if (!routed) return { signalFound: true, ...none };
  const labels = await signalLabels(deps.db, signal, deps.settings.publicUrl);
  // In each recipient's language (their choice, else the desk's default); the copier block as it is.
  const compose = (to: string, language: Language) =>
    event
      ? signalEventMail(to, signal, toSignalEvent(event), deps.settings.publicUrl, labels, wordsFor(language))
      : signalMail(to, signal, deps.settings.publicUrl, labels, wordsFor(language));

  const pending = await pendingRecipients(deps.db, signalId, deps.settings.adminEmails, eventId);
  const { recipients, notRouted, held, heldUntil } = await routeEmails(
    deps,
    pending,
    {
      event: routed,
      urgent: isUrgent(routed),
      instrument: signal.instrument,
      room: signal.room,
      analyst: signal.analystId,
    },
    opts.now ?? new Date(),
  );
  const report: SignalEmailReport = {
    signalFound: true,
    recipients: recipients.length,
    sent: 0,
    failed: 0,
    batches: 0,
    notRouted,
    held,
    heldUntil,
  };
  for (let i = 0; i < recipients.length; i += batchSize) {
    if (i > 0) await sleep(delayMs);
    const batch = recipients.slice(i, i + batchSize);
    const results = await mapLimited(batch, opts.concurrency ?? 10, async (r): Promise<DeliveryResult> => {
      try {
        const message = compose(r.email, r.language);
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
