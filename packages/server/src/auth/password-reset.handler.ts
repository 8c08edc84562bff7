import { TRPCError } from '@trpc/server';
import type { ForgotPasswordInput, ResetPasswordInput } from '@t0/contracts/schemas/auth/auth';
import type { Context } from '../core/context';
import { consumeToken, endTokensOf, PASSWORD_TOKEN_PURPOSES } from './tokens.queries';
import { findUserByEmail, updateUser } from './users.queries';
import { endCredentials, mailRevokedTokens } from '../api-tokens/end-credentials';
import { accountFailureKey } from './auth-limit';
import { clearAccountFailures } from './auth-attempts.queries';
import { transact } from '../core/transaction';
import { enqueueJobs } from '../outbox/queue';
import { relayCommitted } from '../outbox/outbox-relay.job';
import { passwordResetMailJob } from './password-reset-mail.job';

export const FORGOT_ANSWER = 'If that address has an account, a reset link is on its way.';

/**
 * Same answer, and the same work, whether or not the address has an account: one outbox row in
 * one transaction, relayed to the job queue. Whether there is an account, the token and the mail
 * are the job's (password-reset-mail.job.ts), after the answer, so its time says nothing of them.
 */
export async function forgotPasswordHandler({ ctx, input }: { ctx: Context; input: ForgotPasswordInput }) {
  const outbox = await transact(ctx.db, (trx) => enqueueJobs(trx, [passwordResetMailJob(input.email)]));
  await relayCommitted({ db: ctx.db, jobs: ctx.ports.jobs, log: ctx.log }, outbox);
  return { success: true as const, message: FORGOT_ANSWER };
}

/**
 * Consumes a reset or welcome token once, sets the password, ends every other link mailed to the
 * account, the account's sessions and API tokens (the owner is e-mailed the tokens' names).
 */
export async function resetPasswordHandler({ ctx, input }: { ctx: Context; input: ResetPasswordInput }) {
  const row = await findUserByEmail(ctx.db, input.email);
  const valid = row ? await consumeToken(ctx.db, row.email, input.token, PASSWORD_TOKEN_PURPOSES) : false;
  if (!row || !valid) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The password reset link is invalid or expired.' });
  }
  const passwordHash = await ctx.ports.hasher.hash(input.newPassword);
  // One transaction: the new password, the end of every other mailed link, of every session and
  // API token, and the `session.ended` event that ends their live streams on every process.
  const ended = await transact(ctx.db, async (trx) => {
    await updateUser(trx, row.id, { password: passwordHash });
    await endTokensOf(trx, row.email);
    // The owner proved the mailbox: wrong guesses before the reset no longer delay their sign-in.
    await clearAccountFailures(trx, accountFailureKey(row.email));
    return endCredentials(trx, { userId: row.id, event: 'password_reset' });
  });
  await mailRevokedTokens(ctx, ended);
  return { success: true as const, message: 'Password reset successful' };
}
