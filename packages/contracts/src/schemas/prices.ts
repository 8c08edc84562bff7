import { z } from 'zod';

// GET /api/live-prices (spec 2 §3, §7): symbol → price, plus where the prices come from.

const price = z.number().optional();

export const PRICE_SOURCES = ['simulated', 'live'] as const;

export const livePricesSchema = z.object({
  AUDUSD: price,
  GBPJPY: price,
  GBPUSD: price,
  US30: price,
  BTCUSD: price,
  XAUUSD: price,
  /** `simulated`: the embedded random walk (no market-data vendor configured); `live`: the vendor's prices. */
  source: z.enum(PRICE_SOURCES),
  /** When the prices were fetched (ISO date-time). */
  updatedAt: z.string(),
});
export type LivePrices = z.infer<typeof livePricesSchema>;
