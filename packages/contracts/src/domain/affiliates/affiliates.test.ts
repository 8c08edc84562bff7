import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  clawbackFor,
  commissionFigures,
  commissionFor,
  commissionState,
  newReferralCode,
  payableAtOf,
  REFERRAL_CODE_PATTERN,
  referralLink,
  shareOf,
  touchStillCounts,
} from './affiliates';

const at = (iso: string) => new Date(iso);
const first = { amount: 4900, occurredAt: at('2026-01-15T10:00:00Z') };

describe('commissionFor', () => {
  const firstOnly = { percentBps: 3000, recurringMonths: 0 };
  const threeMonths = { percentBps: 2000, recurringMonths: 3 };

  it('gives the rate of the first payment, rounded to the minor unit', () => {
    expect(commissionFor({ rule: firstOnly, rateOverrideBps: null, payment: first, firstPayment: first })).toBe(1470);
    // 30 % of 999 is 299.7: 300 cents.
    const odd = { amount: 999, occurredAt: first.occurredAt };
    expect(commissionFor({ rule: firstOnly, rateOverrideBps: null, payment: odd, firstPayment: odd })).toBe(300);
  });

  it('gives nothing for a later payment when the rule is first payment only', () => {
    const renewal = { amount: 4900, occurredAt: at('2026-02-15T10:00:00Z') };
    expect(commissionFor({ rule: firstOnly, rateOverrideBps: null, payment: renewal, firstPayment: first })).toBe(0);
  });

  it('gives every payment within N months of the first when recurring, none at or after', () => {
    const pay = (iso: string) =>
      commissionFor({
        rule: threeMonths,
        rateOverrideBps: null,
        payment: { amount: 4900, occurredAt: at(iso) },
        firstPayment: first,
      });
    expect(pay('2026-01-15T10:00:00Z')).toBe(980);
    expect(pay('2026-02-15T10:00:00Z')).toBe(980);
    expect(pay('2026-04-15T09:59:59Z')).toBe(980);
    expect(pay('2026-04-15T10:00:00Z')).toBe(0);
  });

  it("takes the affiliate's rate override over the plan's rule", () => {
    expect(commissionFor({ rule: firstOnly, rateOverrideBps: 1250, payment: first, firstPayment: first })).toBe(613);
    expect(commissionFor({ rule: firstOnly, rateOverrideBps: 0, payment: first, firstPayment: first })).toBe(0);
  });

  it('gives nothing for a payment of nothing', () => {
    const zero = { amount: 0, occurredAt: first.occurredAt };
    expect(commissionFor({ rule: firstOnly, rateOverrideBps: null, payment: zero, firstPayment: zero })).toBe(0);
  });
});

describe('rounding and months', () => {
  it('rounds half away from zero', () => {
    expect(shareOf(5, 5000)).toBe(3);
    expect(shareOf(-5, 5000)).toBe(-3);
    expect(shareOf(1, 4900)).toBe(0);
  });

  it('adds calendar months in UTC, clamping the day', () => {
    expect(addMonthsUtc(at('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonthsUtc(at('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
});

describe('clawbackFor', () => {
  it('takes all of it back for a full refund or a dispute', () => {
    expect(clawbackFor({ commission: 1470, paymentAmount: 4900, refundAmount: 4900, clawedSoFar: 0 })).toBe(1470);
  });
  it('takes back the refunded share of a partial refund, never more than is left', () => {
    expect(clawbackFor({ commission: 1470, paymentAmount: 4900, refundAmount: 490, clawedSoFar: 0 })).toBe(147);
    expect(clawbackFor({ commission: 1470, paymentAmount: 4900, refundAmount: 4900, clawedSoFar: 147 })).toBe(1323);
    expect(clawbackFor({ commission: 1470, paymentAmount: 4900, refundAmount: 490, clawedSoFar: 1470 })).toBe(0);
  });
});

describe('when a commission can be paid', () => {
  const earned = at('2026-03-01T00:00:00Z');
  const row = { status: 'earned', payoutId: null, payableAt: payableAtOf(earned, 14) };

  it('is pending through the hold window and payable from its end', () => {
    expect(row.payableAt.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(commissionState(row, at('2026-03-14T23:59:59Z'))).toBe('pending');
    expect(commissionState(row, at('2026-03-15T00:00:00Z'))).toBe('payable');
  });
  it('is paid once in a payout, and a claw-back or voiding wins', () => {
    expect(commissionState({ ...row, payoutId: 3 }, at('2026-03-01T00:00:00Z'))).toBe('paid');
    expect(commissionState({ ...row, status: 'clawed_back' }, at('2026-04-01T00:00:00Z'))).toBe('clawed_back');
    expect(commissionState({ ...row, status: 'voided', payoutId: null }, earned)).toBe('voided');
  });

  it('sums the figures, a claw-back of a paid commission carried as a negative payable', () => {
    const now = at('2026-04-01T00:00:00Z');
    const rows = [
      { kind: 'earned', amount: 1000, status: 'earned', payoutId: 1, payableAt: at('2026-03-01T00:00:00Z') },
      { kind: 'clawback', amount: -1000, status: 'earned', payoutId: null, payableAt: at('2026-03-20T00:00:00Z') },
      { kind: 'earned', amount: 500, status: 'earned', payoutId: null, payableAt: at('2026-03-25T00:00:00Z') },
      { kind: 'earned', amount: 700, status: 'earned', payoutId: null, payableAt: at('2026-04-10T00:00:00Z') },
      { kind: 'earned', amount: 300, status: 'clawed_back', payoutId: null, payableAt: at('2026-03-10T00:00:00Z') },
      { kind: 'earned', amount: 900, status: 'voided', payoutId: null, payableAt: at('2026-03-10T00:00:00Z') },
    ];
    expect(commissionFigures(rows, now)).toEqual({ pending: 700, payable: -500, paid: 1000, clawedBack: 1300 });
  });
});

describe('codes, links and the window', () => {
  it('makes codes the pattern accepts', () => {
    for (let i = 0; i < 20; i++) expect(newReferralCode()).toMatch(REFERRAL_CODE_PATTERN);
  });
  it("builds the link on the site's public address", () => {
    expect(referralLink('https://desk.example/', 'ABCD2345')).toBe('https://desk.example/?ref=ABCD2345');
  });
  it('keeps a first touch for the window', () => {
    const touched = at('2026-01-01T00:00:00Z');
    expect(touchStillCounts(touched, at('2026-01-31T00:00:00Z'), 30)).toBe(true);
    expect(touchStillCounts(touched, at('2026-01-31T00:00:01Z'), 30)).toBe(false);
  });
});
