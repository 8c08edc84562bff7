import { TRPCError } from '@trpc/server';
import { RESET_TOKEN_TTL_MS } from '@t0/contracts/domain/constants';
import type { ForgotPasswordInput, ResetPasswordInput } from '@t0/contracts/schemas/auth';
import type { Context } from '../core/context';
import { passwordResetMail, resetLink } from '../mail/templates';
import { consumeToken, endTokensOf, issueToken } from './tokens.queries';
import { findUserByEmail, updateUser } from './users.queries';
import { endCredentials, mailRevokedTokens } from '../credentials/end';
import { accountFailureKey } from './auth-limit';
import { clearAccountFailures } from './auth-attempts.queries';
import { transact } from '../core/transaction';

export const FORGOT_ANSWER = 'If that address has an account, a reset link is on its way.';

/** Same answer whether or not the address exists; the mail is only sent when it does. */
export async function forgotPasswordHandler({ ctx, input }: { ctx: Context; input: ForgotPasswordInput }) {
  const row = await findUserByEmail(ctx.db, input.email);
  if (row) {
    const token = await issueToken(ctx.db, row.email, 'reset', RESET_TOKEN_TTL_MS);
    const link = resetLink(ctx.settings.publicUrl, token, row.email);
    try {
      await ctx.ports.mailer.send(passwordResetMail(row.email, link));
    } catch (err) {
      ctx.log.error({ err }, 'password reset mail failed');
    }
  }
  return { success: true as const, message: FORGOT_ANSWER };
}

/**
 * Consumes a reset or welcome token once, sets the password, ends every other link mailed to the
 * account, the account's sessions and API tokens (the owner is e-mailed the tokens' names).
 */
export async function resetPasswordHandler({ ctx, input }: { ctx: Context; input: ResetPasswordInput }) {
  const row = await findUserByEmail(ctx.db, input.email);
  const valid = row ? await consumeToken(ctx.db, row.email, input.token) : false;
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
