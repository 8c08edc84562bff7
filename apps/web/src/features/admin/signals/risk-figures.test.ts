import { describe, expect, it } from 'vitest';
import { riskFigures } from './risk-figures';

const base = {
  instrument: 'GBPJPY',
  direction: 'short',
  status: 'active',
  entryPrice: '196.45',
  slPrice: '197.20',
  t0Price: '195.60',
  t1Price: '194.30',
};

describe('generator figures', () => {
  it('answers risk in pips, targets in R and the distance from the live price', () => {
    expect(riskFigures(base, 196.1)).toEqual({
      riskPips: 75,
      t0R: 1.13,
      t1R: 2.87,
      livePrice: 196.1,
      distancePips: 35,
      fillsAtOnce: false,
    });
  });
  it('leaves out what cannot be computed yet', () => {
    expect(riskFigures({ ...base, slPrice: '', t1Price: 'x' }, undefined)).toEqual({
      riskPips: null,
      t0R: null,
      t1R: null,
      livePrice: null,
      distancePips: null,
      fillsAtOnce: false,
    });
  });
  it('warns when a limit would fill at once (the price has already reached its entry)', () => {
    expect(riskFigures({ ...base, status: 'limit' }, 196.5).fillsAtOnce).toBe(true);
    expect(riskFigures({ ...base, status: 'limit' }, 196.3).fillsAtOnce).toBe(false);
    expect(
      riskFigures(
        { ...base, status: 'limit', direction: 'long', slPrice: '196', t0Price: '197', t1Price: '198' },
        196.3,
      ).fillsAtOnce,
    ).toBe(true);
  });
});
