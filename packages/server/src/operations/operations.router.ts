import type { TRPCRouterRecord } from '@trpc/server';
import { businessFiguresSchema, emailLogSummarySchema } from '@t0/contracts/schemas/business/business';
import { noInput } from '@t0/contracts/schemas/common/common';
import { operationsSchema } from '@t0/contracts/schemas/operations/operations';
import { businessFiguresHandler } from './business.handler';
import { operationsHandler } from './operations.handler';
import { emailLogSummary } from '../mail/email-log.queries';
import { adminProcedure } from '../procedures';

export const operationsRouter = {
  summary: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/operations',
        tags: ['admin'],
        protect: true,
        summary:
          'Health measured now (database latency, mail transport, payments, job queue lag, live streams) and figures from the records',
      },
    })
    .input(noInput)
    .output(operationsSchema)
    .query(operationsHandler),

  business: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/business',
        tags: ['admin'],
        protect: true,
        summary:
          'Business figures from the records: subscribers, new and ended this month (UTC), churn, MRR, failed payments, cancellation reasons',
      },
    })
    .input(noInput)
    .output(businessFiguresSchema)
    .query(businessFiguresHandler),

  emailLog: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/email-log',
        tags: ['admin'],
        protect: true,
        summary:
          'Every e-mail the product sent, counted by kind (today UTC and 30 days, sent and failed), and the newest failures',
      },
    })
    .input(noInput)
    .output(emailLogSummarySchema)
    .query(({ ctx }) => emailLogSummary(ctx.db)),
} satisfies TRPCRouterRecord;
