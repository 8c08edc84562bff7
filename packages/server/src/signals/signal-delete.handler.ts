import { isFinishedStatus } from '@t0/contracts/domain/signals/signal-lifecycle';
import { SIGNAL_DELETE_GRACE_MS } from '@t0/contracts/domain/signals/signals';
import type { Context } from '../core/context';
import { conflict, notFound } from '../core/errors';
import { emitSignalDeleted } from '../events/events.queries';
import { deleteSignalEmails } from '../delivery/signal-emails.queries';
import { appendSignalEvents, listSignalEvents } from './signal-events.queries';
import { deleteSignal, findSignalForUpdate } from './signals.queries';
import { transact } from '../core/transaction';

type Ctx = Pick<Context, 'db'> & { user: { id: number } };

/**
 * Deletes a signal published in error: only within 2 minutes of publication and before the price
 * watcher moved it. Later, a published signal is withdrawn instead and stays in the record. The
 * deletion itself is an event, so the chain stays whole and the record counts it.
 */
export async function deleteSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await transact(ctx.db, async (trx) => {
    const row = await findSignalForUpdate(trx, input.id);
    if (!row) throw notFound('Signal');
    const events = await listSignalEvents(trx, input.id);
    const created = events.find((e) => e.type === 'created');
    const publishedAt = created ? Date.parse(created.at) : row.createdAt.getTime();
    const moved = isFinishedStatus(row.status) || events.some((e) => e.actor === 'system');
    if (Date.now() - publishedAt > SIGNAL_DELETE_GRACE_MS || moved) {
      throw conflict(
        'A published signal stays in the record: withdraw it instead (deleting is possible only in the first 2 minutes)',
      );
    }
    await deleteSignalEmails(trx, input.id);
    await deleteSignal(trx, input.id);
    await appendSignalEvents(trx, input.id, [{ type: 'deleted', actor: `admin:${ctx.user.id}` }]);
    await emitSignalDeleted(trx, input.id);
  });
  return { success: true as const, id: input.id };
}
