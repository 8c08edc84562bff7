import { describe, expect, it } from 'vitest';
import { formatFixedDecimals } from './fixed-decimals';

const intl = (value: number, d: number, grouping: boolean) =>
  value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: grouping });

describe('formatFixedDecimals', () => {
  it('writes what toLocaleString("en-US") writes for prices, ties, carries and signs', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.65169,
      196.122,
      1.34521,
      42762,
      110140,
      3346.7,
      1.005,
      1.015,
      2.675,
      -2.675,
      0.5,
      1.5,
      2.5,
      -0.5,
      9.995,
      99.995,
      999.9995,
      0.000049,
      0.00005,
      -0.000001,
      1e-7,
      1.5e-7,
      123456789.123456,
      1e21,
      1.2345e22,
      999999.999,
      0.1 + 0.2,
      1 / 3,
      2 / 3,
      10_000,
      9_999.999,
      1234567.891,
    ];
    for (const v of values)
      for (const d of [0, 1, 2, 3, 5])
        for (const g of [true, false]) expect(formatFixedDecimals(v, d, g), `${v} ${d} ${g}`).toBe(intl(v, d, g));
  });

  it('matches toLocaleString on many random prices', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 5_000; i++) {
      const scale = 10 ** Math.floor(random() * 12 - 4);
      const v = (random() - 0.3) * scale;
      const rounded = Number(v.toFixed(Math.floor(random() * 7)));
      const d = Math.floor(random() * 6);
      for (const x of [v, rounded]) expect(formatFixedDecimals(x, d, true), `${x} ${d}`).toBe(intl(x, d, true));
    }
  });

  it('writes non-finite values as JavaScript does', () => {
    expect(formatFixedDecimals(Number.NaN, 2, true)).toBe('NaN');
    expect(formatFixedDecimals(Infinity, 2, true)).toBe('Infinity');
  });
});
