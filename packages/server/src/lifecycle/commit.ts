import type { Db, SignalRow } from '@t0/db';
import { lifecycleNotice, NOTIFIED_SIGNAL_EVENTS } from '@t0/contracts/domain/signals/signal-notices';
import type { LifecycleEvent, Transition } from '@t0/contracts/domain/signals/signal-lifecycle';
import type { SignalEvent } from '@t0/contracts/schemas/signals/signal-events';
import { emitSignalChange } from '../events/events.queries';
import { fanoutJob } from '../delivery/fanout.job';
import { JOB_NAMES } from '../core/jobs';
import { enqueueJobs, type OutboxJob } from '../outbox/queue';
import { deliverNotification, insertNotification } from '../notifications/notifications.queries';
import { appendSignalEvents, type NewSignalEvent } from '../signals/signal-events.queries';
import { writeCheckpoint } from '../record/checkpoint.job';
import { updateSignalTransition } from '../signals/signals.queries';
import type { RecordSigner } from '../record/signer';
import { stateColumns } from './signal-state';
import { partsOf } from '@t0/contracts/domain/signals/signal-parts';

export interface LifecycleDeps {
  /** Administrators by address (they receive signal notifications like subscribers). */
  adminEmails: readonly string[];
  /** The record's key: a signal's close signs a checkpoint of the chain in the closing transaction. */
  signer?: RecordSigner | undefined;
}

export interface Committed {
  row: SignalRow;
  events: SignalEvent[];
  /** The event to e-mail about (the transition's last notified one), if any. */
  mailEventId: number | null;
  /** The outbox rows of its fan-out and e-mail, written with it (relay them after the commit). */
  outbox: number[];
}

/** The stored signal moved on since it was read: the transition is dropped (the next tick retries). */
export class StaleSignalError extends Error {
  override readonly name = 'StaleSignalError';
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The feed's price and time at the moment of an event (recorded beside any typed price). */
export interface FeedFacts {
  price: number | null;
  at: Date | null;
}

/** A lifecycle event as stored: the price it happened at and its details (the feed's price and time in its data). */
function toNewEvent(
  e: LifecycleEvent,
  actor: string,
  after: SignalRow,
  extra: Record<string, unknown>,
): NewSignalEvent {
  switch (e.type) {
    case 'stop_moved':
      return {
        type: e.type,
        price: e.price,
        actor,
        data: { from: e.from, to: e.to, ...(e.trailed ? { trailed: true } : {}), ...extra },
      };
    case 't0_hit':
    case 'partial_closed':
      return {
        type: e.type,
        price: e.price,
        actor,
        data: { ...(e.share !== undefined ? { share: e.share } : {}), ...extra },
      };
    case 'cancelled':
      return { type: e.type, price: e.price, actor, data: { ...(e.expired ? { reason: 'expired' } : {}), ...extra } };
    case 'closed':
    case 'withdrawn':
      return {
        type: e.type,
        price: e.price,
        actor,
        data: {
          ...(e.type === 'closed' ? { reason: e.reason } : {}),
          ...(e.share !== undefined ? { share: e.share } : {}),
          ...(e.price !== null ? { bestPrice: num(after.bestPrice), worstPrice: num(after.worstPrice) } : {}),
          ...extra,
        },
      };
    default:
      return { type: e.type, price: e.price, actor, data: extra };
  }
}

/**
 * Stores a transition computed from `row` (read inside `trx`, locked for update): the new state,
 * guarded on the state it was computed from, its events appended to the chain, the live-stream
 * event, a notification to subscribers for each notified event, at a close a signed checkpoint
 * of the chain, and the jobs it causes (fan-out, e-mail) in the outbox. All in the caller's transaction.
 */
export async function commitTransition(
  trx: Db,
  row: SignalRow,
  t: Transition,
  actor: string,
  deps: LifecycleDeps,
  opts: { currentPrice?: number; tick?: number; feed?: FeedFacts; typed?: number } = {},
): Promise<Committed> {
  const closing = t.events.find((e) => e.type === 'closed' || e.type === 'withdrawn' || e.type === 'cancelled');
  const updated = await updateSignalTransition(trx, row, stateColumns(t.state), {
    ...(opts.currentPrice !== undefined
      ? { price: { price: opts.currentPrice, at: opts.feed?.at ?? new Date() } }
      : {}),
    ...(closing
      ? {
          close: {
            closeReason:
              closing.type === 'closed'
                ? closing.reason
                : closing.type === 'withdrawn' && closing.price !== null
                  ? 'withdrawn'
                  : closing.type === 'cancelled' && closing.expired
                    ? 'expired'
                    : null,
            exitPrice: closing.type === 'cancelled' ? null : closing.price,
          },
        }
      : {}),
  });
  if (!updated) throw new StaleSignalError(`signal ${row.id} changed while its transition was computed`);

  const extra: Record<string, unknown> = {
    ...(opts.tick !== undefined ? { tick: opts.tick } : {}),
    ...(opts.feed ? { feedPrice: opts.feed.price, feedAt: opts.feed.at ? opts.feed.at.toISOString() : null } : {}),
    ...(opts.typed !== undefined ? { typedPrice: opts.typed } : {}),
  };
  const events = await appendSignalEvents(
    trx,
    row.id,
    t.events.map((e) => toNewEvent(e, actor, updated, extra)),
  );
  // The chain's lock is held until this transaction ends: the checkpoint's head is the close itself.
  if (closing && deps.signer) await writeCheckpoint(trx, deps.signer);
  await emitSignalChange(trx, 'signal.updated', updated);

  const facts = {
    instrument: updated.instrument,
    direction: updated.direction,
    entryPrice: Number(updated.entryPrice),
    slPrice: Number(updated.slPrice),
    t0Price: Number(updated.t0Price),
    t1Price: Number(updated.t1Price),
    fillPrice: num(updated.fillPrice),
    riskPrice: num(updated.riskPrice),
    parts: partsOf(updated.parts),
  };
  let mailEventId: number | null = null;
  for (const e of events) {
    if (!(NOTIFIED_SIGNAL_EVENTS as readonly string[]).includes(e.type)) continue;
    const notice = lifecycleNotice(facts, e);
    if (!notice) continue;
    const createdBy = actor.startsWith('admin:') ? Number(actor.slice(6)) : null;
    const n = await insertNotification(
      trx,
      {
        title: notice.title,
        message: notice.message,
        type: 'signal',
        priority: notice.priority,
        isGlobal: false,
        scheduledFor: undefined,
        room: updated.room,
        signalId: updated.id,
      },
      createdBy,
    );
    await deliverNotification(trx, n.id, deps.adminEmails);
    mailEventId = e.id;
  }
  // What the transition causes (each subscriber's channels, the e-mail) commits with it.
  const jobs: OutboxJob[] = [fanoutJob({ signalId: row.id, eventIds: events.map((e) => e.id) })];
  if (mailEventId !== null)
    jobs.push({ name: JOB_NAMES.signalEmails, data: { signalId: row.id, eventId: mailEventId } });
  const outbox = events.length ? await enqueueJobs(trx, jobs) : [];
  return { row: updated, events, mailEventId, outbox };
}
