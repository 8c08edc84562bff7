import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import {
  adminUsersOutput,
  affectedUsersOutput,
  EMAIL_DELIVERIES_DEFAULT_LIMIT,
  emailDeliveriesInput,
  emailDeliveriesOutput,
  emailSummarySchema,
  fixWelcomeEmailsOutput,
} from '@t0/contracts/schemas/admin/admin';
import { noInput } from '@t0/contracts/schemas/common/common';
import { fixMissingWelcomeEmailsHandler } from './welcome-recovery.handler';
import { emailSummary, listDeliveries } from '../delivery/signal-emails.queries';
import { listAffectedUsers, listUsersForAdmin, toAdminUser } from '../billing/subscribers.queries';
import { adminProcedure } from '../procedures';

const tags = ['admin'];

export const adminRouter = {
  users: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users',
        tags,
        protect: true,
        summary: 'Every user, with subscription, login and device facts',
      },
    })
    .input(noInput)
    .output(adminUsersOutput)
    .query(async ({ ctx }) =>
      (await listUsersForAdmin(ctx.db)).map((row) => toAdminUser(row, ctx.settings.adminEmails)),
    ),

  affectedUsers: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/affected-users',
        tags,
        protect: true,
        summary: 'Active paying subscribers never sent a welcome e-mail',
      },
    })
    .input(noInput)
    .output(affectedUsersOutput)
    .query(({ ctx }) => listAffectedUsers(ctx.db)),

  fixMissingWelcomeEmails: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/fix-missing-welcome-emails',
        tags,
        protect: true,
        summary: 'Send the missing welcome e-mails',
      },
    })
    .input(z.object({}).optional())
    .output(fixWelcomeEmailsOutput)
    .mutation(fixMissingWelcomeEmailsHandler),

  emailSummary: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/email-summary',
        tags,
        protect: true,
        summary: 'Signal e-mail delivery totals',
      },
    })
    .input(noInput)
    .output(emailSummarySchema)
    .query(({ ctx }) => emailSummary(ctx.db)),

  emailDeliveries: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/email-deliveries',
        tags,
        protect: true,
        summary: 'Signal e-mail deliveries, latest first',
      },
    })
    .input(emailDeliveriesInput)
    .output(emailDeliveriesOutput)
    .query(({ ctx, input }) => listDeliveries(ctx.db, input?.limit ?? EMAIL_DELIVERIES_DEFAULT_LIMIT)),
} satisfies TRPCRouterRecord;
