import { describe, expect, it } from 'vitest';
import { copierBlock, parseCopierBlock, type CopierLevels } from './copier-block';

const eurusd: CopierLevels = {
  instrument: 'EURUSD',
  direction: 'long',
  orderType: 'limit',
  entryPrice: 1.08345,
  slPrice: 1.08,
  t0Price: 1.087,
  t1Price: 1.09,
  t0Share: 50,
};

describe('copier block', () => {
  it('is the documented five lines: symbol and side with the pending type, entry, SL, TP1 and TP2 with their shares', () => {
    expect(copierBlock(eurusd)).toBe(
      ['#EURUSD BUY LIMIT', 'Entry: 1.08345', 'SL: 1.08000', 'TP1: 1.08700 (50%)', 'TP2: 1.09000 (50%)'].join('\n'),
    );
  });

  it('says SELL for a short, STOP for a stop order, nothing for a market order, and prices without thousands separators', () => {
    const us30 = {
      instrument: 'US30',
      direction: 'short',
      orderType: 'market',
      entryPrice: 42762.5,
      slPrice: 42900,
      t0Price: 42600,
      t1Price: 42400,
      t0Share: 30,
    } as const;
    expect(copierBlock(us30).split('\n')).toEqual([
      '#US30 SELL',
      'Entry: 42762.50',
      'SL: 42900.00',
      'TP1: 42600.00 (30%)',
      'TP2: 42400.00 (70%)',
    ]);
    expect(copierBlock({ ...eurusd, orderType: 'stop' }).split('\n')[0]).toBe('#EURUSD BUY STOP');
    expect(
      copierBlock({
        ...eurusd,
        instrument: 'GBPJPY',
        entryPrice: 196.45,
        slPrice: 195.6,
        t0Price: 197.2,
        t1Price: 198.3,
      }).split('\n')[1],
    ).toBe('Entry: 196.450');
  });

  it('reads back what it writes, at the end of any message', () => {
    const cases: CopierLevels[] = [
      eurusd,
      {
        ...eurusd,
        direction: 'short',
        orderType: 'market',
        entryPrice: 1.08345,
        slPrice: 1.089,
        t0Price: 1.08,
        t1Price: 1.075,
        t0Share: 33.33,
      },
      {
        instrument: 'BTCUSD',
        direction: 'long',
        orderType: 'stop',
        entryPrice: 110140.25,
        slPrice: 109000,
        t0Price: 111000,
        t1Price: 112500,
        t0Share: 0,
      },
    ];
    for (const c of cases) {
      const message = `<b>EURUSD LONG PUBLISHED</b>\nNew signal: entry …\n\n${copierBlock(c)}`;
      expect(parseCopierBlock(message)).toEqual(c);
    }
  });

  it('finds no block in a message without one, or with a line missing', () => {
    expect(parseCopierBlock('EURUSD LONG PUBLISHED\nEntry 1.08345')).toBeNull();
    expect(
      parseCopierBlock(
        copierBlock(eurusd)
          .split('\n')
          .filter((l) => !l.startsWith('SL'))
          .join('\n'),
      ),
    ).toBeNull();
  });
});
