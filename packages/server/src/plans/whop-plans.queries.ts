import type { Db } from '@t0/db';
import { sql } from 'kysely';

// Whop plans (docs/features/whop.md): the T0 plan a membership of each Whop plan grants. A Whop
// plan listed nowhere grants the default plan.

/** Every mapping with its T0 plan, by Whop plan id. */
export function listWhopPlans(db: Db) {
  return db
    .selectFrom('whopPlans as w')
    .innerJoin('plans as p', 'p.id', 'w.planId')
    .select(['w.whopPlanId', 'w.updatedAt', 'p.key as planKey', 'p.name as planName'])
    .orderBy('w.whopPlanId')
    .execute();
}

/** The T0 plan a Whop plan is mapped to, or undefined when it is not. */
export function findWhopPlanTarget(db: Db, whopPlanId: string) {
  return db
    .selectFrom('whopPlans as w')
    .innerJoin('plans as p', 'p.id', 'w.planId')
    .selectAll('p')
    .where('w.whopPlanId', '=', whopPlanId)
    .executeTakeFirst();
}

/** Maps a Whop plan to a T0 plan (set, or changed). */
export async function upsertWhopPlan(db: Db, whopPlanId: string, planId: number): Promise<void> {
  await db
    .insertInto('whopPlans')
    .values({ whopPlanId, planId })
    .onConflict((oc) => oc.column('whopPlanId').doUpdateSet({ planId, updatedAt: sql<Date>`now()` }))
    .execute();
}

/** Removes a Whop plan's mapping; answers whether there was one. */
export async function deleteWhopPlan(db: Db, whopPlanId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('whopPlans')
    .where('whopPlanId', '=', whopPlanId)
    .returning('whopPlanId')
    .executeTakeFirst();
  return row !== undefined;
}

/** A mapping as the audit log records it (the T0 plan by key). */
export async function whopPlanAuditSnapshot(db: Db, whopPlanId: string): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('whopPlans as w')
    .innerJoin('plans as p', 'p.id', 'w.planId')
    .select(['w.whopPlanId', 'p.key as plan'])
    .where('w.whopPlanId', '=', whopPlanId)
    .executeTakeFirst();
  return row ? { ...row } : undefined;
}
