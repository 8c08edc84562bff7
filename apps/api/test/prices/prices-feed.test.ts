import { describe, expect, it } from 'vitest';
import { PriceFeedUnavailableError, SetupRequiredError } from '@t0/server';
import { createCachedPriceFeed } from '../../src/adapters/prices';
import { createSimulatedSource } from '../../src/adapters/price-feeds/simulated';
import { seededRandom } from '../../src/adapters/price-feeds/simulated-walk';
import type { PriceSource } from '../../src/adapters/price-feeds/types';

function fakeSource(results: Array<number | Error>): PriceSource & { calls: number } {
  const src = {
    source: 'live' as const,
    calls: 0,
    async fetch() {
      const r = results[Math.min(src.calls, results.length - 1)]!;
      src.calls++;
      if (r instanceof Error) throw r;
      return { AUDUSD: r };
    },
  };
  return src;
}

describe('the cached price feed', () => {
  it('fetches once per interval', async () => {
    let now = 0;
    const src = fakeSource([1, 2, 3]);
    const feed = createCachedPriceFeed(src, 1000, () => now);
    expect((await feed.latest()).prices.AUDUSD).toBe(1);
    now = 999;
    expect((await feed.latest()).prices.AUDUSD).toBe(1);
    now = 1000;
    expect((await feed.latest()).prices.AUDUSD).toBe(2);
    expect(src.calls).toBe(2);
  });

  it('answers the last snapshot for a while when a refresh fails, trying once per interval', async () => {
    let now = 0;
    const src = fakeSource([1, new PriceFeedUnavailableError('down')]);
    const feed = createCachedPriceFeed(src, 1000, () => now);
    await feed.latest();
    now = 1500;
    expect((await feed.latest()).prices.AUDUSD).toBe(1);
    expect(src.calls).toBe(2);
    now = 1800;
    expect((await feed.latest()).prices.AUDUSD).toBe(1);
    expect(src.calls).toBe(2);
    now = 7000;
    await expect(feed.latest()).rejects.toBeInstanceOf(PriceFeedUnavailableError);
  });

  it('never hides a feed that needs setup', async () => {
    let now = 0;
    const feed = createCachedPriceFeed(fakeSource([1, new SetupRequiredError('no key')]), 1000, () => now);
    await feed.latest();
    now = 1000;
    await expect(feed.latest()).rejects.toBeInstanceOf(SetupRequiredError);
    // Nor within the same interval, when another caller asks again.
    now = 1200;
    await expect(feed.latest()).rejects.toBeInstanceOf(SetupRequiredError);
  });
});

describe('the simulated source', () => {
  it('moves every symbol a little from the defaults and keeps their decimals', async () => {
    let clock = 0;
    // A seeded walk refreshed once a minute.
    const src = createSimulatedSource(seededRandom(42), () => (clock += 60_000));
    const a = await src.fetch();
    const b = await src.fetch();
    expect(a.AUDUSD).not.toBe(b.AUDUSD);
    expect(String(a.AUDUSD).split('.')[1]!.length).toBeLessThanOrEqual(5);
    expect(String(a.GBPJPY).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
    for (let n = 0; n < 2000; n++) await src.fetch();
    const c = await src.fetch();
    expect(Math.abs(c.US30! / 42762 - 1)).toBeLessThan(0.05);
  });
});
