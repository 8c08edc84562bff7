import { TRPCError } from '@trpc/server';
import { hasControlCharacter } from '@t0/contracts/domain/control-characters';
import { MESSAGE_MAX, MESSAGES_PER_DAY_DEFAULT } from '@t0/contracts/domain/messages';
import { findUserById, toUser } from '../auth/users.queries';
import { findUserIdOfChat } from '../telegram/telegram.queries';
import type { TelegramUpdateDeps } from '../telegram/updates';
import { storeSubscriberMessage } from './messages.handler';

// A linked subscriber's text to the bot (a reply to the desk's notice, or any text that is no
// command) is their message in their thread (docs/features/messages.md), under the web app's rules:
// 2,000 characters, no control characters, the daily limit, access and the desk's stop. A refusal
// is answered in the chat and stores nothing.

export type TelegramMessageOutcome = 'message_stored' | 'message_refused';

const STORED = 'Sent to the desk. Their answer will be in T0 Terminal, under MESSAGES, and noticed here.';
const TOO_LONG = `Not sent: a message to the desk is at most ${MESSAGE_MAX.toLocaleString('en-US')} characters.`;
const CONTROL = 'Not sent: the message holds control characters.';

/**
 * Stores a private chat's text as the linked account's message to the desk. Null when the chat is
 * linked to no account (the bot then answers how to link).
 */
export async function onThreadMessage(
  deps: TelegramUpdateDeps,
  message: { chat: { id: number }; text?: string },
): Promise<TelegramMessageOutcome | null> {
  const chatId = String(message.chat.id);
  const userId = await findUserIdOfChat(deps.db, chatId);
  const row = userId === null ? undefined : await findUserById(deps.db, userId);
  if (!row) return null;
  const say = async (text: string) => {
    try {
      await deps.bot.reply(chatId, text);
    } catch (err) {
      deps.log.warn({ err, chatId }, 'Telegram reply not sent');
    }
  };
  const text = (message.text ?? '').trim();
  if (text === '') return null;
  const refusal = text.length > MESSAGE_MAX ? TOO_LONG : hasControlCharacter(text) ? CONTROL : null;
  if (refusal) {
    await say(refusal);
    return 'message_refused';
  }
  try {
    await storeSubscriberMessage(
      deps.db,
      toUser(row, deps.adminEmails ?? []),
      { message: text },
      deps.messagesPerDay ?? MESSAGES_PER_DAY_DEFAULT,
    );
  } catch (err) {
    if (!(err instanceof TRPCError) || (err.code !== 'FORBIDDEN' && err.code !== 'TOO_MANY_REQUESTS')) throw err;
    await say(`Not sent: ${err.message}`);
    return 'message_refused';
  }
  await say(STORED);
  return 'message_stored';
}
