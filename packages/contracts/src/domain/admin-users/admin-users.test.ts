import { describe, expect, it } from 'vitest';
import {
  accessUntil,
  ONE_DAY_MS,
  displayName,
  extendFreeAccess,
  grantEndedAt,
  grantState,
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

describe('grantState and grantEndedAt', () => {
  const grant = (startsAt: Date, endsAt: Date | null, endedAt: Date | null = null) => ({ startsAt, endsAt, endedAt });

  it('is current from its start until its end, upcoming before, ended after or when ended early', () => {
    expect(grantState(grant(later(-1), null), now)).toBe('current');
    expect(grantState(grant(later(-1), later(5)), now)).toBe('current');
    expect(grantState(grant(later(2), later(5)), now)).toBe('upcoming');
    expect(grantState(grant(later(-10), later(-1)), now)).toBe('ended');
    // Its end is the instant it stops counting.
    expect(grantState(grant(later(-10), now), now)).toBe('ended');
    expect(grantState(grant(later(-10), null, later(-2)), now)).toBe('ended');
    expect(grantState(grant(later(-10), later(30), later(-2)), now)).toBe('ended');
  });

  it('says when an ended grant stopped: the earlier of its early end and its end', () => {
    expect(grantEndedAt(grant(later(-1), null), now)).toBeNull();
    expect(grantEndedAt(grant(later(-1), later(5)), now)).toBeNull();
    expect(grantEndedAt(grant(later(-10), later(-3)), now)).toEqual(later(-3));
    expect(grantEndedAt(grant(later(-10), null, later(-2)), now)).toEqual(later(-2));
    expect(grantEndedAt(grant(later(-10), later(30), later(-2)), now)).toEqual(later(-2));
    // Ended after its end had passed (tidied late): it stopped at its end.
    expect(grantEndedAt(grant(later(-10), later(-4), later(-1)), now)).toEqual(later(-4));
  });
});
