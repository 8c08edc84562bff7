import { describe, expect, it } from 'vitest';
import { openShare, partsOf, weightedResult } from './signal-parts';

describe('a trade closed in parts', () => {
  // GBPUSD long filled at 1.3000, risk 0.0050 (50 pips); T0 at 1.3050 (+1R).
  it("50 % at T0 then the rest stopped at entry is +0.5 × T0's R", () => {
    const parts = [
      { kind: 't0' as const, share: 50, price: 1.305 },
      { kind: 'exit' as const, share: 50, price: 1.3 },
    ];
    expect(weightedResult('GBPUSD', 'long', 1.3, 0.005, parts, null)).toEqual({ pips: 25, r: 0.5 });
  });

  it('values what is still open at the given price, and nothing without one', () => {
    const parts = [{ kind: 't0' as const, share: 50, price: 1.305 }];
    expect(weightedResult('GBPUSD', 'long', 1.3, 0.005, parts, 1.31)).toEqual({ pips: 75, r: 1.5 });
    expect(weightedResult('GBPUSD', 'long', 1.3, 0.005, parts, null)).toEqual({ pips: 25, r: 0.5 });
    expect(weightedResult('GBPUSD', 'long', 1.3, 0.005, [], null)).toBeNull();
    expect(weightedResult('GBPUSD', 'long', 1.3, 0.005, [], 1.295)).toEqual({ pips: -50, r: -1 });
  });

  it('weighs a short, three parts and a loss', () => {
    const parts = [
      { kind: 't0' as const, share: 25, price: 1.29 },
      { kind: 'manual' as const, share: 25, price: 1.295 },
      { kind: 'exit' as const, share: 50, price: 1.306 },
    ];
    // +2R × 0.25 + 1R × 0.25 − 1.2R × 0.5 = 0.15R
    expect(weightedResult('GBPUSD', 'short', 1.3, 0.005, parts, null)).toEqual({ pips: 7.5, r: 0.15 });
  });

  it('counts what is open and reads stored parts', () => {
    expect(openShare([{ share: 50 }, { share: 20 }])).toBe(30);
    expect(openShare([{ share: 60 }, { share: 60 }])).toBe(0);
    expect(partsOf('[{"kind":"t0","share":50,"price":1.305},{"share":"x"},null]')).toEqual([
      { kind: 't0', share: 50, price: 1.305 },
    ]);
    expect(partsOf('not json')).toEqual([]);
  });
});
