import { instrumentSpec, PRICE_SYMBOLS, quotedSymbols, type PriceSymbol } from '@t0/contracts';
import { PriceFeedUnavailableError, SetupRequiredError, type PriceMap } from '@t0/server';
import { fetchTwelveDataHistory } from './twelvedata-history';
import type { PriceSource } from './types';

export const TWELVEDATA_DEFAULT_URL = 'https://api.twelvedata.com';

/** Our symbols as the vendor names them (US30 is the Dow Jones index). */
export const TWELVEDATA_SYMBOLS: Record<PriceSymbol, string> = {
  AUDUSD: 'AUD/USD',
  GBPJPY: 'GBP/JPY',
  GBPUSD: 'GBP/USD',
  US30: 'DJI',
  BTCUSD: 'BTC/USD',
  XAUUSD: 'XAU/USD',
};

/** The vendor's name for a symbol: the catalogue's feed symbol (an administrator may change it), else the table above. */
export function vendorName(symbol: string): string {
  return instrumentSpec(symbol).feedSymbol || TWELVEDATA_SYMBOLS[symbol as PriceSymbol] || symbol;
}

interface VendorError {
  status?: string;
  code?: number;
  message?: string;
}
type VendorPrice = { price?: string } & VendorError;

const FETCH_TIMEOUT_MS = 8_000;

/**
 * Twelve Data's batch `/price` call: one request for every symbol. Without a key it cannot
 * work, so it says setup is required instead of trying.
 */
export function createTwelveDataSource(opts: { key?: string | undefined; url?: string | undefined }): PriceSource {
  const base = (opts.url ?? TWELVEDATA_DEFAULT_URL).replace(/\/$/, '');
  return {
    source: 'live',
    history: (request) =>
      fetchTwelveDataHistory(
        {
          base,
          key: opts.key,
          names: Object.fromEntries(PRICE_SYMBOLS.map((s) => [s, vendorName(s)])) as Record<PriceSymbol, string>,
        },
        request,
      ),
    async fetch(): Promise<PriceMap> {
      if (!opts.key) throw new SetupRequiredError('PRICE_FEED_KEY is not set for the twelvedata price feed');
      const url = new URL(`${base}/price`);
      // The ticker's symbols and every catalogued instrument, each under its feed symbol from the catalogue.
      const symbols = quotedSymbols(PRICE_SYMBOLS);
      const names = new Map(symbols.map((s) => [s, vendorName(s)]));
      url.searchParams.set('symbol', [...new Set(names.values())].join(','));
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { authorization: `apikey ${opts.key}`, accept: 'application/json' },
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
      } catch (err) {
        throw new PriceFeedUnavailableError(`price feed unreachable: ${(err as Error).message}`);
      }
      const body = (await res.json().catch(() => undefined)) as (VendorError & Record<string, VendorPrice>) | undefined;
      const code = body?.status === 'error' ? (body.code ?? res.status) : res.status;
      if (code === 401 || code === 403)
        throw new SetupRequiredError(`the price feed refused the key: ${body?.message ?? res.statusText}`);
      if (!res.ok || !body || body.status === 'error') {
        throw new PriceFeedUnavailableError(`price feed answered ${code}: ${body?.message ?? res.statusText}`);
      }
      const out: PriceMap = {};
      for (const symbol of symbols) {
        const value = Number(body[names.get(symbol)!]?.price);
        if (Number.isFinite(value) && value > 0) out[symbol] = value;
      }
      if (Object.keys(out).length === 0) throw new PriceFeedUnavailableError('price feed answered no usable prices');
      return out;
    },
  };
}
