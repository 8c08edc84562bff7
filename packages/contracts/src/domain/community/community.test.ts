import { describe, expect, it } from 'vitest';
import {
  communityChange,
  communityRetryDelayMs,
  COMMUNITY_RETRY_SCHEDULE_MS,
  communityTargets,
  discordDifferences,
  entitledTargets,
  entitledTo,
  isChatStaff,
  isInChat,
  roomTarget,
  targetLabel,
  type RoomCommunitySource,
} from './community';
import type { AccessViewer } from '../access/access';

describe('community access rules', () => {
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

describe('the community per room', () => {
  const main: RoomCommunitySource = {
    slug: 'main',
    name: 'Signals',
    isDefault: true,
    telegramChatId: null,
    discordRoleId: null,
  };
  const gold: RoomCommunitySource = {
    slug: 'gold',
    name: 'Gold',
    isDefault: false,
    telegramChatId: '-100222',
    discordRoleId: '22222',
  };
  const forex: RoomCommunitySource = {
    slug: 'forex',
    name: 'Forex',
    isDefault: false,
    telegramChatId: '-100333',
    discordRoleId: null,
  };
  const settings = { telegramChatId: '-100111', discordRoleId: '11111' };
  const NOW = Date.parse('2026-12-20T12:00:00Z');
  const viewer = (access: Record<string, string | null>, isAdmin = false): AccessViewer => ({
    isAdmin,
    hasActiveSubscription: Object.keys(access).length > 0,
    access,
  });

  it('the default room without a chat or role of its own uses the settings; another room has only its own', () => {
    expect(roomTarget(main, 'telegram', settings)).toBe('-100111');
    expect(roomTarget(main, 'discord', settings)).toBe('11111');
    expect(roomTarget({ ...main, telegramChatId: '-100999' }, 'telegram', settings)).toBe('-100999');
    expect(roomTarget(main, 'telegram', { telegramChatId: null, discordRoleId: null })).toBeNull();
    expect(roomTarget(forex, 'discord', settings)).toBeNull();
    expect(roomTarget(gold, 'discord', settings)).toBe('22222');
  });

  it('maps each chat to the rooms it serves: a chat shared by two rooms serves both', () => {
    const shared = { ...forex, telegramChatId: '-100111' };
    const targets = communityTargets([main, gold, shared], 'telegram', settings);
    expect([...targets.keys()]).toEqual(['-100111', '-100222']);
    expect(targetLabel(targets.get('-100111'))).toBe('Signals · Forex');
    expect([...communityTargets([main, gold, forex], 'discord', settings).keys()]).toEqual(['11111', '22222']);
  });

  it('entitles whoever holds a room of the chat now, and administrators to every chat', () => {
    const targets = communityTargets([main, gold, forex], 'telegram', settings);
    expect(entitledTargets(viewer({ gold: null }), targets, NOW)).toEqual(['-100222']);
    expect(entitledTargets(viewer({ gold: '2026-12-01T00:00:00Z' }), targets, NOW)).toEqual([]);
    expect(entitledTargets(viewer({}, true), targets, NOW)).toEqual(['-100111', '-100222', '-100333']);
    expect(entitledTo(null, targets.get('-100222'), NOW)).toBe(false);
  });

  it('a downgrade from Gold and Forex to Forex leaves the Gold chat and keeps the Forex one', () => {
    const targets = communityTargets([main, gold, forex], 'telegram', settings);
    expect(communityChange(viewer({ gold: null, forex: null }), viewer({ forex: null }), targets, NOW)).toEqual({
      lost: ['-100222'],
      gained: [],
    });
    expect(communityChange(viewer({ forex: null }), viewer({ gold: null, forex: null }), targets, NOW)).toEqual({
      lost: [],
      gained: ['-100222'],
    });
    // A chat shared by a room still held is kept.
    const shared = communityTargets([main, gold, { ...forex, telegramChatId: '-100222' }], 'telegram', settings);
    expect(communityChange(viewer({ gold: null, forex: null }), viewer({ forex: null }), shared, NOW)).toEqual({
      lost: [],
      gained: [],
    });
  });

  it('a grant whose end passed is still left when the change that tidies it comes; a renewal after it rejoins', () => {
    const targets = communityTargets([main, gold], 'telegram', settings);
    const ended = viewer({ gold: '2026-12-19T00:00:00Z' });
    expect(communityChange(ended, viewer({}), targets, NOW)).toEqual({ lost: ['-100222'], gained: [] });
    expect(communityChange(ended, viewer({ gold: null }), targets, NOW)).toEqual({ lost: [], gained: ['-100222'] });
  });

  it('an administrator holds every room: losing the flag leaves the chats of the rooms not held', () => {
    const targets = communityTargets([main, gold], 'telegram', settings);
    expect(communityChange(viewer({ main: null }, true), viewer({ main: null }), targets, NOW)).toEqual({
      lost: ['-100222'],
      gained: [],
    });
    expect(communityChange(viewer({}), viewer({}, true), targets, NOW)).toEqual({
      lost: [],
      gained: ['-100111', '-100222'],
    });
  });
});
