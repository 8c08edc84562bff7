import type { Db } from '@t0/db';
import { z } from 'zod';
import { isChatStaff, isInChat } from '@t0/contracts/domain/community';
import {
  clearAlert,
  findAccessFlags,
  queueCommunityTasks,
  recordMember,
  setAlert,
  useInviteLink,
} from './community.queries';
import { findUserIdOfChat } from '../telegram/telegram.queries';
import { auditCommunity, NOT_ADMIN_ALERT } from './community-tasks.job';
import { transact } from '../core/transaction';

const chat = z.object({ id: z.number().int() });
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

/** The account a Telegram user is: linked chats are private chats, whose id is the user's id. */
const accountOf = (db: Db, telegramUserId: string): Promise<number | null> => findUserIdOfChat(db, telegramUserId);

async function hasAccess(db: Db, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const u = await findAccessFlags(db, userId);
  return !!u && (u.hasActiveSubscription || u.isAdmin);
}

/**
 * Someone joined or left the paid chat (`chat_member`): the bot records who, through which link, and
 * for which account. A join without access (a link passed on, an account whose access just ended)
 * is removed at once.
 */
export async function onPaidChatMember(db: Db, update: ChatMemberUpdate): Promise<'joined' | 'left' | 'ignored'> {
  const externalId = String(update.new_chat_member.user.id);
  const was = isInChat(update.old_chat_member.status);
  const is = isInChat(update.new_chat_member.status);
  if (was === is || update.new_chat_member.user.is_bot) return 'ignored';
  return transact(db, async (trx) => {
    if (is) {
      const link = update.invite_link?.invite_link ?? null;
      const userId = (link ? await useInviteLink(trx, link) : null) ?? (await accountOf(trx, externalId));
      await recordMember(trx, 'telegram', externalId, { status: 'member', userId, inviteLink: link });
      await auditCommunity(trx, 'telegram.joined', userId, { externalId, inviteLink: link });
      if (!isChatStaff(update.new_chat_member.status) && !(await hasAccess(trx, userId))) {
        await queueCommunityTasks(trx, [
          { platform: 'telegram', action: 'remove_member', userId, externalId, reason: 'joined without access' },
        ]);
      }
      return 'joined';
    }
    const userId = await accountOf(trx, externalId);
    const status = update.new_chat_member.status === 'kicked' ? 'removed' : 'left';
    await recordMember(trx, 'telegram', externalId, { status, userId });
    await auditCommunity(trx, `telegram.${status}`, userId, { externalId });
    return 'left';
  });
}

/** The bot's own rights in the paid chat changed (`my_chat_member`): anything but administrator is an alert. */
export async function onPaidChatBotStatus(db: Db, update: ChatMemberUpdate): Promise<'alert' | 'ok'> {
  if (update.new_chat_member.status === 'administrator') {
    await clearAlert(db, 'telegram', NOT_ADMIN_ALERT);
    return 'ok';
  }
  await setAlert(
    db,
    'telegram',
    NOT_ADMIN_ALERT,
    `The bot is no longer an administrator of the paid chat (status: ${update.new_chat_member.status})`,
  );
  return 'alert';
}

/** A join request to the paid chat: queued, then approved only for a linked account with access when it runs. */
export async function onJoinRequest(db: Db, request: z.infer<typeof joinRequestSchema>): Promise<void> {
  const externalId = String(request.from.id);
  await transact(db, async (trx) => {
    const userId = await accountOf(trx, externalId);
    await queueCommunityTasks(trx, [
      {
        platform: 'telegram',
        action: userId === null ? 'decline_join' : 'approve_join',
        userId,
        externalId,
        reason: 'join request',
      },
    ]);
  });
}
