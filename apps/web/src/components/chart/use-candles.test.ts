import { describe, expect, it } from 'vitest';
import { candlesRefetchMs, SHORT_READ_BARS } from './use-candles';

describe('when the bars are read again', () => {
  it('after the timeframe’s interval once the history is there', () => {
    expect(candlesRefetchMs('15min', 96, 1)).toBe(5 * 60_000);
    expect(candlesRefetchMs('1min', 300, 1)).toBe(60_000);
    expect(candlesRefetchMs('daily', SHORT_READ_BARS, 1)).toBe(15 * 60_000);
  });

  it('soon after a short read (the history not filled yet), a few times only', () => {
    expect(candlesRefetchMs('15min', 0, 1)).toBe(15_000);
    expect(candlesRefetchMs('15min', SHORT_READ_BARS - 1, 4)).toBe(15_000);
    // A market closed for the weekend stays short: back to the interval after four quick reads.
    expect(candlesRefetchMs('15min', 3, 5)).toBe(5 * 60_000);
  });

  it('after the interval while nothing has been read', () => {
    expect(candlesRefetchMs('4h', undefined, 0)).toBe(15 * 60_000);
  });
});
