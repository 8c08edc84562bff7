import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { normalizeEmail } from './users.queries';

/**
 * What a mailed link is for: setting a password (`reset`, forgot-password; `welcome`, the account
 * made at checkout), or proving an ADMIN_EMAILS address (`admin`). Each is consumed only for its own.
 */
export type TokenPurpose = 'reset' | 'welcome' | 'admin';

/** The links that set a password. */
export const PASSWORD_TOKEN_PURPOSES: readonly TokenPurpose[] = ['reset', 'welcome'];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token: 32 random bytes; only its SHA-256 is stored. */
export async function issueToken(db: Db, email: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db
    .insertInto('passwordResetTokens')
    .values({
      email: normalizeEmail(email),
      token: hashToken(token),
      purpose,
      expiresAt: new Date(Date.now() + ttlMs),
    })
    .execute();
  return token;
}

/** Marks the token used if it is valid for this address and one of `purposes`; answers whether it was. Atomic. */
export async function consumeToken(
  db: Db,
  email: string,
  token: string,
  purposes: readonly TokenPurpose[],
): Promise<boolean> {
  const row = await db
    .updateTable('passwordResetTokens')
    .set({ used: true })
    .where('token', '=', hashToken(token))
    .where('email', '=', normalizeEmail(email))
    .where('purpose', 'in', [...purposes])
    .where('used', '=', false)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The tokens of one purpose issued to an address since `since`, and when the oldest of them was. */
export async function tokensIssuedSince(
  db: Db,
  email: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('passwordResetTokens')
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('email', '=', normalizeEmail(email))
    .where('purpose', '=', purpose)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

/**
 * Ends every outstanding token of an address (reset and welcome links alike): after a password
 * reset or change, no link mailed before it may set the password again.
 */
export async function endTokensOf(db: Db, email: string): Promise<void> {
  await db
    .updateTable('passwordResetTokens')
    .set({ used: true })
    .where('email', '=', normalizeEmail(email))
    .where('used', '=', false)
    .execute();
}
