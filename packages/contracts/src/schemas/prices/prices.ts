import { z } from 'zod';

// GET /api/live-prices: symbol → price, plus where the prices come from.

const price = z.number().optional();

export const PRICE_SOURCES = ['simulated', 'live'] as const;

export const livePricesSchema = z
  .object({
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
  })
  // Every other catalogued instrument (one an administrator added, such as NAS100) by its symbol.
  .loose();
export type LivePrices = z.infer<typeof livePricesSchema>;

/** The live price of any symbol in the answer (a catalogued instrument outside the fixed keys included). */
export function livePriceOf(prices: LivePrices | null | undefined, symbol: string): number | undefined {
  const value = (prices as Record<string, unknown> | null | undefined)?.[symbol];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
