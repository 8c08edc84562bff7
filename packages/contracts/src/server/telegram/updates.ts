import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Logger } from '../context';
import { hashLinkCode } from '../handlers/telegram.handler';
import type { TelegramBot } from '../ports';
import { linkChatWithCode, unlinkChat } from '../queries/telegram';
import { chatMemberUpdateSchema, joinRequestSchema, onJoinRequest, onPaidChatBotStatus, onPaidChatMember } from '../community/telegram-updates';
import { queueCommunityTasks } from '../queries/community';

export interface TelegramUpdateDeps {
  db: Kysely<Database>;
  bot: TelegramBot;
  publicUrl: string;
  log: Logger;
  /** The paid chat (TELEGRAM_PAID_CHAT_ID), when configured: its members and join requests are handled. */
  paidChatId?: string;
}

// Only what the bot reads of an update; anything else in it is ignored.
const chat = z.object({ id: z.number().int(), type: z.string(), username: z.string().optional() });
const updateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      chat,
      from: z.object({ id: z.number().int(), username: z.string().optional() }).optional(),
      text: z.string().optional(),
    })
    .optional(),
  my_chat_member: z.object({ chat, new_chat_member: z.object({ status: z.string() }) }).optional(),
  chat_member: z.unknown().optional(),
  chat_join_request: z.unknown().optional(),
});

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

/** `/start`, `/start CODE`, `/start@SomeBot CODE`: the code, '' for none; null when it is not /start. */
export function startParameter(text: string): string | null {
  const m = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(text.trim());
  return m ? (m[1] ?? '') : null;
}

const isStop = (text: string) => /^\/stop(?:@\w+)?\s*$/.test(text.trim());
const isJoin = (text: string) => /^\/join(?:@\w+)?\s*$/.test(text.trim());

/** The paid chat's updates: members joining and leaving, join requests, the bot's own rights. */
async function handlePaidChat(deps: TelegramUpdateDeps, update: z.infer<typeof updateSchema>, raw: { my_chat_member?: unknown }): Promise<TelegramUpdateOutcome | null> {
  const paid = deps.paidChatId;
  if (!paid) return null;
  const inPaid = (c: unknown) => typeof c === 'object' && c !== null && String((c as { chat?: { id?: unknown } }).chat?.id) === paid;
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
  if (update.my_chat_member && String(update.my_chat_member.chat.id) === paid) {
    // The whole update as posted (the outer schema keeps only what the linking flow reads).
    const parsed = chatMemberUpdateSchema.safeParse(raw.my_chat_member);
    if (!parsed.success) return 'invalid';
    return (await onPaidChatBotStatus(deps.db, parsed.data)) === 'alert' ? 'bot_alert' : 'bot_ok';
  }
  return null;
}

/** /join in a private chat: a linked account with access is sent a personal invite link to the paid chat. */
async function handleJoinCommand(deps: TelegramUpdateDeps, chatId: string): Promise<'invite_queued' | 'invite_refused'> {
  const row = await deps.db
    .selectFrom('telegramLinks as l')
    .innerJoin('users as u', 'u.id', 'l.userId')
    .select(['u.id', 'u.hasActiveSubscription', 'u.isAdmin'])
    .where('l.chatId', '=', chatId)
    .executeTakeFirst();
  if (!row || !(row.hasActiveSubscription || row.isAdmin)) {
    const why = row ? 'The subscribers\' chat is for active subscribers.' : 'This chat is not linked to a T0 Terminal account.';
    await deps.bot.reply(chatId, `${why} ${deps.publicUrl}/profile`).catch((err: unknown) => deps.log.warn({ err, chatId }, 'Telegram reply not sent'));
    return 'invite_refused';
  }
  await queueCommunityTasks(deps.db, [{ platform: 'telegram', action: 'send_invite', userId: row.id, externalId: chatId, reason: '/join' }]);
  return 'invite_queued';
}

/**
 * One update from Telegram (its webhook): `/start <code>` in a private chat links the chat to the
 * code's account, `/start` alone or an unknown code answers how to link, `/stop` unlinks, and a
 * user who blocks the bot is unlinked. Replies are best effort: a failed reply is logged, never
 * thrown (Telegram would post the update again).
 */
export async function handleTelegramUpdate(deps: TelegramUpdateDeps, body: unknown): Promise<TelegramUpdateOutcome> {
  const parsed = updateSchema.safeParse(body);
  if (!parsed.success) return 'invalid';
  const update = parsed.data;
  const reply = async (chatId: string, text: string) => {
    try {
      await deps.bot.reply(chatId, text);
    } catch (err) {
      deps.log.warn({ err, chatId }, 'Telegram reply not sent');
    }
  };

  const paid = await handlePaidChat(deps, update, body as { my_chat_member?: unknown });
  if (paid) return paid;

  const member = update.my_chat_member;
  if (member) {
    if (member.chat.type === 'private' && (member.new_chat_member.status === 'kicked' || member.new_chat_member.status === 'left')) {
      await unlinkChat(deps.db, String(member.chat.id));
      return 'blocked';
    }
    return 'ignored';
  }

  const message = update.message;
  if (!message?.text) return 'ignored';
  const chatId = String(message.chat.id);
  const code = startParameter(message.text);
  const privateChat = message.chat.type === 'private';
  if (code !== null) {
    if (!privateChat) return 'ignored';
    if (code === '') {
      await reply(chatId, howToLink(deps.publicUrl));
      return 'help';
    }
    const username = message.from?.username ?? message.chat.username ?? null;
    const userId = /^[A-Za-z0-9_-]{1,64}$/.test(code) ? await linkChatWithCode(deps.db, hashLinkCode(code), { chatId, username }) : null;
    if (userId === null) {
      await reply(chatId, `This link has expired or was already used. ${howToLink(deps.publicUrl)}`);
      return 'link_refused';
    }
    deps.log.info({ userId }, 'Telegram chat linked');
    const join = deps.paidChatId ? ' Subscribers: send /join for a personal invite to the subscribers\' chat.' : '';
    await reply(chatId, `Linked to T0 Terminal. Signals and their levels will arrive in this chat as they happen. Send /stop to unlink.${join}`);
    return 'linked';
  }
  if (isStop(message.text)) {
    if (!privateChat) return 'ignored';
    const n = await unlinkChat(deps.db, chatId);
    await reply(
      chatId,
      n > 0 ? `Unlinked. T0 Terminal will send nothing more to this chat. To link again: ${deps.publicUrl}/profile` : 'This chat is not linked to a T0 Terminal account.',
    );
    return n > 0 ? 'unlinked' : 'not_linked';
  }
  if (deps.paidChatId && privateChat && isJoin(message.text)) return handleJoinCommand(deps, chatId);
  if (privateChat) await reply(chatId, howToLink(deps.publicUrl));
  return privateChat ? 'help' : 'ignored';
}
