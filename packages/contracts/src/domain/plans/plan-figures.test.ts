import { describe, expect, it } from 'vitest';
import { monthlyEquivalentCents, periodMonths, planRecurringRevenue } from './plan-figures';

const recurring = (interval: 'month' | 'year', intervalCount: number) =>
  ({ terms: 'recurring', interval, intervalCount }) as const;

describe('figures per plan', () => {
  it('counts the months of a billing period', () => {
    expect(periodMonths(recurring('month', 1))).toBe(1);
    expect(periodMonths(recurring('month', 3))).toBe(3);
    expect(periodMonths(recurring('year', 1))).toBe(12);
    expect(periodMonths(recurring('year', 2))).toBe(24);
    expect(periodMonths({ terms: 'pass', interval: null, intervalCount: null })).toBeNull();
    expect(periodMonths({ terms: 'lifetime', interval: null, intervalCount: null })).toBeNull();
    expect(periodMonths({ terms: 'free', interval: null, intervalCount: null })).toBeNull();
    expect(periodMonths({ terms: 'recurring', interval: null, intervalCount: 1 })).toBeNull();
  });

  it('turns a price into its month share, rounded to the cent', () => {
    expect(monthlyEquivalentCents(4900, recurring('month', 1))).toBe(4900);
    expect(monthlyEquivalentCents(9900, recurring('month', 3))).toBe(3300);
    expect(monthlyEquivalentCents(10000, recurring('month', 3))).toBe(3333);
    expect(monthlyEquivalentCents(49000, recurring('year', 1))).toBe(4083);
    expect(monthlyEquivalentCents(49000, recurring('year', 2))).toBe(2042);
    expect(monthlyEquivalentCents(4900, { terms: 'pass', interval: null, intervalCount: null })).toBeNull();
  });

  it('sums the paid subscriptions of a priced recurring plan, nothing for a pass, lifetime or no price', () => {
    const price = { amountCents: 9900, currency: 'usd' };
    expect(planRecurringRevenue({ ...recurring('month', 3), price }, 2)).toEqual({
      currency: 'USD',
      amountCents: 6600,
      subscriptions: 2,
    });
    // Rounded per subscription, then summed: 3 × 4083.
    expect(
      planRecurringRevenue({ ...recurring('year', 1), price: { amountCents: 49000, currency: 'EUR' } }, 3),
    ).toEqual({ currency: 'EUR', amountCents: 12249, subscriptions: 3 });
    expect(planRecurringRevenue({ ...recurring('month', 1), price }, 0)).toEqual({
      currency: 'USD',
      amountCents: 0,
      subscriptions: 0,
    });
    expect(planRecurringRevenue({ ...recurring('month', 1), price: null }, 4)).toBeNull();
    expect(planRecurringRevenue({ terms: 'pass', interval: null, intervalCount: null, price }, 4)).toBeNull();
    expect(planRecurringRevenue({ terms: 'lifetime', interval: null, intervalCount: null, price }, 4)).toBeNull();
  });
});
