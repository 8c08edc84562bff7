import { describe, expect, it } from 'vitest';
import { formatPrice, formatSignalPrice, pipFactor, priceDecimals, tickerItem, tickerItems } from './prices';

describe('price rules', () => {
  it('chooses decimals per instrument', () => {
    expect(priceDecimals('AUDUSD')).toBe(5);
    expect(priceDecimals('GBPJPY')).toBe(3);
    expect(priceDecimals('US30')).toBe(2);
    expect(priceDecimals('BTCUSD')).toBe(2);
    expect(priceDecimals('XAUUSD')).toBe(2);
    expect(formatPrice('US30', 42762)).toBe('42,762.00');
    expect(formatPrice('GBPJPY', 196.1221)).toBe('196.122');
    expect(formatPrice('AUDUSD', 0.65169)).toBe('0.65169');
    expect(formatPrice('XAUUSD', 3346.7)).toBe('3346.70');
    expect(formatPrice('AUDUSD', null)).toBe('--');
  });

  it('uses pip factor 100 for JPY pairs, 1 (points) for US30, 10000 otherwise', () => {
    expect(pipFactor('GBPJPY')).toBe(100);
    expect(pipFactor('US30')).toBe(1);
    expect(pipFactor('AUDUSD')).toBe(10000);
    expect(pipFactor('gbpusd')).toBe(10000);
  });

  it('formats AUDUSD and GBPUSD signal prices to 5 decimals only', () => {
    expect(formatSignalPrice('AUDUSD', 0.6512)).toBe('0.65120');
    expect(formatSignalPrice('GBPUSD', '1.3')).toBe('1.30000');
    expect(formatSignalPrice('GBPJPY', 196.1)).toBe('196.1');
  });

  it('computes ticker changes in pips, points and percent', () => {
    const aud = tickerItem('AUDUSD', 0.65169);
    expect(aud.change).toBe('+18.9 pips');
    expect(aud.percent).toBe('+0.29%');
    expect(aud.trend).toBe('up');
    const us30 = tickerItem('US30', 42762);
    expect(us30.change).toBe('-88 pts');
    expect(us30.trend).toBe('down');
    expect(tickerItem('GBPJPY', 196.12).trend).toBe('up'); // zero change counts as up
  });

  it('falls back to static prices and never uses live BTCUSD or XAUUSD', () => {
    const items = tickerItems({ AUDUSD: 0.66, BTCUSD: 1 });
    expect(items.find((i) => i.symbol === 'AUDUSD')!.price).toBe('0.66000');
    expect(items.find((i) => i.symbol === 'BTCUSD')!.price).toBe('110,140.00');
    expect(tickerItems(undefined).map((i) => i.symbol)).toEqual(['AUDUSD', 'GBPJPY', 'US30', 'BTCUSD', 'XAUUSD']);
  });
});
