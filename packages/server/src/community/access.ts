import type { Db } from '@t0/db';
import {
  findDiscordLink,
  listMemberIdsOfUser,
  openInviteLinks,
  queueCommunityTasks,
  type NewCommunityTask,
} from './community.queries';
import { findTelegramChatId } from '../telegram/telegram.queries';

/**
 * The community side of an access change, queued in the change's transaction (every path that
 * starts or ends access goes through `announceAccountChange`, which calls this): when access ends
 * the member leaves the paid chat, their unused invite links are revoked and the Discord role is
 * removed; when it starts, a linked Telegram chat is sent a personal invite link and a linked
 * Discord account gets the role. The tasks run with retries (community/community-tasks.job.ts).
 */
export async function queueCommunityAccessChange(db: Db, userId: number, hasAccess: boolean): Promise<void> {
  const reason = hasAccess ? 'access started' : 'access ended';
  const tasks: NewCommunityTask[] = [];
  const chat = await findTelegramChatId(db, userId);
  const discord = await findDiscordLink(db, userId);
  if (hasAccess) {
    if (chat) tasks.push({ platform: 'telegram', action: 'send_invite', userId, externalId: chat.chatId, reason });
    if (discord)
      tasks.push({ platform: 'discord', action: 'grant_role', userId, externalId: discord.discordUserId, reason });
  } else {
    // In the chat as recorded, and the linked chat's own user (a private chat's id is its user's id).
    const members = await listMemberIdsOfUser(db, 'telegram', userId);
    const telegramIds = new Set([...members.map((m) => m.externalId), ...(chat ? [chat.chatId] : [])]);
    for (const id of telegramIds)
      tasks.push({ platform: 'telegram', action: 'remove_member', userId, externalId: id, reason });
    for (const link of await openInviteLinks(db, userId))
      tasks.push({ platform: 'telegram', action: 'revoke_link', userId, externalId: link.inviteLink, reason });
    if (discord)
      tasks.push({ platform: 'discord', action: 'remove_role', userId, externalId: discord.discordUserId, reason });
  }
  await queueCommunityTasks(db, tasks);
}
