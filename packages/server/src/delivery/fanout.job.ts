import type { Db } from '@t0/db';
import { isUrgent, type DeliveryEvent } from '@t0/contracts/domain/delivery/delivery';
import { carriesAsDeliveries, CHANNEL_PORTS, portOf, routesFor } from './channels';
import type { Logger } from '../core/context';
import { JOB_NAMES } from '../core/jobs';
import { enqueueJobs, type OutboxJob } from '../outbox/queue';
import { relayCommitted } from '../outbox/outbox-relay.job';
import type { DeliveryMessage, DeliveryPorts, Jobs } from '../ports';
import { insertDelivery, listRecipients, type NewDelivery } from './deliveries.queries';
import { usersWithPush } from '../push/push-subscriptions.queries';
import { listSignalEventRows, toSignalEvent } from '../signals/signal-events.queries';
import { findSignal } from '../signals/signals.queries';
import { signalLabels } from '../signals/signal-labels';
import { findNotification } from '../notifications/notifications.queries';
import { deliveryEventOf, signalMessage } from './messages';
import { transact } from '../core/transaction';
import { findPriceAlertFire } from '../price-alerts/price-alerts.queries';
import {
  priceAlertTitle,
  type PriceAlertCondition,
  type PriceAlertSide,
} from '@t0/contracts/domain/price-alerts/price-alerts';
import { formatPrice } from '@t0/contracts/domain/prices/prices';
import { findMessage } from '../messages/admin-messages.queries';
import type { Language } from '@t0/contracts/domain/languages/languages';
import type { Words } from '@t0/contracts/domain/languages/words';
import { languageOf, wordsFor } from '../core/words';
import { readDefaultLanguage } from '../site/site-settings.queries';

export interface FanoutDeps {
  db: Db;
  delivery: DeliveryPorts;
  jobs: Pick<Jobs, 'send'>;
  adminEmails: readonly string[];
  log: Logger;
  now?: Date;
}

interface Item {
  key: string;
  event: DeliveryEvent;
  urgent: boolean;
  instrument: string | null;
  room: string | null;
  analyst: number | null;
  signalId: number | null;
  /** One subscriber's own item (a price alert of theirs, the desk's reply to them): them alone, never the desk's addresses. */
  onlyUser?: number;
  /** The message in the words `t` reads (one language). */
  message(t: Words): Omit<DeliveryMessage, 'id' | 'language'>;
}

/**
 * Records each delivery and, in the same transaction, its `deliver` job in the outbox (at the end
 * of quiet hours when held); relays the jobs after the commit. A repeated fan-out finds every key
 * recorded and adds nothing. Answers how many deliveries were recorded.
 */
async function fanOut(deps: FanoutDeps, items: Item[]): Promise<number> {
  const now = deps.now ?? new Date();
  const { count, outbox } = await transact(deps.db, async (trx) => {
    // In-app and e-mail keep their own records: only subscribers with an address of their own here,
    // but for one subscriber's own items, which e-mail carries as deliveries too.
    const owners = [...new Set(items.map((i) => i.onlyUser))];
    const onlyUser = owners.length === 1 ? owners[0] : undefined;
    const recipients = await listRecipients(
      trx,
      deps.adminEmails,
      onlyUser !== undefined ? { onlyUser } : { withAddress: true },
    );
    const pushUsers = deps.delivery.channels.web_push
      ? await usersWithPush(
          trx,
          recipients.map((r) => r.id),
        )
      : new Set<number>();
    const jobs: OutboxJob[] = [];
    // Each delivery in its reader's language: the subscriber's choice, else the desk's default, which
    // is also the one language of the desk's group chats; webhooks (scripts) read English.
    const deskDefault = await readDefaultLanguage(trx);
    const worded = new Map<string, Omit<DeliveryMessage, 'id'>>();
    const messageIn = (item: Item, language: Language) => {
      const key = `${item.key}:${language}`;
      let m = worded.get(key);
      if (!m) worded.set(key, (m = { ...item.message(wordsFor(language)), language }));
      return m;
    };
    const record = async (d: Omit<NewDelivery, 'payload'>, message: Omit<DeliveryMessage, 'id'>) => {
      const row = await insertDelivery(trx, { ...d, payload: JSON.stringify({ ...message, id: `msg_${d.key}` }) });
      if (row)
        jobs.push({
          name: JOB_NAMES.deliver,
          data: { deliveryId: row.id, attempts: 0 },
          ...(d.dueAt ? { startAfter: d.dueAt } : {}),
        });
    };
    const ctx = { delivery: deps.delivery, pushUsers };
    for (const item of items) {
      const base = { event: item.event, signalId: item.signalId, urgent: item.urgent };
      // The desk's own addresses (settings) hear every event, on each channel whose port has one.
      for (const port of CHANNEL_PORTS) {
        if (item.onlyUser !== undefined) break;
        if (port.carrier !== 'deliveries' || !port.configured(deps.delivery) || !port.desk(deps.delivery)) continue;
        await record(
          {
            ...base,
            key: `${item.key}:desk:${port.channel}`,
            userId: null,
            channel: port.channel,
            endpointId: null,
            dueAt: null,
          },
          messageIn(item, deskDefault),
        );
      }
      for (const r of recipients) {
        if (item.onlyUser !== undefined && r.id !== item.onlyUser) continue;
        // One rule for every channel (routesFor); in-app and e-mail keep their own records (their ports'
        // carrier), but e-mail carries a subscriber's own items as deliveries.
        for (const route of routesFor(r, item, ctx, now)) {
          const port = portOf(route.channel);
          if (!carriesAsDeliveries(port, item.onlyUser !== undefined)) continue;
          for (const target of port.targets(r)) {
            await record(
              {
                ...base,
                userId: r.id,
                channel: route.channel,
                dueAt: route.holdUntil,
                key: `${item.key}:u${r.id}:${target.key}`,
                endpointId: target.endpointId,
              },
              messageIn(item, route.channel === 'webhook' ? 'en' : languageOf(r.language, deskDefault)),
            );
          }
        }
      }
    }
    return { count: jobs.length, outbox: await enqueueJobs(trx, jobs) };
  });
  await relayCommitted(deps, outbox);
  return count;
}

/** Routes committed signal events (published, activated, T0 hit, stop moved, closed, withdrawn). */
export async function fanOutSignalEvents(
  deps: FanoutDeps,
  signalId: number,
  eventIds: readonly number[],
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const row = await findSignal(deps.db, signalId);
  if (!row) return 0;
  const events = await listSignalEventRows(deps.db, signalId, eventIds);
  // The labels (author, times, disclosure, risk warning) travel with every event of the signal.
  const labels = await signalLabels(deps.db, row);
  const items: Item[] = [];
  for (const stored of events) {
    const e = toSignalEvent(stored);
    const event = deliveryEventOf(e.type);
    if (!event) continue;
    const urgent = isUrgent(event);
    items.push({
      key: `se${e.id}`,
      event,
      urgent,
      instrument: row.instrument,
      room: row.room,
      analyst: row.analystId,
      signalId,
      message: (t) => signalMessage(row, e, event, urgent, labels, t),
    });
  }
  return fanOut(deps, items);
}

/** Routes a broadcast notification (not the signal notices, which travel as signal events). */
export async function fanOutBroadcast(deps: FanoutDeps, notificationId: number): Promise<number> {
  const n = await findNotification(deps.db, notificationId);
  if (!n || n.type === 'signal') return 0;
  const urgent = isUrgent('broadcast', n.priority);
  return fanOut(deps, [
    {
      key: `n${n.id}`,
      event: 'broadcast',
      urgent,
      instrument: null,
      room: n.room,
      analyst: null,
      signalId: null,
      // The desk's own words, as written, in every language.
      message: () => ({
        event: 'broadcast',
        urgent,
        title: n.title,
        text: n.message,
        occurredAt: (n.deliveredAt ?? n.createdAt).toISOString(),
      }),
    },
  ]);
}

/** Routes one firing of a subscriber's price alert to their own channels (the in-app copy is its live event). */
export async function fanOutPriceAlert(deps: FanoutDeps, fireId: number): Promise<number> {
  const f = await findPriceAlertFire(deps.db, fireId);
  if (!f) return 0;
  const alert = {
    instrument: f.instrument,
    condition: f.condition as PriceAlertCondition,
    level: formatPrice(f.instrument, Number(f.level)),
    side: f.side as PriceAlertSide,
  };
  return fanOut(deps, [
    {
      key: `pa${f.id}`,
      event: 'price_alert',
      urgent: false,
      instrument: null,
      room: null,
      analyst: null,
      signalId: null,
      onlyUser: f.userId,
      // The product's words in the subscriber's language; their own note as they wrote it.
      message: (t) => ({
        event: 'price_alert',
        urgent: false,
        title: t('notices:priceAlert.title', { alert: priceAlertTitle(alert, t) }),
        text: `${t('notices:priceAlert.text', { instrument: f.instrument, price: formatPrice(f.instrument, Number(f.price)) })}${f.note ? ` ${f.note}` : ''}`,
        occurredAt: f.firedAt.toISOString(),
      }),
    },
  ]);
}

/**
 * Routes the desk's reply in a subscriber's thread to that subscriber's channels (the matrix's
 * MESSAGES FROM THE DESK row, quiet hours). What goes is a notice with a link to /messages, never
 * the reply itself: it may be long, and it stays in the product, under the thread's standing notice.
 */
export async function fanOutDeskMessage(deps: FanoutDeps, messageId: number): Promise<number> {
  const m = await findMessage(deps.db, messageId);
  if (!m || !m.isFromAdmin) return 0;
  return fanOut(deps, [
    {
      key: `dm${m.id}`,
      event: 'desk_message',
      urgent: false,
      instrument: null,
      room: null,
      analyst: null,
      signalId: null,
      onlyUser: m.userId,
      message: (t) => ({
        event: 'desk_message',
        urgent: false,
        title: t('notices:deskMessage.title'),
        text: t('notices:deskMessage.notice'),
        path: '/messages',
        occurredAt: m.createdAt.toISOString(),
      }),
    },
  ]);
}

/** The fan-out of committed signal events, a broadcast, a price alert's firing or a desk reply, for the outbox of the transaction that commits them. */
export function fanoutJob(
  data:
    | { signalId: number; eventIds: number[] }
    | { notificationId: number }
    | { priceAlertFireId: number }
    | { deskMessageId: number },
): OutboxJob {
  return { name: JOB_NAMES.deliveryFanout, data };
}
