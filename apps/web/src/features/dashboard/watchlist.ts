import { CONTRACT_SPECS, type Candle, type PriceSymbol, type Trend } from '@t0/contracts';

/** The watchlist's instruments: the four the signals and the analysis cover. */
export const WATCHLIST: readonly PriceSymbol[] = ['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30'];

/** How far back the watchlist's change and sparkline reach. */
export const WATCH_WINDOW_SECONDS = 24 * 60 * 60;

export interface WatchChange {
  /** In the instrument's pips (points for US30). */
  pips: number;
  pipName: 'pips' | 'points';
  percent: number;
  trend: Trend;
}

/** The change over the window: the latest close against the first bar's open; null without bars. */
export function watchChange(symbol: PriceSymbol, candles: readonly Candle[] | undefined): WatchChange | null {
  if (!candles || candles.length === 0) return null;
  const first = candles[0]!.open;
  const last = candles[candles.length - 1]!.close;
  const spec = CONTRACT_SPECS[symbol];
  const diff = last - first;
  return {
    pips: Math.round((diff / spec.pipSize) * 10) / 10,
    pipName: spec.pipName,
    percent: first ? Math.round((diff / first) * 10000) / 100 : 0,
    trend: diff >= 0 ? 'up' : 'down',
  };
}
