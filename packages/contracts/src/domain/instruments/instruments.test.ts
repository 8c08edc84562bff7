import { afterEach, describe, expect, it } from 'vitest';
import { floatingPips } from '../performance/heatmap';
import {
  entryTolerance,
  entryTolerancePrice,
  formatUnits,
  instrumentCatalogue,
  instrumentSpec,
  isCatalogued,
  quotedSymbols,
  setInstrumentCatalogue,
  unitName,
} from './instruments';
import { formatPrice, formatSignalPrice, pipFactor } from '../prices/prices';
import { CONTRACT_SPECS } from '../signals/risk';
import { lifecycleNotice } from '../signals/signal-notices';
import { riskPips, toPips, tradeResult } from '../signals/signal-levels';
import { formatPips } from '../signals/signal-results';

afterEach(() => setInstrumentCatalogue([]));

describe('instrument catalogue', () => {
  it('defaults to the spec four, with FX in pips and US30 in points', () => {
    expect(instrumentCatalogue().map((s) => s.symbol)).toEqual(['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30']);
    expect(unitName('GBPUSD')).toBe('pips');
    expect(unitName('GBPJPY')).toBe('pips');
    expect(unitName('US30')).toBe('points');
    expect(unitName('XAUUSD')).toBe('points');
    expect(instrumentSpec('gbpjpy')).toMatchObject({ tickSize: 0.001, unitSize: 0.01, decimals: 3 });
  });

  it("gives market-entry tolerances in the instrument's units: 10 pips for FX, 15 points for US30", () => {
    expect(entryTolerance('GBPUSD')).toBe(10);
    expect(entryTolerance('US30')).toBe(15);
    expect(entryTolerancePrice('GBPUSD')).toBeCloseTo(0.001, 10);
    expect(entryTolerancePrice('GBPJPY')).toBeCloseTo(0.1, 10);
    expect(entryTolerancePrice('US30')).toBe(15);
  });

  it('a US30 move of 258 points shows as 258 points everywhere', () => {
    // Before the catalogue, US30 counted 100 "pips" per point: +25,800.0 pips.
    expect(toPips('US30', 42258 - 42000)).toBe(258);
    expect(pipFactor('US30')).toBe(1);
    expect(floatingPips('US30', 'long', 42000, 42258)).toBe(258);
    expect(tradeResult('US30', 'long', 42000, 42258, 100)).toEqual({ pips: 258, r: 2.58 });
    expect(riskPips('US30', 42000, 41900)).toBe(100);
    expect(formatPips(258, 'US30')).toBe('+258.0 points');
    expect(formatUnits('US30', -258)).toBe('−258.0 points');
    expect(CONTRACT_SPECS.US30).toMatchObject({ pipSize: 1, pipName: 'points' });
    const notice = lifecycleNotice(
      {
        instrument: 'US30',
        direction: 'long',
        entryPrice: 42000,
        slPrice: 41900,
        t0Price: 42258,
        t1Price: 42400,
        fillPrice: 42000,
        riskPrice: 100,
      },
      { type: 't0_hit', price: 42258, data: {} },
    );
    expect(notice?.message).toContain('+258.0 points, +2.58R');
    expect(notice?.message).not.toContain('pips');
  });

  it('takes added instruments and overrides of the defaults; clearing returns to the defaults', () => {
    setInstrumentCatalogue([
      {
        symbol: 'nas100',
        tickSize: 0.1,
        unitSize: 1,
        unitName: 'points',
        decimals: 1,
        feedSymbol: 'NDX',
        entryTolerance: 20,
        referencePrice: 19500,
      },
      {
        symbol: 'US30',
        tickSize: 1,
        unitSize: 1,
        unitName: 'points',
        decimals: 2,
        feedSymbol: 'YM1!',
        entryTolerance: 25,
        referencePrice: 42762,
      },
    ]);
    expect(isCatalogued('NAS100')).toBe(true);
    expect(instrumentCatalogue().map((s) => s.symbol)).toEqual(['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30', 'NAS100']);
    expect(instrumentSpec('US30').feedSymbol).toBe('YM1!');
    expect(entryTolerance('US30')).toBe(25);
    expect(formatPrice('NAS100', 19500.25)).toBe('19,500.3');
    expect(formatPips(toPips('NAS100', 12.5), 'NAS100')).toBe('+12.5 points');
    expect(quotedSymbols(['AUDUSD', 'BTCUSD'])).toEqual(['AUDUSD', 'BTCUSD', 'GBPJPY', 'GBPUSD', 'US30', 'NAS100']);
    setInstrumentCatalogue([]);
    expect(isCatalogued('NAS100')).toBe(false);
    expect(instrumentSpec('US30').feedSymbol).toBe('DJI');
  });

  it('sizes an unknown pair as FX and prints five-decimal pairs to 5 decimals', () => {
    expect(instrumentSpec('EURCHF')).toMatchObject({ unitSize: 0.0001, unitName: 'pips', decimals: 5 });
    expect(instrumentSpec('USDJPY')).toMatchObject({ unitSize: 0.01, decimals: 3 });
    expect(formatSignalPrice('EURUSD', 1.1)).toBe('1.10000');
    expect(formatSignalPrice('US30', 42000)).toBe('42000');
  });
});
