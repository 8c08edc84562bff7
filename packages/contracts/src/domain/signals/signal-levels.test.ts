import { describe, expect, it } from 'vitest';
import { distancePips, levelIssues, riskPips, rMultiple, roundTo, toPips, tradeResult } from './signal-levels';

const long = { direction: 'long', entryPrice: 1.3, slPrice: 1.295, t0Price: 1.305, t1Price: 1.31 };
const short = { direction: 'short', entryPrice: 196.45, slPrice: 197.2, t0Price: 195.6, t1Price: 194.3 };

describe('levelIssues', () => {
  it('accepts sensible levels in both directions (T0 may equal T1)', () => {
    expect(levelIssues(long)).toEqual([]);
    expect(levelIssues(short)).toEqual([]);
    expect(levelIssues({ ...long, t1Price: long.t0Price })).toEqual([]);
    expect(levelIssues({ ...short, direction: 'SHORT', t1Price: short.t0Price })).toEqual([]);
  });

  it('names each broken rule of a long', () => {
    expect(levelIssues({ ...long, slPrice: 1.3 })).toEqual([
      { field: 'slPrice', message: 'SL price must be below the entry price for a long signal' },
    ]);
    expect(levelIssues({ ...long, t0Price: 1.299 })).toEqual([
      { field: 't0Price', message: 'Take Profit 0 must be above the entry price for a long signal' },
    ]);
    expect(levelIssues({ ...long, t1Price: 1.304 })).toEqual([
      { field: 't1Price', message: 'Take Profit 1 must be at or above Take Profit 0 for a long signal' },
    ]);
  });

  it('names each broken rule of a short: the issue report (stop below entry, targets above)', () => {
    const wrong = { direction: 'short', entryPrice: 1.3, slPrice: 1.29, t0Price: 1.31, t1Price: 1.32 };
    expect(levelIssues(wrong)).toEqual([
      { field: 'slPrice', message: 'SL price must be above the entry price for a short signal' },
      { field: 't0Price', message: 'Take Profit 0 must be below the entry price for a short signal' },
      { field: 't1Price', message: 'Take Profit 1 must be at or below Take Profit 0 for a short signal' },
    ]);
  });

  it('compares only what is known, and nothing without a direction', () => {
    expect(levelIssues({ direction: 'long', slPrice: 2 })).toEqual([]);
    expect(levelIssues({ entryPrice: 1, slPrice: 2 })).toEqual([]);
    expect(levelIssues({ direction: 'long', entryPrice: 1.3, t1Price: 1.2 })).toEqual([
      { field: 't1Price', message: 'Take Profit 1 must be above the entry price for a long signal' },
    ]);
  });
});

describe('pip and R maths', () => {
  it('converts with the instrument pip factor', () => {
    expect(toPips('AUDUSD', 0.0035)).toBe(35);
    expect(toPips('GBPJPY', 0.75)).toBe(75);
    expect(toPips('US30', 350)).toBe(350);
    expect(riskPips('GBPJPY', 196.45, 197.2)).toBe(75);
    expect(riskPips('GBPUSD', 1.338, 1.333)).toBe(50);
  });

  it('answers targets as R multiples: reward ÷ |entry − stop|', () => {
    expect(rMultiple('long', 1.3, 1.295, 1.305)).toBe(1);
    expect(rMultiple('long', 1.3, 1.295, 1.3125)).toBe(2.5);
    expect(rMultiple('short', 196.45, 197.2, 194.3)).toBe(2.87);
    expect(rMultiple('long', 1.3, 1.3, 1.31)).toBeNull();
  });

  it('measures the distance from the live price to the entry', () => {
    expect(distancePips('AUDUSD', 0.65, 0.6485)).toBe(-15);
    expect(distancePips('US30', 42500, 42510.5)).toBe(10.5);
  });

  it('values a trade in pips and in R against the risk at publication', () => {
    expect(tradeResult('GBPJPY', 'short', 196.45, 194.3, 0.75)).toEqual({ pips: 215, r: 2.87 });
    expect(tradeResult('AUDUSD', 'long', 0.65, 0.6465, 0.0035)).toEqual({ pips: -35, r: -1 });
    expect(tradeResult('AUDUSD', 'long', 0.65, 0.65, 0.0035)).toEqual({ pips: 0, r: 0 });
    expect(tradeResult('AUDUSD', 'long', null, 0.65, 0.0035)).toBeNull();
    expect(tradeResult('AUDUSD', 'long', 0.65, 0.66, 0)).toBeNull();
  });

  it('rounds without floating-point noise', () => {
    expect(roundTo(0.1 + 0.2, 5)).toBe(0.3);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-0.0001, 2)).toBe(0);
  });
});
