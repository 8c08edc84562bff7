import { TRPCError } from '@trpc/server';
import { RESET_TOKEN_TTL_MS } from '../../domain/constants';
import type { ForgotPasswordInput, ResetPasswordInput } from '../../schemas/auth';
import type { Context } from '../context';
import { passwordResetMail, resetLink } from '../mail/templates';
import { consumeToken, endTokensOf, issueToken } from '../queries/tokens';
import { deleteSessionsOfUser, findUserByEmail, updateUser } from '../queries/users';

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
 * account and the account's sessions.
 */
export async function resetPasswordHandler({ ctx, input }: { ctx: Context; input: ResetPasswordInput }) {
  const row = await findUserByEmail(ctx.db, input.email);
  const valid = row ? await consumeToken(ctx.db, row.email, input.token) : false;
  if (!row || !valid) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The password reset link is invalid or expired.' });
  }
  const passwordHash = await ctx.ports.hasher.hash(input.newPassword);
  await updateUser(ctx.db, row.id, { password: passwordHash });
  await endTokensOf(ctx.db, row.email);
  await deleteSessionsOfUser(ctx.db, row.id);
  return { success: true as const, message: 'Password reset successful' };
}
