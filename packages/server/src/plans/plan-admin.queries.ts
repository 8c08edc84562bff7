import type { Db } from '@t0/db';
import { sql } from 'kysely';

// The console's writes to plans and the rooms they grant, the public list, and who holds each plan.

export interface PlanFields {
  name: string;
  description: string;
  terms: 'recurring' | 'pass' | 'lifetime' | 'free';
  interval: 'month' | 'year' | null;
  intervalCount: number | null;
  passDays: number | null;
  amountCents: number | null;
  currency: string | null;
  stripePriceId: string | null;
  trialDays: number | null;
  position: number;
  listed: boolean;
}

/** Every plan, archived ones too, in the desk's order. */
export function listPlans(db: Db) {
  return db.selectFrom('plans').selectAll().orderBy('position').orderBy('id').execute();
}

/** The plans anyone may choose: listed and not archived, in the desk's order. */
export function listOfferedPlans(db: Db) {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('listed', '=', true)
    .where('archivedAt', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The rooms each plan grants (plan id → rooms, in the rooms' order). */
export async function listPlanRooms(
  db: Db,
  planIds: readonly number[],
): Promise<Map<number, { slug: string; name: string }[]>> {
  const out = new Map<number, { slug: string; name: string }[]>();
  if (planIds.length === 0) return out;
  const rows = await db
    .selectFrom('planRooms as pr')
    .innerJoin('rooms as r', 'r.id', 'pr.roomId')
    .select(['pr.planId', 'r.slug', 'r.name'])
    .where('pr.planId', 'in', [...planIds])
    .orderBy('r.position')
    .orderBy('r.id')
    .execute();
  for (const r of rows) out.set(r.planId, [...(out.get(r.planId) ?? []), { slug: r.slug, name: r.name }]);
  return out;
}

/** Users with a grant of each plan that has not ended (plan id → count). */
export async function countPlanHolders(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('accessGrants')
    .select(['planId', (eb) => eb.fn.count<string>('userId').distinct().as('holders')])
    .where('endedAt', 'is', null)
    .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', sql<Date>`now()`)]))
    .groupBy('planId')
    .execute();
  return new Map(rows.map((r) => [r.planId, Number(r.holders)]));
}

export function insertPlan(db: Db, key: string, fields: PlanFields) {
  return db
    .insertInto('plans')
    .values({ key, ...fields })
    .onConflict((oc) => oc.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updatePlan(db: Db, id: number, fields: Partial<PlanFields>) {
  return db
    .updateTable('plans')
    .set({ ...fields, updatedAt: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The highest position of the plans (-1 with none). */
export async function maxPlanPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  return row?.max ?? -1;
}

/** Archives a plan (once: the first time stands); its grants stand. */
export function archivePlan(db: Db, id: number) {
  return db
    .updateTable('plans')
    .set({ archivedAt: sql`coalesce(archived_at, now())`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The plan grants exactly these rooms. */
export async function setPlanRooms(db: Db, planId: number, roomIds: readonly number[]): Promise<void> {
  await db.deleteFrom('planRooms').where('planId', '=', planId).execute();
  if (roomIds.length === 0) return;
  await db
    .insertInto('planRooms')
    .values(roomIds.map((roomId) => ({ planId, roomId })))
    .execute();
}

/** What the audit log records of a plan: its row and the slugs of the rooms it grants. */
export async function planAuditSnapshot(db: Db, key: string): Promise<Record<string, unknown> | undefined> {
  const plan = await db.selectFrom('plans').selectAll().where('key', '=', key).executeTakeFirst();
  if (!plan) return undefined;
  const rooms = await db
    .selectFrom('planRooms as pr')
    .innerJoin('rooms as r', 'r.id', 'pr.roomId')
    .select('r.slug')
    .where('pr.planId', '=', plan.id)
    .orderBy('r.slug')
    .execute();
  return { ...plan, rooms: rooms.map((r) => r.slug).join(',') };
}
