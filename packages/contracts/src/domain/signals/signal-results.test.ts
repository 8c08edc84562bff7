import { describe, expect, it } from 'vitest';
import { formatDuration, formatPercent, formatPips, formatR, realisedRSince } from './signal-results';

describe('result display', () => {
  it('signs pips and R, and shows -- when unknown', () => {
    expect(formatPips(12.5)).toBe('+12.5 pips');
    expect(formatPips(-30)).toBe('−30.0 pips');
    expect(formatPips(0)).toBe('0.0 pips');
    expect(formatR(2.866)).toBe('+2.87R');
    expect(formatR(-1)).toBe('−1.00R');
    expect(formatR(null)).toBe('--');
    expect(formatPercent(0.4286)).toBe('42.9%');
    expect(formatDuration(27 * 3600_000 + 5 * 60_000)).toBe('1d 3h');
    expect(formatDuration(65 * 60_000)).toBe('1h 5m');
  });

  it("sums today's realised R from signals closed since midnight", () => {
    const midnight = new Date('2026-11-26T00:00:00Z');
    const signals = [
      { status: 'closed', closedAt: '2026-11-26T09:00:00Z', result: { pips: 30, r: 2 } },
      { status: 'withdrawn', closedAt: '2026-11-26T10:00:00Z', result: { pips: -5, r: -0.25 } },
      { status: 'closed', closedAt: '2026-11-25T23:59:00Z', result: { pips: -30, r: -1 } },
      { status: 'active', closedAt: null, result: { pips: 10, r: 0.5 } },
      { status: 'cancelled', closedAt: '2026-11-26T11:00:00Z', result: null },
    ];
    expect(realisedRSince(signals, midnight)).toEqual({ r: 1.75, trades: 2 });
    expect(realisedRSince(signals.slice(2), midnight)).toBeNull();
  });
});
