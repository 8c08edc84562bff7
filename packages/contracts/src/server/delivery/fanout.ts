import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { isUrgent, routeEvent, type DeliveryChannel, type DeliveryEvent } from '../../domain/delivery';
import type { Logger } from '../context';
import { JOB_NAMES } from '../jobs';
import type { DeliveryMessage, DeliveryPorts, Jobs } from '../ports';
import { insertDelivery, listRecipients, type NewDelivery } from '../queries/deliveries';
import { usersWithPush } from '../queries/push-subscriptions';
import { toSignalEvent } from '../queries/signal-events';
import { deliveryEventOf, signalMessage } from './messages';

type Db = Kysely<Database>;

export interface FanoutDeps {
  db: Db;
  delivery: DeliveryPorts;
  jobs: Pick<Jobs, 'send'>;
  adminEmails: readonly string[];
  log: Logger;
  now?: Date;
}

/** Channels with their own adapter here; in-app and e-mail keep their existing paths (notifications, signal e-mails). */
const SENT_HERE: readonly DeliveryChannel[] = ['discord', 'webhook', 'web_push', 'telegram'];

interface Item {
  key: string;
  event: DeliveryEvent;
  urgent: boolean;
  instrument: string | null;
  signalId: number | null;
  message: Omit<DeliveryMessage, 'id'>;
}

/** Records each delivery and queues its job (at the end of quiet hours when held). Answers how many were queued. */
async function fanOut(deps: FanoutDeps, items: Item[]): Promise<number> {
  const now = deps.now ?? new Date();
  const recipients = await listRecipients(deps.db, deps.adminEmails);
  const pushUsers = deps.delivery.channels.web_push ? await usersWithPush(deps.db, recipients.map((r) => r.id)) : new Set<number>();
  const queued: { id: number; at: Date | null }[] = [];
  const record = async (d: Omit<NewDelivery, 'payload'>, message: Omit<DeliveryMessage, 'id'>) => {
    const row = await insertDelivery(deps.db, { ...d, payload: JSON.stringify({ ...message, id: `msg_${d.key}` }) });
    if (row) queued.push({ id: row.id, at: d.dueAt });
  };
  for (const item of items) {
    const base = { event: item.event, signalId: item.signalId, urgent: item.urgent };
    if (deps.delivery.deskDiscordUrl && deps.delivery.channels.discord) {
      await record({ ...base, key: `${item.key}:desk:discord`, userId: null, channel: 'discord', endpointId: null, dueAt: null }, item.message);
    }
    if (deps.delivery.deskTelegramChatId && deps.delivery.channels.telegram) {
      await record({ ...base, key: `${item.key}:desk:telegram`, userId: null, channel: 'telegram', endpointId: null, dueAt: null }, item.message);
    }
    for (const r of recipients) {
      const reachable: DeliveryChannel[] = ['in_app', 'email'];
      if (deps.delivery.channels.discord && r.choices.discordWebhookUrl) reachable.push('discord');
      if (deps.delivery.channels.webhook && r.endpoints.length > 0) reachable.push('webhook');
      if (deps.delivery.channels.telegram && r.telegramChatId) reachable.push('telegram');
      // Web push: one delivery per recipient covers all their browsers.
      if (pushUsers.has(r.id)) reachable.push('web_push');
      const routes = routeEvent({
        event: item.event,
        urgent: item.urgent,
        instrument: item.instrument,
        choices: r.choices,
        alerts: r.alerts,
        timeZone: r.timeZone,
        now,
        reachable,
      });
      for (const route of routes) {
        if (!SENT_HERE.includes(route.channel)) continue;
        const one = { ...base, userId: r.id, channel: route.channel, dueAt: route.holdUntil };
        if (route.channel === 'webhook') {
          for (const ep of r.endpoints) await record({ ...one, key: `${item.key}:u${r.id}:webhook:${ep.id}`, endpointId: ep.id }, item.message);
        } else {
          await record({ ...one, key: `${item.key}:u${r.id}:${route.channel}`, endpointId: null }, item.message);
        }
      }
    }
  }
  for (const q of queued) {
    await deps.jobs.send(JOB_NAMES.deliver, { deliveryId: q.id, attempts: 0 }, q.at ? { startAfter: q.at } : undefined);
  }
  return queued.length;
}

/** Routes committed signal events (published, activated, T0 hit, stop moved, closed, withdrawn). */
export async function fanOutSignalEvents(deps: FanoutDeps, signalId: number, eventIds: readonly number[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const row = await deps.db.selectFrom('signals').selectAll().where('id', '=', signalId).executeTakeFirst();
  if (!row) return 0;
  const events = await deps.db.selectFrom('signalEvents').selectAll().where('signalId', '=', signalId).where('id', 'in', [...eventIds]).orderBy('id').execute();
  const items: Item[] = [];
  for (const stored of events) {
    const e = toSignalEvent(stored);
    const event = deliveryEventOf(e.type);
    if (!event) continue;
    const urgent = isUrgent(event);
    items.push({ key: `se${e.id}`, event, urgent, instrument: row.instrument, signalId, message: signalMessage(row, e, event, urgent) });
  }
  return fanOut(deps, items);
}

/** Routes a broadcast notification (not the signal notices, which travel as signal events). */
export async function fanOutBroadcast(deps: FanoutDeps, notificationId: number): Promise<number> {
  const n = await deps.db.selectFrom('notifications').selectAll().where('id', '=', notificationId).executeTakeFirst();
  if (!n || n.type === 'signal') return 0;
  const urgent = isUrgent('broadcast', n.priority);
  return fanOut(deps, [
    {
      key: `n${n.id}`,
      event: 'broadcast',
      urgent,
      instrument: null,
      signalId: null,
      message: { event: 'broadcast', urgent, title: n.title, text: n.message, occurredAt: (n.deliveredAt ?? n.createdAt).toISOString() },
    },
  ]);
}

/** Queues the fan-out of committed work; a failure is logged, never thrown (the change stands). */
export async function queueFanout(jobs: Pick<Jobs, 'send'> | undefined, log: Logger, data: { signalId: number; eventIds: number[] } | { notificationId: number }) {
  if (!jobs) return;
  try {
    await jobs.send(JOB_NAMES.deliveryFanout, data);
  } catch (err) {
    log.error({ err, ...data }, 'deliveries not queued');
  }
}
