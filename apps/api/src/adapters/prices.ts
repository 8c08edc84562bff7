import type { PriceFeed, PriceSnapshot } from '@t0/server';
import type { Config } from '../config';
import { createSimulatedSource } from './price-feeds/simulated';
import { createTwelveDataSource } from './price-feeds/twelvedata';
import type { PriceSource } from './price-feeds/types';

/** How long a snapshot may still be answered after refreshes have started failing. */
const STALE_GRACE_INTERVALS = 6;

/**
 * Live prices fetched once per interval whatever the number of callers: callers within the
 * interval get the cached snapshot, and callers during a fetch share that one fetch. After a
 * failed refresh the last snapshot is answered for a while; a feed that needs setup fails at once.
 */
export function createCachedPriceFeed(
  source: PriceSource,
  refreshMs: number,
  now: () => number = Date.now,
): PriceFeed & { stop(): void } {
  let snapshot: PriceSnapshot | undefined;
  let fetchedAt = 0;
  let inflight: Promise<PriceSnapshot> | undefined;
  let lastFailureAt = 0;
  /** A feed that needs setup is not answered from an older snapshot. */
  let setupError: Error | undefined;
  const needsSetup = (err: unknown) => err instanceof Error && err.name === 'SetupRequiredError';

  const refresh = () => {
    inflight ??= source
      .fetch()
      .then((prices) => {
        fetchedAt = now();
        snapshot = { prices, source: source.source, updatedAt: new Date(fetchedAt) };
        setupError = undefined;
        return snapshot;
      })
      .catch((err: unknown) => {
        lastFailureAt = now();
        setupError = needsSetup(err) ? (err as Error) : undefined;
        throw err;
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };

  return {
    source: source.source,
    ...(source.history ? { history: source.history.bind(source) } : {}),
    ...(source.resume ? { resume: source.resume.bind(source) } : {}),
    async latest() {
      const t = now();
      if (snapshot && t - fetchedAt < refreshMs) return snapshot;
      // After a failure, do not hammer the vendor: one attempt per interval.
      if (t - lastFailureAt < refreshMs) {
        if (setupError) throw setupError;
        if (snapshot && t - fetchedAt < refreshMs * STALE_GRACE_INTERVALS) return snapshot;
      }
      try {
        return await refresh();
      } catch (err) {
        if (snapshot && t - fetchedAt < refreshMs * STALE_GRACE_INTERVALS && !needsSetup(err)) {
          return snapshot;
        }
        throw err;
      }
    },
    stop() {
      snapshot = undefined;
    },
  };
}

export function createPriceSource(config: Config): PriceSource {
  if (config.priceFeed.kind === 'twelvedata') {
    return createTwelveDataSource({ key: config.priceFeed.key, url: config.priceFeed.url });
  }
  return createSimulatedSource();
}

export function createPriceFeed(config: Config): PriceFeed & { stop(): void } {
  return createCachedPriceFeed(createPriceSource(config), config.priceFeed.refreshMs);
}
