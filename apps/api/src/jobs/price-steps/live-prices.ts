import { emitEvent, pruneSupersededPrices } from '@t0/server';
import type { PriceStep } from './types';

/** How long a superseded `prices` event is kept (a stream resumed within it replays it; later ones need only the newest). */
const KEEP_SUPERSEDED_MS = 60_000;

/**
 * Each refresh reaches every open stream: the refresh runs in one process per interval, so the
 * snapshot is written as one `prices` event (audience `all`) that every process reads once and
 * fans out. Older `prices` events are dropped after a minute, so a day of refreshes never piles up.
 */
export const livePricesStep: PriceStep = {
  name: 'live-prices',
  async run(snapshot, deps) {
    const id = await emitEvent(deps.db.db, {
      type: 'prices',
      audience: 'all',
      payload: { prices: snapshot.prices, source: snapshot.source, updatedAt: snapshot.updatedAt.toISOString() },
    });
    await pruneSupersededPrices(deps.db.db, id, KEEP_SUPERSEDED_MS);
  },
};
