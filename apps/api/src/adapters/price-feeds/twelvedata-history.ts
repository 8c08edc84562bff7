import { aggregateCandles, isValidCandle, type Candle, type PriceSymbol, type Timeframe } from '@t0/contracts';
import { PriceFeedUnavailableError, SetupRequiredError, type PriceHistoryRequest } from '@t0/server';
import { historyBars } from './history-span';

// Twelve Data's `/time_series`: the bars of several symbols for one interval in one request
// (one credit per symbol), in UTC, oldest first.

const INTERVALS: Record<Timeframe, string> = {
  '1min': '1min',
  '15min': '15min',
  '4h': '4h',
  daily: '1day',
  weekly: '1week',
  monthly: '1month',
};

/** The vendor answers at most this many bars per symbol. */
const MAX_OUTPUT = 5000;
const FETCH_TIMEOUT_MS = 15_000;

interface VendorBar {
  datetime?: string;
  open?: string;
  high?: string;
  low?: string;
  close?: string;
}
interface VendorSeries {
  status?: string;
  code?: number;
  message?: string;
  values?: VendorBar[];
}

/** "2026-03-10 14:00:00" or "2026-03-10" (UTC) as Unix seconds; NaN when it is neither. */
function vendorTime(datetime: string | undefined): number {
  if (!datetime) return Number.NaN;
  const iso = datetime.length === 10 ? `${datetime}T00:00:00Z` : `${datetime.replace(' ', 'T')}Z`;
  return Date.parse(iso) / 1000;
}

function toCandles(series: VendorSeries | undefined, timeframe: Timeframe, until: number): Candle[] {
  const bars = (series?.values ?? [])
    .map((v) => ({
      time: vendorTime(v.datetime),
      open: Number(v.open),
      high: Number(v.high),
      low: Number(v.low),
      close: Number(v.close),
    }))
    .filter((c) => Number.isFinite(c.time) && c.time <= until && isValidCandle(c));
  // On our bucket edges (weeks on Monday 00:00 UTC, months on the 1st), merging any bars the vendor splits differently.
  return aggregateCandles(bars, timeframe);
}

export async function fetchTwelveDataHistory(
  opts: { base: string; key: string | undefined; names: Record<PriceSymbol, string> },
  { symbols, timeframe, until }: PriceHistoryRequest,
): Promise<Partial<Record<PriceSymbol, Candle[]>>> {
  if (!opts.key) throw new SetupRequiredError('PRICE_FEED_KEY is not set for the twelvedata price feed');
  if (symbols.length === 0) return {};
  const url = new URL(`${opts.base}/time_series`);
  url.searchParams.set('symbol', symbols.map((s) => opts.names[s]).join(','));
  url.searchParams.set('interval', INTERVALS[timeframe]);
  url.searchParams.set('outputsize', String(Math.min(MAX_OUTPUT, historyBars(timeframe))));
  url.searchParams.set('timezone', 'UTC');
  url.searchParams.set('order', 'ASC');
  url.searchParams.set('end_date', until.toISOString().slice(0, 19).replace('T', ' '));
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `apikey ${opts.key}`, accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new PriceFeedUnavailableError(`price history unreachable: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => undefined)) as (VendorSeries & Record<string, VendorSeries>) | undefined;
  const code = body?.status === 'error' ? (body.code ?? res.status) : res.status;
  if (code === 401 || code === 403)
    throw new SetupRequiredError(`the price feed refused the key: ${body?.message ?? res.statusText}`);
  if (!res.ok || !body || body.status === 'error')
    throw new PriceFeedUnavailableError(`price history answered ${code}: ${body?.message ?? res.statusText}`);
  const untilSeconds = until.getTime() / 1000;
  const out: Partial<Record<PriceSymbol, Candle[]>> = {};
  for (const symbol of symbols) {
    // One symbol answers the series itself; several answer one series per vendor symbol.
    const series = symbols.length === 1 ? body : body[opts.names[symbol]];
    if (!series || series.status === 'error') continue;
    const candles = toCandles(series, timeframe, untilSeconds);
    if (candles.length) out[symbol] = candles;
  }
  return out;
}
