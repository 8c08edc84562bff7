import type { Db } from '@t0/db';
import { sql } from 'kysely';
import type { EmailDelivery, EmailSummary } from '@t0/contracts/schemas/admin/admin';
import { provenAdminEmailSql } from '../auth/users.queries';

export interface DeliveryResult {
  userId: number;
  status: 'sent' | 'failed';
  error?: string | undefined;
}

/** Sent / failed totals over every delivery record (the console's delivery summary). */
export async function emailSummary(db: Db): Promise<EmailSummary> {
  const row = await db
    .selectFrom('signalEmails')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where delivery_status = 'sent')`.as('successful'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const successful = Number(row.successful);
  const successRate = total === 0 ? 0 : Math.round((successful / total) * 1000) / 10;
  return { total, successful, failed: total - successful, successRate };
}

/** Latest deliveries first, with the recipient's address and the signal's instrument and direction. */
export async function listDeliveries(db: Db, limit: number): Promise<EmailDelivery[]> {
  const rows = await db
    .selectFrom('signalEmails as e')
    .innerJoin('users as u', 'u.id', 'e.userId')
    .innerJoin('signals as s', 's.id', 'e.signalId')
    .select(['e.id', 'u.email', 's.instrument', 's.direction', 'e.sentAt', 'e.deliveryStatus'])
    .orderBy('e.sentAt', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userEmail: r.email,
    signalInstrument: r.instrument,
    signalDirection: r.direction,
    sentAt: r.sentAt.toISOString(),
    deliveryStatus: r.deliveryStatus,
  }));
}

/**
 * Who still needs this signal (or, with `eventId`, this lifecycle event of it): active subscribers and administrators with e-mail notifications
 * on, minus those it was already sent to. A retry therefore re-sends only what failed.
 */
export function pendingRecipients(db: Db, signalId: number, adminEmails: readonly string[], eventId = 0) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email'])
    .where('u.emailNotificationsEnabled', '=', true)
    .where((eb) => {
      return eb.or([
        eb('u.hasActiveSubscription', '=', true),
        eb('u.isAdmin', '=', true),
        provenAdminEmailSql('u', adminEmails),
      ]);
    })
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('signalEmails as e')
            .select('e.id')
            .whereRef('e.userId', '=', 'u.id')
            .where('e.signalId', '=', signalId)
            .where('e.eventId', '=', eventId)
            .where('e.deliveryStatus', '=', 'sent'),
        ),
      ),
    )
    .orderBy('u.id')
    .execute();
}

/** Records one batch's outcomes in one statement; a retried recipient's record is updated. */
export async function recordDeliveries(db: Db, signalId: number, results: readonly DeliveryResult[], eventId = 0) {
  if (results.length === 0) return;
  await db
    .insertInto('signalEmails')
    .values(
      results.map((r) => ({
        signalId,
        userId: r.userId,
        eventId,
        deliveryStatus: r.status,
        lastError: r.error ? r.error.slice(0, 500) : null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['signalId', 'userId', 'eventId']).doUpdateSet({
        deliveryStatus: (eb) => eb.ref('excluded.deliveryStatus'),
        lastError: (eb) => eb.ref('excluded.lastError'),
        sentAt: sql<Date>`now()`,
        attempts: sql<number>`signal_emails.attempts + 1`,
      }),
    )
    .execute();
}

/** Deletes one signal's e-mail delivery records (before the signal itself is deleted). */
export async function deleteSignalEmails(db: Db, signalId: number): Promise<void> {
  await db.deleteFrom('signalEmails').where('signalId', '=', signalId).execute();
}
