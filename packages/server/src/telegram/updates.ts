import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Logger } from '../core/context';
import { wordsFor } from '../core/words';
import { hashLinkCode } from './telegram.handler';
import type { TelegramBot } from '../ports';
import { findLinkedAccountOfChat, linkChatWithCode, unlinkChat } from './telegram.queries';
import {
  chatMemberUpdateSchema,
  joinRequestSchema,
  onJoinRequest,
  onPaidChatBotStatus,
  onPaidChatMember,
  paidChatOf,
} from '../community/telegram-updates';
import { findMemberStatus, queueCommunityTasks } from '../community/community.queries';
import { describeTarget, loadCommunityMap, viewerOf } from '../community/targets';
import { entitledTargets, targetLabel } from '@t0/contracts/domain/community/community';
import type { Words } from '@t0/contracts/domain/languages/words';
import type { TelegramJournalOutcome } from '../journal/telegram-journal';
import type { TelegramMessageOutcome } from '../messages/telegram-messages';
import { chatLanguage, replyLanguage } from './reply-language';

export interface TelegramUpdateDeps {
  db: Kysely<Database>;
  bot: TelegramBot;
  publicUrl: string;
  log: Logger;
  /**
   * The paid community is on (the bot is set up for it): the rooms' chats' members and join
   * requests are handled, and `/join` answers.
   */
  paidChats?: boolean;
  /** ADMIN_EMAILS: the bot's journal buttons see the linked account as a session would. */
  adminEmails?: readonly string[];
  /** MESSAGES_PER_DAY: a subscriber's texts to the bot count against it as their web messages do. */
  messagesPerDay?: number;
  /**
   * The sender's language in Telegram (`from.language_code` of the update: "pt-br", "es" …): the
   * bot answers a chat linked to no account in it when it speaks it (a linked account's own
   * language comes first).
   */
  languageCode?: string | undefined;
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
  | 'bot_ok'
  | TelegramJournalOutcome
  | TelegramMessageOutcome;

const howToLink = (t: Words, publicUrl: string) => t('bot:howToLink', { profileUrl: `${publicUrl}/profile` });

/** The paid chat's updates (only what the paid-chat flow reads of them). */
export interface PaidChatUpdate {
  chat_member?: unknown;
  chat_join_request?: unknown;
  my_chat_member?: unknown;
}

/**
 * The paid chats' updates: members joining and leaving, join requests, the bot's own rights, in
 * the chat of any room (or the setting's). Null when the update is not about a paid chat (or the
 * paid community is off).
 */
export async function onPaidChatUpdate(
  deps: TelegramUpdateDeps,
  update: PaidChatUpdate,
): Promise<TelegramUpdateOutcome | null> {
  if (!deps.paidChats) return null;
  if (update.chat_member === undefined && update.chat_join_request === undefined && update.my_chat_member === undefined)
    return null;
  const map = await loadCommunityMap(deps.db);
  const chatOf = (u: unknown) =>
    typeof u === 'object' && u !== null ? paidChatOf(map, (u as { chat?: unknown }).chat) : null;
  if (update.chat_member !== undefined) {
    const paid = chatOf(update.chat_member);
    if (paid) {
      const parsed = chatMemberUpdateSchema.safeParse(update.chat_member);
      return parsed.success ? onPaidChatMember(deps.db, paid, parsed.data) : 'invalid';
    }
  }
  if (update.chat_join_request !== undefined) {
    const paid = chatOf(update.chat_join_request);
    if (paid) {
      const parsed = joinRequestSchema.safeParse(update.chat_join_request);
      if (!parsed.success) return 'invalid';
      await onJoinRequest(deps.db, paid, parsed.data);
      return 'join_request';
    }
  }
  if (update.my_chat_member !== undefined) {
    const paid = chatOf(update.my_chat_member);
    if (paid) {
      const parsed = chatMemberUpdateSchema.safeParse(update.my_chat_member);
      if (!parsed.success) return 'invalid';
      const name = describeTarget(map, 'telegram', paid.chatId);
      return (await onPaidChatBotStatus(deps.db, paid, name, parsed.data)) === 'alert' ? 'bot_alert' : 'bot_ok';
    }
  }
  return null;
}

/**
 * /join in a private chat: a linked account is sent a personal invite link to the chat of each
 * room it holds (one per chat, those it is not in already).
 */
export async function onJoinCommand(
  deps: TelegramUpdateDeps,
  chatId: string,
): Promise<'invite_queued' | 'invite_refused'> {
  const row = await findLinkedAccountOfChat(deps.db, chatId);
  const t = wordsFor(await replyLanguage(deps, row?.id ?? null));
  const map = await loadCommunityMap(deps.db);
  const chats = row ? entitledTargets(viewerOf(row), map.telegram) : [];
  if (!row || chats.length === 0) {
    const why = !row
      ? t('bot:notLinked')
      : row.hasActiveSubscription || row.isAdmin
        ? t('bot:join.noChat')
        : t('bot:join.needsSubscription');
    await reply(deps, chatId, `${why} ${deps.publicUrl}/profile`);
    return 'invite_refused';
  }
  const wanted: string[] = [];
  for (const target of chats)
    if ((await findMemberStatus(deps.db, 'telegram', target, chatId))?.status !== 'member') wanted.push(target);
  if (wanted.length === 0) {
    const names = chats.map((t) => targetLabel(map.telegram.get(t))).join(', ');
    await reply(deps, chatId, t('bot:join.already', { count: chats.length, names }));
    return 'invite_refused';
  }
  await queueCommunityTasks(
    deps.db,
    wanted.map((target) => ({
      platform: 'telegram',
      action: 'send_invite',
      userId: row.id,
      target,
      externalId: chatId,
      reason: '/join',
    })),
  );
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
    await reply(deps, chatId, howToLink(wordsFor(await chatLanguage(deps, chatId)), deps.publicUrl));
    return 'help';
  }
  const userId = /^[A-Za-z0-9_-]{1,64}$/.test(code)
    ? await linkChatWithCode(deps.db, hashLinkCode(code), { chatId, username })
    : null;
  if (userId === null) {
    const t = wordsFor(await chatLanguage(deps, chatId));
    await reply(deps, chatId, `${t('bot:start.expired')} ${howToLink(t, deps.publicUrl)}`);
    return 'link_refused';
  }
  deps.log.info({ userId }, 'Telegram chat linked');
  // The account just linked: its language from now on.
  const t = wordsFor(await replyLanguage(deps, userId));
  const join = deps.paidChats && (await loadCommunityMap(deps.db)).telegram.size > 0 ? ` ${t('bot:start.join')}` : '';
  await reply(deps, chatId, `${t('bot:start.linked')}${join}`);
  return 'linked';
}

/** `/stop` in a private chat unlinks it. */
export async function onStopCommand(deps: TelegramUpdateDeps, chatId: string): Promise<'unlinked' | 'not_linked'> {
  // Answered in the language of the account it was linked to.
  const userId = await unlinkChat(deps.db, chatId);
  const t = wordsFor(await replyLanguage(deps, userId));
  await reply(
    deps,
    chatId,
    userId !== null ? t('bot:stop.unlinked', { profileUrl: `${deps.publicUrl}/profile` }) : t('bot:notLinked'),
  );
  return userId !== null ? 'unlinked' : 'not_linked';
}

/** Any other text in a private chat answers how to link. */
export async function onOtherPrivateMessage(deps: TelegramUpdateDeps, chatId: string): Promise<'help'> {
  await reply(deps, chatId, howToLink(wordsFor(await chatLanguage(deps, chatId)), deps.publicUrl));
  return 'help';
}
