import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { normalizeEmail } from './users.queries';

export type TokenPurpose = 'reset' | 'welcome';

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

/** Marks the token used if it is valid for this address; answers whether it was. Atomic. */
export async function consumeToken(db: Db, email: string, token: string): Promise<boolean> {
  const row = await db
    .updateTable('passwordResetTokens')
    .set({ used: true })
    .where('token', '=', hashToken(token))
    .where('email', '=', normalizeEmail(email))
    .where('used', '=', false)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
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
