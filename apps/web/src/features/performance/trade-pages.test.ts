import { describe, expect, it } from 'vitest';
import { tradePage, TRADES_PER_PAGE } from './trade-pages';

describe('the closed trades a page at a time', () => {
  const trades = Array.from({ length: 43 }, (_, i) => i + 1); // oldest first, as the record lists them

  it('shows the newest first, twenty a page, the last page holding the rest', () => {
    expect(TRADES_PER_PAGE).toBe(20);
    const one = tradePage(trades, 1);
    expect(one).toMatchObject({ pages: 3, current: 1, first: 0 });
    expect(one.rows).toHaveLength(20);
    expect(one.rows[0]).toBe(43);
    expect(one.rows[19]).toBe(24);
    const three = tradePage(trades, 3);
    expect(three).toMatchObject({ pages: 3, current: 3, first: 40 });
    expect(three.rows).toEqual([3, 2, 1]);
    // Every trade is on exactly one page.
    expect([1, 2, 3].flatMap((p) => tradePage(trades, p).rows).sort((a, b) => a - b)).toEqual(trades);
  });

  it('keeps to the pages there are', () => {
    expect(tradePage(trades, 9)).toMatchObject({ current: 3, first: 40 });
    expect(tradePage(trades, 0)).toMatchObject({ current: 1, first: 0 });
    expect(tradePage([], 1)).toMatchObject({ pages: 1, current: 1, rows: [] });
    expect(tradePage(trades.slice(0, 20), 1)).toMatchObject({ pages: 1 });
  });
});
