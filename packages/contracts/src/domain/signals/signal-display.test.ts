import { describe, expect, it } from 'vitest';
import { displayBias, sortSignalsForTable, truncateMemo } from './signal-display';

describe('signal display rules', () => {
  it('cuts the memo at 15 characters plus an ellipsis', () => {
    expect(truncateMemo('Short memo')).toBe('Short memo');
    expect(truncateMemo('exactly 15 char')).toBe('exactly 15 char');
    expect(truncateMemo('A much longer memo text here')).toBe('A much longer m...');
    expect(truncateMemo(null)).toBe('');
  });

  it('shows unknown biases as Bullish and reads known ones case-insensitively', () => {
    expect(displayBias('Bearish')).toBe('Bearish');
    expect(displayBias('potentially reversing')).toBe('Potentially Reversing');
    expect(displayBias('sideways')).toBe('Bullish');
    expect(displayBias(undefined)).toBe('Bullish');
  });

  it('sorts a copy: active and limit first, then newest', () => {
    const rows = [
      { id: 1, status: 'closed', createdAt: '2026-01-09T00:00:00Z' },
      { id: 2, status: 'limit', createdAt: '2026-01-01T00:00:00Z' },
      { id: 3, status: 'active', createdAt: '2026-01-02T00:00:00Z' },
    ];
    expect(sortSignalsForTable(rows).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
