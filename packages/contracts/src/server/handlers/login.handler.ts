import type { LoginInput, User } from '../../schemas/auth';
import type { Context } from '../context';
import { findUserByEmail, toUser } from '../queries/users';
import { signIn } from './sign-in';
import { TRPCError } from '@trpc/server';

/** Checks the password, starts a fresh session and records where the login came from. */
export async function loginHandler({ ctx, input }: { ctx: Context; input: LoginInput }): Promise<User> {
  const row = await findUserByEmail(ctx.db, input.email);
  const ok = row ? await ctx.ports.hasher.verify(row.password, input.password) : false;
  if (!row || !ok) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  }
  return toUser(await signIn(ctx, row.id), ctx.settings.adminEmails);
}
