import { describe, expect, it } from 'vitest';
import {
  firstWhopTime,
  WHOP_PLAN_ID_PATTERN,
  whopDisputeStep,
  whopMembershipStatus,
  whopMinorUnits,
  whopRefundCounts,
  whopSigningKey,
  whopTime,
} from './whop';

describe('whop rules', () => {
  it('keeps a standard secret and base64-encodes the one Whop shows', () => {
    expect(whopSigningKey('whsec_c2VjcmV0')).toBe('whsec_c2VjcmV0');
    expect(whopSigningKey(' ws_abc123 ')).toBe(`whsec_${Buffer.from('ws_abc123').toString('base64')}`);
  });

  it('reads decimal amounts as minor units', () => {
    expect(whopMinorUnits(6.9)).toBe(690);
    expect(whopMinorUnits('49.99')).toBe(4999);
    expect(whopMinorUnits(10)).toBe(1000);
    expect(whopMinorUnits(0.1 + 0.2)).toBe(30);
    expect(whopMinorUnits(-1)).toBeNull();
    expect(whopMinorUnits('')).toBeNull();
    expect(whopMinorUnits(null)).toBeNull();
  });

  it('reads ISO times and epoch seconds, the first readable one', () => {
    expect(whopTime('2025-01-01T00:00:00.000Z')?.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(whopTime(1727606400)?.toISOString()).toBe('2024-09-29T10:40:00.000Z');
    expect(whopTime('1727606400')?.toISOString()).toBe('2024-09-29T10:40:00.000Z');
    expect(whopTime('soon')).toBeNull();
    expect(whopTime(undefined)).toBeNull();
    expect(firstWhopTime(null, 'x', '2025-02-01T00:00:00Z', 1)?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(firstWhopTime()).toBeNull();
  });

  it('maps memberships, refunds and disputes', () => {
    expect(whopMembershipStatus(true, 'trialing')).toBe('trialing');
    expect(whopMembershipStatus(true, 'completed')).toBe('active');
    expect(whopMembershipStatus(false, 'active')).toBe('expired');
    expect(whopRefundCounts('succeeded')).toBe(true);
    expect(whopRefundCounts(undefined)).toBe(true);
    expect(whopRefundCounts('pending')).toBe(false);
    expect(whopRefundCounts('failed')).toBe(false);
    expect(whopDisputeStep('needs_response')).toBe('opened');
    expect(whopDisputeStep('warning_needs_response')).toBe('opened');
    expect(whopDisputeStep(undefined)).toBe('opened');
    expect(whopDisputeStep('won')).toBe('won');
    expect(whopDisputeStep('lost')).toBe('lost');
    expect(whopDisputeStep('warning_closed')).toBeNull();
  });

  it('takes Whop plan ids only', () => {
    expect(WHOP_PLAN_ID_PATTERN.test('plan_nJUM2MyD9lX0Q')).toBe(true);
    expect(WHOP_PLAN_ID_PATTERN.test('prod_nJUM2MyD9lX0Q')).toBe(false);
    expect(WHOP_PLAN_ID_PATTERN.test('plan_')).toBe(false);
  });
});
