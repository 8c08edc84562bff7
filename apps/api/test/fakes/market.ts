import type { PriceMap, PriceSnapshot } from '@t0/server';
import pino from 'pino';
import { watchPrices } from '../../src/jobs/price-watch.job';
import { appWrites, type TestApp } from '../harness';

/** A price feed the test moves by hand, and can take down. */
export function scriptedMarket(initial: PriceMap) {
  let prices = { ...initial };
  let down = false;
  return {
    feed: {
      source: 'live' as const,
      latest: async (): Promise<PriceSnapshot> => {
        if (down) throw new Error('feed down');
        return { prices, source: 'live', updatedAt: new Date() };
      },
    },
    set(next: PriceMap) {
      prices = { ...prices, ...next };
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}

/**
 * One pass of the price watcher over the market's prices (moved by `next` first), as the app's
 * own job runs it: its writes reach the app's caches as they run, as a write of the app's process
 * does (through the test's own connection they would be forgotten only when the change notice
 * comes, which can be after the test's next request). A step that fails fails the tick, with the
 * step's log: a price step otherwise only logs.
 */
export async function tickMarket(
  t: TestApp,
  market: ReturnType<typeof scriptedMarket>,
  next: PriceMap = {},
): Promise<void> {
  market.set(next);
  const logged: string[] = [];
  await watchPrices({
    db: { ...t.db, db: appWrites(t) },
    ports: t.app.ports,
    log: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
    config: t.config,
  });
  if (logged.length > 0) throw new Error(`a price step failed: ${logged.join('')}`);
}
