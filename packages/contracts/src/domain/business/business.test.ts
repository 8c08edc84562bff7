import { describe, expect, it } from 'vitest';
import { cancelReasonCategory, churnRate, countCancelReasons, utcMonthStart } from './business';

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
