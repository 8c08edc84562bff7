import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { provenAdminEmailSql } from '../auth/users.queries';

// Figures per plan (console › ROOMS & PLANS), counted from the access grants and the subscriptions
// behind them. Administrators (the flag, or a proven ADMIN_EMAILS address) count nowhere, as in the
// business figures.

export interface PlanGrantCounts {
  /** Users holding a grant of the plan at `now`. */
  holders: number;
  /** Grants that started in (since, now]. */
  newGrants: number;
  /** Grants that stopped in (since, now]: the earlier of their early end and their end. */
  endedGrants: number;
  /** Grants counting now whose subscription is paid (active, or past due within its grace). */
  paidSubscriptions: number;
}

/** Each plan's grant counts (plan key → counts; a plan without grants is absent). */
export async function countPlanGrants(
  db: Db,
  adminEmails: readonly string[],
  now: Date,
  since: Date,
): Promise<Map<string, PlanGrantCounts>> {
  const current = sql<boolean>`(g.ended_at is null and g.starts_at <= ${now} and (g.ends_at is null or g.ends_at > ${now}))`;
  const stopped = sql<Date | null>`least(g.ended_at, g.ends_at)`;
  const rows = await db
    .selectFrom('accessGrants as g')
    .innerJoin('plans as p', 'p.id', 'g.planId')
    .innerJoin('users as u', 'u.id', 'g.userId')
    // A subscription's grant names its subscription (`source_ref`).
    .leftJoin('paymentSubscriptions as s', (join) =>
      join.on(sql<boolean>`g.source = 'subscription' and s.subscription_id = g.source_ref`),
    )
    .select([
      'p.key',
      sql<number>`count(distinct g.user_id) filter (where ${current})::int`.as('holders'),
      sql<number>`count(*) filter (where g.starts_at > ${since} and g.starts_at <= ${now})::int`.as('newGrants'),
      sql<number>`count(*) filter (where ${stopped} > ${since} and ${stopped} <= ${now})::int`.as('endedGrants'),
      sql<number>`count(*) filter (where ${current} and s.status in ('active', 'past_due'))::int`.as(
        'paidSubscriptions',
      ),
    ])
    .where('u.isAdmin', '=', false)
    .where(sql<boolean>`not ${provenAdminEmailSql('u', adminEmails)}`)
    .groupBy('p.key')
    .execute();
  return new Map(
    rows.map((r) => [
      r.key,
      {
        holders: Number(r.holders),
        newGrants: Number(r.newGrants),
        endedGrants: Number(r.endedGrants),
        paidSubscriptions: Number(r.paidSubscriptions),
      },
    ]),
  );
}
