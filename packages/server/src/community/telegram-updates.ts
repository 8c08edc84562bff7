import type { Db } from '@t0/db';
import { z } from 'zod';
import { entitledTo, isChatStaff, isInChat, type RoomRef } from '@t0/contracts/domain/community/community';
import {
  clearAlert,
  findAccessFlags,
  queueCommunityTasks,
  recordMember,
  setAlert,
  useInviteLink,
} from './community.queries';
import { findTelegramChatId, findUserIdOfChat } from '../telegram/telegram.queries';
import { auditCommunity, NOT_ADMIN_ALERT } from './community-tasks.job';
import { transact } from '../core/transaction';
import { viewerOf, type CommunityMap } from './targets';

const chat = z.object({ id: z.number().int(), username: z.string().optional() });
const user = z.object({ id: z.number().int(), is_bot: z.boolean().optional(), username: z.string().optional() });

/** A chat_member / my_chat_member update (only what the product reads). */
export const chatMemberUpdateSchema = z.object({
  chat,
  from: user.optional(),
  old_chat_member: z.object({ status: z.string(), user }),
  new_chat_member: z.object({ status: z.string(), user }),
  invite_link: z.object({ invite_link: z.string() }).optional(),
});

export const joinRequestSchema = z.object({ chat, from: user });

export type ChatMemberUpdate = z.infer<typeof chatMemberUpdateSchema>;

/** One room's paid chat, as an update names it: the chat as the room stores it, and the rooms it serves. */
export interface PaidChat {
  chatId: string;
  rooms: readonly RoomRef[];
}

/**
 * The paid chat an update is about, when it is one: a room's chat (or the setting's) by its id,
 * or by its @name when the room stores the chat that way.
 */
export function paidChatOf(map: CommunityMap, c: unknown): PaidChat | null {
  if (typeof c !== 'object' || c === null) return null;
  const { id, username } = c as { id?: unknown; username?: unknown };
  const byId = map.telegram.get(String(id));
  if (byId) return { chatId: String(id), rooms: byId };
  if (typeof username !== 'string') return null;
  for (const [chatId, rooms] of map.telegram)
    if (chatId.toLowerCase() === `@${username}`.toLowerCase()) return { chatId, rooms };
  return null;
}

/** The account a Telegram user is: linked chats are private chats, whose id is the user's id. */
const accountOf = (db: Db, telegramUserId: string): Promise<number | null> => findUserIdOfChat(db, telegramUserId);

/**
 * Whose join it is: the account the Telegram user is linked to; else the account the invite link
 * was made for, unless that account's linked Telegram is someone else (the link was passed on:
 * nobody's, and removed).
 */
async function joinerOf(db: Db, externalId: string, linkOwner: number | null): Promise<number | null> {
  const own = await accountOf(db, externalId);
  if (own !== null || linkOwner === null) return own;
  const ownerChat = await findTelegramChatId(db, linkOwner);
  return !ownerChat || ownerChat.chatId === externalId ? linkOwner : null;
}

/** Whether the account holds one of the chat's rooms now (or is an administrator). */
async function mayBeIn(db: Db, paid: PaidChat, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const u = await findAccessFlags(db, userId);
  return !!u && entitledTo(viewerOf(u), paid.rooms);
}

/**
 * Someone joined or left a room's paid chat (`chat_member`): the bot records who, in which chat,
 * through which link, and for which account. A join by someone holding none of the chat's rooms
 * (a link passed on, an account whose access just ended, a member of room A joining room B's chat
 * with a link a member of B passed on) is removed at once.
 */
export async function onPaidChatMember(
  db: Db,
  paid: PaidChat,
  update: ChatMemberUpdate,
): Promise<'joined' | 'left' | 'ignored'> {
  const externalId = String(update.new_chat_member.user.id);
  const was = isInChat(update.old_chat_member.status);
  const is = isInChat(update.new_chat_member.status);
  if (was === is || update.new_chat_member.user.is_bot) return 'ignored';
  const target = paid.chatId;
  return transact(db, async (trx) => {
    if (is) {
      const link = update.invite_link?.invite_link ?? null;
      const linkOwner = link ? ((await useInviteLink(trx, link))?.userId ?? null) : null;
      const userId = await joinerOf(trx, externalId, linkOwner);
      await recordMember(trx, 'telegram', target, externalId, { status: 'member', userId, inviteLink: link });
      await auditCommunity(trx, 'telegram.joined', userId, { target, externalId, inviteLink: link });
      if (!isChatStaff(update.new_chat_member.status) && !(await mayBeIn(trx, paid, userId))) {
        await queueCommunityTasks(trx, [
          {
            platform: 'telegram',
            action: 'remove_member',
            userId,
            target,
            externalId,
            reason: 'joined without access',
          },
        ]);
      }
      return 'joined';
    }
    const userId = await accountOf(trx, externalId);
    const status = update.new_chat_member.status === 'kicked' ? 'removed' : 'left';
    await recordMember(trx, 'telegram', target, externalId, { status, userId });
    await auditCommunity(trx, `telegram.${status}`, userId, { target, externalId });
    return 'left';
  });
}

/** The bot's own rights in a paid chat changed (`my_chat_member`): anything but administrator is an alert naming the room's chat. */
export async function onPaidChatBotStatus(
  db: Db,
  paid: PaidChat,
  name: string,
  update: ChatMemberUpdate,
): Promise<'alert' | 'ok'> {
  if (update.new_chat_member.status === 'administrator') {
    await clearAlert(db, 'telegram', paid.chatId, NOT_ADMIN_ALERT);
    return 'ok';
  }
  await setAlert(
    db,
    'telegram',
    paid.chatId,
    NOT_ADMIN_ALERT,
    `The bot is no longer an administrator of the ${name} (status: ${update.new_chat_member.status})`,
  );
  return 'alert';
}

/** A join request to a paid chat: queued, then approved only for a linked account holding one of the chat's rooms when it runs. */
export async function onJoinRequest(db: Db, paid: PaidChat, request: z.infer<typeof joinRequestSchema>): Promise<void> {
  const externalId = String(request.from.id);
  await transact(db, async (trx) => {
    const userId = await accountOf(trx, externalId);
    await queueCommunityTasks(trx, [
      {
        platform: 'telegram',
        action: userId === null ? 'decline_join' : 'approve_join',
        userId,
        target: paid.chatId,
        externalId,
        reason: 'join request',
      },
    ]);
  });
}
