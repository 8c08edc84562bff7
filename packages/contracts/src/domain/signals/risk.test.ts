import { describe, expect, it } from 'vitest';
import { formatMoney, pipValuePerLot, riskPlan, type RiskPlan } from './risk';

// Every expected figure below is worked out by hand in the comment above it.

function plan(input: Parameters<typeof riskPlan>[0]): RiskPlan {
  const out = riskPlan(input);
  if ('problem' in out) throw new Error(`no plan: ${out.problem}`);
  return out;
}

describe('pip values per lot (USD)', () => {
  it('is $10 for USD-quoted pairs, $100 a point for gold, $1 for US30 and bitcoin', () => {
    // 0.0001 × 100,000 = 10; 0.1 × 100 oz = 10; 1 point × 1 = 1; $1 × 1 BTC = 1
    expect(pipValuePerLot('AUDUSD')).toBe(10);
    expect(pipValuePerLot('GBPUSD')).toBe(10);
    expect(pipValuePerLot('XAUUSD')).toBeCloseTo(100, 10);
    expect(pipValuePerLot('US30')).toBe(1);
    expect(pipValuePerLot('BTCUSD')).toBe(1);
  });

  it('converts JPY pips at USDJPY = GBPJPY / GBPUSD', () => {
    // 0.01 × 100,000 = 1,000 JPY; USDJPY = 196.5 / 1.25 = 157.2; 1,000 / 157.2 = 6.36132…
    expect(pipValuePerLot('GBPJPY', { GBPJPY: 196.5, GBPUSD: 1.25 })).toBeCloseTo(6.361323, 6);
    // Without live rates, the default prices: 1,000 × 1.34521 / 196.122 = 6.85905…
    expect(pipValuePerLot('GBPJPY')).toBeCloseTo(6.859047, 6);
  });
});

describe('riskPlan', () => {
  it('sizes a USD pair (AUDUSD long)', () => {
    // $10,000 × 2% = $200; stop 0.65000 − 0.64500 = 50 pips × $10 = $500 per lot → 0.40 lots = 40,000 units.
    // T0 +50 pips → 0.4 × 50 × 10 = $200; T1 +100 pips → $400.
    const p = plan({
      instrument: 'AUDUSD',
      direction: 'long',
      entry: 0.65,
      stop: 0.645,
      t0: 0.655,
      t1: 0.66,
      accountSize: 10_000,
      riskPercent: 2,
    });
    expect(p).toMatchObject({
      lots: 0.4,
      units: 40_000,
      unitName: 'units',
      budget: 200,
      riskAmount: 200,
      rewardT0: 200,
      rewardT1: 400,
      stopPips: 50,
      t0Pips: 50,
      t1Pips: 100,
      rrT0: 1,
      rrT1: 2,
      belowMinimum: false,
    });
  });

  it('sizes a JPY pair (GBPJPY short), rounding down to 0.01 lot', () => {
    // $10,000 × 1% = $100; stop 197.000 − 196.500 = 50 pips; pip value 6.361323 → 100 / 318.066 = 0.3144 → 0.31 lots.
    // At the stop 0.31 × 50 × 6.361323 = $98.60; T0 196.000 (+50 pips) $98.60; T1 195.500 (+100 pips) $197.20.
    const p = plan({
      instrument: 'GBPJPY',
      direction: 'SHORT',
      entry: 196.5,
      stop: 197,
      t0: 196,
      t1: 195.5,
      accountSize: 10_000,
      riskPercent: 1,
      rates: { GBPJPY: 196.5, GBPUSD: 1.25 },
    });
    expect(p).toMatchObject({
      lots: 0.31,
      units: 31_000,
      budget: 100,
      riskAmount: 98.6,
      rewardT0: 98.6,
      rewardT1: 197.2,
      stopPips: 50,
      t0Pips: 50,
      t1Pips: 100,
      pipValue: 6.3613,
    });
  });

  it('sizes US30 in points', () => {
    // $25,000 × 1% = $250; stop 42,000 − 41,880 = 120 points × $1 → 250 / 120 = 2.083 → 2.08 lots (contracts).
    // At the stop 2.08 × 120 = $249.60; T0 42,150 (+150) = $312.00; T1 42,300 (+300) = $624.00.
    const p = plan({
      instrument: 'US30',
      direction: 'long',
      entry: 42_000,
      stop: 41_880,
      t0: 42_150,
      t1: 42_300,
      accountSize: 25_000,
      riskPercent: 1,
    });
    expect(p).toMatchObject({
      lots: 2.08,
      units: 2.08,
      unitName: 'contracts',
      pipName: 'points',
      riskAmount: 249.6,
      rewardT0: 312,
      rewardT1: 624,
      stopPips: 120,
      rrT0: 1.25,
      rrT1: 2.5,
    });
  });

  it('sizes gold in ounces', () => {
    // $20,000 × 1% = $200; stop 3,360.0 − 3,350.0 = $10 = 10 points of $1 × $100 per lot → 0.20 lots = 20 oz.
    // T0 3,330.0 (+20 points) = 0.2 × 20 × 100 = $400; T1 3,310.0 (+40 points) = $800.
    const p = plan({
      instrument: 'XAUUSD',
      direction: 'short',
      entry: 3350,
      stop: 3360,
      t0: 3330,
      t1: 3310,
      accountSize: 20_000,
      riskPercent: 1,
    });
    expect(p).toMatchObject({
      lots: 0.2,
      units: 20,
      unitName: 'oz',
      riskAmount: 200,
      rewardT0: 400,
      rewardT1: 800,
      stopPips: 10,
      t0Pips: 20,
      t1Pips: 40,
      pipName: 'points',
    });
  });

  it('sizes bitcoin in BTC', () => {
    // $10,000 × 5% = $500; stop 110,000 − 108,000 = 2,000 points × $1 → 0.25 lots = 0.25 BTC; T0 113,000 (+3,000) = $750.
    const p = plan({
      instrument: 'BTCUSD',
      direction: 'long',
      entry: 110_000,
      stop: 108_000,
      t0: 113_000,
      t1: 116_000,
      accountSize: 10_000,
      riskPercent: 5,
    });
    expect(p).toMatchObject({
      lots: 0.25,
      units: 0.25,
      unitName: 'BTC',
      riskAmount: 500,
      rewardT0: 750,
      rewardT1: 1500,
    });
  });

  it('says when the budget does not reach the smallest lot', () => {
    // $100 × 1% = $1; 50 pips × $10 = $500 per lot → 0.002 lots, below 0.01.
    const p = plan({
      instrument: 'AUDUSD',
      direction: 'long',
      entry: 0.65,
      stop: 0.645,
      t0: 0.655,
      t1: 0.66,
      accountSize: 100,
      riskPercent: 1,
    });
    expect(p).toMatchObject({ lots: 0, riskAmount: 0, belowMinimum: true });
  });

  it('shows a target on the wrong side of the entry as a loss', () => {
    const p = plan({
      instrument: 'AUDUSD',
      direction: 'long',
      entry: 0.65,
      stop: 0.645,
      t0: 0.649,
      t1: 0.66,
      accountSize: 10_000,
      riskPercent: 2,
    });
    expect(p.t0Pips).toBe(-10);
    expect(p.rewardT0).toBe(-40);
  });

  it('cannot size without an account size or a stop distance', () => {
    const base = {
      instrument: 'AUDUSD' as const,
      direction: 'long',
      entry: 0.65,
      stop: 0.645,
      t0: 0.655,
      t1: 0.66,
      riskPercent: 2,
    };
    expect(riskPlan({ ...base, accountSize: 0 })).toEqual({ problem: 'no-account' });
    expect(riskPlan({ ...base, accountSize: Number.NaN })).toEqual({ problem: 'no-account' });
    expect(riskPlan({ ...base, accountSize: 1000, stop: 0.65 })).toEqual({ problem: 'no-stop-distance' });
    expect(riskPlan({ ...base, accountSize: 1000, entry: Number.NaN })).toEqual({ problem: 'bad-input' });
  });

  it('formats money with its sign', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-98.6)).toBe('-$98.60');
  });
});
