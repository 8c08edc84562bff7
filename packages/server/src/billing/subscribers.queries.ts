import type { Db, UserRow } from '@t0/db';
import { sql } from 'kysely';
import { WELCOME_CLAIM_STALE_MS } from '@t0/contracts/domain/common/constants';
import { locationFromIp } from '@t0/contracts/domain/billing/ip-location';
import type { AdminUser, AffectedUser } from '@t0/contracts/schemas/admin/admin';
import { isAdminRow, normalizeEmail } from '../auth/users.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function paymentProviderOf(customerId: string | null): AdminUser['paymentProvider'] {
  if (!customerId) return null;
  if (customerId.startsWith('local_')) return 'local';
  return 'stripe';
}

/** The admin view of a user (the console's subscribers table), mapped in one place. */
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
    .where((eb) =>
      eb.or([eb('freeAccessUntil', 'is', null), eb('subscriptionStatus', 'in', ['active', 'trialing', 'past_due'])]),
    )
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
  const holder = await db
    .selectFrom('users')
    .selectAll()
    .where('stripeSubscriptionId', '=', s.subscriptionId)
    .executeTakeFirst();
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

/**
 * Claims the welcome e-mail of a user for one sender. Answers `claimed`, or why not: `sent` (it was
 * sent already; with `again` a sent one is claimed too), `in-progress` (another sender holds a
 * claim younger than WELCOME_CLAIM_STALE_MS) or `missing` (no such user). The claim does not mark
 * it sent.
 */
export async function claimWelcomeEmail(
  db: Db,
  userId: number,
  opts: { again?: boolean } = {},
): Promise<'claimed' | 'sent' | 'in-progress' | 'missing'> {
  const staleBefore = sql<Date>`now() - make_interval(secs => ${WELCOME_CLAIM_STALE_MS / 1000})`;
  const row = await db
    .updateTable('users')
    .set({ welcomeEmailClaimedAt: sql<Date>`now()` })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('welcomeEmailClaimedAt', 'is', null), eb('welcomeEmailClaimedAt', '<', staleBefore)]))
    .$if(!opts.again, (q) => q.where('welcomeEmailSentAt', 'is', null))
    .returning('id')
    .executeTakeFirst();
  if (row) return 'claimed';
  const held = await db
    .selectFrom('users')
    .select(sql<boolean>`coalesce(welcome_email_claimed_at >= ${staleBefore}, false)`.as('inProgress'))
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!held) return 'missing';
  return held.inProgress ? 'in-progress' : 'sent';
}

/** The mail server accepted the welcome e-mail: recorded as sent, and the claim ends. */
export async function recordWelcomeEmailSent(db: Db, userId: number) {
  await db
    .updateTable('users')
    .set({ welcomeEmailSentAt: sql<Date>`now()`, welcomeEmailClaimedAt: null })
    .where('id', '=', userId)
    .execute();
}

/** Gives the claim back after a failed send; what was recorded as sent before stays as it was. */
export async function releaseWelcomeEmail(db: Db, userId: number) {
  await db.updateTable('users').set({ welcomeEmailClaimedAt: null }).where('id', '=', userId).execute();
}

/**
 * The account a Whop membership concerns: the one holding this membership, else the one with this
 * Whop user, else the one with this address.
 */
export async function findUserForWhop(
  db: Db,
  w: { membershipId: string | null; whopUserId: string | null; email: string | null },
): Promise<UserRow | undefined> {
  if (w.membershipId) {
    const holder = await db
      .selectFrom('users')
      .selectAll()
      .where('whopSubscriptionId', '=', w.membershipId)
      .orderBy('id')
      .executeTakeFirst();
    if (holder) return holder;
  }
  if (w.whopUserId) {
    const byUser = await findUserByWhopUser(db, w.whopUserId);
    if (byUser) return byUser;
  }
  if (w.email) {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', normalizeEmail(w.email))
      .executeTakeFirst();
  }
  return undefined;
}

export function findUserByWhopUser(db: Db, whopUserId: string) {
  return db.selectFrom('users').selectAll().where('whopUserId', '=', whopUserId).orderBy('id').executeTakeFirst();
}
