import { describe, expect, it } from 'vitest';
import {
  accessUntil,
  ONE_DAY_MS,
  displayName,
  extendFreeAccess,
  subscriberStatus,
  type SubscriberFacts,
} from './admin-users';

const now = new Date('2026-12-03T12:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * ONE_DAY_MS);
const base: SubscriberFacts = {
  hasActiveSubscription: false,
  subscriptionStatus: 'inactive',
  freeAccessUntil: null,
  subscription: null,
};

describe('subscriberStatus', () => {
  it('tells each standing apart', () => {
    expect(subscriberStatus(base, now)).toBe('none');
    expect(subscriberStatus({ ...base, subscriptionStatus: 'canceled' }, now)).toBe('ended');
    const sub = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: later(10) };
    expect(
      subscriberStatus({ ...base, hasActiveSubscription: true, subscriptionStatus: 'active', subscription: sub }, now),
    ).toBe('active');
    expect(
      subscriberStatus(
        {
          ...base,
          hasActiveSubscription: true,
          subscriptionStatus: 'active',
          subscription: { ...sub, cancelAtPeriodEnd: true },
        },
        now,
      ),
    ).toBe('cancelling');
    expect(
      subscriberStatus(
        {
          ...base,
          hasActiveSubscription: true,
          subscriptionStatus: 'past_due',
          subscription: { ...sub, status: 'past_due' },
        },
        now,
      ),
    ).toBe('past_due');
    expect(subscriberStatus({ ...base, hasActiveSubscription: true, freeAccessUntil: later(3) }, now)).toBe('free');
  });
});

describe('accessUntil', () => {
  it('is the later of the paid period and the free access, and null without access', () => {
    const sub = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: later(10) };
    expect(
      accessUntil({ ...base, hasActiveSubscription: true, subscription: sub, subscriptionStatus: 'active' }, now),
    ).toEqual(later(10));
    expect(
      accessUntil(
        {
          ...base,
          hasActiveSubscription: true,
          subscription: sub,
          subscriptionStatus: 'active',
          freeAccessUntil: later(20),
        },
        now,
      ),
    ).toEqual(later(20));
    expect(accessUntil({ ...base, freeAccessUntil: later(20) }, now)).toBeNull();
    expect(accessUntil({ ...base, hasActiveSubscription: true, freeAccessUntil: later(-1) }, now)).toBeNull();
  });
});

describe('extendFreeAccess', () => {
  it('adds the days to an end still ahead, else counts from now', () => {
    expect(extendFreeAccess(null, 7, now)).toEqual(later(7));
    expect(extendFreeAccess(later(5), 7, now)).toEqual(later(12));
    expect(extendFreeAccess(later(-5), 7, now)).toEqual(later(7));
  });
});

describe('displayName', () => {
  it('joins the names or falls back to the address', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: null, lastName: ' ', email: 'a@x.io' })).toBe('a@x.io');
  });
});
