import type { Db, SignalRow } from '@t0/db';
import { LifecycleError, type LifecycleState, type Transition } from '@t0/contracts/domain/signals/signal-lifecycle';
import { conflict, notFound, validationError } from '../core/errors';
import { commitTransition, type Committed } from './commit';
import { relayTransition, type AdvanceDeps } from './advance-signals.job';
import { stateOfRow } from './signal-state';
import { feedFacts, livePriceOrNull, requireLivePrice, type LivePrice } from './feed';
import type { Ports } from '../ports';
import { transact } from '../core/transaction';
import { findSignal, findSignalForUpdate } from '../signals/signals.queries';

/** A lifecycle rule's refusal as the API answers it: 409 for the state, 400 naming a field. */
export function lifecycleHttpError(err: unknown): unknown {
  if (!(err instanceof LifecycleError)) return err;
  if (err.code === 'conflict') return conflict(err.message);
  return validationError([{ path: err.field ? [err.field] : [], message: err.message }]);
}

/**
 * An administrator's action on one signal (close, close a part, trail the stop, cancel, withdraw):
 * the feed's live price of its instrument is read first (`live: 'required'` refuses with 503 without
 * one), then the row is locked, the pure rule decides, and the transition commits with its events
 * (the feed's price and time in each), notifications and stream event.
 */
export async function runSignalAction(
  db: Db,
  id: number,
  actor: string,
  action: (state: LifecycleState, row: SignalRow, live: LivePrice | null) => Transition,
  deps: AdvanceDeps,
  opts: {
    ports?: Pick<Ports, 'prices'>;
    live?: 'required' | 'optional' | ((row: SignalRow) => 'required' | 'optional');
    typed?: number;
  } = {},
): Promise<Committed> {
  let live: LivePrice | null = null;
  if (opts.ports && opts.live) {
    const head = await findSignal(db, id);
    if (!head) throw notFound('Signal');
    const need = typeof opts.live === 'function' ? opts.live(head) : opts.live;
    live =
      need === 'required'
        ? await requireLivePrice(opts.ports, head.instrument)
        : await livePriceOrNull(opts.ports, head.instrument);
  }
  let committed: Committed;
  try {
    committed = await transact(db, async (trx) => {
      const row = await findSignalForUpdate(trx, id);
      if (!row) throw notFound('Signal');
      return commitTransition(trx, row, action(stateOfRow(row), row, live), actor, deps, {
        ...(opts.live ? { feed: feedFacts(live) } : {}),
        ...(opts.typed !== undefined ? { typed: opts.typed } : {}),
        ...(live ? { currentPrice: live.price } : {}),
      });
    });
  } catch (err) {
    throw lifecycleHttpError(err);
  }
  await relayTransition(db, committed, deps);
  return committed;
}
