import type { TRPCRouterRecord } from '@trpc/server';
import {
  addNoteInput,
  adminCancelInput,
  adminUserActionOutput,
  adminUserDetailSchema,
  adminUserIdInput,
  adminUsersListInput,
  adminUsersPageSchema,
  grantDaysInput,
  setAdminInput,
} from '@t0/contracts/schemas/admin-users/admin-users';
import {
  addNoteHandler,
  adminCancelHandler,
  adminUserDetailHandler,
  endAccessHandler,
  grantDaysHandler,
  resendWelcomeHandler,
  setAdminHandler,
  signOutEverywhereHandler,
} from './admin-users.handler';
import { listAdminUsers } from './admin-users.queries';
import { blacklistUserInput } from '@t0/contracts/schemas/blacklist/blacklist';
import { blacklistUserHandler } from '../blacklist/blacklist.handler';
import { adminProcedure } from '../procedures';

const tags = ['admin'];
/** An action on one user: 404 when no user has the id, and its own refusals. */
const action = (path: string, summary: string, errorResponses: Record<number, string> = {}) => ({
  openapi: {
    method: 'POST' as const,
    path: `/admin/users/{userId}/${path}` as `/${string}`,
    tags,
    protect: true,
    summary,
    errorResponses: { 404: 'No user has this id', ...errorResponses },
  },
});

/** Subscribers in the console: the USERS tab's list, a user's detail, and the actions on a user. */
export const adminUsersRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users/search',
        tags,
        protect: true,
        summary: 'Users matching a search and a filter, newest first, paged, with the total',
        description:
          '`search`: part of the e-mail, first or last name (any case). `filter`: all, active, past_due, cancelling, never_logged_in or admin. ' +
          '`limit` (1–100) and `offset` page through the matches.',
      },
    })
    .input(adminUsersListInput)
    .output(adminUsersPageSchema)
    .query(async ({ ctx, input }) => {
      const { users, total } = await listAdminUsers(ctx.db, { ...input, adminEmails: ctx.settings.adminEmails });
      return { users, total, limit: input.limit, offset: input.offset };
    }),

  detail: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users/{userId}/detail',
        errorResponses: { 404: 'No user has this id' },
        tags,
        protect: true,
        summary: "A user's account, access grants, subscription, payments, logins, deliveries and notes",
      },
    })
    .input(adminUserIdInput)
    .output(adminUserDetailSchema)
    .query(adminUserDetailHandler),

  grantDays: adminProcedure
    .meta(
      action(
        'grant-days',
        "Grant 1–365 days of free access to a plan's rooms (`plan`: its key, default the default plan; added to its free days still running)",
      ),
    )
    .input(grantDaysInput)
    .output(adminUserActionOutput)
    .mutation(grantDaysHandler),

  endAccess: adminProcedure
    .meta(
      action(
        'end-access',
        'End access now: the free access granted and the subscription (cancelled at Stripe at once, without proration)',
        { 409: 'The user has no access to end', 503: 'Stripe is not configured here, or cannot be reached' },
      ),
    )
    .input(adminUserIdInput)
    .output(adminUserActionOutput)
    .mutation(endAccessHandler),

  cancelAtPeriodEnd: adminProcedure
    .meta(
      action('cancel-at-period-end', "Cancel the user's subscription at the end of its period, with a reason", {
        409: 'No active subscription to cancel',
        503: 'Stripe cannot be reached',
      }),
    )
    .input(adminCancelInput)
    .output(adminUserActionOutput)
    .mutation(adminCancelHandler),

  resendWelcome: adminProcedure
    .meta(
      action('resend-welcome', 'Send the welcome e-mail again', {
        409: 'A welcome e-mail to this user is being sent right now',
        503: 'The e-mail could not be sent',
      }),
    )
    .input(adminUserIdInput)
    .output(adminUserActionOutput)
    .mutation(resendWelcomeHandler),

  setAdmin: adminProcedure
    .meta(
      action('admin', 'Make the user an administrator or remove the role (not an ADMIN_EMAILS address, not yourself)', {
        409: 'Your own role, or an address in ADMIN_EMAILS',
      }),
    )
    .input(setAdminInput)
    .output(adminUserActionOutput)
    .mutation(setAdminHandler),

  signOutEverywhere: adminProcedure
    .meta(action('sign-out-everywhere', 'End every session of the user and revoke their API tokens'))
    .input(adminUserIdInput)
    .output(adminUserActionOutput)
    .mutation(signOutEverywhereHandler),

  blacklist: adminProcedure
    .meta(
      action(
        'blacklist',
        'Blacklist the account with a reason: its address, known ids (Telegram, Discord, Whop) and the cards it paid with go on the blacklist, and its sessions, API tokens, live streams and access end now (a Stripe subscription is cancelled at once)',
        { 409: 'Your own account', 503: 'Stripe is not configured here, or cannot be reached' },
      ),
    )
    .input(blacklistUserInput)
    .output(adminUserActionOutput)
    .mutation(blacklistUserHandler),

  addNote: adminProcedure
    .meta(action('notes', 'Add a note on the user (seen by administrators only)'))
    .input(addNoteInput)
    .output(adminUserActionOutput)
    .mutation(addNoteHandler),
} satisfies TRPCRouterRecord;
