import { describe, expect, it } from 'vitest';
import { grantsAccess, supersedes } from './subscriptions';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describe('subscription rules', () => {
  it('grants access only to active and trialing subscriptions', () => {
    expect(grantsAccess('active')).toBe(true);
    expect(grantsAccess('trialing')).toBe(true);
    for (const s of ['past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused', 'inactive']) {
      expect(grantsAccess(s), s).toBe(false);
    }
  });

  it('lets a newer event replace an older state and never the reverse', () => {
    expect(supersedes(null, { status: 'active', eventAt: at(1) })).toBe(true);
    expect(supersedes({ status: 'active', eventAt: at(1) }, { status: 'past_due', eventAt: at(2) })).toBe(true);
    expect(supersedes({ status: 'past_due', eventAt: at(2) }, { status: 'active', eventAt: at(1) })).toBe(false);
    expect(supersedes({ status: 'active', eventAt: at(2) }, { status: 'past_due', eventAt: at(2) })).toBe(true);
  });

  it('keeps an ended subscription ended', () => {
    expect(supersedes({ status: 'canceled', eventAt: at(1) }, { status: 'active', eventAt: at(5) })).toBe(false);
    expect(supersedes({ status: 'canceled', eventAt: at(3) }, { status: 'canceled', eventAt: at(5) })).toBe(true);
    expect(supersedes({ status: 'active', eventAt: at(3) }, { status: 'canceled', eventAt: at(3) })).toBe(true);
  });
});
