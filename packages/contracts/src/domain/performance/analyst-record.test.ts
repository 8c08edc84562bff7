import { describe, expect, it } from 'vitest';
import {
  authorAnalystId,
  leaderboardFigures,
  matchesRecordFilter,
  rankLeaderboard,
  signalAuthorship,
  windowStart,
  type LeaderboardFigures,
} from './analyst-record';

const trade = (signalId: number, closedAt: string, r: number) => ({
  signalId,
  instrument: 'EURUSD',
  direction: 'BUY',
  closedAt,
  r,
});

describe('authorship from the chain', () => {
  it('reads the analyst id of an author place, null for the desk', () => {
    expect(authorAnalystId(`analyst:12;name:${'a'.repeat(64)}`)).toBe(12);
    expect(authorAnalystId(null)).toBeNull();
    expect(authorAnalystId('desk')).toBeNull();
  });

  it("takes each signal's created event and filters by analyst and room", () => {
    const who = signalAuthorship([
      { signalId: 1, type: 'created', context: { room: 'fx', author: 'analyst:3;name:x' } },
      { signalId: 1, type: 'filled', context: null },
      { signalId: 2, type: 'created', context: { room: 'indices', author: null } },
      { signalId: 3, type: 'created' },
    ]);
    expect(who.get(1)).toEqual({ analystId: 3, room: 'fx' });
    expect(who.get(2)).toEqual({ analystId: null, room: 'indices' });
    expect(who.get(3)).toEqual({ analystId: null, room: null });
    expect(matchesRecordFilter(who.get(1), { analystId: 3 })).toBe(true);
    expect(matchesRecordFilter(who.get(1), { analystId: 3, room: 'indices' })).toBe(false);
    expect(matchesRecordFilter(who.get(2), { room: 'indices' })).toBe(true);
    expect(matchesRecordFilter(undefined, { room: 'indices' })).toBe(false);
    expect(matchesRecordFilter(undefined, {})).toBe(true);
  });
});

describe('leaderboard', () => {
  const now = new Date('2026-06-30T00:00:00Z');

  it('counts only trades closed inside the window; a partial target above zero is a win', () => {
    expect(windowStart('all', now)).toBeNull();
    expect(windowStart('30d', now)!.toISOString()).toBe('2026-05-31T00:00:00.000Z');
    const trades = [
      trade(1, '2026-01-10T00:00:00Z', -1),
      trade(2, '2026-06-10T00:00:00Z', 0.5),
      trade(3, '2026-06-20T00:00:00Z', -1),
      trade(4, '2026-06-25T00:00:00Z', 2),
    ];
    // 30 days: +0.5, −1, +2 → wins 2/3; expectancy (2/3)·1.25 − (1/3)·1 = 0.5; PF 2.5/1; drawdown 1.
    expect(leaderboardFigures(trades, '30d', now)).toEqual({
      n: 3,
      expectancy: 0.5,
      winRate: 0.6667,
      profitFactor: 2.5,
      maxDrawdownR: 1,
      totalR: 1.5,
    });
    expect(leaderboardFigures(trades, 'all', now).n).toBe(4);
  });

  it('ranks by expectancy only past the minimum number of trades', () => {
    const f = (n: number, expectancy: number): LeaderboardFigures => ({
      n,
      expectancy,
      winRate: null,
      profitFactor: null,
      maxDrawdownR: 0,
      totalR: 0,
    });
    const rows = rankLeaderboard(
      [
        { key: 'few', figures: f(3, 5) },
        { key: 'low', figures: f(25, 0.1) },
        { key: 'high', figures: f(20, 0.4) },
      ],
      20,
    );
    expect(rows.map((r) => [r.key, r.rank])).toEqual([
      ['high', 1],
      ['low', 2],
      ['few', null],
    ]);
  });
});
