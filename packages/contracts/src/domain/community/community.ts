// Paid community access, per room (docs/features/community.md): the rules shared by the server, the
// profile and the console.

import { holdsRoom, type AccessViewer } from '../access/access';

export const COMMUNITY_PLATFORMS = ['telegram', 'discord'] as const;
export type CommunityPlatform = (typeof COMMUNITY_PLATFORMS)[number];

/** A personal invite link to the paid Telegram chat works once, for this long. */
export const TELEGRAM_INVITE_TTL_MS = 24 * 60 * 60 * 1000;

/** A Discord authorisation (its OAuth2 state) must come back within this long. */
export const DISCORD_OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** The actions an access change causes, run as tasks with retries. */
export const COMMUNITY_TASK_ACTIONS = [
  'remove_member',
  'revoke_link',
  'send_invite',
  'approve_join',
  'decline_join',
  'grant_role',
  'remove_role',
] as const;
export type CommunityTaskAction = (typeof COMMUNITY_TASK_ACTIONS)[number];

/** Waits between attempts of a failing task (a 429's retry_after replaces the wait); then it fails for good. */
export const COMMUNITY_RETRY_SCHEDULE_MS = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000,
];

/** The wait before attempt `attempts + 1`, or null when the task has had all its attempts. */
export function communityRetryDelayMs(attempts: number): number | null {
  return attempts >= 1 && attempts <= COMMUNITY_RETRY_SCHEDULE_MS.length
    ? COMMUNITY_RETRY_SCHEDULE_MS[attempts - 1]!
    : null;
}

/** Members in the chat's own staff (creator, administrators) are never removed by the product. */
export const isChatStaff = (status: string) => status === 'creator' || status === 'administrator';

/** A Telegram chat member status that means "in the chat". */
export const isInChat = (status: string) =>
  status === 'member' || status === 'creator' || status === 'administrator' || status === 'restricted';

/** One difference a reconciliation found, and what it did about it. */
export interface CommunityDifference {
  /** The chat or role it was found in (absent in reconciliations from before rooms had their own). */
  target?: string;
  externalId: string;
  userId: number | null;
  issue: 'member_without_access' | 'left' | 'role_without_access' | 'role_missing' | 'not_in_server';
  action: 'removed' | 'recorded' | 'granted' | 'none';
}

/**
 * The Discord side of a reconciliation: who holds the role now, who is linked and entitled. Role
 * holders without access lose it; linked, entitled accounts in the server without it gain it.
 */
export function discordDifferences(
  roleHolders: ReadonlySet<string>,
  inServer: ReadonlySet<string>,
  linked: ReadonlyArray<{ discordUserId: string; userId: number; entitled: boolean }>,
): CommunityDifference[] {
  const byDiscord = new Map(linked.map((l) => [l.discordUserId, l]));
  const out: CommunityDifference[] = [];
  for (const id of roleHolders) {
    const l = byDiscord.get(id);
    if (!l?.entitled)
      out.push({ externalId: id, userId: l?.userId ?? null, issue: 'role_without_access', action: 'removed' });
  }
  for (const l of linked) {
    if (!l.entitled || roleHolders.has(l.discordUserId)) continue;
    out.push(
      inServer.has(l.discordUserId)
        ? { externalId: l.discordUserId, userId: l.userId, issue: 'role_missing', action: 'granted' }
        : { externalId: l.discordUserId, userId: l.userId, issue: 'not_in_server', action: 'none' },
    );
  }
  return out;
}

// Per room: each room may have its own Telegram chat and Discord role. The default room without
// its own uses the install-wide settings (TELEGRAM_PAID_CHAT_ID, DISCORD_SUBSCRIBER_ROLE_ID), so an
// install that never set a room's chat or role works as it did before rooms. A chat or role (a
// "target") may serve several rooms: whoever holds any of them may be in it.

/** What a room says about its community (a row of `rooms`). */
export interface RoomCommunitySource {
  slug: string;
  name: string;
  isDefault: boolean;
  telegramChatId: string | null;
  discordRoleId: string | null;
}

/** The install-wide chat and role (the settings), used by the default room when it has none of its own. */
export interface CommunityDefaults {
  telegramChatId: string | null;
  discordRoleId: string | null;
}

export interface RoomRef {
  slug: string;
  name: string;
}

/** Each chat (or role) of a platform and the rooms it serves, in the rooms' order. */
export type CommunityTargets = ReadonlyMap<string, readonly RoomRef[]>;

/** A room's chat or role on a platform: its own, or for the default room the setting; null when none. */
export function roomTarget(
  room: RoomCommunitySource,
  platform: CommunityPlatform,
  defaults: CommunityDefaults,
): string | null {
  const own = platform === 'telegram' ? room.telegramChatId : room.discordRoleId;
  if (own) return own;
  if (!room.isDefault) return null;
  return (platform === 'telegram' ? defaults.telegramChatId : defaults.discordRoleId) || null;
}

/** The chats (or roles) of a platform with the rooms each serves (`rooms` in the desk's order). */
export function communityTargets(
  rooms: readonly RoomCommunitySource[],
  platform: CommunityPlatform,
  defaults: CommunityDefaults,
): CommunityTargets {
  const out = new Map<string, RoomRef[]>();
  for (const room of rooms) {
    const target = roomTarget(room, platform, defaults);
    if (target === null) continue;
    const list = out.get(target) ?? [];
    list.push({ slug: room.slug, name: room.name });
    out.set(target, list);
  }
  return out;
}

/** How a console line or a message names a chat or role: the names of its rooms. */
export const targetLabel = (rooms: readonly RoomRef[] | undefined): string =>
  rooms && rooms.length > 0 ? rooms.map((r) => r.name).join(' · ') : '';

/** Whether the viewer may be in a chat (or hold a role) serving these rooms: they hold one of them now; administrators always. */
export function entitledTo(viewer: AccessViewer | null, rooms: readonly RoomRef[] | undefined, now = Date.now()) {
  if (viewer === null) return false;
  if (viewer.isAdmin) return true;
  return (rooms ?? []).some((r) => holdsRoom(viewer, r.slug, now));
}

/** The targets a viewer may be in now, in the targets' order. */
export function entitledTargets(viewer: AccessViewer | null, targets: CommunityTargets, now = Date.now()): string[] {
  return [...targets].filter(([, rooms]) => entitledTo(viewer, rooms, now)).map(([target]) => target);
}

/**
 * What an access change means on a platform: the targets to leave (served by a room the viewer
 * held, none of which they hold now) and those to join (served by a room they hold now and by none
 * they held a moment ago). `before` counts every room its fold names, ended or not (a grant whose
 * end passed is still in the fold until the change that tidies it, and that change must remove
 * the member); `after` counts the rooms held now. Administrators hold every room.
 */
export function communityChange(
  before: AccessViewer,
  after: AccessViewer,
  targets: CommunityTargets,
  now = Date.now(),
): { lost: string[]; gained: string[] } {
  const folded = (v: AccessViewer, rooms: readonly RoomRef[]) =>
    v.isAdmin || rooms.some((r) => Object.hasOwn(v.access, r.slug));
  const lost: string[] = [];
  const gained: string[] = [];
  for (const [target, rooms] of targets) {
    const inAfter = entitledTo(after, rooms, now);
    if (folded(before, rooms) && !inAfter) lost.push(target);
    if (inAfter && !entitledTo(before, rooms, now)) gained.push(target);
  }
  return { lost, gained };
}
