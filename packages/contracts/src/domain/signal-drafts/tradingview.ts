import { instrumentCatalogue, isCatalogued, instrumentSpec } from '../instruments/instruments';

// TradingView alerts: what TradingView's placeholders fill in, read into our terms.

/** Alerts a source may send per minute when INBOUND_ALERTS_PER_MINUTE is not set. */
export const INBOUND_ALERTS_PER_MINUTE_DEFAULT = 30;
/** The same body again within this many seconds is folded into the draft it made. */
export const ALERT_FOLD_SECONDS = 60;
/** The largest alert body read (TradingView's message box holds far less). */
export const ALERT_BODY_MAX_BYTES = 16 * 1024;
/** The path TradingView posts to; the token is the source's secret. */
export const INBOUND_ALERTS_PATH = '/api/inbound/alerts';

/** Letters and digits only, upper case: "FX:EUR/USD" → "FXEURUSD" after the exchange is dropped. */
const bare = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The catalogue instrument a TradingView `{{ticker}}` (or `{{exchange}}:{{ticker}}`) names: the
 * exchange prefix is dropped ("FX:EURUSD", "OANDA:EURUSD" → EURUSD), then the symbol is looked up
 * by our name or by the feed's symbol ("TVC:DJI" → US30 when US30 is quoted as DJI). Null when the
 * catalogue has no such instrument.
 */
export function instrumentOfTicker(ticker: string): string | null {
  const symbol = bare(ticker.trim().split(':').pop() ?? '');
  if (!symbol) return null;
  if (isCatalogued(symbol)) return instrumentSpec(symbol).symbol;
  return instrumentCatalogue().find((s) => bare(s.feedSymbol) === symbol)?.symbol ?? null;
}

/** BUY/SELL (TradingView's `{{strategy.order.action}}`) or long/short, any case; null otherwise. */
export function directionOfAlert(value: string): 'long' | 'short' | null {
  const v = value.trim().toLowerCase();
  if (v === 'long' || v === 'buy') return 'long';
  if (v === 'short' || v === 'sell') return 'short';
  return null;
}
