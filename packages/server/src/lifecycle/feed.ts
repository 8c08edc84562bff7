import type { Ports } from '../ports';
import { unavailable } from '../core/errors';
import type { FeedFacts } from './commit';

/** The feed's live price of one instrument and its time, as an action needs it. */
export interface LivePrice {
  price: number;
  at: Date;
}

/**
 * The live price of `instrument` from the feed (its cached snapshot). Without one (the feed down or
 * not set up, the instrument not priced) a price-dependent action is refused with 503 rather than
 * trusted to a typed price.
 */
export async function requireLivePrice(ports: Pick<Ports, 'prices'>, instrument: string): Promise<LivePrice> {
  let snap;
  try {
    snap = await ports.prices.latest();
  } catch {
    throw unavailable(`No live price for ${instrument}: the price feed is unavailable, try again shortly`);
  }
  const price = snap.prices[instrument as keyof typeof snap.prices];
  if (typeof price !== 'number' || !Number.isFinite(price)) {
    throw unavailable(`No live price for ${instrument}: the price feed is unavailable, try again shortly`);
  }
  return { price, at: snap.updatedAt };
}

/** The live price when there is one, else null (for facts recorded where no price is required). */
export async function livePriceOrNull(ports: Pick<Ports, 'prices'>, instrument: string): Promise<LivePrice | null> {
  try {
    return await requireLivePrice(ports, instrument);
  } catch {
    return null;
  }
}

export const feedFacts = (live: LivePrice | null): FeedFacts => ({ price: live?.price ?? null, at: live?.at ?? null });
