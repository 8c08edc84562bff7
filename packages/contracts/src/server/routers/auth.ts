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
  tradingConfigOutput,
  tradingConfigSchema,
  userSchema,
} from '../../schemas/auth';
import { badRequest, unauthorized } from '../errors';
import { emitEvent, userAudience } from '../events';
import { registerHandler } from '../handlers/accounts';
import { loginHandler } from '../handlers/login.handler';
import { forgotPasswordHandler, resetPasswordHandler } from '../handlers/password-reset.handler';
import { endTokensOf } from '../queries/tokens';
import {
  readNotificationSettings,
  readTradingConfig,
  saveNotificationSettings,
  saveTradingConfig,
} from '../queries/user-settings';
import { deleteSessionsOfUser, findUserById, toUser, updateUser } from '../queries/users';
import { authAttemptProcedure, sessionUserProcedure, userProcedure } from '../trpc';

const tags = ['auth'];
const noInput = z.void();

export const authRouter = {
  user: userProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/user', tags, protect: true, summary: 'The signed-in user' } })
    .input(noInput)
    .output(userSchema)
    .query(({ ctx }) => ctx.user),

  login: authAttemptProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags, protect: false, summary: 'Sign in' } })
    .input(loginInput)
    .output(userSchema)
    .mutation(loginHandler),

  /** The test page's sign-in path: the same call. */
  loginAlias: authAttemptProcedure
    .meta({ openapi: { method: 'POST', path: '/login', tags, protect: false, summary: 'Sign in (alias)' } })
    .input(loginInput)
    .output(userSchema)
    .mutation(loginHandler),

  register: authAttemptProcedure
    .meta({ openapi: { method: 'POST', path: '/register', tags, protect: false, summary: 'Create an account and sign in' } })
    .input(registerInput)
    .output(registerOutput)
    .mutation(registerHandler),

  forgotPassword: authAttemptProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/forgot-password', tags, protect: false, summary: 'Send a reset link' } })
    .input(forgotPasswordInput)
    .output(okSchema)
    .mutation(forgotPasswordHandler),

  forgotPasswordAlias: authAttemptProcedure
    .meta({ openapi: { method: 'POST', path: '/forgot-password', tags, protect: false, summary: 'Send a reset link (alias)' } })
    .input(forgotPasswordInput)
    .output(okSchema)
    .mutation(forgotPasswordHandler),

  resetPassword: authAttemptProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/reset-password', tags, protect: false, summary: 'Set a new password with a reset token' } })
    .input(resetPasswordInput)
    .output(okSchema)
    .mutation(resetPasswordHandler),

  updateProfile: userProcedure
    .meta({ openapi: { method: 'PATCH', path: '/auth/profile', tags, protect: true, summary: 'Update first and last name' } })
    .input(profileInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await updateUser(ctx.db, ctx.user.id, { firstName: input.firstName, lastName: input.lastName });
      // The role facts stay as this session has them (an administrator's second factor).
      const { isAdmin, hasActiveSubscription, secondFactor } = ctx.user;
      return { ...toUser(row, ctx.settings.adminEmails), isAdmin, hasActiveSubscription, secondFactor };
    }),

  changePassword: sessionUserProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/change-password', tags, protect: true, summary: 'Change the password', description: 'Needs a signed-in session: an API token gets 403.' } })
    .input(changePasswordInput)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await findUserById(ctx.db, ctx.user.id);
      if (!row) throw unauthorized();
      if (!(await ctx.ports.hasher.verify(row.password, input.currentPassword))) {
        throw badRequest('Current password is incorrect');
      }
      await updateUser(ctx.db, row.id, { password: await ctx.ports.hasher.hash(input.newPassword) });
      // Reset links mailed before the change end with it.
      await endTokensOf(ctx.db, row.email);
      // Other devices signed in with the old password are signed out; this one stays.
      await ctx.session.login(row.id);
      await deleteSessionsOfUser(ctx.db, row.id, ctx.session.currentId());
      // Their live streams end (each stream's own session is checked: only the signed-out ones).
      await emitEvent(ctx.db, { type: 'session.ended', audience: userAudience(row.id), payload: { reason: 'password' } });
      return { success: true as const, message: 'Password updated' };
    }),

  tradingConfig: userProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/trading-config', tags, protect: true, summary: 'Saved trading config' } })
    .input(noInput)
    .output(tradingConfigOutput)
    .query(({ ctx }) => readTradingConfig(ctx.db, ctx.user.id)),

  saveTradingConfig: userProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/trading-config', tags, protect: true, summary: 'Save trading config' } })
    .input(tradingConfigSchema)
    .output(tradingConfigOutput)
    .mutation(async ({ ctx, input }) => {
      await saveTradingConfig(ctx.db, ctx.user.id, input);
      return readTradingConfig(ctx.db, ctx.user.id);
    }),

  notificationSettings: userProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/notification-settings', tags, protect: true, summary: 'Saved alert settings' } })
    .input(noInput)
    .output(notificationSettingsSchema)
    .query(({ ctx }) => readNotificationSettings(ctx.db, ctx.user.id)),

  saveNotificationSettings: userProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/notification-settings', tags, protect: true, summary: 'Save alert settings' } })
    .input(notificationSettingsSchema)
    .output(notificationSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      await saveNotificationSettings(ctx.db, ctx.user.id, input);
      return readNotificationSettings(ctx.db, ctx.user.id);
    }),
} satisfies TRPCRouterRecord;
