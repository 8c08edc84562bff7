import { describe, expect, it } from 'vitest';
import {
  closedState,
  floatingPips,
  floatingResult,
  heatmapCells,
  recentClosedSignals,
  showHeatmap,
  type HeatmapSignal,
} from './heatmap';

const base: HeatmapSignal = {
  id: 1,
  instrument: 'AUDUSD',
  direction: 'long',
  status: 'closed',
  entryPrice: 0.65,
  createdAt: '2026-01-01T00:00:00Z',
  closedAt: '2026-01-02T00:00:00Z',
  closeReason: 'target',
  result: { pips: 100, r: 2 },
  riskPips: 50,
};

describe('floatingPips', () => {
  it('counts pips for pairs (0.0001, 0.01 for JPY) and points for US30', () => {
    expect(floatingPips('AUDUSD', 'long', 0.65, 0.6512)).toBe(12);
    expect(floatingPips('GBPUSD', 'short', 1.345, 1.3462)).toBe(-12);
    expect(floatingPips('GBPJPY', 'SHORT', 196.1, 196.35)).toBe(-25);
    expect(floatingPips('US30', 'long', 42000, 42001.5)).toBe(1.5);
    expect(floatingPips('US30', 'short', 42258, 42000)).toBe(258);
  });
});

describe('the heat map', () => {
  it('values an open trade from the live price in pips and R, else from the server', () => {
    const open = { ...base, status: 'active', closedAt: null, closeReason: null, result: { pips: 4, r: 0.08 } };
    expect(floatingResult(open, 0.651)).toEqual({ pips: 10, r: 0.2 });
    expect(floatingResult({ ...open, direction: 'short' }, 0.651)).toEqual({ pips: -10, r: -0.2 });
    expect(floatingResult(open, null)).toEqual({ pips: 4, r: 0.08 });
    expect(floatingResult({ ...open, status: 'limit' }, 0.651)).toBeNull();
  });

  it('shows how a closed signal really ended', () => {
    expect(closedState(base)).toBe('target-hit');
    expect(closedState({ ...base, closeReason: 'stop', result: { pips: -50, r: -1 } })).toBe('stop-hit');
    expect(closedState({ ...base, closeReason: 'breakeven', result: { pips: 0, r: 0 } })).toBe('breakeven');
    expect(closedState({ ...base, closeReason: 'manual', result: { pips: 12, r: 0.24 } })).toBe('winning');
    expect(closedState({ ...base, closeReason: 'withdrawn', result: { pips: -12, r: -0.24 } })).toBe('losing');
  });

  const signals: HeatmapSignal[] = [
    { ...base, id: 1, closedAt: '2026-01-02T00:00:00Z' },
    {
      ...base,
      id: 2,
      status: 'active',
      closedAt: null,
      closeReason: null,
      result: null,
      createdAt: '2026-01-09T00:00:00Z',
    },
    { ...base, id: 3, closedAt: '2026-01-05T00:00:00Z', closeReason: 'stop', result: { pips: -50, r: -1 } },
    { ...base, id: 4, closedAt: '2026-01-07T00:00:00Z' },
    {
      ...base,
      id: 5,
      status: 'withdrawn',
      closedAt: '2026-01-06T00:00:00Z',
      closeReason: 'withdrawn',
      result: { pips: 5, r: 0.1 },
    },
    {
      ...base,
      id: 6,
      status: 'limit',
      closedAt: null,
      closeReason: null,
      result: null,
      createdAt: '2026-01-08T00:00:00Z',
    },
    { ...base, id: 7, status: 'cancelled', closedAt: '2026-01-08T00:00:00Z', closeReason: null, result: null },
    {
      ...base,
      id: 8,
      status: 'active',
      instrument: 'GBPJPY',
      entryPrice: 196,
      riskPips: 60,
      result: null,
      closedAt: null,
      createdAt: '2026-01-03T00:00:00Z',
    },
  ];

  it('takes the 3 most recent finished trades by closing time (cancelled ones never traded)', () => {
    expect(recentClosedSignals(signals).map((s) => s.id)).toEqual([4, 5, 3]);
    expect(recentClosedSignals(signals, 10).map((s) => s.id)).toEqual([4, 5, 3, 1]);
  });

  it('lists open trades first with their floating R, then the real outcomes', () => {
    const cells = heatmapCells(signals, { AUDUSD: 0.651, GBPJPY: undefined });
    expect(cells.map((c) => [c.signal.id, c.kind, c.state, c.pips, c.r])).toEqual([
      [2, 'open', 'winning', 10, 0.2],
      [8, 'open', 'neutral', null, null],
      [4, 'closed', 'target-hit', 100, 2],
      [5, 'closed', 'winning', 5, 0.1],
      [3, 'closed', 'stop-hit', -50, -1],
    ]);
  });

  it('shows only to subscribers with at least one signal', () => {
    expect(showHeatmap(true, 1)).toBe(true);
    expect(showHeatmap(true, 0)).toBe(false);
    expect(showHeatmap(false, 5)).toBe(false);
  });
});
