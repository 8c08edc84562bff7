import type { Database, UserRow } from '@t0/db';
import { sql, type Kysely } from 'kysely';
import { locationFromIp } from '../../domain/ip-location';
import type { AdminUser, AffectedUser } from '../../schemas/admin';
import { isAdminRow, normalizeEmail } from './users';

type Db = Kysely<Database>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function paymentProviderOf(customerId: string | null): AdminUser['paymentProvider'] {
  if (!customerId) return null;
  if (customerId.startsWith('local_')) return 'local';
  return 'stripe';
}

/** The admin view of a user (spec 3 §3), mapped in one place. */
export function toAdminUser(row: UserRow, adminEmails: readonly string[]): AdminUser {
  const isAdmin = isAdminRow(row, adminEmails);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isAdmin,
    hasActiveSubscription: row.hasActiveSubscription || isAdmin,
    subscriptionStatus: row.subscriptionStatus,
    stripeCustomerId: row.stripeCustomerId,
    paymentProvider: paymentProviderOf(row.stripeCustomerId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
    ipAddress: row.ipAddress,
    location: locationFromIp(row.ipAddress),
    deviceInfo: row.deviceInfo,
    sessionId: row.sessionId,
    welcomeEmailSentAt: iso(row.welcomeEmailSentAt),
    emailNotificationsEnabled: row.emailNotificationsEnabled,
  };
}

/** Every user, newest first. */
export function listUsersForAdmin(db: Db) {
  return db.selectFrom('users').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

/** Active paying subscribers who never received the welcome e-mail, oldest first. */
export async function listAffectedUsers(db: Db): Promise<AffectedUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'createdAt', 'subscriptionStatus'])
    .where('hasActiveSubscription', '=', true)
    .where('welcomeEmailSentAt', 'is', null)
    // Free access an administrator granted is not a payment: such a user is not missing a welcome.
    .where((eb) => eb.or([eb('freeAccessUntil', 'is', null), eb('subscriptionStatus', 'in', ['active', 'trialing', 'past_due'])]))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    created_at: r.createdAt.toISOString(),
    subscription_status: r.subscriptionStatus,
  }));
}

/**
 * The user a subscription event concerns: the one holding this subscription, else one with this
 * customer (or address) and no subscription recorded yet. A user who moved on to a newer
 * subscription is not touched by events of the old one.
 */
export async function findUserForSubscription(
  db: Db,
  s: { subscriptionId: string; customerId: string | null; email: string | null },
): Promise<UserRow | undefined> {
  const holder = await db.selectFrom('users').selectAll().where('stripeSubscriptionId', '=', s.subscriptionId).executeTakeFirst();
  if (holder) return holder;
  if (s.customerId) {
    const byCustomer = await db
      .selectFrom('users')
      .selectAll()
      .where('stripeCustomerId', '=', s.customerId)
      .where('stripeSubscriptionId', 'is', null)
      .executeTakeFirst();
    if (byCustomer) return byCustomer;
  }
  if (s.email) {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', normalizeEmail(s.email))
      .where('stripeSubscriptionId', 'is', null)
      .executeTakeFirst();
  }
  return undefined;
}

export function findUserByCustomer(db: Db, customerId: string) {
  return db.selectFrom('users').selectAll().where('stripeCustomerId', '=', customerId).executeTakeFirst();
}

/** Claims the welcome e-mail of a user: true only for the first caller while none was sent. */
export async function claimWelcomeEmail(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ welcomeEmailSentAt: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('welcomeEmailSentAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the claim back after a failed send, so the monitoring lists the user again. */
export async function releaseWelcomeEmail(db: Db, userId: number) {
  await db.updateTable('users').set({ welcomeEmailSentAt: null }).where('id', '=', userId).execute();
}
