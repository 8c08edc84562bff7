import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline';

describe('sparklinePoints', () => {
  it('spans the box: lowest value at the bottom, highest at the top', () => {
    expect(sparklinePoints([1, 3, 2], 100, 22)).toBe('0,21 50,1 100,11');
  });
  it('draws a flat line through the middle, and nothing for fewer than two values', () => {
    expect(sparklinePoints([5, 5], 10, 20)).toBe('0,10 10,10');
    expect(sparklinePoints([5], 10, 20)).toBe('');
    expect(sparklinePoints([Number.NaN, 1], 10, 20)).toBe('');
  });
});
