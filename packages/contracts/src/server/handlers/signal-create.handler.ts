import { sql } from 'kysely';
import { CONFIDENCE_DEFAULT } from '../../domain/constants';
import { activate } from '../../domain/signal-lifecycle';
import { roundTo } from '../../domain/signal-levels';
import type { SignalCreate } from '../../schemas/signals';
import type { Context } from '../context';
import { emitSignalChange } from '../events';
import { queueFanout } from '../delivery/fanout';
import { JOB_NAMES } from '../jobs';
import { appendSignalEvents, type NewSignalEvent } from '../queries/signal-events';
import { toSignal } from '../queries/signals';
import { stateColumns, stateOfRow } from '../lifecycle/signal-state';

type Ctx = Pick<Context, 'db' | 'ports' | 'log'> & { user: { id: number } };

/** The levels and content a signal was published with: the `created` event's data. */
export function publishedContent(input: SignalCreate) {
  return {
    instrument: input.instrument,
    direction: input.direction,
    entryPrice: input.entryPrice,
    slPrice: input.slPrice,
    t0Price: input.t0Price,
    t1Price: input.t1Price,
    status: input.status,
    stopToEntry: input.stopToEntry,
    confidence: input.confidence ?? CONFIDENCE_DEFAULT,
    monthlyBias: input.monthlyBias,
    memo: input.memo ?? '',
    demo: false,
  };
}

/**
 * Publishes a signal: the row, its `created` event (and `activated` at the entry for a signal
 * published at market), and the live-stream event, in one transaction; then the e-mails are queued.
 * The risk (|entry − stop|) is fixed here: every R of this signal is measured against it.
 */
export async function createSignalHandler({ ctx, input }: { ctx: Ctx; input: SignalCreate }) {
  const actor = `admin:${ctx.user.id}`;
  const { eventIds, ...row } = await ctx.db.transaction().execute(async (trx) => {
    let row = await trx
      .insertInto('signals')
      .values({
        instrument: input.instrument,
        direction: input.direction,
        entryPrice: input.entryPrice,
        slPrice: input.slPrice,
        t0Price: input.t0Price,
        t1Price: input.t1Price,
        memo: input.memo ?? '',
        confidence: input.confidence ?? CONFIDENCE_DEFAULT,
        monthlyBias: input.monthlyBias,
        status: input.status === 'active' ? 'limit' : input.status,
        currentPrice: input.currentPrice ?? null,
        stopToEntry: input.stopToEntry,
        riskPrice: roundTo(Math.abs(input.entryPrice - input.slPrice), 5),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const events: NewSignalEvent[] = [{ type: 'created', actor, data: publishedContent(input) }];
    if (input.status === 'active') {
      const fill = activate(stateOfRow(row));
      row = await trx
        .updateTable('signals')
        .set({ ...stateColumns(fill.state), updatedAt: sql<Date>`now()` })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      events.push({ type: 'activated', price: row.entryPrice === null ? null : Number(row.entryPrice), actor });
    }
    const stored = await appendSignalEvents(trx, row.id, events);
    await emitSignalChange(trx, 'signal.created', row);
    return { ...row, eventIds: stored.map((e) => e.id) };
  });
  await queueFanout(ctx.ports.jobs, ctx.log, { signalId: row.id, eventIds });
  try {
    await ctx.ports.jobs.send(JOB_NAMES.signalEmails, { signalId: row.id });
  } catch (err) {
    ctx.log.error({ err, signalId: row.id }, 'signal e-mails not queued');
  }
  return toSignal(row);
}
