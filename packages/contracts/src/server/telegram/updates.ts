import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Logger } from '../context';
import { hashLinkCode } from '../handlers/telegram.handler';
import type { TelegramBot } from '../ports';
import { linkChatWithCode, unlinkChat } from '../queries/telegram';

export interface TelegramUpdateDeps {
  db: Kysely<Database>;
  bot: TelegramBot;
  publicUrl: string;
  log: Logger;
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
});

export type TelegramUpdateOutcome = 'linked' | 'link_refused' | 'help' | 'unlinked' | 'not_linked' | 'blocked' | 'ignored' | 'invalid';

const howToLink = (publicUrl: string) =>
  `To receive T0 Terminal signals here, open your profile (${publicUrl}/profile), go to Alerts → Telegram and press LINK TELEGRAM. Each link works once, for 15 minutes.`;

/** `/start`, `/start CODE`, `/start@SomeBot CODE`: the code, '' for none; null when it is not /start. */
export function startParameter(text: string): string | null {
  const m = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(text.trim());
  return m ? (m[1] ?? '') : null;
}

const isStop = (text: string) => /^\/stop(?:@\w+)?\s*$/.test(text.trim());

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
    await reply(chatId, 'Linked to T0 Terminal. Signals and their levels will arrive in this chat as they happen. Send /stop to unlink.');
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
  if (privateChat) await reply(chatId, howToLink(deps.publicUrl));
  return privateChat ? 'help' : 'ignored';
}
