import type { LoginInput, User } from '../../schemas/auth';
import type { Context } from '../context';
import { unauthorized } from '../errors';
import { findUserByEmail, toUser, updateUser } from '../queries/users';
import { TRPCError } from '@trpc/server';

/** Checks the password, starts a fresh session and records where the login came from. */
export async function loginHandler({ ctx, input }: { ctx: Context; input: LoginInput }): Promise<User> {
  const row = await findUserByEmail(ctx.db, input.email);
  const ok = row ? await ctx.ports.hasher.verify(row.password, input.password) : false;
  if (!row || !ok) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  }
  await ctx.session.login(row.id);
  const updated = await updateUser(ctx.db, row.id, {
    lastLoginAt: new Date(),
    ipAddress: ctx.request.ip.slice(0, 45),
    deviceInfo: ctx.request.userAgent.slice(0, 500),
  });
  if (!updated) throw unauthorized();
  return toUser(updated, ctx.settings.adminEmails);
}
