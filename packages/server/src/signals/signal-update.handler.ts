import type { SignalRow } from '@t0/db';
import { levelIssues } from '@t0/contracts/domain/signals/signal-levels';
import { editStatus, isFinishedStatus } from '@t0/contracts/domain/signals/signal-lifecycle';
import type { SignalUpdate } from '@t0/contracts/schemas/signals/signals';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import { emitSignalChange } from '../events/events.queries';
import { lifecycleHttpError } from '../lifecycle/actions';
import { stateOfRow } from '../lifecycle/signal-state';
import { appendSignalEvents } from './signal-events.queries';
import { findSignalForUpdate, toSignal, updateSignal } from './signals.queries';
import { transact } from '../core/transaction';

type Ctx = Pick<Context, 'db'> & { user: { id: number } };

const PRICE_FIELDS = ['entryPrice', 'slPrice', 't0Price', 't1Price'] as const;
const PLAIN_FIELDS = ['instrument', 'direction', 'memo', 'confidence', 'monthlyBias', 'stopToEntry'] as const;
/** Fields that cannot change once the trade is filled (the trade was taken with them). */
const FIXED_ONCE_FILLED = { instrument: 'Instrument', direction: 'Direction', entryPrice: 'Entry price' } as const;

type Change = { field: string; before: unknown; after: unknown };

/** What the edit really changes, field by field (before and after, as the timeline shows them). */
function changesOf(row: SignalRow, input: SignalUpdate, status: string | undefined): Change[] {
  const out: Change[] = [];
  for (const f of PRICE_FIELDS) {
    const v = input[f];
    if (v !== undefined && Number(row[f]) !== v) out.push({ field: f, before: Number(row[f]), after: v });
  }
  for (const f of PLAIN_FIELDS) {
    const v = input[f];
    if (v !== undefined && row[f] !== v) out.push({ field: f, before: row[f], after: v });
  }
  if (status !== undefined && status !== row.status) out.push({ field: 'status', before: row.status, after: status });
  if (input.currentPrice !== undefined) {
    const before = row.currentPrice === null ? null : Number(row.currentPrice);
    if (before !== input.currentPrice) out.push({ field: 'currentPrice', before, after: input.currentPrice });
  }
  if (input.createdAt !== undefined) {
    const after = new Date(input.createdAt).toISOString();
    if (row.createdAt.toISOString() !== after)
      out.push({ field: 'createdAt', before: row.createdAt.toISOString(), after });
  }
  return out;
}

/**
 * Edits an open signal. The levels are checked merged with the stored ones (the same rule as the
 * form); a filled trade keeps its instrument, direction and entry; the status may only pause or
 * resume. Every real change is an `edited` event with the fields before and after, so an edit after
 * publication is visible to every subscriber. A finished signal is never edited.
 */
export async function updateSignalHandler({ ctx, input }: { ctx: Ctx; input: SignalUpdate }) {
  try {
    const row = await transact(ctx.db, async (trx) => {
      const row = await findSignalForUpdate(trx, input.id);
      if (!row) throw notFound('Signal');
      if (isFinishedStatus(row.status)) throw conflict(`This signal is ${row.status} and can no longer change`);
      if (input.t0Hit !== undefined) {
        throw validationError([
          { path: ['t0Hit'], code: 'read_only', message: 'T0 hit is recorded by the server from the live price' },
        ]);
      }
      const state = stateOfRow(row);
      if (state.fillPrice !== null) {
        for (const [field, label] of Object.entries(FIXED_ONCE_FILLED) as Array<
          [keyof typeof FIXED_ONCE_FILLED, string]
        >) {
          const v = input[field];
          if (v !== undefined && (field === 'entryPrice' ? Number(row.entryPrice) !== v : row[field] !== v)) {
            throw validationError([
              { path: [field], code: 'read_only', message: `${label} cannot change once the signal is filled` },
            ]);
          }
        }
      }
      // Only a real change of a level (or the direction) is checked: a stop already moved to the
      // entry by the lifecycle does not block an edit of the memo sent with the unchanged levels.
      const touchesLevels =
        (input.direction !== undefined && input.direction !== row.direction) ||
        PRICE_FIELDS.some((f) => input[f] !== undefined && input[f] !== Number(row[f]));
      if (touchesLevels) {
        const issues = levelIssues({
          direction: input.direction ?? row.direction,
          entryPrice: input.entryPrice ?? Number(row.entryPrice),
          slPrice: input.slPrice ?? Number(row.slPrice),
          t0Price: input.t0Price ?? Number(row.t0Price),
          t1Price: input.t1Price ?? Number(row.t1Price),
        });
        if (issues.length) throw validationError(issues.map((i) => ({ path: [i.field], message: i.message })));
      }
      const status = input.status === undefined ? undefined : editStatus(state, input.status);
      const changes = changesOf(row, input, status);
      if (changes.length === 0) return row;

      const values: Record<string, unknown> = {};
      for (const c of changes) values[c.field] = c.field === 'createdAt' ? new Date(c.after as string) : c.after;
      const updated = await updateSignal(trx, row.id, values);
      await appendSignalEvents(trx, row.id, [
        {
          type: 'edited',
          actor: `admin:${ctx.user.id}`,
          data: {
            before: Object.fromEntries(changes.map((c) => [c.field, c.before])),
            after: Object.fromEntries(changes.map((c) => [c.field, c.after])),
          },
        },
      ]);
      await emitSignalChange(trx, 'signal.updated', updated);
      return updated;
    });
    return toSignal(row);
  } catch (err) {
    throw lifecycleHttpError(err);
  }
}
