import type { Database, DeliveryRow } from '@t0/db';
import { sql, type Kysely } from 'kysely';
import type { DeliveryChannel } from '../../domain/delivery';
import type { Logger } from '../context';
import { JOB_NAMES } from '../jobs';
import { ChannelSendError, type DeliveryMessage, type DeliveryPorts, type DeliveryTarget, type Jobs, type Mailer } from '../ports';
import { claimDelivery, finishDelivery, readDeliveryChoices, stillSubscribed } from '../queries/deliveries';
import { findTelegramLink, unlinkChat } from '../queries/telegram';
import { pushTargetOf } from '../queries/push-subscriptions';

type Db = Kysely<Database>;

export interface SendDeps {
  db: Db;
  delivery: DeliveryPorts;
  jobs: Pick<Jobs, 'send'>;
  mailer: Mailer;
  adminEmails: readonly string[];
  publicUrl: string;
  log: Logger;
}

type Outcome = { status: 'sent' | 'failed' | 'skipped' | 'retry'; error?: string; retryInMs?: number; goneTarget?: DeliveryTarget };

/** Where a delivery goes, read at send time (an address changed or removed since applies at once). */
async function targetOf(db: Db, d: DeliveryRow, delivery: DeliveryPorts): Promise<DeliveryTarget | string> {
  if (d.channel === 'webhook') {
    if (d.endpointId === null) return 'endpoint removed';
    const ep = await db.selectFrom('webhookEndpoints').select(['url', 'secret', 'enabled']).where('id', '=', d.endpointId).executeTakeFirst();
    if (!ep) return 'endpoint removed';
    if (!ep.enabled) return 'endpoint disabled';
    return { url: ep.url, secret: ep.secret };
  }
  if (d.channel === 'discord') {
    if (d.userId === null) return delivery.deskDiscordUrl ? { url: delivery.deskDiscordUrl } : 'not configured';
    const url = (await readDeliveryChoices(db, d.userId)).discordWebhookUrl;
    return url ? { url } : 'no Discord webhook set';
  }
  if (d.channel === 'telegram') {
    if (d.userId === null) return delivery.deskTelegramChatId ? { url: 'telegram:desk', chatId: delivery.deskTelegramChatId } : 'not configured';
    const link = await findTelegramLink(db, d.userId);
    return link ? { url: `telegram:${link.chatId}`, chatId: link.chatId } : 'Telegram not linked';
  }
  if (d.channel === 'web_push') {
    // Every browser of the recipient, as they are now (a removed one gets nothing).
    if (d.userId === null) return 'not configured';
    return (await pushTargetOf(db, d.userId)) ?? 'no push subscription';
  }
  return 'not configured';
}

/** Turns the endpoint off after a delivery failed for good, and tells its owner by e-mail. */
async function disableEndpoint(deps: SendDeps, d: DeliveryRow, reason: string) {
  if (d.endpointId === null || d.userId === null) return;
  const ep = await deps.db
    .updateTable('webhookEndpoints')
    .set({ enabled: false, disabledReason: reason })
    .where('id', '=', d.endpointId)
    .where('enabled', '=', true)
    .returning(['url'])
    .executeTakeFirst();
  if (!ep) return;
  const owner = await deps.db.selectFrom('users').select('email').where('id', '=', d.userId).executeTakeFirst();
  if (!owner) return;
  try {
    await deps.mailer.send({
      kind: 'endpoint_disabled',
      to: owner.email,
      subject: 'T0 Terminal: your webhook endpoint was disabled',
      text:
        `Deliveries to your webhook endpoint ${ep.url} kept failing (${reason}), so it has been disabled.\n\n` +
        `Fix the receiver, then enable it again under Profile → Alerts → Webhooks: ${deps.publicUrl}/profile\n`,
    });
  } catch (err) {
    deps.log.error({ err, endpointId: d.endpointId }, 'webhook disabled notice not sent');
  }
}

/**
 * One attempt of one delivery (the `deliver` job). Checked at send time: the recipient still
 * subscribed, the address still there, the channel configured. A failure is retried on the
 * schedule (or when the receiver asks, 429), and after the last attempt it fails for good; a webhook
 * endpoint is then disabled and its owner told.
 */
export async function sendDelivery(deps: SendDeps, deliveryId: number, attempts: number): Promise<Outcome['status'] | 'gone' | 'waiting'> {
  const waitMs = await earlierStillPending(deps.db, deliveryId);
  if (waitMs !== null) {
    // Events of one signal reach one address in order: wait for the one before (not an attempt),
    // until its next attempt when it is waiting to be retried.
    await deps.jobs.send(JOB_NAMES.deliver, { deliveryId, attempts }, { startAfter: new Date(Date.now() + waitMs) });
    return 'waiting';
  }
  const d = await claimDelivery(deps.db, deliveryId, attempts);
  if (!d) return 'gone';
  const outcome = await attempt(deps, d);
  if (outcome.status === 'retry') {
    const at = new Date(Date.now() + (outcome.retryInMs ?? 1000));
    await finishDelivery(deps.db, d.id, { status: 'queued', error: outcome.error ?? null, nextAttemptAt: at });
    await deps.jobs.send(JOB_NAMES.deliver, { deliveryId: d.id, attempts: d.attempts }, { startAfter: at });
    return 'retry';
  }
  if (outcome.status === 'sent') {
    const latency = Math.max(0, Date.now() - d.dueAt.getTime());
    await finishDelivery(deps.db, d.id, { status: 'sent', latencyMs: latency });
  } else {
    await finishDelivery(deps.db, d.id, { status: outcome.status, error: outcome.error ?? null });
    if (outcome.status === 'failed' && d.channel === 'webhook') await disableEndpoint(deps, d, outcome.error ?? 'failed');
    if (outcome.goneTarget?.chatId && d.channel === 'telegram') await forgetTelegramChat(deps, d, outcome.goneTarget.chatId, outcome.error);
  }
  return outcome.status;
}

/** A Telegram chat that blocked the bot or no longer exists: the subscriber's link to it goes (the desk's is a setting: logged). */
async function forgetTelegramChat(deps: SendDeps, d: DeliveryRow, chatId: string, reason: string | undefined) {
  if (d.userId === null) {
    deps.log.error({ reason }, 'the desk Telegram channel refuses messages: check TELEGRAM_CHANNEL_ID and that the bot is an administrator there');
    return;
  }
  await unlinkChat(deps.db, chatId);
  deps.log.info({ userId: d.userId, reason }, 'Telegram chat unlinked: it no longer accepts messages');
}

/** Shortest wait before asking again whether the delivery before has gone. */
const ORDER_POLL_MS = 250;

/**
 * When an earlier delivery of the same signal to the same address is still on its way (not held):
 * how long to wait before looking again (until its next attempt, when it waits for a retry); null
 * when none is.
 */
async function earlierStillPending(db: Db, id: number): Promise<number | null> {
  const { rows } = await sql<{ n: number; waitMs: number | null }>`
    select count(*)::int as n,
      max(extract(epoch from (e.next_attempt_at - now())) * 1000)::float8 as wait_ms
    from deliveries e join deliveries d on d.id = ${id}
    where e.id < d.id and e.signal_id = d.signal_id and e.channel = d.channel
      and e.user_id is not distinct from d.user_id and e.endpoint_id is not distinct from d.endpoint_id
      and e.status in ('queued', 'sending')`.execute(db);
  const row = rows[0];
  if (!row || row.n === 0) return null;
  return Math.max(ORDER_POLL_MS, Math.ceil(Number(row.waitMs ?? 0)) + ORDER_POLL_MS);
}

async function attempt(deps: SendDeps, d: DeliveryRow): Promise<Outcome> {
  if (d.userId !== null && !(await stillSubscribed(deps.db, d.userId, deps.adminEmails))) return { status: 'skipped', error: 'subscription ended' };
  const port = deps.delivery.channels[d.channel as DeliveryChannel];
  if (!port) return { status: 'skipped', error: 'not configured' };
  const target = await targetOf(deps.db, d, deps.delivery);
  if (typeof target === 'string') return { status: 'skipped', error: target };
  const message = JSON.parse(d.payload) as DeliveryMessage;
  try {
    await port.send(target, message);
    return { status: 'sent' };
  } catch (err) {
    const e = err instanceof ChannelSendError ? err : new ChannelSendError(err instanceof Error ? err.message : String(err));
    const schedule = deps.delivery.retryScheduleMs;
    // `d.attempts` already counts this attempt.
    if (e.opts.permanent || d.attempts > schedule.length) return { status: 'failed', error: e.message, ...(e.opts.targetGone ? { goneTarget: target } : {}) };
    return { status: 'retry', error: e.message, retryInMs: e.opts.retryAfterMs ?? schedule[d.attempts - 1] };
  }
}

/** Queues a test event to one endpoint (the profile's "send test event"). */
export async function queueTestDelivery(deps: Pick<SendDeps, 'db' | 'jobs'>, userId: number, endpointId: number): Promise<number> {
  const key = `test:${endpointId}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`;
  const message: DeliveryMessage = {
    id: `msg_${key}`,
    event: 'test',
    urgent: false,
    title: 'T0 TERMINAL TEST EVENT',
    text: 'This is a test event from T0 Terminal: your endpoint receives and verifies signed deliveries.',
    occurredAt: new Date().toISOString(),
  };
  const row = await deps.db
    .insertInto('deliveries')
    .values({ key, userId, channel: 'webhook', event: 'test', signalId: null, endpointId, payload: JSON.stringify(message), urgent: false, dueAt: sql<Date>`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.jobs.send(JOB_NAMES.deliver, { deliveryId: row.id, attempts: 0 });
  return row.id;
}
