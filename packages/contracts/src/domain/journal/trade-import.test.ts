import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeReport,
  formatUtcOffset,
  instrumentOfSymbol,
  matchTrades,
  parseMt5Report,
  parseSymbolMap,
  parseTradeCsv,
  ReportError,
  SERVER_OFFSET_CHOICES,
  suggestOffset,
  type MatchableSignal,
} from './trade-import';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url)));
const KNOWN = ['AUDUSD', 'GBPJPY', 'US30', 'XAUUSD'];

// The signals the fixture's trades followed (UTC); the report's server keeps UTC+3.
const SIGNALS: MatchableSignal[] = [
  {
    id: 1,
    instrument: 'AUDUSD',
    direction: 'long',
    publishedAt: '2026-11-10T12:00:00Z',
    closedAt: '2026-11-10T16:00:00Z',
  },
  {
    id: 2,
    instrument: 'GBPJPY',
    direction: 'short',
    publishedAt: '2026-11-11T08:30:00Z',
    closedAt: '2026-11-11T14:00:00Z',
  },
  { id: 3, instrument: 'XAUUSD', direction: 'long', publishedAt: '2026-11-12T09:00:00Z', closedAt: null },
  // Same instrument, the other direction: never matched to a buy.
  { id: 4, instrument: 'AUDUSD', direction: 'short', publishedAt: '2026-11-10T11:59:00Z', closedAt: null },
];

describe('MetaTrader 5 Trade History Report', () => {
  const trades = parseMt5Report(decodeReport(fixture('mt5-trade-history-utc+3.html')));

  it('reads the Positions section of the UTF-16 file, not Orders or Deals', () => {
    expect(trades.map((t) => t.ref)).toEqual(['50011001', '50011002', '50011003', '50011004']);
    expect(trades[0]).toEqual({
      ref: '50011001',
      symbol: 'AUDUSD.m',
      direction: 'long',
      volume: 1,
      openTime: '2026-11-10T15:01:05',
      openPrice: 0.6501,
      closeTime: '2026-11-10T18:30:00',
      closePrice: 0.6539,
      // 380.00 − 7.00 commission + 0 swap.
      profit: 373,
    });
    // Thousands separated by spaces; commission and swap in the profit.
    expect(trades[2]).toMatchObject({ symbol: 'XAUUSDm', openPrice: 4106.17, closePrice: 4101.093, profit: -50.77 });
    expect(trades[1]).toMatchObject({ direction: 'short', profit: 257.7 });
  });

  it('suggests the server’s offset from the matches: +3 hours', () => {
    expect(suggestOffset(trades, SIGNALS, { known: KNOWN })).toBe(180);
  });

  it('matches by instrument (suffix folded), direction and time at that offset; the rest is unmatched', () => {
    const matches = matchTrades(trades, SIGNALS, { offsetMinutes: 180, known: KNOWN });
    expect(matches.map((m) => [m.trade.ref, m.instrument, m.signalId])).toEqual([
      ['50011001', 'AUDUSD', 1],
      ['50011002', 'GBPJPY', 2],
      ['50011003', 'XAUUSD', 3],
      ['50011004', null, null],
    ]);
    expect(matches[0]!.openedAt).toBe('2026-11-10T12:01:05.000Z');
    expect(matches[0]!.closedAt).toBe('2026-11-10T15:30:00.000Z');
    // At the wrong offset the AUDUSD trade opens after its signal ended.
    expect(matchTrades(trades, SIGNALS, { offsetMinutes: -120, known: KNOWN })[0]!.signalId).toBeNull();
  });

  it('refuses a file that is no such report', () => {
    expect(() => parseMt5Report('<html><body>hello</body></html>')).toThrow(ReportError);
    expect(() => parseMt5Report('<title>Trade History Report</title><table></table>')).toThrow(/no closed positions/);
  });
});

describe('the generic CSV', () => {
  it('reads its columns, with zones kept and wall times left for the offset', () => {
    const trades = parseTradeCsv(new TextDecoder().decode(fixture('trades.csv')));
    expect(trades.map((t) => [t.ref, t.symbol, t.direction, t.openTime])).toEqual([
      ['t-1', 'AUDUSD', 'long', '2026-11-10T12:01:05Z'],
      ['t-2', 'GBPJPY.m', 'short', '2026-11-11T08:32:40+00:00'],
      ['t-3', 'US30', 'long', '2026-11-13T10:00:00'],
    ]);
    const m = matchTrades(trades, SIGNALS, { offsetMinutes: 600, known: KNOWN });
    // Times with a zone ignore the offset.
    expect(m.map((x) => x.signalId)).toEqual([1, 2, null]);
  });

  it('names the row it cannot read, and the column it lacks', () => {
    expect(() =>
      parseTradeCsv('symbol,direction,volume,open_time,open_price\nAUDUSD,up,1,2026-11-10T12:00:00Z,0.65\n'),
    ).toThrow(/Row 2/);
    expect(() => parseTradeCsv('symbol,direction\nAUDUSD,buy\n')).toThrow(/volume column/);
  });
});

describe('broker symbols', () => {
  it('folds suffixes, and the subscriber’s map wins', () => {
    expect(instrumentOfSymbol('GBPJPY.m', KNOWN)).toBe('GBPJPY');
    expect(instrumentOfSymbol('XAUUSDm', KNOWN)).toBe('XAUUSD');
    expect(instrumentOfSymbol('US30-ecn', KNOWN)).toBe('US30');
    expect(instrumentOfSymbol('DJ30', KNOWN)).toBeNull();
    expect(instrumentOfSymbol('DJ30', KNOWN, { DJ30: 'US30' })).toBe('US30');
  });
});

describe('the import form’s fields', () => {
  it('offers every half hour from UTC-12:00 to UTC+14:00 and writes them as the terminal shows them', () => {
    expect(SERVER_OFFSET_CHOICES).toHaveLength(53);
    expect([SERVER_OFFSET_CHOICES[0], SERVER_OFFSET_CHOICES.at(-1)]).toEqual([-720, 840]);
    expect([180, -330, 0, 840].map(formatUtcOffset)).toEqual(['UTC+03:00', 'UTC-05:30', 'UTC±00:00', 'UTC+14:00']);
  });

  it('reads a suffix map typed by hand, and names the first pair it cannot read', () => {
    expect(parseSymbolMap('DJ30=US30, GER40.cash = de40\nXAU: XAUUSD;')).toEqual({
      map: { DJ30: 'US30', 'GER40.cash': 'DE40', XAU: 'XAUUSD' },
    });
    expect(parseSymbolMap('  ')).toEqual({ map: {} });
    expect(parseSymbolMap('DJ30=US30, US30')).toEqual({ error: '“US30” is not BROKER=OURS (for example DJ30=US30)' });
  });
});
