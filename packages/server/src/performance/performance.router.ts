import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common';
import { performanceSchema } from '@t0/contracts/schemas/performance';
import { chainVerificationSchema } from '@t0/contracts/schemas/signal-events';
import { performanceReport, verifySignalChain } from './performance.handler';
import { publicProcedure } from '../procedures';

const tags = ['performance'];

/** The public track record (the CSV is a plain route: `GET /api/performance.csv`). */
export const performanceRouter = {
  summary: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/performance',
        tags,
        protect: false,
        summary: 'Track record: win rate, expectancy, profit factor, drawdown, streaks, equity in R',
      },
    })
    .input(noInput)
    .output(performanceSchema)
    .query(({ ctx }) =>
      performanceReport(ctx.db, { includeDemo: ctx.settings.includeDemo ?? !ctx.settings.isProduction }),
    ),

  verify: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/performance/verify',
        tags,
        protect: false,
        summary:
          'Recompute the signal event chain and check it against every signed checkpoint: ok, or the first broken event and the contradicted checkpoint',
      },
    })
    .input(noInput)
    .output(chainVerificationSchema)
    .query(({ ctx }) => verifySignalChain(ctx.db, { signer: ctx.ports.record })),
} satisfies TRPCRouterRecord;
