import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  leaderboardInputSchema,
  leaderboardSchema,
  performanceFilterSchema,
  performanceSchema,
} from '@t0/contracts/schemas/performance/performance';
import { chainVerificationSchema } from '@t0/contracts/schemas/signals/signal-events';
import { leaderboardFor } from './leaderboard.handler';
import { performanceReport, resolvePerformanceFilter, verifySignalChain } from './performance.handler';
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
        errorResponses: { 404: 'No analyst or room with that slug' },
        summary:
          'Track record: win rate, expectancy, profit factor, drawdown, streaks, equity in R (of one analyst with analyst=, one room with room=)',
      },
    })
    .input(performanceFilterSchema)
    .output(performanceSchema)
    .query(async ({ ctx, input }) =>
      performanceReport(ctx.db, {
        includeDemo: ctx.settings.includeDemo ?? !ctx.settings.isProduction,
        filter: await resolvePerformanceFilter(ctx.db, input),
      }),
    ),

  leaderboard: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/performance/leaderboard',
        tags,
        protect: false,
        errorResponses: {
          401: 'The leaderboard is internal and the caller is not signed in',
          403: 'The leaderboard is internal and the caller is no administrator or analyst',
        },
        summary:
          'Analysts ranked by expectancy in R over 30 days, 90 days, a year or all time (internal until the desk publishes it)',
      },
    })
    .input(leaderboardInputSchema)
    .output(leaderboardSchema)
    .query(({ ctx, input }) =>
      leaderboardFor(ctx, {
        includeDemo: ctx.settings.includeDemo ?? !ctx.settings.isProduction,
        window: input.window,
      }),
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
