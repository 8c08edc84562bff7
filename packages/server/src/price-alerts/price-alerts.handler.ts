import { heldRooms } from '@t0/contracts/domain/access/access';
import { PRICE_ALERT_LIMIT } from '@t0/contracts/domain/price-alerts/price-alerts';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type {
  PriceAlertCreateInput,
  PriceAlertUpdateInput,
  PriceAlertView,
} from '@t0/contracts/schemas/price-alerts/price-alerts';
import type { Context } from '../core/context';
import { conflict, notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { loadInstrumentCatalogue } from '../instruments/instruments.queries';
import { instrumentRoomResolver } from '../rooms/rooms.queries';
import {
  countUserPriceAlerts,
  deletePriceAlert,
  findUserPriceAlert,
  insertPriceAlert,
  listUserPriceAlerts,
  updatePriceAlert,
} from './price-alerts.queries';

// A subscriber's price alerts (docs/features/price-alerts.md): on the instruments of their plan, at
// most PRICE_ALERT_LIMIT, judged by the server on the feed (price-alerts.job.ts).

type UserCtx = Context & { user: User };
type AlertRow = Awaited<ReturnType<typeof listUserPriceAlerts>>[number];

export const toPriceAlertView = (a: AlertRow): PriceAlertView => ({
  id: a.id,
  instrument: a.instrument,
  condition: a.condition as PriceAlertView['condition'],
  level: Number(a.level),
  side: a.side as PriceAlertView['side'],
  repeat: a.repeat as PriceAlertView['repeat'],
  note: a.note,
  active: a.active,
  firedCount: a.firedCount,
  lastFiredAt: a.lastFiredAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
});

/** The instruments the user may set alerts on: their rooms' (every catalogued one for an administrator). */
async function alertableInstruments(ctx: UserCtx): Promise<string[]> {
  const symbols = (await loadInstrumentCatalogue(ctx.db)).map((i) => i.symbol);
  if (ctx.user.isAdmin) return symbols;
  const roomOf = await instrumentRoomResolver(ctx.db);
  const held = heldRooms(ctx.user);
  return symbols.filter((s) => held.includes(roomOf(s)));
}

export async function listPriceAlertsHandler({ ctx }: { ctx: UserCtx }): Promise<PriceAlertView[]> {
  return (await listUserPriceAlerts(ctx.db, ctx.user.id)).map(toPriceAlertView);
}

export async function createPriceAlertHandler({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: PriceAlertCreateInput;
}): Promise<PriceAlertView> {
  if (!(await alertableInstruments(ctx)).includes(input.instrument))
    throw validationError([{ path: ['instrument'], message: `instrument: ${input.instrument} is not in your plan` }]);
  return transact(ctx.db, async (tx) => {
    if ((await countUserPriceAlerts(tx, ctx.user.id)) >= PRICE_ALERT_LIMIT)
      throw conflict(`You have ${PRICE_ALERT_LIMIT} price alerts, the most there can be: delete one first`);
    const row = await insertPriceAlert(tx, {
      userId: ctx.user.id,
      instrument: input.instrument,
      condition: input.condition,
      level: input.level,
      side: input.side,
      repeat: input.repeat,
      note: input.note,
    });
    return toPriceAlertView(row);
  });
}

export async function updatePriceAlertHandler({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: PriceAlertUpdateInput;
}): Promise<PriceAlertView> {
  const { id, active, ...fields } = input;
  const found = await findUserPriceAlert(ctx.db, ctx.user.id, id);
  if (!found) throw notFound('Price alert');
  // A changed level or condition, or an alert turned on again, starts the judge afresh.
  const rearm = fields.level !== undefined || fields.condition !== undefined || active === true;
  const row = await updatePriceAlert(ctx.db, id, {
    ...fields,
    ...(active !== undefined ? { active } : {}),
    ...(rearm ? { armed: true, lastSide: null } : {}),
  });
  return toPriceAlertView(row);
}

export async function deletePriceAlertHandler({ ctx, input }: { ctx: UserCtx; input: { id: number } }) {
  const res = await deletePriceAlert(ctx.db, ctx.user.id, input.id);
  if (Number(res.numDeletedRows) === 0) throw notFound('Price alert');
  return { success: true as const, id: input.id };
}
