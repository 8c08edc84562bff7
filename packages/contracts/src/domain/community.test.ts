import { describe, expect, it } from 'vitest';
import {
  communityRetryDelayMs,
  COMMUNITY_RETRY_SCHEDULE_MS,
  discordDifferences,
  hasCommunityAccess,
  isChatStaff,
  isInChat,
} from './community';

describe('community access rules', () => {
  it('an active subscriber or an administrator has access', () => {
    expect(hasCommunityAccess({ hasActiveSubscription: true, isAdmin: false })).toBe(true);
    expect(hasCommunityAccess({ hasActiveSubscription: false, isAdmin: true })).toBe(true);
    expect(hasCommunityAccess({ hasActiveSubscription: false, isAdmin: false })).toBe(false);
  });

  it('reads Telegram member statuses: the chat staff are never removed; restricted members are still in', () => {
    expect(['creator', 'administrator'].map(isChatStaff)).toEqual([true, true]);
    expect(['member', 'restricted', 'left', 'kicked'].map(isChatStaff)).toEqual([false, false, false, false]);
    expect(['member', 'restricted', 'administrator', 'creator', 'left', 'kicked'].map(isInChat)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('retries a failing task on the schedule, then gives up', () => {
    expect(communityRetryDelayMs(1)).toBe(5_000);
    expect(communityRetryDelayMs(COMMUNITY_RETRY_SCHEDULE_MS.length)).toBe(COMMUNITY_RETRY_SCHEDULE_MS.at(-1));
    expect(communityRetryDelayMs(COMMUNITY_RETRY_SCHEDULE_MS.length + 1)).toBeNull();
  });
});

describe('Discord reconciliation', () => {
  const linked = [
    { discordUserId: 'a', userId: 1, entitled: true },
    { discordUserId: 'b', userId: 2, entitled: false },
    { discordUserId: 'c', userId: 3, entitled: true },
    { discordUserId: 'd', userId: 4, entitled: true },
  ];

  it('takes the role from holders without access, grants it to entitled members without it, and reports entitled accounts not in the server', () => {
    const holders = new Set(['a', 'b', 'x']);
    const inServer = new Set(['a', 'b', 'c', 'x']);
    expect(discordDifferences(holders, inServer, linked)).toEqual([
      { externalId: 'b', userId: 2, issue: 'role_without_access', action: 'removed' },
      { externalId: 'x', userId: null, issue: 'role_without_access', action: 'removed' },
      { externalId: 'c', userId: 3, issue: 'role_missing', action: 'granted' },
      { externalId: 'd', userId: 4, issue: 'not_in_server', action: 'none' },
    ]);
  });

  it('finds nothing when the role matches access', () => {
    expect(discordDifferences(new Set(['a', 'c', 'd']), new Set(['a', 'c', 'd']), linked)).toEqual([]);
  });
});
