import type { Db, UserRow } from '@t0/db';
import { communityChange, targetLabel } from '@t0/contracts/domain/community/community';
import {
  findDiscordLink,
  listMembershipsOfUser,
  openInviteLinks,
  queueCommunityTasks,
  type NewCommunityTask,
} from './community.queries';
import { loadCommunityMap, viewerOf } from './targets';
import { findTelegramChatId } from '../telegram/telegram.queries';

type AccessRow = Pick<UserRow, 'hasActiveSubscription' | 'isAdmin' | 'accessRooms'>;

/**
 * The community side of an access change, queued in the change's transaction (every path that
 * starts or ends access, or changes the rooms held, goes through `announceAccountChange`, which
 * calls this). Per chat and per role: the chats and roles of the rooms no longer held (and served
 * by no room still held) are left: the member is removed from the chat, their unused invite links
 * to it are revoked, the role is removed; those of the rooms newly held are joined: a linked
 * Telegram chat is sent a personal invite link to each, a linked Discord account gets each role.
 * A downgrade from Gold and Forex to Forex thus leaves the Gold chat and keeps the Forex one.
 * The tasks run with retries (community/community-tasks.job.ts), which check the access again.
 */
export async function queueCommunityAccessChange(
  db: Db,
  userId: number,
  before: AccessRow,
  after: AccessRow,
): Promise<void> {
  const map = await loadCommunityMap(db);
  const was = viewerOf(before);
  const is = viewerOf(after);
  const telegram = communityChange(was, is, map.telegram);
  const discord = communityChange(was, is, map.discord);
  const changes = telegram.lost.length + telegram.gained.length + discord.lost.length + discord.gained.length;
  if (changes === 0) return;

  const why = (platform: 'telegram' | 'discord', target: string, started: boolean) => {
    const label = targetLabel(map[platform].get(target));
    return `access ${started ? 'started' : 'ended'}${label ? `: ${label}` : ''}`;
  };
  const tasks: NewCommunityTask[] = [];
  const chat = await findTelegramChatId(db, userId);
  const link = await findDiscordLink(db, userId);

  for (const target of telegram.gained)
    if (chat)
      tasks.push({
        platform: 'telegram',
        action: 'send_invite',
        userId,
        target,
        externalId: chat.chatId,
        reason: why('telegram', target, true),
      });
  if (telegram.lost.length > 0) {
    const memberships = await listMembershipsOfUser(db, 'telegram', userId);
    for (const target of telegram.lost) {
      const reason = why('telegram', target, false);
      // In the chat as recorded, and the linked chat's own user (a private chat's id is its user's id).
      const ids = new Set([
        ...memberships.filter((m) => m.target === target).map((m) => m.externalId),
        ...(chat ? [chat.chatId] : []),
      ]);
      for (const externalId of ids)
        tasks.push({ platform: 'telegram', action: 'remove_member', userId, target, externalId, reason });
      for (const open of await openInviteLinks(db, userId, target))
        tasks.push({
          platform: 'telegram',
          action: 'revoke_link',
          userId,
          target,
          externalId: open.inviteLink,
          reason,
        });
    }
  }

  if (link) {
    for (const target of discord.gained)
      tasks.push({
        platform: 'discord',
        action: 'grant_role',
        userId,
        target,
        externalId: link.discordUserId,
        reason: why('discord', target, true),
      });
    for (const target of discord.lost)
      tasks.push({
        platform: 'discord',
        action: 'remove_role',
        userId,
        target,
        externalId: link.discordUserId,
        reason: why('discord', target, false),
      });
  }
  await queueCommunityTasks(db, tasks);
}
