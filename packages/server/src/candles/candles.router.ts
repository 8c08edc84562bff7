import type { TRPCRouterRecord } from '@trpc/server';
import { CANDLES_MAX_PER_ANSWER, defaultCandlesFrom } from '@t0/contracts/domain/candles/candles';
import { candlesInput, candlesOutput } from '@t0/contracts/schemas/candles/candles';
import { listCandles } from './candles.queries';
import { userProcedure } from '../procedures';

const tags = ['prices'];

export const candlesRouter = {
  list: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/candles',
        tags,
        protect: true,
        summary: 'Candles of a symbol for one timeframe',
        description:
          "OHLC bars built from the server's price refreshes (and the vendor's or the simulated feed's history). " +
          '`timeframe` is one of `1min`, `15min`, `4h`, `daily`, `weekly`, `monthly`; `from` is an ISO 8601 date-time ' +
          'or Unix seconds (default: about 300 bars back). `time` is the start of each bar in Unix seconds (UTC; weeks ' +
          'start on Monday, months on the 1st). At most 2000 bars, the latest ones when the range holds more. ' +
          'An unknown symbol or timeframe answers 400 naming it.',
      },
    })
    .input(candlesInput)
    .output(candlesOutput)
    .query(async ({ ctx, input }) => {
      const source = ctx.ports.prices.source ?? 'live';
      const from = input.from ?? defaultCandlesFrom(input.timeframe, Date.now() / 1000);
      const candles = await listCandles(ctx.db, {
        symbol: input.symbol,
        timeframe: input.timeframe,
        source,
        from,
        limit: CANDLES_MAX_PER_ANSWER,
      });
      return { symbol: input.symbol, timeframe: input.timeframe, source, candles };
    }),
} satisfies TRPCRouterRecord;
