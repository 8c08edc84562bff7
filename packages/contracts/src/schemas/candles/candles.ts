import { z } from 'zod';
import { TIMEFRAMES, type Timeframe } from '../../domain/candles/candles';
import { PRICE_SYMBOLS, type PriceSymbol } from '../../domain/common/constants';
import { PRICE_SOURCES } from '../prices/prices';

// GET /api/candles?symbol&timeframe&from: a symbol's candles for one timeframe.

const symbol = z
  .string({ error: 'symbol is required' })
  .trim()
  .min(1, 'symbol is required')
  .transform((value, ctx) => {
    const s = value.toUpperCase();
    if ((PRICE_SYMBOLS as readonly string[]).includes(s)) return s as PriceSymbol;
    ctx.addIssue({
      code: 'custom',
      message: `Unknown symbol "${value.slice(0, 20)}": use one of ${PRICE_SYMBOLS.join(', ')}`,
    });
    return z.NEVER;
  });

const timeframe = z
  .string({ error: 'timeframe is required' })
  .trim()
  .min(1, 'timeframe is required')
  .transform((value, ctx) => {
    const t = value.toLowerCase();
    if ((TIMEFRAMES as readonly string[]).includes(t)) return t as Timeframe;
    ctx.addIssue({
      code: 'custom',
      message: `Unknown timeframe "${value.slice(0, 20)}": use one of ${TIMEFRAMES.join(', ')}`,
    });
    return z.NEVER;
  });

/** Unix seconds or an ISO 8601 date-time; answers Unix seconds. */
const from = z
  .union([z.number(), z.string()], { error: 'from must be a date-time or Unix seconds' })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    const n = typeof text === 'number' ? text : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Date.parse(text) / 1000;
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'from must be a date-time or Unix seconds' });
      return z.NEVER;
    }
    return Math.floor(n);
  });

export const candlesInput = z.object({
  symbol,
  timeframe,
  /** Start of the range (default: about 300 bars back). */
  from: from.optional(),
});
export type CandlesInput = z.input<typeof candlesInput>;

export const candleSchema = z.object({
  /** Start of the bar, Unix seconds UTC. */
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});

export const candlesOutput = z.object({
  symbol: z.enum(PRICE_SYMBOLS),
  timeframe: z.enum(TIMEFRAMES),
  /** Where the prices come from: `simulated` (no market-data vendor configured) or `live`. */
  source: z.enum(PRICE_SOURCES),
  /** Oldest first; at most 2000 (the latest ones when the range holds more). */
  candles: z.array(candleSchema),
});
export type CandlesAnswer = z.infer<typeof candlesOutput>;
