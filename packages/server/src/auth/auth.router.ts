import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  notificationSettingsSchema,
  okSchema,
  profileInput,
  registerInput,
  registerOutput,
  resetPasswordInput,
  confirmAdminEmailInput,
  tradingConfigOutput,
  tradingConfigSchema,
  userSchema,
} from '@t0/contracts/schemas/auth/auth';
import { badRequest, unauthorized } from '../core/errors';
import { registerHandler } from './accounts.handler';
import { loginHandler } from './login.handler';
import { forgotPasswordHandler, resetPasswordHandler } from './password-reset.handler';
import { confirmAdminEmailHandler, sendAdminEmailLinkHandler } from './admin-email.handler';
import { endTokensOf } from './tokens.queries';
import {
  readNotificationSettings,
  readTradingConfig,
  saveNotificationSettings,
  saveTradingConfig,
} from './user-settings.queries';
import { findUserById, toUser, updateUser } from './users.queries';
import { endCredentials, mailRevokedTokens } from '../api-tokens/end-credentials';
import { authAttemptProcedure, sessionUserProcedure, userProcedure } from '../procedures';
import { transact } from '../core/transaction';

const tags = ['auth'];
const noInput = z.void();

export const authRouter = {
  user: userProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/user', tags, protect: true, summary: 'The signed-in user' } })
    .input(noInput)
    .output(userSchema)
    .query(({ ctx }) => ctx.user),

  login: authAttemptProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        errorResponses: {
          401: 'Wrong e-mail address or password',
          403: 'The account cannot be used here (it is on the blacklist)',
          429: 'Too many failed sign-ins for this e-mail address, from an address it has not signed in from before',
        },
        tags,
        protect: false,
        summary: 'Sign in',
      },
    })
    .input(loginInput)
    .output(userSchema)
    .mutation(loginHandler),

  /** The test page's sign-in path: the same call. */
  loginAlias: authAttemptProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/login',
        errorResponses: {
          401: 'Wrong e-mail address or password',
          403: 'The account cannot be used here (it is on the blacklist)',
          429: 'Too many failed sign-ins for this e-mail address, from an address it has not signed in from before',
        },
        tags,
        protect: false,
        summary: 'Sign in (alias)',
      },
    })
    .input(loginInput)
    .output(userSchema)
    .mutation(loginHandler),

  register: authAttemptProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/register',
        errorResponses: {
          403: 'The address cannot be used here (it is on the blacklist)',
          409: 'An account with this e-mail address exists',
        },
        tags,
        protect: false,
        summary: 'Create an account and sign in',
      },
    })
    .input(registerInput)
    .output(registerOutput)
    .mutation(registerHandler),

  forgotPassword: authAttemptProcedure
    .meta({
      openapi: { method: 'POST', path: '/auth/forgot-password', tags, protect: false, summary: 'Send a reset link' },
    })
    .input(forgotPasswordInput)
    .output(okSchema)
    .mutation(forgotPasswordHandler),

  forgotPasswordAlias: authAttemptProcedure
    .meta({
      openapi: { method: 'POST', path: '/forgot-password', tags, protect: false, summary: 'Send a reset link (alias)' },
    })
    .input(forgotPasswordInput)
    .output(okSchema)
    .mutation(forgotPasswordHandler),

  resetPassword: authAttemptProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/reset-password',
        errorResponses: { 400: 'The reset link is invalid or expired' },
        tags,
        protect: false,
        summary: 'Set a new password with a reset token',
      },
    })
    .input(resetPasswordInput)
    .output(okSchema)
    .mutation(resetPasswordHandler),

  /** An ADMIN_EMAILS address grants administrator rights once proven: the link mailed to it, followed signed in. */
  confirmAdminEmail: sessionUserProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/admin-email/confirm',
        errorResponses: { 400: 'The link is invalid or expired, or not for the address of this account' },
        tags,
        protect: true,
        summary: "Prove this account's ADMIN_EMAILS address with the token of the link mailed to it",
        description:
          'Needs a signed-in session of the account whose address the link was mailed to. The token works once, for 24 hours; the account then is an administrator (audited, and its live streams are told `account.changed`).',
      },
    })
    .input(confirmAdminEmailInput)
    .output(okSchema)
    .mutation(confirmAdminEmailHandler),

  sendAdminEmailLink: sessionUserProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/admin-email/send',
        errorResponses: {
          409: 'The address of this account is not an ADMIN_EMAILS address waiting for proof',
          429: 'Three links were mailed in the last hour',
          503: 'The mail server did not take the e-mail',
        },
        tags,
        protect: true,
        summary: "E-mail a new link proving this account's ADMIN_EMAILS address",
        description:
          'For a signed-in account whose address is in ADMIN_EMAILS and not proven yet (`adminEmailPending` in the user). Registration mails the first link; at most three links an hour.',
      },
    })
    .input(noInput)
    .output(okSchema)
    .mutation(sendAdminEmailLinkHandler),

  updateProfile: userProcedure
    .meta({
      openapi: { method: 'PATCH', path: '/auth/profile', tags, protect: true, summary: 'Update first and last name' },
    })
    .input(profileInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await updateUser(ctx.db, ctx.user.id, { firstName: input.firstName, lastName: input.lastName });
      // The role facts stay as this session has them (an administrator's second factor).
      const { isAdmin, hasActiveSubscription, secondFactor } = ctx.user;
      return { ...toUser(row, ctx.settings.adminEmails), isAdmin, hasActiveSubscription, secondFactor };
    }),

  changePassword: sessionUserProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/change-password',
        errorResponses: { 400: 'The current password is wrong' },
        tags,
        protect: true,
        summary: 'Change the password',
        description:
          'Needs a signed-in session: an API token gets 403. Other devices are signed out and every API token of the account is revoked (the owner is e-mailed their names).',
      },
    })
    .input(changePasswordInput)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await findUserById(ctx.db, ctx.user.id);
      if (!row) throw unauthorized();
      if (!(await ctx.ports.hasher.verify(row.password, input.currentPassword))) {
        throw badRequest('Current password is incorrect');
      }
      const passwordHash = await ctx.ports.hasher.hash(input.newPassword);
      // This device stays signed in, under a new session id.
      await ctx.session.login(row.id);
      // One transaction: the new password, the end of reset links mailed before, of the other
      // devices' sessions and of every API token, and the event that ends their live streams
      // (each stream's own session or token is checked: only the ended ones).
      const ended = await transact(ctx.db, async (trx) => {
        await updateUser(trx, row.id, { password: passwordHash });
        await endTokensOf(trx, row.email);
        return endCredentials(trx, {
          userId: row.id,
          event: 'password_change',
          keepSessionId: ctx.session.currentId(),
        });
      });
      await mailRevokedTokens(ctx, ended);
      return { success: true as const, message: 'Password updated' };
    }),

  tradingConfig: userProcedure
    .meta({
      openapi: { method: 'GET', path: '/auth/trading-config', tags, protect: true, summary: 'Saved trading config' },
    })
    .input(noInput)
    .output(tradingConfigOutput)
    .query(({ ctx }) => readTradingConfig(ctx.db, ctx.user.id)),

  saveTradingConfig: userProcedure
    .meta({
      openapi: { method: 'POST', path: '/auth/trading-config', tags, protect: true, summary: 'Save trading config' },
    })
    .input(tradingConfigSchema)
    .output(tradingConfigOutput)
    .mutation(async ({ ctx, input }) => {
      await saveTradingConfig(ctx.db, ctx.user.id, input);
      return readTradingConfig(ctx.db, ctx.user.id);
    }),

  notificationSettings: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/notification-settings',
        tags,
        protect: true,
        summary: 'Saved alert settings',
      },
    })
    .input(noInput)
    .output(notificationSettingsSchema)
    .query(({ ctx }) => readNotificationSettings(ctx.db, ctx.user.id)),

  saveNotificationSettings: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/notification-settings',
        tags,
        protect: true,
        summary: 'Save alert settings',
      },
    })
    .input(notificationSettingsSchema)
    .output(notificationSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      await saveNotificationSettings(ctx.db, ctx.user.id, input);
      return readNotificationSettings(ctx.db, ctx.user.id);
    }),
} satisfies TRPCRouterRecord;
