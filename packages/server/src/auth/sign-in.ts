import { createHash } from 'node:crypto';
import type { UserRow } from '@t0/db';
import type { Context } from '../core/context';
import { recordLogin } from '../admin-users/admin-users.queries';
import { updateUser } from './users.queries';

/**
 * A reference to a session that is not itself a credential: the first 16 hex digits of the
 * SHA-256 of its id. Administrators see it (the admin user view's `sessionId`) to tell one sign-in from
 * another; a raw session id would let anyone reading the admin view take over the account.
 */
export function sessionReference(sessionId: string | undefined): string | null {
  return sessionId ? createHash('sha256').update(sessionId).digest('hex').slice(0, 16) : null;
}

/**
 * Starts a fresh session for the user and records when, from where and in which session, and
 * adds the sign-in to the user's login history (`method`: `password` or `register`).
 */
export async function signIn(
  ctx: Context,
  userId: number,
  method: 'password' | 'register' = 'password',
): Promise<UserRow> {
  await ctx.session.login(userId);
  await recordLogin(ctx.db, { userId, address: ctx.request.ip, userAgent: ctx.request.userAgent, method });
  return updateUser(ctx.db, userId, {
    lastLoginAt: new Date(),
    ipAddress: ctx.request.ip.slice(0, 45),
    deviceInfo: ctx.request.userAgent.slice(0, 500),
    sessionId: sessionReference(ctx.session.currentId()),
  });
}
