import { cancel, closeAt, withdraw } from '../../domain/signal-lifecycle';
import { seesSignalLevels, type SignalViewer } from '../../domain/signal-access';
import type { SignalEvent } from '../../schemas/signal-events';
import type { Context } from '../context';
import { notFound } from '../errors';
import { runSignalAction } from '../lifecycle/actions';
import { listSignalEvents } from '../queries/signal-events';
import { toSignal } from '../queries/signals';

type Ctx = Pick<Context, 'db' | 'ports' | 'settings' | 'log'> & { user: { id: number } };

const depsOf = (ctx: Ctx) => ({ adminEmails: ctx.settings.adminEmails, jobs: ctx.ports.jobs, log: ctx.log, signer: ctx.ports.record });

/** `POST /api/signals/{id}/close`: a filled signal closed at the administrator's exit price. */
export async function closeSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number; exitPrice: number } }) {
  const c = await runSignalAction(ctx.db, input.id, `admin:${ctx.user.id}`, (s) => closeAt(s, input.exitPrice), depsOf(ctx));
  return toSignal(c.row);
}

/** `POST /api/signals/{id}/cancel`: a limit signal that never filled is called off. */
export async function cancelSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const c = await runSignalAction(ctx.db, input.id, `admin:${ctx.user.id}`, (s) => cancel(s), depsOf(ctx));
  return toSignal(c.row);
}

/** `POST /api/signals/{id}/withdraw`: retracted, kept in the record (a filled one at the last price). */
export async function withdrawSignalHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const c = await runSignalAction(
    ctx.db,
    input.id,
    `admin:${ctx.user.id}`,
    (s, row) => withdraw(s, row.currentPrice === null ? null : Number(row.currentPrice)),
    depsOf(ctx),
  );
  return toSignal(c.row);
}

/**
 * `GET /api/signals/{id}/events`: the timeline, oldest first. A viewer who may not see an open
 * signal's levels gets each event's type, time, actor and hash, without prices or details.
 */
export async function signalEventsHandler({ ctx, input }: { ctx: Pick<Context, 'db'> & { user: SignalViewer }; input: { id: number } }) {
  const [events, row] = await Promise.all([
    listSignalEvents(ctx.db, input.id),
    ctx.db.selectFrom('signals').select('status').where('id', '=', input.id).executeTakeFirst(),
  ]);
  if (!row && events.length === 0) throw notFound('Signal');
  const status = row?.status ?? 'deleted';
  if (seesSignalLevels(ctx.user, status)) return events;
  return events.map((e): SignalEvent => ({ ...e, price: null, data: {} }));
}
