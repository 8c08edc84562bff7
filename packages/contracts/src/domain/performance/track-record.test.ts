import { describe, expect, it } from 'vitest';
import { recordFigures, type RecordTrade } from './track-record';

const trade = (signalId: number, r: number, closedAt: string, instrument = 'AUDUSD'): RecordTrade => ({
  signalId,
  instrument,
  direction: 'long',
  closedAt,
  r,
});

describe('track record figures (hand-computed fixtures)', () => {
  it('answers zero trades without inventing ratios', () => {
    expect(recordFigures([])).toEqual({
      signalsTaken: 0,
      wins: 0,
      losses: 0,
      breakevens: 0,
      winRate: null,
      winRateExBreakeven: null,
      totalR: 0,
      averageR: null,
      averageWinR: null,
      averageLossR: null,
      expectancy: null,
      expectancyRatio: null,
      profitFactor: null,
      maxDrawdownR: 0,
      longestWinStreak: 0,
      longestLossStreak: 0,
      bestR: null,
      worstR: null,
      equity: [],
      byInstrument: [],
      byMonth: [],
    });
  });

  it('computes a mixed record: W L B W L L W', () => {
    // Given out of order on purpose: the figures follow the exit times.
    const trades = [
      trade(7, 3, '2026-10-07T00:00:00Z', 'US30'),
      trade(1, 2, '2026-09-01T00:00:00Z'),
      trade(2, -1, '2026-09-02T00:00:00Z', 'GBPJPY'),
      trade(3, 0, '2026-09-03T00:00:00Z'),
      trade(4, 1.5, '2026-09-04T00:00:00Z', 'US30'),
      trade(5, -1, '2026-10-05T00:00:00Z', 'GBPJPY'),
      trade(6, -1, '2026-10-06T00:00:00Z'),
    ];
    const f = recordFigures(trades);
    expect(f).toMatchObject({
      signalsTaken: 7,
      wins: 3,
      losses: 3,
      breakevens: 1,
      winRate: 0.4286, // 3 / 7
      winRateExBreakeven: 0.5, // 3 / 6
      totalR: 3.5,
      averageR: 0.5,
      averageWinR: 2.17, // 6.5 / 3
      averageLossR: -1,
      expectancy: 0.5, // 3/7 × 2.1667 − 3/7 × 1
      expectancyRatio: 0.36, // (1 + 2.1667 / 1) × 3/7 − 1
      profitFactor: 2.17, // 6.5 / 3
      maxDrawdownR: 2, // peak 2.5 after trade 4, trough 0.5 after trade 6
      longestWinStreak: 1,
      longestLossStreak: 2,
      bestR: 3,
      worstR: -1,
    });
    expect(f.equity.map((p) => p.cumulativeR)).toEqual([2, 1, 1, 2.5, 1.5, 0.5, 3.5]);
    expect(f.equity.map((p) => p.signalId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(f.byInstrument).toEqual([
      { key: 'AUDUSD', trades: 3, wins: 1, losses: 1, breakevens: 1, winRate: 0.3333, totalR: 1, averageR: 0.33 },
      { key: 'GBPJPY', trades: 2, wins: 0, losses: 2, breakevens: 0, winRate: 0, totalR: -2, averageR: -1 },
      { key: 'US30', trades: 2, wins: 2, losses: 0, breakevens: 0, winRate: 1, totalR: 4.5, averageR: 2.25 },
    ]);
    expect(f.byMonth).toEqual([
      { key: '2026-09', trades: 4, wins: 2, losses: 1, breakevens: 1, winRate: 0.5, totalR: 2.5, averageR: 0.63 },
      { key: '2026-10', trades: 3, wins: 1, losses: 2, breakevens: 0, winRate: 0.3333, totalR: 1, averageR: 0.33 },
    ]);
  });

  it('computes all wins: no profit factor (infinite), no drawdown', () => {
    const f = recordFigures([trade(1, 1, '2026-09-01T00:00:00Z'), trade(2, 2.5, '2026-09-02T00:00:00Z')]);
    expect(f).toMatchObject({
      signalsTaken: 2,
      winRate: 1,
      winRateExBreakeven: 1,
      totalR: 3.5,
      averageR: 1.75,
      expectancy: 1.75,
      expectancyRatio: null,
      profitFactor: null,
      maxDrawdownR: 0,
      longestWinStreak: 2,
      longestLossStreak: 0,
    });
  });

  it('computes all losses: the drawdown counts from the start at 0 R', () => {
    const f = recordFigures([
      trade(1, -1, '2026-09-01T00:00:00Z'),
      trade(2, -1, '2026-09-02T00:00:00Z'),
      trade(3, -0.5, '2026-09-03T00:00:00Z'),
    ]);
    expect(f).toMatchObject({
      signalsTaken: 3,
      wins: 0,
      losses: 3,
      winRate: 0,
      winRateExBreakeven: 0,
      totalR: -2.5,
      averageR: -0.83,
      averageWinR: null,
      averageLossR: -0.83,
      expectancy: -0.83,
      expectancyRatio: -1,
      profitFactor: 0,
      maxDrawdownR: 2.5,
      longestWinStreak: 0,
      longestLossStreak: 3,
    });
  });

  it('ends both streaks at a break-even', () => {
    const f = recordFigures([
      trade(1, 1, '2026-09-01T00:00:00Z'),
      trade(2, 1, '2026-09-02T00:00:00Z'),
      trade(3, 0, '2026-09-03T00:00:00Z'),
      trade(4, 1, '2026-09-04T00:00:00Z'),
    ]);
    expect(f.longestWinStreak).toBe(2);
  });
});
