import { TRPCError } from '@trpc/server';
import type { UserRow } from '@t0/db';
import type { Context } from '../core/context';
import { insertUser } from './users.queries';
import { signIn } from './sign-in';
import { mailAdminEmailLinkAfterRegistration } from './admin-email.handler';
import { refuseBlacklisted } from '../blacklist/refuse';
import { transact } from '../core/transaction';
import { attributeByCode, parseTouch } from '../affiliates/attribution';

export const DUPLICATE_ACCOUNT = 'An account with this email already exists';

/**
 * Creates an account. `password` absent means no password yet (created at checkout; the owner
 * sets one through the welcome link). Answers undefined when the address is taken.
 */
export async function createAccount(
  ctx: Pick<Context, 'db' | 'ports'>,
  input: { email: string; password?: string; firstName?: string | null; lastName?: string | null },
): Promise<UserRow | undefined> {
  const passwordHash = input.password ? await ctx.ports.hasher.hash(input.password) : '';
  // Broadcasts already delivered reach a new account without a write: they are stored once.
  return insertUser(ctx.db, { ...input, passwordHash });
}

export async function registerHandler({
  ctx,
  input,
}: {
  ctx: Context;
  input: { email: string; password: string; firstName: string; lastName: string; ref?: string; refAt?: string };
}) {
  await refuseBlacklisted(ctx, { email: input.email }, 'register');
  const { ref, refAt, ...account } = input;
  // The account and the affiliate whose link brought it (first touch, within the window), together.
  const row = await transact(ctx.db, async (trx) => {
    const created = await createAccount({ db: trx, ports: ctx.ports }, account);
    if (created && ref) await attributeByCode(trx, created.id, ref, parseTouch(refAt));
    return created;
  });
  if (!row) throw new TRPCError({ code: 'CONFLICT', message: DUPLICATE_ACCOUNT });
  await signIn(ctx, row.id, 'register');
  // An address in ADMIN_EMAILS grants nothing until its owner follows the link mailed to it now.
  await mailAdminEmailLinkAfterRegistration(ctx, row);
  return { id: row.id, email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
}
