import { describe, expect, it } from 'vitest';
import {
  discountCentsOf,
  normalizePromotionCode,
  promotionAppliesTo,
  promotionCodeProblem,
  promotionLabel,
} from './promotions';

describe('promotion codes', () => {
  it('takes a percent or an amount off, never more than the amount, nothing in another currency', () => {
    expect(discountCentsOf({ percentOff: 20, amountOffCents: null, currency: null }, 4900, 'USD')).toBe(980);
    expect(discountCentsOf({ percentOff: 33, amountOffCents: null, currency: null }, 999, 'USD')).toBe(330);
    expect(discountCentsOf({ percentOff: 100, amountOffCents: null, currency: null }, 4900, 'USD')).toBe(4900);
    expect(discountCentsOf({ percentOff: null, amountOffCents: 500, currency: 'usd' }, 4900, 'USD')).toBe(500);
    expect(discountCentsOf({ percentOff: null, amountOffCents: 9000, currency: 'USD' }, 4900, 'USD')).toBe(4900);
    expect(discountCentsOf({ percentOff: null, amountOffCents: 500, currency: 'EUR' }, 4900, 'USD')).toBe(0);
  });

  it('is used up at its limit and over at its expiry', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(promotionCodeProblem({ maxRedemptions: 2, expiresAt: null }, 1, now)).toBeNull();
    expect(promotionCodeProblem({ maxRedemptions: 2, expiresAt: null }, 2, now)).toMatch(/used up/);
    expect(promotionCodeProblem({ maxRedemptions: null, expiresAt: new Date('2026-11-24T12:00:00Z') }, 0, now)).toMatch(
      /expired/,
    );
    expect(
      promotionCodeProblem({ maxRedemptions: null, expiresAt: new Date('2026-11-24T12:00:01Z') }, 0, now),
    ).toBeNull();
  });

  it('reads codes without regard to case or spaces around, and labels the discount', () => {
    expect(normalizePromotionCode('  launch20 ')).toBe('LAUNCH20');
    expect(promotionLabel({ percentOff: 20, amountOffCents: null, currency: null })).toBe('20% off');
    expect(promotionLabel({ percentOff: null, amountOffCents: 550, currency: 'usd' })).toBe('USD 5.50 off');
  });

  it('applies to every plan without plans, and only to its plans when limited', () => {
    expect(promotionAppliesTo({ plans: [] }, 'monthly')).toBe(true);
    expect(promotionAppliesTo({ plans: ['yearly', 'gold-quarterly'] }, 'yearly')).toBe(true);
    expect(promotionAppliesTo({ plans: ['yearly', 'gold-quarterly'] }, 'gold-quarterly')).toBe(true);
    expect(promotionAppliesTo({ plans: ['yearly'] }, 'monthly')).toBe(false);
    // Keys are compared as stored (lowercase, fixed once created).
    expect(promotionAppliesTo({ plans: ['yearly'] }, 'YEARLY')).toBe(false);
  });
});
