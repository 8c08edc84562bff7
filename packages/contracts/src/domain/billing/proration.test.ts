import { describe, expect, it } from 'vitest';
import { planChangeRefusal, prorate, quotePlanChange, roomsChange, settle, type RecurringPrice } from './proration';

const monthly = (amountCents: number, currency = 'EUR'): RecurringPrice => ({
  interval: 'month',
  intervalCount: 1,
  amountCents,
  currency,
});
const quarterly: RecurringPrice = { interval: 'month', intervalCount: 3, amountCents: 12000, currency: 'EUR' };
const yearly: RecurringPrice = { interval: 'year', intervalCount: 1, amountCents: 49000, currency: 'EUR' };
const d = (iso: string) => new Date(iso);
// March 2026: 30 days from the 1st to the 31st (2,592,000 s).
const march = { periodStart: d('2026-03-01T00:00:00Z'), periodEnd: d('2026-03-31T00:00:00Z'), trialing: false };

describe('prorate', () => {
  it('rounds per line, half away from zero', () => {
    expect(prorate(3, 1, 2)).toBe(2); // 1.5
    expect(prorate(-3, 1, 2)).toBe(-2); // -1.5
    expect(prorate(1, 1, 2)).toBe(1); // 0.5
    expect(prorate(-1, 1, 2)).toBe(-1);
    expect(prorate(5, 1, 4)).toBe(1); // 1.25
    expect(prorate(7, 3, 4)).toBe(5); // 5.25
    expect(prorate(4900, 0, 100)).toBe(0);
    expect(prorate(4900, 100, 100)).toBe(4900);
  });

  it('stays exact where floating point would not (a large price over a long period)', () => {
    // 100,000,000 × 378,691,200 is past 2^53: 99,999,999.7359… rounds to 100,000,000.
    expect(prorate(100_000_000, 378_691_200, 378_691_201)).toBe(100_000_000);
    // 99,999,999 × 1 / 2 = 49,999,999.5: half away from zero.
    expect(prorate(99_999_999, 1, 2)).toBe(50_000_000);
  });

  it('refuses fractions of cents or seconds and an empty period', () => {
    expect(() => prorate(1.5, 1, 2)).toThrow(RangeError);
    expect(() => prorate(100, 1, 0)).toThrow(RangeError);
  });
});

describe('quotePlanChange', () => {
  it('same cycle, half the period left: credits half the old price, charges half the new, the anchor stays', () => {
    const q = quotePlanChange({ ...march, from: monthly(4900), to: monthly(9900), at: d('2026-03-16T00:00:00Z') });
    expect(q).toEqual({
      kind: 'prorated',
      creditCents: 2450,
      chargeCents: 4950,
      totalCents: 2500,
      periodStart: march.periodStart,
      periodEnd: march.periodEnd,
    });
  });

  it('prorates by the second and rounds each line', () => {
    // 20 of 30 days left: 4900 × 2/3 = 3266.67 → 3267; 9900 × 2/3 = 6600.
    const q = quotePlanChange({ ...march, from: monthly(4900), to: monthly(9900), at: d('2026-03-11T00:00:00Z') });
    expect(q).toMatchObject({ creditCents: 3267, chargeCents: 6600, totalCents: 3333 });
    // One second later: 1,727,999 of 2,592,000 s left. 4900 × that = 3266.665… → 3267; 9900 × that = 6599.996… → 6600.
    const later = quotePlanChange({
      ...march,
      from: monthly(4900),
      to: monthly(9900),
      at: d('2026-03-11T00:00:01Z'),
    });
    expect(later).toMatchObject({ creditCents: 3267, chargeCents: 6600 });
    // Milliseconds do not count (Stripe's times are seconds).
    const ms = quotePlanChange({ ...march, from: monthly(4900), to: monthly(9900), at: d('2026-03-16T00:00:00.999Z') });
    expect(ms).toMatchObject({ creditCents: 2450, chargeCents: 4950 });
  });

  it('a downgrade on the same cycle totals below zero (a credit balance)', () => {
    const q = quotePlanChange({ ...march, from: monthly(9900), to: monthly(4900), at: d('2026-03-16T00:00:00Z') });
    expect(q).toMatchObject({ kind: 'prorated', creditCents: 4950, chargeCents: 2450, totalCents: -2500 });
  });

  it('a different interval starts a new period now: the whole new price less the unused old', () => {
    const at = d('2026-03-16T00:00:00Z');
    const q = quotePlanChange({ ...march, from: monthly(4900), to: yearly, at });
    expect(q).toEqual({
      kind: 'new_period',
      creditCents: 2450,
      chargeCents: 49000,
      totalCents: 46550,
      periodStart: at,
      periodEnd: d('2027-03-16T00:00:00Z'),
    });
  });

  it('yearly to monthly: the unused year outweighs the month (the rest is a credit balance)', () => {
    // A 365-day year, 300 days left: 49000 × 300/365 = 40273.97 → 40274.
    const q = quotePlanChange({
      from: yearly,
      to: monthly(4900),
      periodStart: d('2026-01-01T00:00:00Z'),
      periodEnd: d('2027-01-01T00:00:00Z'),
      at: d('2026-03-07T00:00:00Z'),
      trialing: false,
    });
    expect(q).toMatchObject({ kind: 'new_period', creditCents: 40274, chargeCents: 4900, totalCents: -35374 });
    expect(q.periodEnd.toISOString()).toBe('2026-04-07T00:00:00.000Z');
  });

  it('quarterly and monthly are different cycles, both ways', () => {
    // January to March 2026: 90 days; on 15 February 45 are left: 12000 / 2 = 6000.
    const down = quotePlanChange({
      from: quarterly,
      to: monthly(4900),
      periodStart: d('2026-01-01T00:00:00Z'),
      periodEnd: d('2026-04-01T00:00:00Z'),
      at: d('2026-02-15T00:00:00Z'),
      trialing: false,
    });
    expect(down).toMatchObject({ kind: 'new_period', creditCents: 6000, chargeCents: 4900, totalCents: -1100 });
    expect(down.periodEnd.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    // 20 of March's 30 days left: 4900 × 2/3 → 3267; the quarter is charged whole from now.
    const up = quotePlanChange({ ...march, from: monthly(4900), to: quarterly, at: d('2026-03-11T00:00:00Z') });
    expect(up).toMatchObject({ kind: 'new_period', creditCents: 3267, chargeCents: 12000, totalCents: 8733 });
    expect(up.periodEnd.toISOString()).toBe('2026-06-11T00:00:00.000Z');
  });

  it('a trial changes plan without proration and keeps its period', () => {
    const q = quotePlanChange({
      ...march,
      trialing: true,
      from: monthly(4900),
      to: yearly,
      at: d('2026-03-16T00:00:00Z'),
    });
    expect(q).toEqual({
      kind: 'trial',
      creditCents: 0,
      chargeCents: 0,
      totalCents: 0,
      periodStart: march.periodStart,
      periodEnd: march.periodEnd,
    });
  });

  it('at the very start credits the whole old price; at the very end nothing', () => {
    const start = quotePlanChange({ ...march, from: monthly(4900), to: monthly(9900), at: march.periodStart });
    expect(start).toMatchObject({ creditCents: 4900, chargeCents: 9900, totalCents: 5000 });
    const end = quotePlanChange({ ...march, from: monthly(4900), to: monthly(9900), at: march.periodEnd });
    expect(end).toMatchObject({ creditCents: 0, chargeCents: 0, totalCents: 0 });
  });

  it('refuses another currency and a time outside the period', () => {
    const base = { ...march, from: monthly(4900), at: d('2026-03-16T00:00:00Z') };
    expect(() => quotePlanChange({ ...base, to: monthly(9900, 'USD') })).toThrow(/currency/);
    expect(() => quotePlanChange({ ...base, to: monthly(9900), at: d('2026-02-28T23:59:59Z') })).toThrow(/period/);
    expect(() => quotePlanChange({ ...base, to: monthly(9900), at: d('2026-03-31T00:00:01Z') })).toThrow(/period/);
  });
});

describe('settle', () => {
  it('charges a positive total less the credit balance first', () => {
    expect(settle(2500, 0)).toEqual({ dueNowCents: 2500, balanceAppliedCents: 0, balanceAfterCents: 0 });
    expect(settle(4900, 2500)).toEqual({ dueNowCents: 2400, balanceAppliedCents: 2500, balanceAfterCents: 0 });
    expect(settle(1000, 2500)).toEqual({ dueNowCents: 0, balanceAppliedCents: 1000, balanceAfterCents: 1500 });
  });

  it('adds a negative total to the balance and charges nothing', () => {
    expect(settle(-2500, 0)).toEqual({ dueNowCents: 0, balanceAppliedCents: 0, balanceAfterCents: 2500 });
    expect(settle(-1100, 400)).toEqual({ dueNowCents: 0, balanceAppliedCents: 0, balanceAfterCents: 1500 });
    expect(settle(0, 400)).toEqual({ dueNowCents: 0, balanceAppliedCents: 0, balanceAfterCents: 400 });
  });
});

describe('roomsChange', () => {
  const main = { slug: 'main', name: 'Signals' };
  const gold = { slug: 'gold', name: 'Gold' };
  it('names the rooms the new plan adds and the ones it leaves', () => {
    expect(roomsChange([main], [main, gold], [])).toEqual({ gained: [gold], lost: [] });
    expect(roomsChange([main, gold], [main], [])).toEqual({ gained: [], lost: [gold] });
    expect(roomsChange([main], [gold], [])).toEqual({ gained: [gold], lost: [main] });
  });
  it('leaves out rooms another grant keeps (access is the union of the grants)', () => {
    expect(roomsChange([main, gold], [main], ['gold'])).toEqual({ gained: [], lost: [] });
    expect(roomsChange([main], [main, gold], ['gold'])).toEqual({ gained: [], lost: [] });
  });
});

describe('planChangeRefusal', () => {
  const current = { key: 'monthly', currency: 'EUR' };
  const plan = { key: 'gold', name: 'Gold', terms: 'recurring' as const, archived: false, currency: 'EUR' };
  it('takes another open recurring plan in the same currency', () => {
    expect(planChangeRefusal(current, plan)).toBeNull();
    expect(planChangeRefusal(current, { ...plan, currency: null })).toBeNull(); // priced by Stripe alone
  });
  it('refuses the same plan, an archived one and one that is not recurring (400)', () => {
    expect(planChangeRefusal(current, { ...plan, key: 'monthly' })).toMatchObject({ kind: 'invalid' });
    expect(planChangeRefusal(current, { ...plan, archived: true })?.message).toBe(
      'plan: Gold takes no new subscribers',
    );
    for (const terms of ['pass', 'lifetime', 'free'] as const)
      expect(planChangeRefusal(current, { ...plan, terms })).toMatchObject({ kind: 'invalid' });
  });
  it('refuses another currency (409)', () => {
    expect(planChangeRefusal(current, { ...plan, currency: 'usd' })).toEqual({
      kind: 'conflict',
      message: 'plan: Gold is priced in USD, your subscription in EUR',
    });
  });
});
