import type { Db } from '@t0/db';

// Plans: what a buyer chooses; each grants rooms on its terms.

export function findPlanByKey(db: Db, key: string) {
  return db.selectFrom('plans').selectAll().where('key', '=', key).executeTakeFirst();
}

export function findPlanById(db: Db, id: number) {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The keys of the plans sold at this Stripe price (archived ones too: their subscribers keep them), in order. */
export async function findPlanKeysByStripePrice(db: Db, priceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('plans')
    .select('key')
    .where('stripePriceId', '=', priceId)
    .orderBy('archivedAt', (ob) => ob.desc().nullsFirst())
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.key);
}

/** The plan `{ plan: 'monthly' }` and a grant without a named plan mean (exactly one). */
export function findDefaultPlan(db: Db) {
  return db.selectFrom('plans').selectAll().where('isDefault', '=', true).executeTakeFirstOrThrow();
}

/** The slugs of the rooms each plan grants. */
export async function listPlanRoomSlugs(db: Db, planIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (planIds.length === 0) return out;
  const rows = await db
    .selectFrom('planRooms as pr')
    .innerJoin('rooms as r', 'r.id', 'pr.roomId')
    .select(['pr.planId', 'r.slug'])
    .where('pr.planId', 'in', [...planIds])
    .orderBy('r.position')
    .execute();
  for (const r of rows) out.set(r.planId, [...(out.get(r.planId) ?? []), r.slug]);
  return out;
}
