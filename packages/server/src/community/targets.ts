import type { Db } from '@t0/db';
import { parseRoomAccess, type AccessViewer } from '@t0/contracts/domain/access/access';
import {
  communityTargets,
  roomTarget,
  targetLabel,
  type CommunityDefaults,
  type CommunityPlatform,
  type CommunityTargets,
} from '@t0/contracts/domain/community/community';
import { listRooms } from '../rooms/rooms.queries';
import { findCommunityDefaults } from './community.queries';

/**
 * The community of every room, as it is now: each platform's chats (roles) with the rooms they
 * serve. A room's own chat or role; for the default room without one, the install-wide setting
 * (written at start-up, `community_settings`). Archived rooms count: their holders keep them until
 * their grants end.
 */
export interface CommunityMap {
  telegram: CommunityTargets;
  discord: CommunityTargets;
  /** The default room's chat and role (its own, or the settings'), or null. */
  defaultTargets: { telegram: string | null; discord: string | null };
}

export async function loadCommunityMap(db: Db): Promise<CommunityMap> {
  const [rooms, defaults] = await Promise.all([listRooms(db), findCommunityDefaults(db)]);
  return communityMapOf(rooms, defaults);
}

export function communityMapOf(
  rooms: Parameters<typeof communityTargets>[0],
  defaults: CommunityDefaults,
): CommunityMap {
  const main = rooms.find((r) => r.isDefault);
  return {
    telegram: communityTargets(rooms, 'telegram', defaults),
    discord: communityTargets(rooms, 'discord', defaults),
    defaultTargets: {
      telegram: main ? roomTarget(main, 'telegram', defaults) : null,
      discord: main ? roomTarget(main, 'discord', defaults) : null,
    },
  };
}

/** How an alert names a chat or role: "Gold chat (-100…)", by its rooms' names; "chat -100…" when it serves none. */
export function describeTarget(map: CommunityMap, platform: CommunityPlatform, target: string): string {
  const label = targetLabel(map[platform].get(target));
  const what = platform === 'telegram' ? 'chat' : 'role';
  return label ? `${label} ${what} (${target})` : `${what} ${target}`;
}

/** A user row's access as the entitlement rules read it. */
export const viewerOf = (row: { isAdmin: boolean; hasActiveSubscription: boolean; accessRooms: unknown }) =>
  ({
    isAdmin: row.isAdmin,
    hasActiveSubscription: row.hasActiveSubscription,
    access: parseRoomAccess(row.accessRooms),
  }) satisfies AccessViewer;
