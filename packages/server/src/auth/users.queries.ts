import type { Db, UserRow, UserUpdate } from '@t0/db';
import { sql, type RawBuilder } from 'kysely';
import type { User } from '@t0/contracts/schemas/auth/auth';
import { parseRoomAccess } from '@t0/contracts/domain/access/access';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Whether the address is one of ADMIN_EMAILS (what it grants waits for its proof: `isProvenAdminEmail`). */
export function isListedAdminEmail(email: string, adminEmails: readonly string[]): boolean {
  const address = normalizeEmail(email);
  return adminEmails.some((listed) => normalizeEmail(listed) === address);
}

/**
 * An administrator through ADMIN_EMAILS: the address is listed and its owner proved it by following
 * the link mailed to it (`admin_email_proven_at`). Listed alone, the account is an ordinary user.
 */
export function isProvenAdminEmail(
  row: Pick<UserRow, 'email' | 'adminEmailProvenAt'>,
  adminEmails: readonly string[],
): boolean {
  return row.adminEmailProvenAt !== null && isListedAdminEmail(row.email, adminEmails);
}

/** An administrator: the `is_admin` flag, or a proven ADMIN_EMAILS address. */
export function isAdminRow(
  row: Pick<UserRow, 'isAdmin' | 'email' | 'adminEmailProvenAt'>,
  adminEmails: readonly string[],
): boolean {
  return row.isAdmin || isProvenAdminEmail(row, adminEmails);
}

/**
 * `isProvenAdminEmail` in SQL, for the users table under `alias`: the address is listed and proven.
 * Every query that counts ADMIN_EMAILS administrators among its readers or recipients uses it.
 */
export function provenAdminEmailSql(alias: string, adminEmails: readonly string[]): RawBuilder<boolean> {
  const emails = adminEmails.map(normalizeEmail);
  if (emails.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(lower(${sql.ref(`${alias}.email`)}) in (${sql.join(emails)}) and ${sql.ref(`${alias}.adminEmailProvenAt`)} is not null)`;
}

/** The user object `GET /api/auth/user` answers, with the effective role facts (an admin counts as subscribed). */
export function toUser(row: UserRow, adminEmails: readonly string[]): User {
  const isAdmin = isAdminRow(row, adminEmails);
  const adminEmailPending = row.adminEmailProvenAt === null && isListedAdminEmail(row.email, adminEmails);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin,
    hasActiveSubscription: row.hasActiveSubscription || isAdmin,
    access: parseRoomAccess(row.accessRooms),
    subscriptionStatus: row.subscriptionStatus,
    secondFactor: 'not_needed',
    // Only while it is so: the user object of every other account stays as it was.
    ...(adminEmailPending ? { adminEmailPending: true } : {}),
    ...(row.isAnalyst ? { isAnalyst: true } : {}),
  };
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user, locked for the rest of the transaction (undefined when there is none). */
export function findUserByIdForUpdate(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The user, locked for the rest of the transaction; throws (Kysely's NoResultError) when there is none. */
export function getUserByIdForUpdate(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** The e-mail addresses of these users (`ids` must not be empty). */
export function listUserEmails(db: Db, ids: number[]) {
  return db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
}

/** A user's e-mail address, or undefined when the user is gone. */
export function findUserEmail(db: Db, id: number) {
  return db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', normalizeEmail(email))
    .executeTakeFirst();
}

export async function insertUser(
  db: Db,
  values: { email: string; passwordHash: string; firstName?: string | null; lastName?: string | null },
): Promise<UserRow | undefined> {
  const insert = db
    .insertInto('users')
    .values({
      email: normalizeEmail(values.email),
      password: values.passwordHash,
      firstName: values.firstName ?? null,
      lastName: values.lastName ?? null,
    })
    // Unique on lower(email): an address taken in any case is taken.
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  try {
    return await insert;
  } catch (err) {
    // Two registrations of one address racing: the loser may meet the exact-case unique key.
    if ((err as { code?: unknown }).code === '23505') return undefined;
    throw err;
  }
}

/**
 * Records that the owner of the user's address proved it (an ADMIN_EMAILS address); answers the row
 * after, or undefined when it was proven already (a second proof changes nothing).
 */
export function markAdminEmailProven(db: Db, id: number) {
  return db
    .updateTable('users')
    .set({ adminEmailProvenAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('adminEmailProvenAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function updateUser(db: Db, id: number, values: UserUpdate) {
  return db
    .updateTable('users')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends every stored session of a user (after a password reset or change). */
export async function deleteSessionsOfUser(db: Db, userId: number, exceptSid?: string) {
  let q = db.deleteFrom('sessions').where(sql`(sess::jsonb ->> 'userId')::int`, '=', userId);
  if (exceptSid) q = q.where('sid', '!=', exceptSid);
  await q.execute();
}
