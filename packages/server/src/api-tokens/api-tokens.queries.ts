import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenRow, Db, UserRow } from '@t0/db';
import { sql } from 'kysely';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_RANDOM_BYTES,
  API_TOKEN_TOUCH_MS,
  apiTokenDisplayPrefix,
  type ApiTokenExpiryDays,
  type ApiTokenScope,
} from '@t0/contracts/domain/api-tokens/api-tokens';
import type { ApiToken } from '@t0/contracts/schemas/api-tokens/api-tokens';

/** The stored form of a token: the SHA-256 of the whole token, hex. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token: the prefix and 32 random bytes as base64url. */
export const generateApiToken = () => API_TOKEN_PREFIX + randomBytes(API_TOKEN_RANDOM_BYTES).toString('base64url');

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: iso(row.createdAt)!,
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** A user's tokens, the active ones first, newest first. */
export async function listApiTokens(db: Db, userId: number): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom('apiTokens')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy(sql`revoked_at is not null`)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toApiToken);
}

export async function countActiveApiTokens(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('apiTokens')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stores a new token (its hash) and answers the row with the secret, which is not kept. */
export async function insertApiToken(
  db: Db,
  userId: number,
  name: string,
  scope: ApiTokenScope,
  expiresInDays: ApiTokenExpiryDays = null,
): Promise<{ token: string; row: ApiTokenRow }> {
  const token = generateApiToken();
  const row = await db
    .insertInto('apiTokens')
    .values({
      userId,
      name,
      scope,
      tokenHash: hashApiToken(token),
      prefix: apiTokenDisplayPrefix(token),
      expiresAt: expiresInDays === null ? null : sql<Date>`now() + make_interval(days => ${expiresInDays})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, row };
}

/** Revokes one of the user's tokens (once); answers the row, or undefined when it is not theirs. */
export async function revokeApiToken(db: Db, userId: number, id: number): Promise<ApiTokenRow | undefined> {
  await db
    .updateTable('apiTokens')
    .set({ revokedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
  return db.selectFrom('apiTokens').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/**
 * Revokes every active token of the user (a credential event: password reset or change,
 * sign-out-everywhere); answers the tokens revoked, oldest first. Call it in the transaction that
 * makes the change.
 */
export async function revokeAllApiTokens(db: Db, userId: number): Promise<Array<{ id: number; name: string }>> {
  const rows = await db
    .updateTable('apiTokens')
    .set({ revokedAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning(['id', 'name', 'createdAt'])
    .execute();
  return rows
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id)
    .map((r) => ({ id: r.id, name: r.name }));
}

/** Names and prefixes of these tokens of the user (revoked or not), oldest first (`ids` must not be empty). */
export function listApiTokensByIds(db: Db, userId: number, ids: number[]) {
  return db
    .selectFrom('apiTokens')
    .select(['id', 'name', 'prefix'])
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** What a bearer token resolves to: the active token and its owner as they are now. */
export interface ResolvedApiToken {
  id: number;
  userId: number;
  scope: ApiTokenScope;
  lastUsedAt: Date | null;
  /** When it stops working (checked on every request, cached or not); null: never. */
  expiresAt: Date | null;
  /**
   * Minted before its owner turned the second factor on: it does not carry the administrator
   * role until a new token is minted from a session past the second factor.
   */
  mintedBeforeSecondFactor: boolean;
  user: UserRow;
}

/** The token is past its expiry at `now`. */
export const isApiTokenExpired = (token: Pick<ResolvedApiToken, 'expiresAt'>, now = Date.now()) =>
  token.expiresAt !== null && token.expiresAt.getTime() <= now;

/**
 * The unrevoked token with this hash and its user, or undefined (unknown or revoked). An expired
 * token is answered (with its `expiresAt`) so the caller can say why it is refused.
 */
export async function findActiveApiToken(db: Db, tokenHash: string): Promise<ResolvedApiToken | undefined> {
  const row = await db
    .selectFrom('apiTokens')
    .leftJoin('adminSecondFactors', 'adminSecondFactors.userId', 'apiTokens.userId')
    .select([
      'apiTokens.id',
      'apiTokens.userId',
      'apiTokens.scope',
      'apiTokens.lastUsedAt',
      'apiTokens.expiresAt',
      'apiTokens.createdAt',
      'adminSecondFactors.enabledAt',
    ])
    .where('apiTokens.tokenHash', '=', tokenHash)
    .where('apiTokens.revokedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.userId).executeTakeFirst();
  if (!user) return undefined;
  const enabledAt = row.enabledAt ? new Date(row.enabledAt).getTime() : null;
  return {
    id: row.id,
    userId: row.userId,
    scope: row.scope,
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt) : null,
    expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
    mintedBeforeSecondFactor: enabledAt !== null && new Date(row.createdAt).getTime() < enabledAt,
    user,
  };
}

/**
 * What the live hub needs of these unrevoked tokens (streams opened with them): owner, expiry, and
 * whether the token was minted before its owner turned the second factor on.
 */
export async function apiTokenStreamFacts(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { userId: number; expiresAt: Date | null; mintedBeforeSecondFactor: boolean }>> {
  const out = new Map<number, { userId: number; expiresAt: Date | null; mintedBeforeSecondFactor: boolean }>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('apiTokens')
    .leftJoin('adminSecondFactors', 'adminSecondFactors.userId', 'apiTokens.userId')
    .select([
      'apiTokens.id',
      'apiTokens.userId',
      'apiTokens.expiresAt',
      'apiTokens.createdAt',
      'adminSecondFactors.enabledAt',
    ])
    .where('apiTokens.id', 'in', ids)
    .where('apiTokens.revokedAt', 'is', null)
    .execute();
  for (const row of rows) {
    const enabledAt = row.enabledAt ? new Date(row.enabledAt).getTime() : null;
    out.set(Number(row.id), {
      userId: row.userId,
      expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
      mintedBeforeSecondFactor: enabledAt !== null && new Date(row.createdAt).getTime() < enabledAt,
    });
  }
  return out;
}

/** Whether this token is still active: not revoked, not expired (a live stream opened with it asks after a revoke). */
export async function isApiTokenActive(db: Db, id: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('apiTokens')
    .select('id')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a use: `last_used_at` moves only when it is older than a minute (so every process
 * together writes it at most once a minute per token). Answers whether it moved.
 */
export async function touchApiToken(db: Db, id: number): Promise<boolean> {
  const res = await db
    .updateTable('apiTokens')
    .set({ lastUsedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('lastUsedAt', 'is', null),
        eb('lastUsedAt', '<', sql<Date>`now() - make_interval(secs => ${API_TOKEN_TOUCH_MS / 1000})`),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
