import { describe, expect, it } from 'vitest';
import {
  passEndsAt,
  planActionLabel,
  planAmountOf,
  planIssues,
  planPriceLabel,
  planTermsText,
  planTrialDays,
  SLUG_PATTERN,
  type PlanShape,
} from './plans';

const recurring: PlanShape = {
  key: 'pro',
  terms: 'recurring',
  interval: 'month',
  intervalCount: 1,
  passDays: null,
  amountCents: 4900,
  currency: 'USD',
  stripePriceId: null,
  rooms: ['main'],
};
const fieldsOf = (plan: Partial<PlanShape>) => planIssues({ ...recurring, ...plan }).map((i) => i.field);

describe('plan rules', () => {
  it('takes a priced recurring plan, a pass, lifetime and free', () => {
    expect(planIssues(recurring)).toEqual([]);
    expect(fieldsOf({ terms: 'pass', interval: null, intervalCount: null, passDays: 30 })).toEqual([]);
    expect(fieldsOf({ terms: 'lifetime', interval: null, intervalCount: null })).toEqual([]);
    expect(fieldsOf({ stripePriceId: 'price_1', amountCents: null, currency: null })).toEqual([]);
    expect(
      fieldsOf({ terms: 'free', interval: null, intervalCount: null, amountCents: null, currency: null, rooms: [] }),
    ).toEqual([]);
  });

  it('needs an interval and a count for recurring, days for a pass, neither for lifetime or free', () => {
    expect(fieldsOf({ interval: null, intervalCount: null })).toEqual(['interval', 'intervalCount']);
    expect(fieldsOf({ terms: 'pass', interval: null, intervalCount: null })).toEqual(['passDays']);
    expect(fieldsOf({ terms: 'lifetime' })).toEqual(['interval', 'intervalCount']);
    expect(fieldsOf({ terms: 'lifetime', interval: null, intervalCount: null, passDays: 7 })).toEqual(['passDays']);
  });

  it('needs a room and a price unless free; a free plan has no price', () => {
    expect(fieldsOf({ rooms: [] })).toEqual(['rooms']);
    expect(planIssues({ ...recurring, rooms: [] })[0]!.message).toMatch(/^rooms: /);
    expect(fieldsOf({ amountCents: null, currency: null })).toEqual(['amountCents']);
    expect(fieldsOf({ currency: null })).toEqual(['currency']);
    expect(fieldsOf({ amountCents: null })).toEqual(['amountCents']);
    const free = { terms: 'free' as const, interval: null, intervalCount: null };
    expect(fieldsOf({ ...free })).toEqual(['amountCents']);
    expect(fieldsOf({ ...free, amountCents: null, currency: null, stripePriceId: 'price_x' })).toEqual([
      'stripePriceId',
    ]);
  });

  it('lets the legacy monthly and yearly plans keep the settings price', () => {
    const unpriced = { amountCents: null, currency: null };
    expect(fieldsOf({ key: 'monthly', ...unpriced })).toEqual([]);
    expect(fieldsOf({ key: 'yearly', interval: 'year', ...unpriced })).toEqual([]);
    expect(fieldsOf({ key: 'monthly-2', ...unpriced })).toEqual(['amountCents']);
  });
});

describe("a plan's amount", () => {
  const settings = [
    { interval: 'month' as const, amountCents: 4900, currency: 'EUR' },
    { interval: 'year' as const, amountCents: 49000, currency: 'EUR' },
  ];
  const plan = {
    key: 'gold',
    terms: 'recurring' as const,
    interval: 'month' as const,
    amountCents: 9900,
    currency: 'USD',
    stripePriceId: null,
  };
  it("is its own amount, else for a legacy plan the settings' price for its interval", () => {
    expect(planAmountOf(plan, settings)).toEqual({ amountCents: 9900, currency: 'USD' });
    const legacy = { ...plan, key: 'yearly', interval: 'year' as const, amountCents: null, currency: null };
    expect(planAmountOf(legacy, settings)).toEqual({ amountCents: 49000, currency: 'EUR' });
    expect(planAmountOf(legacy, [])).toBeNull();
    // Priced by Stripe alone: no amount here.
    expect(planAmountOf({ ...legacy, stripePriceId: 'price_1' }, settings)).toBeNull();
    expect(planAmountOf({ ...plan, amountCents: null, currency: null, stripePriceId: 'price_1' }, settings)).toBeNull();
    expect(planAmountOf({ ...plan, terms: 'free', amountCents: null, currency: null }, settings)).toBeNull();
  });
});

describe('plan terms text', () => {
  it('names the terms', () => {
    expect(planTermsText(recurring)).toBe('Monthly');
    expect(planTermsText({ ...recurring, intervalCount: 3 })).toBe('Quarterly · every 3 months');
    expect(planTermsText({ ...recurring, interval: 'year', intervalCount: 2 })).toBe('Every 2 years');
    expect(planTermsText({ terms: 'pass', interval: null, intervalCount: null, passDays: 1 })).toBe('Pass · 1 day');
    expect(planTermsText({ terms: 'pass', interval: null, intervalCount: null, passDays: 30 })).toBe('Pass · 30 days');
    expect(planTermsText({ terms: 'lifetime', interval: null, intervalCount: null, passDays: null })).toBe('Lifetime');
    expect(planTermsText({ terms: 'free', interval: null, intervalCount: null, passDays: null })).toBe('Free');
  });
});

describe('slugs and holding a room', () => {
  it('takes lowercase letters, digits and dashes, 2 to 40', () => {
    for (const ok of ['main', 'fx', 'gold-room', 'a1', 'x'.repeat(40)]) expect(SLUG_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['a', 'Main', 'gold room', '-gold', 'x'.repeat(41), 'gold_room', ''])
      expect(SLUG_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('buying a plan', () => {
  const usd = (amountCents: number) => ({ amountCents, currency: 'USD' });
  const once = { interval: null, intervalCount: null };

  it('says the price with its terms', () => {
    expect(planPriceLabel(recurring, usd(4900))).toBe('$49.00 / month');
    expect(planPriceLabel({ ...recurring, intervalCount: 3 }, usd(12900))).toBe('$129.00 / 3 months');
    expect(planPriceLabel({ ...recurring, interval: 'year' }, usd(49000))).toBe('$490.00 / year');
    expect(planPriceLabel({ ...recurring, interval: 'year', intervalCount: 2 }, usd(90000))).toBe('$900.00 / 2 years');
    expect(planPriceLabel({ terms: 'pass', ...once, passDays: 30 }, usd(1900))).toBe('$19.00 once · 30 days');
    expect(planPriceLabel({ terms: 'pass', ...once, passDays: 1 }, { amountCents: 500, currency: 'EUR' })).toBe(
      '€5.00 once · 1 day',
    );
    expect(planPriceLabel({ terms: 'lifetime', ...once, passDays: null }, usd(29900))).toBe('$299.00 once · lifetime');
    expect(planPriceLabel({ terms: 'free', ...once, passDays: null }, null)).toBe('Free');
  });

  it('ends a pass its days after the payment, or after the running pass of the same plan', () => {
    const paid = new Date('2027-01-10T12:00:00Z');
    expect(passEndsAt(paid, 30).toISOString()).toBe('2027-02-09T12:00:00.000Z');
    const running = new Date('2027-01-20T00:00:00Z');
    expect(passEndsAt(paid, 30, running).toISOString()).toBe('2027-02-19T00:00:00.000Z');
    // A pass that already ended adds nothing: the new one counts from the payment.
    expect(passEndsAt(paid, 7, new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2027-01-17T12:00:00.000Z');
  });

  it("offers a recurring plan's own trial, else the site's for its interval, and none for a plan paid once", () => {
    const site = { monthly: 7, yearly: 14 };
    expect(planTrialDays({ ...recurring, trialDays: null }, site)).toBe(7);
    expect(planTrialDays({ ...recurring, intervalCount: 3, trialDays: null }, site)).toBe(7);
    expect(planTrialDays({ ...recurring, interval: 'year', trialDays: null }, site)).toBe(14);
    expect(planTrialDays({ ...recurring, trialDays: 0 }, site)).toBe(0);
    expect(planTrialDays({ ...recurring, trialDays: 30 }, site)).toBe(30);
    expect(planTrialDays({ terms: 'pass', ...once, passDays: 30, trialDays: 5 }, site)).toBe(0);
    expect(planTrialDays({ terms: 'lifetime', ...once, passDays: null, trialDays: null }, site)).toBe(0);
    expect(planTrialDays({ terms: 'free', ...once, passDays: null, trialDays: null }, site)).toBe(0);
  });

  it('names the call to action by the terms', () => {
    expect(['recurring', 'pass', 'lifetime', 'free'].map((t) => planActionLabel(t as PlanShape['terms']))).toEqual([
      'SUBSCRIBE',
      'BUY PASS',
      'BUY LIFETIME',
      'JOIN FREE',
    ]);
  });
});
