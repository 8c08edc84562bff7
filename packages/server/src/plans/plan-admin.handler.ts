import type { Db } from '@t0/db';
import { planIssues, type PlanShape } from '@t0/contracts/domain/plans/plans';
import type {
  AdminPlanView,
  PlanCreateInput,
  PlanKeyInput,
  PlanUpdateInput,
  PlanView,
} from '@t0/contracts/schemas/plans/plans';
import type { Context } from '../core/context';
import { notFound, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { findRoomIdsBySlug } from '../rooms/room-admin.queries';
import { findPlanByKey, listPlanRoomSlugs } from './plans.queries';
import { ownPriceOf } from './plan-prices';
import {
  archivePlan,
  countPlanHolders,
  insertPlan,
  listPlanRooms,
  listPlans,
  maxPlanPosition,
  setPlanRooms,
  updatePlan,
  type PlanFields,
} from './plan-admin.queries';

// Plans in the console: list, create, change, archive (each change with its audit entry in one
// transaction). The public list is plan-offers.handler.ts.

type Args<I> = { ctx: Context; input: I };
type PlanRow = Awaited<ReturnType<typeof listPlans>>[number];

async function viewsOf(ctx: Pick<Context, 'settings' | 'db'>, rows: PlanRow[]): Promise<PlanView[]> {
  const rooms = await listPlanRooms(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    description: r.description,
    terms: r.terms,
    interval: r.interval,
    intervalCount: r.intervalCount,
    passDays: r.passDays,
    price: ownPriceOf(ctx.settings, r),
    trialDays: r.trialDays,
    rooms: rooms.get(r.id) ?? [],
    position: r.position,
    listed: r.listed,
    isDefault: r.isDefault,
    archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
  }));
}

/** Every plan, archived ones too, with its Stripe price and how many hold it now. */
export async function adminPlanViews(ctx: Pick<Context, 'settings' | 'db'>): Promise<AdminPlanView[]> {
  const rows = await listPlans(ctx.db);
  const [views, holders] = await Promise.all([viewsOf(ctx, rows), countPlanHolders(ctx.db)]);
  return views.map((v, i) => {
    const row = rows[i]!;
    const ownPrice =
      row.amountCents !== null && row.currency !== null
        ? { amountCents: row.amountCents, currency: row.currency }
        : null;
    return { ...v, stripePriceId: row.stripePriceId, ownPrice, holders: holders.get(row.id) ?? 0 };
  });
}

async function adminViewOf(ctx: Context, key: string): Promise<AdminPlanView> {
  const view = (await adminPlanViews(ctx)).find((p) => p.key === key);
  if (!view) throw notFound('Plan');
  return view;
}

export function listAdminPlansHandler({ ctx }: { ctx: Context }): Promise<AdminPlanView[]> {
  return adminPlanViews(ctx);
}

const keyInUse = (key: string) => validationError([{ path: ['key'], message: `key: ${key} is in use already` }]);

/** The ids of the rooms a plan is to grant; 400 naming `rooms` for a slug with no room, or an archived room. */
async function roomIdsOf(db: Db, slugs: readonly string[]): Promise<number[]> {
  const unique = [...new Set(slugs)];
  const found = await findRoomIdsBySlug(db, unique);
  const unknown = unique.filter((s) => !found.has(s));
  if (unknown.length > 0)
    throw validationError([{ path: ['rooms'], message: `rooms: no room has the slug ${unknown.join(', ')}` }]);
  const archived = unique.filter((s) => found.get(s)!.archivedAt !== null);
  if (archived.length > 0)
    throw validationError([{ path: ['rooms'], message: `rooms: ${archived.join(', ')} is archived` }]);
  return unique.map((s) => found.get(s)!.id);
}

/** 400 naming the field of the first plan rule broken (domain/plans/plans.ts). */
function checkRules(plan: PlanShape) {
  const issues = planIssues(plan);
  if (issues.length > 0) throw validationError(issues.map((i) => ({ path: [i.field], message: i.message })));
}

export async function createPlanHandler({ ctx, input }: Args<PlanCreateInput>): Promise<AdminPlanView> {
  const { key, rooms, position, ...rest } = input;
  if (await findPlanByKey(ctx.db, key)) throw keyInUse(key);
  checkRules({ key, ...rest, rooms });
  const roomIds = await roomIdsOf(ctx.db, rooms);
  const fields: PlanFields = { ...rest, position: position ?? (await maxPlanPosition(ctx.db)) + 1 };
  await transact(ctx.db, async (trx) => {
    const row = await insertPlan(trx, key, fields);
    if (!row) throw keyInUse(key);
    await setPlanRooms(trx, row.id, roomIds);
  });
  return adminViewOf(ctx, key);
}

/** Nullable fields that only some terms take: kept from the stored plan only when the new terms take them. */
const TERM_FIELDS = {
  interval: ['recurring'],
  intervalCount: ['recurring'],
  passDays: ['pass'],
  amountCents: ['recurring', 'pass', 'lifetime'],
  currency: ['recurring', 'pass', 'lifetime'],
  stripePriceId: ['recurring', 'pass', 'lifetime'],
} as const satisfies Partial<Record<keyof PlanFields, readonly PlanFields['terms'][]>>;

export async function updatePlanHandler({ ctx, input }: Args<PlanUpdateInput>): Promise<AdminPlanView> {
  const { key, rooms, ...patch } = input;
  const row = await findPlanByKey(ctx.db, key);
  if (!row) throw notFound('Plan');
  const terms = patch.terms ?? row.terms;
  const fields: Partial<PlanFields> = {};
  for (const [name, value] of Object.entries(patch)) if (value !== undefined) Object.assign(fields, { [name]: value });
  // A change of terms leaves behind what the new terms do not take (a pass's days when it becomes lifetime …).
  for (const [name, takes] of Object.entries(TERM_FIELDS) as [keyof typeof TERM_FIELDS, readonly string[]][])
    if (patch[name] === undefined && !takes.includes(terms) && row[name] !== null)
      Object.assign(fields, { [name]: null });
  const merged = { ...row, ...fields };
  const slugs = rooms ?? (await listPlanRoomSlugs(ctx.db, [row.id])).get(row.id) ?? [];
  checkRules({ ...merged, key, terms, rooms: slugs });
  const roomIds = rooms === undefined ? undefined : await roomIdsOf(ctx.db, rooms);
  await transact(ctx.db, async (trx) => {
    await updatePlan(trx, row.id, fields);
    if (roomIds) await setPlanRooms(trx, row.id, roomIds);
  });
  return adminViewOf(ctx, key);
}

/** Archives a plan: it takes no new holders and leaves the public list; its holders keep their grants. */
export async function archivePlanHandler({ ctx, input }: Args<PlanKeyInput>): Promise<AdminPlanView> {
  const row = await findPlanByKey(ctx.db, input.key);
  if (!row) throw notFound('Plan');
  await transact(ctx.db, (trx) => archivePlan(trx, row.id));
  return adminViewOf(ctx, input.key);
}
