import { describe, expect, it } from 'vitest';
import { disputeRateAlert, disputeRatePercent, ledgerCsv, reportingAmount, utcMonthOf } from './ledger';

describe('reportingAmount', () => {
  it('keeps the amount at rate 1 in the reporting currency, whatever the case', () => {
    expect(reportingAmount(4900, 'usd', 'USD')).toEqual({ amount: 4900, rate: 1 });
  });
  it('invents no rate for another currency', () => {
    expect(reportingAmount(4900, 'EUR', 'USD')).toEqual({ amount: null, rate: null });
  });
});

describe('disputeRatePercent and disputeRateAlert', () => {
  it('is disputes over payments in percent, to two decimals', () => {
    expect(disputeRatePercent(1, 3)).toBe(33.33);
    expect(disputeRatePercent(3, 400)).toBe(0.75);
    expect(disputeRatePercent(0, 10)).toBe(0);
  });
  it('is no rate without payments', () => {
    expect(disputeRatePercent(2, 0)).toBeNull();
    expect(disputeRateAlert(null, 0.75)).toBe(false);
  });
  it('alerts when the rate reaches the threshold, not below', () => {
    expect(disputeRateAlert(0.75, 0.75)).toBe(true);
    expect(disputeRateAlert(0.74, 0.75)).toBe(false);
    expect(disputeRateAlert(disputeRatePercent(3, 400), 0.75)).toBe(true);
  });
});

describe('utcMonthOf', () => {
  it('spans the UTC calendar month', () => {
    const { from, to } = utcMonthOf(new Date('2026-12-31T23:30:00-05:00'));
    expect(from.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(to.toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });
});

describe('ledgerCsv', () => {
  it('writes decimals, empty cells for what is unknown, and defuses formulas', () => {
    const csv = ledgerCsv([
      {
        id: 7,
        kind: 'refund',
        occurredAt: '2027-01-02T03:04:05.000Z',
        userId: 3,
        userEmail: '=cmd@example.com',
        amount: 1250,
        currency: 'EUR',
        fee: null,
        provider: 'stripe',
        providerObjectId: 're_1',
        chargeId: 'ch_1',
        plan: 'monthly',
        reportingCurrency: 'USD',
        reportingAmount: null,
        reportingRate: null,
      },
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'id,kind,occurred_at,user_id,user_email,amount,currency,fee,provider,provider_object_id,charge_id,plan,reporting_currency,reporting_amount,reporting_rate',
    );
    expect(row).toBe("7,refund,2027-01-02T03:04:05.000Z,3,'=cmd@example.com,12.50,EUR,,stripe,re_1,ch_1,monthly,USD,,");
  });
});
