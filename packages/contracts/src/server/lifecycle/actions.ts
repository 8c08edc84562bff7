import type { Database, SignalRow } from '@t0/db';
import type { Kysely } from 'kysely';
import { LifecycleError, type LifecycleState, type Transition } from '../../domain/signal-lifecycle';
import { conflict, notFound, validationError } from '../errors';
import { commitTransition, type Committed } from './commit';
import { queueLifecycleMail, type AdvanceDeps } from './advance';
import { stateOfRow } from './signal-state';

type Db = Kysely<Database>;

/** A lifecycle rule's refusal as the API answers it: 409 for the state, 400 naming a field. */
export function lifecycleHttpError(err: unknown): unknown {
  if (!(err instanceof LifecycleError)) return err;
  if (err.code === 'conflict') return conflict(err.message);
  return validationError([{ path: err.field ? [err.field] : [], message: err.message }]);
}

/**
 * An administrator's action on one signal (close, cancel, withdraw): the row is locked, the pure
 * rule decides, and the transition commits with its events, notifications and stream event.
 */
export async function runSignalAction(
  db: Db,
  id: number,
  actor: string,
  action: (state: LifecycleState, row: SignalRow) => Transition,
  deps: AdvanceDeps,
): Promise<Committed> {
  let committed: Committed;
  try {
    committed = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('signals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('Signal');
      return commitTransition(trx, row, action(stateOfRow(row), row), actor, deps);
    });
  } catch (err) {
    throw lifecycleHttpError(err);
  }
  await queueLifecycleMail(committed, deps);
  return committed;
}
