import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { provenAdminEmailSql } from '../auth/users.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A subscription row `s` that is not an administrator's (the flag, or a proven ADMIN_EMAILS address:
 * they have access without paying). An address in ADMIN_EMAILS not proven yet is an ordinary user's.
 */
function notAdmin(adminEmails: readonly string[]) {
  return sql<boolean>`(s.email is null or not exists (select 1 from users a where lower(a.email) = lower(s.email)
    and (a.is_admin or ${provenAdminEmailSql('a', adminEmails)})))`;
}

/**
 * Users with access now, and of them those whose access is a billed subscription in an access
 * status (active, trialing, or past due within its grace period). Administrators are left out.
 */
export async function accessCounts(
  db: Db,
  adminEmails: readonly string[],
): Promise<{ active: number; paying: number }> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('paymentSubscriptions as s', 's.subscriptionId', 'u.stripeSubscriptionId')
    .select([
      sql<number>`count(*)::int`.as('active'),
      sql<number>`count(*) filter (where s.status in ('active', 'trialing', 'past_due'))::int`.as('paying'),
    ])
    .where('u.hasActiveSubscription', '=', true)
    .where('u.isAdmin', '=', false)
    .where(sql<boolean>`not ${provenAdminEmailSql('u', adminEmails)}`)
    .executeTakeFirstOrThrow();
  return row;
}

/** Subscription counts of the calendar month starting at `monthStart` (administrators left out). */
export async function monthCounts(db: Db, adminEmails: readonly string[], monthStart: Date) {
  return db
    .selectFrom('paymentSubscriptions as s')
    .select([
      sql<number>`count(*) filter (where s.started_at >= ${monthStart})::int`.as('newThisMonth'),
      sql<number>`count(*) filter (where s.started_at is not null and s.ended_at >= ${monthStart})::int`.as(
        'endedThisMonth',
      ),
      sql<number>`count(*) filter (where s.started_at < ${monthStart} and (s.ended_at is null or s.ended_at >= ${monthStart}))::int`.as(
        'activeAtMonthStart',
      ),
      sql<number>`count(*) filter (where s.cancel_at_period_end and s.ended_at is null and s.cancel_requested_at >= ${monthStart})::int`.as(
        'cancelRequestedThisMonth',
      ),
    ])
    .where(notAdmin(adminEmails))
    .executeTakeFirstOrThrow();
}

/** Failed payments (`invoice.payment_failed`, from Stripe or the test mode) over 30 days, and the newest. */
export async function failedPayments(db: Db, now: Date): Promise<{ count: number; lastAt: Date | null }> {
  const row = await db
    .selectFrom('processedPaymentEvents')
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`max(processed_at)`.as('lastAt')])
    .where('type', '=', 'invoice.payment_failed')
    .where('processedAt', '>=', new Date(now.getTime() - 30 * DAY_MS))
    .executeTakeFirstOrThrow();
  return { count: row.count, lastAt: row.lastAt ? new Date(row.lastAt) : null };
}

/** Cancellation reasons given in the last 30 days, newest first (the reason is kept until a resume clears it). */
export function recentCancelReasons(db: Db, now: Date) {
  return db
    .selectFrom('paymentSubscriptions as s')
    .select(['s.email', 's.cancelReason', 's.cancelRequestedAt', 's.endedAt'])
    .where('s.cancelReason', 'is not', null)
    .where('s.cancelRequestedAt', '>=', new Date(now.getTime() - 30 * DAY_MS))
    .orderBy('s.cancelRequestedAt', 'desc')
    .execute();
}
