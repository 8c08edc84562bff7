import { describe, expect, it } from 'vitest';
import { watchChange } from './watchlist';

const bar = (open: number, close: number) => ({
  time: 0,
  open,
  high: Math.max(open, close),
  low: Math.min(open, close),
  close,
});

describe('watchChange', () => {
  it('measures the last close against the first open in pips or points', () => {
    expect(watchChange('AUDUSD', [bar(0.65, 0.651), bar(0.651, 0.6525)])).toEqual({
      pips: 25,
      pipName: 'pips',
      percent: 0.38,
      trend: 'up',
    });
    expect(watchChange('GBPJPY', [bar(196.5, 196.2)])).toEqual({
      pips: -30,
      pipName: 'pips',
      percent: -0.15,
      trend: 'down',
    });
    expect(watchChange('US30', [bar(42000, 42150.5)])).toMatchObject({ pips: 150.5, pipName: 'points', trend: 'up' });
  });
  it('is unknown without bars', () => {
    expect(watchChange('AUDUSD', [])).toBeNull();
    expect(watchChange('AUDUSD', undefined)).toBeNull();
  });
});
