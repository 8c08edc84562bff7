import { describe, expect, it } from 'vitest';
import {
  cancelReasonCategory,
  churnRate,
  countCancelReasons,
  monthlyCents,
  monthlyRecurringRevenue,
  utcMonthStart,
} from './business';

const EUR = [
  { plan: 'monthly' as const, amountCents: 4900, currency: 'EUR', interval: 'month' as const },
  { plan: 'yearly' as const, amountCents: 49000, currency: 'EUR', interval: 'year' as const },
];

describe('churn', () => {
  it('is the ended share of those active when the month began, in percent with one decimal', () => {
    expect(churnRate(1, 4)).toBe(25);
    expect(churnRate(1, 3)).toBe(33.3);
    expect(churnRate(2, 3)).toBe(66.7);
    expect(churnRate(0, 10)).toBe(0);
  });

  it('has no value without a base', () => {
    expect(churnRate(0, 0)).toBeNull();
    expect(churnRate(3, 0)).toBeNull();
  });

  it('can pass 100% when subscriptions that started this month also ended', () => {
    expect(churnRate(3, 2)).toBe(150);
  });
});

describe('MRR', () => {
  it('counts a monthly price as it is and a yearly one as a twelfth', () => {
    expect(monthlyCents({ amountCents: 4900, interval: 'month' })).toBe(4900);
    expect(monthlyCents({ amountCents: 49000, interval: 'year' })).toBe(4083);
  });

  it('spreads a price over the months its interval count covers (quarterly: a third)', () => {
    expect(monthlyCents({ amountCents: 12900, interval: 'month', intervalCount: 3 })).toBe(4300);
    expect(monthlyCents({ amountCents: 10000, interval: 'month', intervalCount: 6 })).toBe(1667);
    expect(monthlyCents({ amountCents: 96000, interval: 'year', intervalCount: 2 })).toBe(4000);
    expect(
      monthlyRecurringRevenue({ quarterly: 2 }, [
        { plan: 'quarterly', amountCents: 12900, currency: 'USD', interval: 'month', intervalCount: 3 },
      ]),
    ).toEqual({ lines: [{ currency: 'USD', amountCents: 8600, subscriptions: 2 }], unpriced: 0 });
  });

  it('sums each plan over its paying subscriptions', () => {
    expect(monthlyRecurringRevenue({ monthly: 3, yearly: 2 }, EUR)).toEqual({
      lines: [{ currency: 'EUR', amountCents: 3 * 4900 + 2 * 4083, subscriptions: 5 }],
      unpriced: 0,
    });
  });

  it('keeps currencies apart and counts plans without a price separately', () => {
    const prices = [
      { plan: 'monthly' as const, amountCents: 3900, currency: 'usd', interval: 'month' as const },
      { plan: 'yearly' as const, amountCents: 120000, currency: 'EUR', interval: 'year' as const },
    ];
    expect(monthlyRecurringRevenue({ monthly: 1, yearly: 1, lifetime: 4 }, prices)).toEqual({
      lines: [
        { currency: 'EUR', amountCents: 10000, subscriptions: 1 },
        { currency: 'USD', amountCents: 3900, subscriptions: 1 },
      ],
      unpriced: 4,
    });
  });

  it('is empty with no paying subscription or no price', () => {
    expect(monthlyRecurringRevenue({}, EUR)).toEqual({ lines: [], unpriced: 0 });
    expect(monthlyRecurringRevenue({ monthly: 0 }, EUR)).toEqual({ lines: [], unpriced: 0 });
    expect(monthlyRecurringRevenue({ monthly: 2 }, [])).toEqual({ lines: [], unpriced: 2 });
  });
});

describe('cancellation reasons', () => {
  it('count under the reason chosen in the dialog, details or not', () => {
    expect(cancelReasonCategory('Too expensive')).toBe('Too expensive');
    expect(cancelReasonCategory('Taking a break: back in spring')).toBe('Taking a break');
    expect(cancelReasonCategory('Other: moving house')).toBe('Other');
  });

  it("read Stripe's feedback codes, and anything else as Other", () => {
    expect(cancelReasonCategory('too_expensive')).toBe('Too expensive');
    expect(cancelReasonCategory('unused')).toBe('Not using it enough');
    expect(cancelReasonCategory('I just do not like it')).toBe('Other');
    expect(cancelReasonCategory('Too expensively priced')).toBe('Other');
  });

  it('are counted most frequent first', () => {
    expect(countCancelReasons(['Taking a break', 'Too expensive: x', 'Too expensive', 'whatever'])).toEqual([
      { reason: 'Too expensive', count: 2 },
      { reason: 'Taking a break', count: 1 },
      { reason: 'Other', count: 1 },
    ]);
    expect(countCancelReasons([])).toEqual([]);
  });
});

describe('calendar month (UTC)', () => {
  it('starts on the 1st at 00:00 UTC', () => {
    expect(utcMonthStart(new Date('2026-11-23T19:56:30Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(utcMonthStart(new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(utcMonthStart(new Date('2027-01-01T00:30:00+01:00')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});
