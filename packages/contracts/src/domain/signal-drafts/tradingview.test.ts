import { afterEach, describe, expect, it } from 'vitest';
import { INSTRUMENT_PRESETS, setInstrumentCatalogue } from '../instruments/instruments';
import { directionOfAlert, instrumentOfTicker } from './tradingview';

describe('TradingView tickers and directions', () => {
  afterEach(() => setInstrumentCatalogue([]));

  it('maps a ticker with or without its exchange onto the catalogue, by our symbol or the feed symbol', () => {
    expect(instrumentOfTicker('GBPUSD')).toBe('GBPUSD');
    expect(instrumentOfTicker('FX:GBPUSD')).toBe('GBPUSD');
    expect(instrumentOfTicker('oanda:audusd')).toBe('AUDUSD');
    expect(instrumentOfTicker('FX_IDC:GBP/JPY')).toBe('GBPJPY');
    expect(instrumentOfTicker('TVC:DJI')).toBe('US30');
    expect(instrumentOfTicker('US30')).toBe('US30');
  });

  it('knows only what the catalogue holds: EURUSD once an administrator added it', () => {
    expect(instrumentOfTicker('FX:EURUSD')).toBeNull();
    setInstrumentCatalogue([INSTRUMENT_PRESETS.EURUSD!]);
    expect(instrumentOfTicker('FX:EURUSD')).toBe('EURUSD');
    expect(instrumentOfTicker('NASDAQ:AAPL')).toBeNull();
    expect(instrumentOfTicker('')).toBeNull();
    expect(instrumentOfTicker('FX:')).toBeNull();
  });

  it('reads buy/sell (strategy.order.action) and long/short in any case', () => {
    expect(directionOfAlert('buy')).toBe('long');
    expect(directionOfAlert(' SELL ')).toBe('short');
    expect(directionOfAlert('Long')).toBe('long');
    expect(directionOfAlert('short')).toBe('short');
    expect(directionOfAlert('flat')).toBeNull();
  });
});
