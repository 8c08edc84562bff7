import type { Db, DeliveryRow } from '@t0/db';
import type { Logger } from '../core/context';
import { JOB_NAMES } from '../core/jobs';
import { enqueueJobs } from '../outbox/queue';
import { relayCommitted } from '../outbox/outbox-relay.job';
import {
  ChannelSendError,
  type DeliveryMessage,
  type DeliveryPorts,
  type DeliveryTarget,
  type Jobs,
  type Mailer,
} from '../ports';
import {
  claimDelivery,
  earlierPendingDeliveries,
  finishDelivery,
  insertTestDelivery,
  stillEntitled,
} from './deliveries.queries';
import { carriesAsDeliveries, portOf } from './channels';
import { transact } from '../core/transaction';
import { labelsAt } from '../signals/signal-labels';

export interface SendDeps {
  db: Db;
  delivery: DeliveryPorts;
  jobs: Pick<Jobs, 'send'>;
  mailer: Mailer;
  adminEmails: readonly string[];
  publicUrl: string;
  log: Logger;
  /** Told the outcome of every attempt (the server's metrics). */
  onAttempt?(attempt: DeliveryAttempt): void;
}

/** One attempt's outcome, as the metrics count it. */
export interface DeliveryAttempt {
  channel: string;
  /** `retry`: failed, to be tried again; `failed`: for good; `skipped`: not sent (no address, not subscribed). */
  outcome: Outcome['status'];
  /**
   * A sent delivery of a signal event or a broadcast: when it was published, or when its
   * quiet-hours hold ended if it was held (the subscriber's own choice is not lag). Else null.
   */
  dueSince: Date | null;
}

type Outcome = {
  status: 'sent' | 'failed' | 'skipped' | 'retry';
  error?: string;
  retryInMs?: number;
  target?: DeliveryTarget;
  gone?: boolean;
};

/**
 * One attempt of one delivery (the `deliver` job). Checked at send time: the recipient still
 * subscribed, the address still there, the channel configured. A failure is retried on the
 * schedule (or when the receiver asks, 429), and after the last attempt it fails for good; a webhook
 * endpoint is then disabled and its owner told.
 */
export async function sendDelivery(
  deps: SendDeps,
  deliveryId: number,
  attempts: number,
  opts: { redelivery?: boolean } = {},
): Promise<Outcome['status'] | 'gone' | 'waiting'> {
  // A repeat after an interrupted attempt stays one through the waits and retries that follow it.
  const carried = opts.redelivery ? { redelivery: true } : {};
  const waitMs = await earlierStillPending(deps.db, deliveryId);
  if (waitMs !== null) {
    // Events of one signal reach one address in order: wait for the one before (not an attempt),
    // until its next attempt when it is waiting to be retried.
    await deps.jobs.send(
      JOB_NAMES.deliver,
      { deliveryId, attempts, ...carried },
      { startAfter: new Date(Date.now() + waitMs) },
    );
    return 'waiting';
  }
  const d = await claimDelivery(deps.db, deliveryId, attempts);
  if (!d) return 'gone';
  const outcome = await attempt(deps, d, opts.redelivery ?? false);
  deps.onAttempt?.({
    channel: d.channel,
    outcome: outcome.status,
    dueSince: outcome.status === 'sent' ? dueSince(d) : null,
  });
  if (outcome.status === 'retry') {
    const at = new Date(Date.now() + (outcome.retryInMs ?? 1000));
    // The next attempt's job commits with the delivery's new state (a crash between never strands it).
    const outbox = await transact(deps.db, async (trx) => {
      await finishDelivery(trx, d.id, { status: 'queued', error: outcome.error ?? null, nextAttemptAt: at });
      return enqueueJobs(trx, [
        { name: JOB_NAMES.deliver, data: { deliveryId: d.id, attempts: d.attempts, ...carried }, startAfter: at },
      ]);
    });
    await relayCommitted(deps, outbox);
    return 'retry';
  }
  if (outcome.status === 'sent') {
    const latency = Math.max(0, Date.now() - d.dueAt.getTime());
    await finishDelivery(deps.db, d.id, { status: 'sent', latencyMs: latency });
  } else {
    await finishDelivery(deps.db, d.id, { status: outcome.status, error: outcome.error ?? null });
    // What a permanent failure does is the channel's own (disable the endpoint, unlink the chat).
    if (outcome.status === 'failed') {
      await portOf(d.channel)?.onPermanentFailure(
        deps,
        d,
        outcome.target ?? null,
        outcome.error ?? 'failed',
        outcome.gone ?? false,
      );
    }
  }
  return outcome.status;
}

/** When a delivery's content was due to its receiver (see `DeliveryAttempt.dueSince`). */
function dueSince(d: DeliveryRow): Date | null {
  if (d.event === 'test') return null;
  // A held delivery is written with its hold's end as due time; the others are due as written.
  if (d.dueAt.getTime() > d.createdAt.getTime()) return d.dueAt;
  try {
    const at = new Date((JSON.parse(d.payload) as Pick<DeliveryMessage, 'occurredAt'>).occurredAt);
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}

/** Shortest wait before asking again whether the delivery before has gone. */
const ORDER_POLL_MS = 250;

/**
 * When an earlier delivery of the same signal to the same address is still on its way (not held):
 * how long to wait before looking again (until its next attempt, when it waits for a retry); null
 * when none is.
 */
async function earlierStillPending(db: Db, id: number): Promise<number | null> {
  const row = await earlierPendingDeliveries(db, id);
  if (!row || row.n === 0) return null;
  return Math.max(ORDER_POLL_MS, Math.ceil(Number(row.waitMs ?? 0)) + ORDER_POLL_MS);
}

async function attempt(deps: SendDeps, d: DeliveryRow, redelivery: boolean): Promise<Outcome> {
  if (d.userId !== null && !(await stillEntitled(deps.db, d.userId, d.signalId, deps.adminEmails)))
    return { status: 'skipped', error: 'subscription ended' };
  const port = portOf(d.channel);
  if (!carriesAsDeliveries(port, d.userId !== null) || !port.configured(deps.delivery))
    return { status: 'skipped', error: 'not configured' };
  const target = await port.resolve(deps.db, d, deps.delivery);
  if (typeof target === 'string') return { status: 'skipped', error: target };
  const stored = JSON.parse(d.payload) as DeliveryMessage;
  const message: DeliveryMessage = {
    ...stored,
    ...(stored.labels ? { labels: labelsAt(stored.labels, deps.publicUrl) } : {}),
    ...(redelivery ? { redelivery: true } : {}),
  };
  try {
    await port.send(deps, target, message);
    return { status: 'sent' };
  } catch (err) {
    const e =
      err instanceof ChannelSendError ? err : new ChannelSendError(err instanceof Error ? err.message : String(err));
    const schedule = deps.delivery.retryScheduleMs;
    // `d.attempts` already counts this attempt.
    if (e.opts.permanent || d.attempts > schedule.length)
      return { status: 'failed', error: e.message, target, gone: e.opts.targetGone ?? false };
    return { status: 'retry', error: e.message, retryInMs: e.opts.retryAfterMs ?? schedule[d.attempts - 1] };
  }
}

/** Queues a test event to one endpoint (the profile's "send test event"). */
export async function queueTestDelivery(
  deps: Pick<SendDeps, 'db' | 'jobs'>,
  userId: number,
  endpointId: number,
): Promise<number> {
  const key = `test:${endpointId}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`;
  const message: DeliveryMessage = {
    id: `msg_${key}`,
    event: 'test',
    urgent: false,
    title: 'T0 TERMINAL TEST EVENT',
    text: 'This is a test event from T0 Terminal: your endpoint receives and verifies signed deliveries.',
    occurredAt: new Date().toISOString(),
  };
  const row = await insertTestDelivery(deps.db, { key, userId, endpointId, payload: JSON.stringify(message) });
  await deps.jobs.send(JOB_NAMES.deliver, { deliveryId: row.id, attempts: 0 });
  return row.id;
}
