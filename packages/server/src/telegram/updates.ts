import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Logger } from '../core/context';
import { hashLinkCode } from './telegram.handler';
import type { TelegramBot } from '../ports';
import { findLinkedAccountOfChat, linkChatWithCode, unlinkChat } from './telegram.queries';
import {
  chatMemberUpdateSchema,
  joinRequestSchema,
  onJoinRequest,
  onPaidChatBotStatus,
  onPaidChatMember,
} from '../community/telegram-updates';
import { queueCommunityTasks } from '../community/community.queries';

export interface TelegramUpdateDeps {
  db: Kysely<Database>;
  bot: TelegramBot;
  publicUrl: string;
  log: Logger;
  /** The paid chat (TELEGRAM_PAID_CHAT_ID), when configured: its members and join requests are handled. */
  paidChatId?: string;
}

const chat = z.object({ id: z.number().int(), type: z.string(), username: z.string().optional() }).passthrough();
const entity = z.object({ type: z.string(), offset: z.number().int(), length: z.number().int() }).passthrough();

/**
 * What the webhook accepts as an update: an update_id, and the parts the bot reads well formed
 * (anything else in it is kept and ignored).
 */
export const telegramUpdateSchema = z
  .object({
    update_id: z.number().int(),
    message: z
      .object({
        chat,
        from: z.object({ id: z.number().int(), username: z.string().optional() }).passthrough().optional(),
        text: z.string().optional(),
        entities: z.array(entity).optional(),
      })
      .passthrough()
      .optional(),
    my_chat_member: z
      .object({ chat, new_chat_member: z.object({ status: z.string() }).passthrough() })
      .passthrough()
      .optional(),
  })
  .passthrough();

export type TelegramUpdateOutcome =
  | 'linked'
  | 'link_refused'
  | 'help'
  | 'unlinked'
  | 'not_linked'
  | 'blocked'
  | 'ignored'
  | 'invalid'
  | 'joined'
  | 'left'
  | 'join_request'
  | 'invite_queued'
  | 'invite_refused'
  | 'bot_alert'
  | 'bot_ok';

const howToLink = (publicUrl: string) =>
  `To receive T0 Terminal signals here, open your profile (${publicUrl}/profile), go to Alerts → Telegram and press LINK TELEGRAM. Each link works once, for 15 minutes.`;

/** The paid chat's updates (only what the paid-chat flow reads of them). */
export interface PaidChatUpdate {
  chat_member?: unknown;
  chat_join_request?: unknown;
  my_chat_member?: unknown;
}

/**
 * The paid chat's updates: members joining and leaving, join requests, the bot's own rights. Null
 * when the update is not about the paid chat (or no paid chat is configured).
 */
export async function onPaidChatUpdate(
  deps: TelegramUpdateDeps,
  update: PaidChatUpdate,
): Promise<TelegramUpdateOutcome | null> {
  const paid = deps.paidChatId;
  if (!paid) return null;
  const inPaid = (c: unknown) =>
    typeof c === 'object' && c !== null && String((c as { chat?: { id?: unknown } }).chat?.id) === paid;
  if (update.chat_member !== undefined && inPaid(update.chat_member)) {
    const parsed = chatMemberUpdateSchema.safeParse(update.chat_member);
    return parsed.success ? onPaidChatMember(deps.db, parsed.data) : 'invalid';
  }
  if (update.chat_join_request !== undefined && inPaid(update.chat_join_request)) {
    const parsed = joinRequestSchema.safeParse(update.chat_join_request);
    if (!parsed.success) return 'invalid';
    await onJoinRequest(deps.db, parsed.data);
    return 'join_request';
  }
  if (update.my_chat_member !== undefined && inPaid(update.my_chat_member)) {
    const parsed = chatMemberUpdateSchema.safeParse(update.my_chat_member);
    if (!parsed.success) return 'invalid';
    return (await onPaidChatBotStatus(deps.db, parsed.data)) === 'alert' ? 'bot_alert' : 'bot_ok';
  }
  return null;
}

/** /join in a private chat: a linked account with access is sent a personal invite link to the paid chat. */
export async function onJoinCommand(
  deps: TelegramUpdateDeps,
  chatId: string,
): Promise<'invite_queued' | 'invite_refused'> {
  const row = await findLinkedAccountOfChat(deps.db, chatId);
  if (!row || !(row.hasActiveSubscription || row.isAdmin)) {
    const why = row
      ? "The subscribers' chat is for active subscribers."
      : 'This chat is not linked to a T0 Terminal account.';
    await reply(deps, chatId, `${why} ${deps.publicUrl}/profile`);
    return 'invite_refused';
  }
  await queueCommunityTasks(deps.db, [
    { platform: 'telegram', action: 'send_invite', userId: row.id, externalId: chatId, reason: '/join' },
  ]);
  return 'invite_queued';
}

/** Best effort: a failed reply is logged, never thrown (Telegram would post the update again). */
async function reply(deps: TelegramUpdateDeps, chatId: string, text: string): Promise<void> {
  try {
    await deps.bot.reply(chatId, text);
  } catch (err) {
    deps.log.warn({ err, chatId }, 'Telegram reply not sent');
  }
}

/** The bot's status changed in a chat (`my_chat_member`): a private chat that blocked the bot is unlinked. */
export async function onBotStatusInChat(
  deps: TelegramUpdateDeps,
  chat: { id: number; type: string },
  status: string,
): Promise<'blocked' | 'ignored'> {
  if (chat.type === 'private' && (status === 'kicked' || status === 'left')) {
    await unlinkChat(deps.db, String(chat.id));
    return 'blocked';
  }
  return 'ignored';
}

/**
 * `/start <code>` in a private chat links the chat to the code's account (the code works once);
 * `/start` alone or an unknown code answers how to link.
 */
export async function onStartCommand(
  deps: TelegramUpdateDeps,
  chatId: string,
  code: string,
  username: string | null,
): Promise<'linked' | 'link_refused' | 'help'> {
  if (code === '') {
    await reply(deps, chatId, howToLink(deps.publicUrl));
    return 'help';
  }
  const userId = /^[A-Za-z0-9_-]{1,64}$/.test(code)
    ? await linkChatWithCode(deps.db, hashLinkCode(code), { chatId, username })
    : null;
  if (userId === null) {
    await reply(deps, chatId, `This link has expired or was already used. ${howToLink(deps.publicUrl)}`);
    return 'link_refused';
  }
  deps.log.info({ userId }, 'Telegram chat linked');
  const join = deps.paidChatId ? " Subscribers: send /join for a personal invite to the subscribers' chat." : '';
  await reply(
    deps,
    chatId,
    `Linked to T0 Terminal. Signals and their levels will arrive in this chat as they happen. Send /stop to unlink.${join}`,
  );
  return 'linked';
}

/** `/stop` in a private chat unlinks it. */
export async function onStopCommand(deps: TelegramUpdateDeps, chatId: string): Promise<'unlinked' | 'not_linked'> {
  const n = await unlinkChat(deps.db, chatId);
  await reply(
    deps,
    chatId,
    n > 0
      ? `Unlinked. T0 Terminal will send nothing more to this chat. To link again: ${deps.publicUrl}/profile`
      : 'This chat is not linked to a T0 Terminal account.',
  );
  return n > 0 ? 'unlinked' : 'not_linked';
}

/** Any other text in a private chat answers how to link. */
export async function onOtherPrivateMessage(deps: TelegramUpdateDeps, chatId: string): Promise<'help'> {
  await reply(deps, chatId, howToLink(deps.publicUrl));
  return 'help';
}
