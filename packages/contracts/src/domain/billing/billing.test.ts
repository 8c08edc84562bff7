import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatPlanPrice,
  formatRecurringPrice,
  graceEndsAt,
  keepsAccess,
  parsePriceSetting,
  periodEnd,
} from './billing';

describe('billing rules', () => {
  it('formats prices in their currency', () => {
    expect(formatPlanPrice({ amountCents: 4900, currency: 'usd', interval: 'month' })).toBe('$49.00 / month');
    expect(formatAmount(49000, 'EUR')).toBe('€490.00');
    expect(formatAmount(1234, 'X1')).toBe('12.34 X1'); // not a currency code: plain figures
  });

  it('formats a recurring price with its cycle', () => {
    const p = { amountCents: 4900, currency: 'EUR', interval: 'month' as const };
    expect(formatRecurringPrice({ ...p, intervalCount: 1 })).toBe('€49.00 / month');
    expect(formatRecurringPrice({ ...p, intervalCount: null })).toBe('€49.00 / month');
    expect(formatRecurringPrice({ ...p, amountCents: 12000, intervalCount: 3 })).toBe('€120.00 / 3 months');
    expect(formatRecurringPrice({ ...p, interval: 'year', intervalCount: 2 })).toBe('€49.00 / 2 years');
  });

  it('reads price settings as cents and refuses anything else', () => {
    expect(parsePriceSetting('49')).toBe(4900);
    expect(parsePriceSetting(' 49.9 ')).toBe(4990);
    expect(parsePriceSetting('0.01')).toBe(1);
    expect(parsePriceSetting('-5')).toBeUndefined();
    expect(parsePriceSetting('49,90')).toBeUndefined();
    expect(parsePriceSetting('4.999')).toBeUndefined();
    expect(parsePriceSetting(undefined)).toBeUndefined();
  });

  it('keeps a past-due subscription open for the grace period only', () => {
    const since = new Date('2026-11-01T10:00:00Z');
    expect(graceEndsAt(since, 3).toISOString()).toBe('2026-11-04T10:00:00.000Z');
    expect(keepsAccess({ status: 'past_due', pastDueSince: since }, 3, new Date('2026-11-04T09:59:59Z'))).toBe(true);
    expect(keepsAccess({ status: 'past_due', pastDueSince: since }, 3, new Date('2026-11-04T10:00:00Z'))).toBe(false);
    expect(keepsAccess({ status: 'past_due', pastDueSince: null }, 3)).toBe(false);
    expect(keepsAccess({ status: 'active', pastDueSince: null }, 3)).toBe(true);
    expect(keepsAccess({ status: 'trialing', pastDueSince: null }, 3)).toBe(true);
    expect(keepsAccess({ status: 'canceled', pastDueSince: since }, 3, since)).toBe(false);
    expect(keepsAccess({ status: 'unpaid', pastDueSince: since }, 3, since)).toBe(false);
  });

  it('ends a period a calendar month or year later, clamped to the month', () => {
    expect(periodEnd(new Date('2026-01-31T12:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(periodEnd(new Date('2026-11-23T08:30:00Z'), 'monthly').toISOString()).toBe('2026-12-23T08:30:00.000Z');
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
