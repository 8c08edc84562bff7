import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { provenAdminEmailSql } from '../auth/users.queries';

// The revenue figures' reads: the subscription grants (administrators left out, as in the figures
// per plan) with what their subscription says of its trial and its end, and the ledger's entries.

/** Every subscription grant that started before `until`, with its plan and its subscription's trial and end. */
export function listSubscriptionGrants(db: Db, adminEmails: readonly string[], until: Date) {
  const stopped = sql<Date | null>`least(g.ended_at, g.ends_at)`;
  return db
    .selectFrom('accessGrants as g')
    .innerJoin('plans as p', 'p.id', 'g.planId')
    .innerJoin('users as u', 'u.id', 'g.userId')
    .leftJoin('paymentSubscriptions as s', 's.subscriptionId', 'g.sourceRef')
    .select([
      'g.userId',
      'g.sourceRef as subscriptionId',
      'p.key as plan',
      'g.startsAt',
      stopped.as('stoppedAt'),
      's.trialEnd',
      sql<boolean>`coalesce(s.cancel_at_period_end or s.cancel_requested_at is not null or s.cancel_reason is not null, false)`.as(
        'cancelRequested',
      ),
      // A dispute its holder opened while the grant ran (or on the day it stopped: the dispute stops it).
      sql<boolean>`exists (select 1 from ledger_entries l where l.kind = 'dispute_opened' and l.user_id = g.user_id
        and l.occurred_at >= g.starts_at and (${stopped} is null or l.occurred_at <= ${stopped} + interval '1 day'))`.as(
        'disputed',
      ),
    ])
    .where('g.source', '=', 'subscription')
    .where('g.startsAt', '<', until)
    .where('u.isAdmin', '=', false)
    .where(sql<boolean>`not ${provenAdminEmailSql('u', adminEmails)}`)
    .orderBy('g.id')
    .execute();
}

/** The ledger's entries that occurred in [from, until), with their amount in the reporting currency. */
export function listLedgerAmounts(db: Db, from: Date, until: Date) {
  return db
    .selectFrom('ledgerEntries')
    .select(['kind', 'occurredAt', 'planKey', 'reportingAmount'])
    .where('occurredAt', '>=', from)
    .where('occurredAt', '<', until)
    .orderBy('id')
    .execute();
}
