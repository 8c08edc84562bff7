// Paid community access (issue 27): the rules shared by the server, the profile and the console.

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

/** Who may be in the paid chat and hold the role: an active subscriber (free days included) or an administrator. */
export const hasCommunityAccess = (user: { hasActiveSubscription: boolean; isAdmin: boolean }) =>
  user.hasActiveSubscription || user.isAdmin;

/** Members in the chat's own staff (creator, administrators) are never removed by the product. */
export const isChatStaff = (status: string) => status === 'creator' || status === 'administrator';

/** A Telegram chat member status that means "in the chat". */
export const isInChat = (status: string) =>
  status === 'member' || status === 'creator' || status === 'administrator' || status === 'restricted';

/** One difference a reconciliation found, and what it did about it. */
export interface CommunityDifference {
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
