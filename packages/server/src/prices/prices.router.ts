import type { TRPCRouterRecord } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import { livePricesSchema } from '@t0/contracts/schemas/prices/prices';
import { SetupRequiredError } from './price-errors';
import { publicProcedure } from '../procedures';

const tags = ['prices'];

export const pricesRouter = {
  live: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/live-prices',
        errorResponses: { 503: 'The price feed is unavailable, or needs configuring (`requiresSetup: true`)' },
        tags,
        protect: false,
        summary: 'Latest prices by symbol',
        description:
          'A map of symbol to price, refreshed on the server once per interval. `source` is `simulated` when no ' +
          'market-data vendor is configured. When the vendor needs configuring the error carries `requiresSetup: true`.',
      },
    })
    .input(noInput)
    .output(livePricesSchema)
    .query(async ({ ctx }) => {
      try {
        const snap = await ctx.ports.prices.latest();
        return { ...snap.prices, source: snap.source, updatedAt: snap.updatedAt.toISOString() };
      } catch (err) {
        if (err instanceof SetupRequiredError) {
          throw new TRPCError({
            code: 'SERVICE_UNAVAILABLE',
            message: 'API Setup Required: ' + err.message,
            cause: err,
          });
        }
        ctx.log.warn({ err }, 'live prices unavailable');
        throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Failed to fetch live prices' });
      }
    }),
} satisfies TRPCRouterRecord;
