import { describe, expect, it } from 'vitest';
import { floatingPips, heatmapCells, heatmapState, recentClosedSignals, showHeatmap, type HeatmapSignal } from './heatmap';

const base: HeatmapSignal = {
  id: 1,
  instrument: 'AUDUSD',
  direction: 'long',
  status: 'closed',
  entryPrice: 0.65,
  slPrice: 0.645,
  targetPrice: 0.66,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('floatingPips', () => {
  it('uses 10000 for ordinary pairs', () => {
    expect(floatingPips('AUDUSD', 'long', 0.65, 0.6512)).toBe(12);
    expect(floatingPips('GBPUSD', 'short', 1.345, 1.3462)).toBe(-12);
  });
  it('uses 100 for JPY pairs and US30', () => {
    expect(floatingPips('GBPJPY', 'long', 196.1, 196.35)).toBe(25);
    expect(floatingPips('GBPJPY', 'SHORT', 196.1, 196.35)).toBe(-25);
    expect(floatingPips('US30', 'long', 42000, 42001.5)).toBe(150);
  });
});

describe('heatmapState', () => {
  it('is neutral without a live price', () => {
    expect(heatmapState(base, null)).toBe('neutral');
    expect(heatmapState(base, undefined)).toBe('neutral');
    expect(heatmapState(base, Number.NaN)).toBe('neutral');
  });
  it('reaches the target in the trade direction', () => {
    expect(heatmapState(base, 0.66)).toBe('target-hit');
    expect(heatmapState(base, 0.67)).toBe('target-hit');
    const short = { ...base, direction: 'Short', slPrice: 0.655, targetPrice: 0.64 };
    expect(heatmapState(short, 0.64)).toBe('target-hit');
    expect(heatmapState(short, 0.63)).toBe('target-hit');
  });
  it('hits the stop at or beyond it on the losing side', () => {
    expect(heatmapState(base, 0.645)).toBe('stop-hit');
    expect(heatmapState(base, 0.64)).toBe('stop-hit');
    const short = { ...base, direction: 'short', slPrice: 0.655, targetPrice: 0.64 };
    expect(heatmapState(short, 0.655)).toBe('stop-hit');
    expect(heatmapState(short, 0.7)).toBe('stop-hit');
  });
  it('is winning above 0 pips and losing otherwise', () => {
    expect(heatmapState(base, 0.6501)).toBe('winning');
    expect(heatmapState(base, 0.65)).toBe('losing');
    expect(heatmapState(base, 0.6499)).toBe('losing');
    const short = { ...base, direction: 'short', slPrice: 0.655, targetPrice: 0.64 };
    expect(heatmapState(short, 0.6499)).toBe('winning');
    expect(heatmapState(short, 0.6501)).toBe('losing');
  });
});

describe('recentClosedSignals and cells', () => {
  const signals: HeatmapSignal[] = [
    { ...base, id: 1, createdAt: '2026-01-01T00:00:00Z' },
    { ...base, id: 2, status: 'active', createdAt: '2026-01-09T00:00:00Z' },
    { ...base, id: 3, createdAt: '2026-01-03T00:00:00Z' },
    { ...base, id: 4, status: 'CLOSED', createdAt: '2026-01-05T00:00:00Z' },
    { ...base, id: 5, instrument: 'GBPJPY', entryPrice: 196, slPrice: 195, targetPrice: 198, createdAt: '2026-01-04T00:00:00Z' },
    { ...base, id: 6, status: 'limit', createdAt: '2026-01-08T00:00:00Z' },
  ];
  it('takes the 3 most recent closed signals, newest first', () => {
    expect(recentClosedSignals(signals).map((s) => s.id)).toEqual([4, 5, 3]);
    expect(recentClosedSignals(signals, 10).map((s) => s.id)).toEqual([4, 5, 3, 1]);
  });
  it('derives pips and state from the live prices map', () => {
    const cells = heatmapCells(signals, { AUDUSD: 0.651, GBPJPY: undefined });
    expect(cells.map((c) => [c.signal.id, c.state, c.pips])).toEqual([
      [4, 'winning', 10],
      [5, 'neutral', null],
      [3, 'winning', 10],
    ]);
    expect(heatmapCells(signals, null).every((c) => c.state === 'neutral')).toBe(true);
  });
  it('shows only to subscribers with at least one signal', () => {
    expect(showHeatmap(true, 1)).toBe(true);
    expect(showHeatmap(true, 0)).toBe(false);
    expect(showHeatmap(false, 5)).toBe(false);
  });
});
