import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '../../schemas/common';
import { operationsSchema } from '../../schemas/operations';
import { operationsHandler } from '../handlers/operations.handler';
import { adminProcedure } from '../trpc';

export const operationsRouter = {
  summary: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/operations',
        tags: ['admin'],
        protect: true,
        summary: 'Health measured now (database latency, mail transport, payments, job queue lag, live streams) and figures from the records',
      },
    })
    .input(noInput)
    .output(operationsSchema)
    .query(operationsHandler),
} satisfies TRPCRouterRecord;
