import { describe, expect, it } from 'vitest';
import { keptDays } from './referral';

describe('the window a kept referral lasts', () => {
  it("is the desk's window the visit answered", () => {
    expect(keptDays(45)).toBe(45);
    expect(keptDays(1)).toBe(1);
  });

  it('falls back to 30 days when the answer said none, or nothing usable', () => {
    for (const days of [undefined, null, 0, -3, 2.5, '45', Number.NaN]) expect(keptDays(days)).toBe(30);
  });
});
